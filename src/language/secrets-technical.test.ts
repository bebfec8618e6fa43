// The situation reader in a technical session (issue #13): a value a sentence labels as an
// ordinary technical name or quantity is kept beside login or lock talk, and a word of access
// said in another sense ("login node", "pin the image") makes no access talk. Every sentence here
// is our own, in no bench file; each rule has a reworded positive and a near-miss where a real
// credential beside the same technical words is still masked.
import { describe, expect, it } from 'vitest';
import { askedBefore, maskSecrets, turnSide } from './secrets.js';
import {
  accessConcept,
  mergeSpans,
  OTHER_SENSES,
  situationCodes,
  TECHNICAL_LABELS,
  withoutOtherSenses,
} from './secrets-situation.js';

/** One turn of a chat: who says it and what. */
type Turn = readonly ['user' | 'assistant' | 'tool', string];

/** The turns of a chat, each masked as a surface shows it, joined by " | ". */
function shown(turns: readonly Turn[]): string {
  const said = turns.map(([role, text]) => ({ side: turnSide(role), text }));
  return turns.map(([, text], i) => maskSecrets(text, askedBefore(said, i))).join(' | ');
}

/** A chat of alternating user and assistant turns. */
const chat = (...texts: string[]): Turn[] =>
  texts.map((text, i) => [i % 2 === 0 ? 'user' : 'assistant', text]);

/** [phenomenon, a chat of our own with login or lock talk, the labelled value it keeps]. */
const LABELLED: readonly [string, readonly Turn[], string][] = [
  [
    'a network port, address or protocol',
    chat(
      'The VPN login keeps failing from the café.',
      'Is the gateway on the default port?',
      'no, we moved it to port 47810 last spring',
    ),
    '47810',
  ],
  [
    'the id of an app, a build, a job or a record',
    chat(
      'We sign in to the store console with the shared account.',
      'Which listing are we editing?',
      'the one with app id 5522019',
    ),
    '5522019',
  ],
  [
    'a host, a node or a machine',
    chat(
      'I cannot log in to the render farm this morning.',
      'Which machine are you on?',
      'stuck on node rf0217 again',
    ),
    'rf0217',
  ],
  [
    'a store of data: a bucket, a table, a database, a repository, a queue',
    chat(
      'The backup user is locked out of the storage account.',
      'What do the nightly jobs write to?',
      'they write to bucket kiln7-raw2',
    ),
    'kiln7-raw2',
  ],
  [
    'an image, a tag, a version or a release',
    chat(
      'The registry login expired on the runner.',
      'Which build was it pulling?',
      'it was pulling tag 20250614 of the worker',
    ),
    '20250614',
  ],
  [
    'a radio call sign, a frequency or a channel',
    chat(
      'The club hut has a new padlock since the break-in.',
      'And the beacon keeper?',
      'Maureen does, callsign M0WXQ',
    ),
    'M0WXQ',
  ],
  [
    'a measured or counted quantity: a length, a count, a limit, a timeout',
    chat(
      'I cannot sign in to the portal after it sits idle.',
      'What does the proxy allow?',
      'timeout = 1800 on the proxy',
    ),
    '1800',
  ],
];

describe('a value labelled as an ordinary technical value, beside login or lock talk', () => {
  it('has a chat of our own for every technical label', () => {
    expect(TECHNICAL_LABELS.map((l) => l.phenomenon)).toEqual(LABELLED.map(([p]) => p));
    for (const l of TECHNICAL_LABELS) expect(l.source.length).toBeGreaterThan(20);
  });

  it.each(LABELLED)('keeps %s', (_phenomenon, turns, value) => {
    expect(shown(turns)).toContain(value);
  });

  it.each([
    // Reworded: the label after the value, "is" between, a flag-like "=".
    [chat('Wifi at the lab drops every hour.', 'Which port did you open?', 'use 51413 udp')],
    [
      chat(
        'I logged in to the NAS.',
        'And the share?',
        'the share lives on host nas-b, port is 5001',
      ),
    ],
    [chat('Locked out of the deploy box.', 'What limit did we set?', 'max_retries=12, ttl = 3600')],
  ])('keeps the labelled values in %j', (turns) => {
    expect(shown(turns)).not.toContain('[secret]');
  });

  it.each([
    // Near-misses: a credential names the value, beside the same technical words.
    [chat('The router login page is on port 8443.', 'And to get in?', 'admin password is 4417')],
    [chat('Locked out of the build node.', 'What now?', 'the PIN for the app id is 8830')],
    [chat('Which port does the door keypad use?', 'It is 8080. And the code?', '7291')],
    [chat('The login node is hpc-gw2.', 'Its password?', 'Tr0ub4dor!8, same as the bucket')],
  ])('still masks the credential in %j', (turns) => {
    expect(shown(turns)).toContain('[secret]');
  });
});

