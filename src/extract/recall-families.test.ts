import { describe, expect, it } from 'vitest';
import { onRecord, readChat, readMessage } from './__fixtures__/read-chat.js';
import type { KnownSlot } from './types.js';

// Issue #10 §2 and §3, recall on the tuning failure families, generalised by grammar: every
// sentence here was written for this test (in no benchmark file).

/** Every observation of one user chat message, as `field=value (evidence intent)`. */
function readAt(text: string, at?: string, known: readonly KnownSlot[] = []): string[] {
  return readChat(text, at, known).map(
    (o) => `${o.field}=${o.value} (${o.evidence} ${o.intent})${o.correction ? ' correction' : ''}`,
  );
}

const read = (text: string): string[] => readAt(text);

/** The readings strong enough to commit or to ask. */
function committing(text: string, at?: string): string[] {
  return readAt(text, at).filter((o) =>
    /\((?:strong|moderate) (?:assertive|planning)\)(?: correction)?$/.test(o),
  );
}

describe('requests to the assistant are preferences of the speaker', () => {
  it.each([
    ['a standing language', 'Please answer me in Greek from now on.', 'language=greek'],
    ['a language for a plural thing', 'Reports in Dutch please.', 'language=dutch'],
    ['a switch of language', 'Change my digests to Swahili, thanks.', 'language=swahili'],
    ['units', 'Please use imperial for everything.', 'units=imperial'],
    ['units without please', 'Always give me distances in metric.', 'units=metric'],
    ['a name', 'Please call me Bex, Rebecca feels formal.', 'name=Bex'],
    ['a name, softened', 'You can call me Ravi.', 'name=Ravi'],
    [
      'a diet word on a thing',
      'From now on book me the kosher meal on long flights.',
      'meal=kosher',
    ],
  ])('%s: "%s"', (_phenomenon, text, expected) => {
    expect(
      read(text).some((o) => o.startsWith(`profile.preference.${expected} (strong assertive)`)),
    ).toBe(true);
  });

  it.each([
    ['a single task', 'Translate this paragraph into German.'],
    ['a single document', 'Write the thank-you note in French please.'],
    ["someone else's wish", 'My manager wants his reports in Italian.'],
    ['for someone else', 'Please set up summaries in Polish for her.'],
    ['a question', 'Could you write to me in Hindi sometimes?'],
    ['a hypothetical', 'If I move to Quebec I will need French instead.'],
    ['a joke', 'From now on call me Captain Awesome, jk.'],
    ['an idiom, not a name', 'Call me old-fashioned, but I like paper maps.'],
    ["someone else's name", 'My boss said to call me Jonno at work.'],
    ['the assistant speaking', 'Should I reply in Korean from now on?'],
    ['a one-off', 'Just this once, use metric for the recipe please.'],
    ['a unit that is not a system', 'The recipe says two imperial pints of stock.'],
  ])('%s is not one: "%s"', (_phenomenon, text) => {
    expect(committing(text).filter((o) => o.startsWith('profile.'))).toEqual([]);
  });
});

describe('"Call me X" opening a sentence names the speaker (read from the tokens, any case)', () => {
  /** Sentence → the name it asks for (a contrast, a bare request, two words, a trailing please,
   * a title, a diacritic without a comma, lower case, a permission). */
  const CALLED: Readonly<Record<string, string>> = {
    'Call me Teo, not Teodoro.': 'Teo',
    'Call me Nkechi.': 'Nkechi',
    'Just call me Mary Ann.': 'Mary Ann',
    'Call me Joss, please.': 'Joss',
    'Call me Dr. Okafor from now on.': 'Dr. Okafor',
    'Call me Siobhán never Shiv': 'Siobhán',
    'call me Wen, everyone does': 'Wen',
    'You may call me Bertie.': 'Bertie',
  };
  it.each(Object.entries(CALLED))('"%s" → %s', (text, name) => {
    const names = committing(text).filter((o) => o.startsWith('profile.preference.name='));
    expect(names.map((o) => o.replace(/ correction$/, ''))).toEqual([
      `profile.preference.name=${name} (strong assertive)`,
    ]);
  });

  /** Sentence → why it names nobody. */
  const NOBODY: Readonly<Record<string, string>> = {
    "Don't call me Teodoro.": 'a refusal',
    'Please never call me Bobby.': 'a refusal after please',
    'Call me when you land in Rome.': 'a phone call',
    'Call me at 5 tomorrow.': 'a time, not a name',
    'Call me crazy, but I liked the ending.': 'an idiom',
    'Marta told him to call me Gigi.': "someone else's instruction",
  };
  it.each(Object.entries(NOBODY))('"%s" names nobody (%s)', (text) => {
    expect(committing(text).filter((o) => o.startsWith('profile.preference.name'))).toEqual([]);
  });
});