describe('a credential named in the clause before a technical label', () => {
  it('makes the labelled value a code: the clause says what it is', () => {
    const text = 'the PIN for the app id is 8830';
    expect(situationCodes(text, undefined).map((s) => text.slice(s.start, s.end))).toEqual([
      '8830',
    ]);
  });

  it('does not reach past a comma into another clause', () => {
    const text = 'It needs a login with its own password, and the firewall allows port 8830';
    expect(situationCodes(text, undefined)).toEqual([]);
  });
});

describe('a question for a technical value', () => {
  it('keeps a bare reply to it after lock talk', () => {
    const said = chat(
      'The combination for the server cage is with facilities.',
      'Fine. Which table holds the deploy locks?',
      'ops-deploy-mutex',
    );
    expect(shown(said)).toContain('ops-deploy-mutex');
  });

  it('keeps it reworded, asked by a bare noun', () => {
    const said = chat('Unlock the storage account first.', 'Done. Bucket name?', 'kiln7-raw2031');
    expect(shown(said)).toContain('kiln7-raw2031');
  });

  it('still masks a reply to a question naming a credential beside the same nouns', () => {
    const said = chat(
      'Unlock the storage account first.',
      'Which key opens the bucket?',
      'Q7rx-22kd',
    );
    expect(shown(said)).toContain('[secret]');
  });
});

/** [phenomenon, a sentence of our own where a word of access is said in that sense]. */
const SENSES: readonly [string, string][] = [
  [
    'a technical thing named by a word of access: a login node, a lock table, a Steam app id',
    'Jobs are submitted from the login node, never from a compute one.',
  ],
  [
    "a lock software holds: a state lock, a DynamoDB lock, a repository's locks",
    'Release the terraform lock before the next plan runs.',
  ],
  [
    'a word of access inside an identifier, a flag or a dotted name: +login, metric_alarm, STEAM_USERNAME',
    'The env file sets DOOR_SENSOR_TOPIC and the CLI takes +login anonymous.',
  ],
  [
    'logging something in a record (a log, a book, a sheet), not logging in',
    "Every swap is logged in the shop's rota sheet with the date.",
  ],
  [
    'a pin that is no PIN: a part ("the ADC pin"), a verb ("pin the image to a tag"), a pin not said as a PIN ("not a pin")',
    'Wire the LED to the PWM pin and pin the firmware to v2.4.',
  ],
];

describe('a word of access said in another sense', () => {
  it('has a sentence of our own for every other sense', () => {
    expect(OTHER_SENSES.map((s) => s.phenomenon)).toEqual(SENSES.map(([p]) => p));
    for (const s of OTHER_SENSES) expect(s.source.length).toBeGreaterThan(20);
  });

  it.each(SENSES)('reads no access talk in "%s" (%s)', (_phenomenon, sentence) => {
    expect(accessConcept(sentence)).toBeNull();
  });

  it.each([
    ['We pin every base image by digest now.'],
    ['The hinge pin on the old shed sheared off.'],
    ['Bring a spare chain link, not a pin.'],
    ['The ssh login shell for that user is zsh.'],
    ['Alerts go through the cloudwatch_alarm_topic queue.'],
  ])('reads no access talk in the reworded "%s"', (sentence) => {
    expect(accessConcept(sentence)).toBeNull();
  });

  it.each([
    ['what is the pin for the shed?', 'password or PIN'],
    ['my pin is the same as the old card', 'password or PIN'],
    ['enter your pin twice', 'password or PIN'],
    ['The PIN changed on Monday.', 'password or PIN'],
    ['I logged in to the portal from the library.', 'logging in to an account'],
    ['The lock on the gym locker is jammed.', 'lock or safe'],
    ['Forgot the Steam password again.', 'logging in to an account'],
  ])('still reads access talk in the near-miss "%s"', (sentence, concept) => {
    expect(accessConcept(sentence)).toBe(concept);
  });

  it.each([['Put GATE_CODE=5530 in the env file.'], ['The config sets garage.pin to 7781.']])(
    'still masks a value given to an identifier naming a credential: "%s"',
    (sentence) => {
      expect(maskSecrets(sentence)).toContain('[secret]');
    },
  );

  it('keeps offsets: what it blanks is as long as what it read', () => {
    const sentence = 'Pin the image; the login node holds a terraform lock.';
    expect(withoutOtherSenses(sentence)).toHaveLength(sentence.length);
  });

  it('masks no build log read beside the word "pin" used as a verb', () => {
    const said = chat(
      'Should I pin the compiler image to a tag?',
      'yes, and never latest',
      'Pinned. job 90417 passed, text 120344 data 1288',
    );
    expect(shown(said)).not.toContain('[secret]');
  });

  it('still masks a PIN given after "pin" is asked as one', () => {
    expect(shown(chat("what's the pin for the garage keypad?", '6620'))).toContain('[secret]');
  });
});

describe('a value that names where a secret lives', () => {
  it.each([
    ['the deploy password lives in 1password under "prod deploy"'],
    ['the wifi password is in the office 1password vault'],
    ['our router password is stored in 1password'],
  ])('keeps the place in "%s"', (sentence) => {
    expect(shown(chat('I cannot log in to the router.', sentence))).toContain('1password');
  });

  it('still masks the secret itself given beside its place', () => {
    const said = chat('I cannot log in to the router.', 'it is 1passw0rd9, also in the vault');
    expect(shown(said)).toContain('[secret]');
  });
});

describe("a tool's turn", () => {
  it('is read by its own words, not as a reply to lock talk', () => {
    const said: Turn[] = [
      ['user', 'The spare key for the cage is in the safe; facilities has the combination.'],
      ['tool', '$ psql -p 6543 -c "select count(*) from jobs"\n 48211'],
    ];
    expect(shown(said)).not.toContain('[secret]');
  });

  it('still answers a question when it is nothing but a value', () => {
    const said: Turn[] = [
      ['user', "what's the door code for the lab?"],
      ['tool', '5820'],
    ];
    expect(shown(said)).toContain('[secret]');
  });
});

describe('the shape of a value inside access talk', () => {
  it('keeps a version joined to a name ("gcc12.3") and a template with a placeholder', () => {
    const said = chat(
      'Locked out of the runner after the password change.',
      'Rebuilt the toolchain image as fw:gcc12.3-r2. For logins use host:5432:*:ci:<password>',
    );
    expect(shown(said)).not.toContain('[secret]');
  });

  it('still masks a password-shaped token in the same turn', () => {
    const said = chat(
      'Locked out of the runner after the password change.',
      'The new password is Gl4cier!ax',
    );
    expect(shown(said)).toContain('[secret]');
  });

  it('reads no access word inside the value itself', () => {
    const said = chat('What should we call the new repo?', 'repo: north-gate-photos');
    expect(shown(said)).toContain('north-gate-photos');
  });

  it('still masks a passphrase given after access talk outside it', () => {
    const said = chat('What did you set the gate code to?', 'north-gate-photos');
    expect(shown(said)).toContain('[secret]');
  });
});

describe('mergeSpans, the one merge of every reading', () => {
  it('sorts, merges overlapping spans into the first and keeps its kind', () => {
    expect(
      mergeSpans([
        { start: 10, end: 14, kind: 'access_code' },
        { start: 0, end: 4, kind: 'password' },
        { start: 2, end: 6, kind: 'access_code' },
      ]),
    ).toEqual([
      { start: 0, end: 6, kind: 'password' },
      { start: 10, end: 14, kind: 'access_code' },
    ]);
  });
});

// Found in review (session 23): each a value the technical exceptions let through, with a
// near-miss that must stay ordinary.
describe('a secret the technical exceptions must not let through', () => {
  it.each([
    [
      'how it is written after "is in"',
      'my streaming password is in lowercase marigold42',
      'marigold42',
    ],
    ['written in capitals', 'the guest wifi password is in caps TULIP2031', 'TULIP2031'],
  ])('masks a password said %s', (_how, sentence, value) => {
    const masked = shown(chat('I cannot log in to the router.', sentence));
    expect(masked).not.toContain(value);
    expect(masked).toContain('[secret]');
  });

  it('keeps the place after an article and a name: "in the team vault"', () => {
    expect(
      shown(chat('I cannot log in.', 'the admin password is in the team 1password')),
    ).toContain('1password');
  });

  it.each([
    ['PIN for the locker, id 5183', '5183'],
    ['passcode for the tablet, id 3391', '3391'],
  ])(
    'masks the value a label gives to the credential of the clause before: "%s"',
    (text, value) => {
      expect(situationCodes(text, undefined).map((s) => text.slice(s.start, s.end))).toEqual([
        value,
      ]);
    },
  );

  it('keeps a labelled value after a clause that gave its own credential value', () => {
    const text = 'the admin password is hunter9x, port 8443';
    expect(situationCodes(text, undefined).map((s) => text.slice(s.start, s.end))).not.toContain(
      '8443',
    );
  });

  it('masks a bare reply to a turn that asks for a password and then a technical value', () => {
    const said = chat(
      'I need to set up the backup box.',
      'What is the wifi password? And the bucket name?',
      '6190',
    );
    expect(shown(said)).toContain('[secret]');
  });

  it('still keeps a bare reply when only an earlier statement spoke of logging in', () => {
    const said = chat(
      'I logged in to the console earlier.',
      'Good. Bucket name?',
      'tern-archive-88',
    );
    expect(shown(said)).toContain('tern-archive-88');
  });

  it.each([['just pin 4417 and it opens'], ['to open the shed just pin 6038.']])(
    'masks a code said right after a lowercase "pin": "%s"',
    (sentence) => {
      expect(maskSecrets(sentence)).toContain('[secret]');
    },
  );

  it('keeps a version after "pin" used as a verb', () => {
    expect(
      shown(chat('The login page broke after the upgrade.', 'we pin 3.14.0 for now')),
    ).toContain('3.14.0');
  });
});