describe('status transitions: presence, arrival, return', () => {
  const at = '2026-09-10T08:00:00Z';

  it.each([
    ['home all day', 'Home all day with a cold, laptop on the sofa.', 'travel.location=home'],
    [
      'working from home',
      'Working from home today, the trains are on strike.',
      'travel.location=home',
    ],
    ['staying home', "I'm staying home in Porto while the others go.", 'travel.location=home'],
    [
      'an arrival names the destination',
      'Arrived in Tromsø, freezing.',
      'travel.destination=Tromsø',
    ],
    ['on my way (omw)', 'omw to Salzburg, signal is patchy', 'travel.destination=Salzburg'],
    [
      'a return said outright',
      'Reached Hanoi ok, back in Perth on the 21st.',
      'travel.return_date=2026-09-21',
    ],
    [
      'back home on a date',
      'Made it to Quito, back home on the 30th.',
      'travel.return_date=2026-09-30',
    ],
    [
      'a named carrier',
      'Taking the Eurostar to Brussels on Friday.',
      'travel.destination=Brussels',
    ],
    [
      'flying into a city',
      'Changed the booking to fly into Krakow instead.',
      'travel.destination=Krakow',
    ],
    [
      '"no longer" after the discourse-marker rule',
      'No longer flying to Tunis, visa issues.',
      'travel.status=cancelled',
    ],
    [
      'a bracketed date restates a relative one',
      'Flying to Rabat next Friday (18 September).',
      'travel.departure_date=2026-09-18',
    ],
    [
      'presence on a future date is a plan',
      "I'm in Valencia next week for work.",
      'travel.destination=Valencia',
    ],
    [
      'presence for a while is under way',
      "We're in Graz for the week.",
      'travel.status=in_progress',
    ],
    [
      'presence until a date is under way',
      "I'm in Bergen till Thursday.",
      'travel.status=in_progress',
    ],
    [
      'presence with a return date is under way',
      'In Bergen now, back Thursday.',
      'travel.status=in_progress',
    ],
  ])('%s: "%s"', (_phenomenon, text, expected) => {
    expect(readAt(text, at).some((o) => o.startsWith(`${expected} (strong`))).toBe(true);
  });

  it.each([
    ['home in the future', "I'll be home all day on Saturday."],
    ['someone else at home', 'My flatmate is working from home today.'],
    ['a negated stay', 'Not staying home this weekend, no way.'],
    ['a past return on a date', 'I was back in Perth on the 2nd, jet-lagged.'],
    ['back at a venue on a date', 'Back in the office on Monday, sadly.'],
    ['"instead" with no place', "We're doing Kotlin instead for the app."],
    ['"instead" by someone else', 'Ottavio is doing Bari instead.'],
    ['"instead" asked', 'Should we do Bari instead?'],
  ])('%s reads no state: "%s"', (_phenomenon, text) => {
    expect(committing(text, at)).toEqual([]);
  });

  it('an arrival on a trip already under way is a stop, not a new destination', () => {
    const out = readAt(
      'Arrived in Split, ferry to Hvar tomorrow.',
      at,
      onRecord({ 'travel.destination': 'Dubrovnik', 'travel.status': 'in_progress' }),
    );
    expect(out.some((o) => o.startsWith('travel.location=Split '))).toBe(true);
    expect(out.some((o) => o.startsWith('travel.destination=Split '))).toBe(false);
  });
});

describe('"back home" as a fronted locative', () => {
  it.each([
    'Back home, my grandmother always cooked on Sundays.',
    'Back home, people eat dinner after ten.',
    'Back home, the shops close at noon on Saturdays.',
  ])('reads as where the speaker comes from: never a committed return: %s', (text) => {
    expect(committing(text)).toEqual([]);
  });

  it.each(['Back home, finally.', "Back home, we're shattered after the drive."])(
    'a return stays a return: %s',
    (text) => {
      expect(read(text)).toContain('travel.status=completed (strong assertive)');
    },
  );
});

describe('supersession and standing settings', () => {
  const at = '2026-09-10T08:00:00Z';

  it('a gazetteer place chosen "instead" replaces the plan, as a correction', () => {
    expect(readAt("We're doing Ljubljana instead, the coast is fully booked.", at)).toContain(
      'travel.destination=Ljubljana (strong planning) correction',
    );
  });

  it.each([
    ['the same month', '2026-10-06', 'Moved my outbound flight to the 9th.', '2026-10-09'],
    ['the next month', '2026-10-28', 'Pushed our flight to the 2nd, cheaper.', '2026-11-02'],
  ])('a bare day in a move lands near the departure on record (%s)', (_c, old, text, moved) => {
    const known = onRecord({ 'travel.departure_date': old });
    const out = readAt(text, at, known);
    expect(out.some((o) => o.startsWith(`travel.departure_date=${moved} `))).toBe(true);
  });

  it('a setting named by "<topic> preference" lands on that topic', () => {
    expect(readAt('Set my call preference to mornings from now on.', at)).toContain(
      'profile.preference.call_time=morning (strong assertive) correction',
    );
  });
});

describe('project state in a team thread, by grammar', () => {
  /** Every observation of one chat message in `team:web`'s thread, as `field=value`. */
  function readTeam(text: string, known: readonly KnownSlot[] = []): string[] {
    return readMessage(text, { at: '2026-04-14T09:00:00Z', entityId: 'team:web', known })
      .filter((o) => o.evidence !== 'weak')
      .map((o) => `${o.field}=${o.value}`);
  }
  const gannetOnRecord = onRecord({ 'project.gannet.provider': 'GCP' }, 'team:web');

  it.each([
    [
      'a meeting label names the project',
      'Gannet retro: we are stuck on the DNS cutover.',
      ['project.gannet.status=blocked'],
    ],
    ['a dash label', 'Plover daily - we are unblocked now.', ['project.plover.status=in_progress']],
    [
      'an emoji ends the clause before it',
      'tests green 🎉 Plover is live',
      ['project.plover.status=shipped'],
    ],
    [
      'a part of a project names it',
      'Phase 2 of Gannet kicked off today.',
      ['project.gannet.status=in_progress'],
    ],
    [
      'taking over a project',
      'Ines took over Gannet from Raj this week.',
      ['project.gannet.owner=Ines'],
    ],
  ])('%s: "%s"', (_phenomenon, text, expected) => {
    for (const e of expected) expect(readTeam(text)).toContain(e);
  });

  it('a thing of a project moved from one provider to another is the new provider', () => {
    expect(
      readTeam('We moved the Gannet build runners from GCP to Hetzner yesterday.', gannetOnRecord),
    ).toContain('project.gannet.provider=Hetzner');
  });

  it('a pronoun before the status is no project', () => {
    expect(readTeam("We're blocked on the staging keys.").filter((o) => /we_re/.test(o))).toEqual(
      [],
    );
  });

  it('a note heading with a gloss in brackets names the project without it', () => {
    const read = readMessage(
      'Gannet (image pipeline)\nHosting provider: Fly.io\nStatus: in progress',
      {
        at: '2026-04-14T09:00:00Z',
        source: 'note',
        entityId: 'team:web',
      },
    ).map((o) => `${o.field}=${o.value}`);
    expect(read).toContain('project.gannet.provider=Fly.io');
    expect(read).toContain('project.gannet.status=in_progress');
  });
});

describe('a kind of work with no name', () => {
  it('is a project in a team thread, and nothing in a personal chat', () => {
    const read = (entityId: string) =>
      readMessage('The rewrite is done, finally.', { at: '2026-04-14T09:00:00Z', entityId }).map(
        (o) => `${o.field}=${o.value}`,
      );
    expect(read('team:web')).toContain('project.rewrite.status=shipped');
    expect(read('user:primary')).toEqual([]);
  });
});

describe('bills: an open bill, and a month that owns one', () => {
  it.each([
    [
      'an open bill is unpaid',
      'The internet bill is still open.',
      'financial.internet_bill.status=unpaid',
    ],
    [
      "a month's bill is the speaker's",
      "September's phone bill is paid.",
      'financial.phone_bill.status=paid',
    ],
    [
      "last month's bill",
      "Last month's gas bill is still unpaid.",
      'financial.gas_bill.status=unpaid',
    ],
  ])('%s: "%s"', (_phenomenon, text, expected) => {
    expect(committing(text).map((o) => o.replace(/ \(.*$/, ''))).toContain(expected);
  });

  it.each([
    ["a person's bill", "Lotte's phone bill is paid."],
    ['an open shop', 'The bakery is still open.'],
  ])('%s is not: "%s"', (_phenomenon, text) => {
    expect(committing(text).filter((o) => o.startsWith('financial.'))).toEqual([]);
  });
});

describe('a date change reaches the trip only when the trip is what moved', () => {
  const tangier = onRecord({
    'travel.status': 'planned',
    'travel.destination': 'Tangier',
    'travel.departure_date': '2026-06-08',
  });
  const departure = (text: string) =>
    readAt(text, '2026-05-20T09:00:00Z', tangier).filter((o) =>
      o.startsWith('travel.departure_date='),
    );

  it.each([
    ['Moved my outbound to the 9th, cheaper.', '2026-06-09'],
    ['Rebooked the flight to the 10th.', '2026-06-10'],
  ])('"%s" moves the departure', (text, date) => {
    expect(departure(text).some((o) => o.startsWith(`travel.departure_date=${date} (strong`))).toBe(
      true,
    );
  });

  it('another event, an appointment or a person moving their own plans moves no trip', () => {
    const others = [
      'The half marathon moved to the 12th because of the heat.',
      'Our dentist moved the check-up to the 11th.',
      'Kemi moved her party to the 13th.',
    ];
    expect(others.flatMap(departure)).toEqual([]);
  });
});
