// rules@8: moments, progress lines and reports passed on stay out of 🔴; a reply in several short
// sentences is one answer; a name answers "who"; "X is Y only" restricts X; a nod to "…, right?"
// confirms the statement it checks. Sentences of our own, not from the observe sets.
import { describe, expect, it } from 'vitest';
import { redOf, type Turn } from './__fixtures__/red-of.js';

const holds = (texts: readonly string[], words: readonly string[]) =>
  texts.some((t) => words.every((w) => t.toLowerCase().includes(w.toLowerCase())));

/** The 🔴 observations of `turns` hold `kept` and never `dropped`. */
function expectPicked(turns: readonly Turn[], kept: string, dropped: string): void {
  const red = redOf(turns);
  expect(holds(red, [kept]), JSON.stringify(red)).toBe(true);
  expect(holds(red, [dropped]), JSON.stringify(red)).toBe(false);
}

describe('rules@8: the moment, not a standing fact', () => {
  it.each([
    'Dentist appointment in 20 minutes, talk soon',
    'my train is in 15 mins so this has to be quick',
    'what a long week, the boiler guy came on Friday and the flat is still freezing',
    'Chapter 4 done 🎉',
    'invoices sorted!',
    'down to 2k now',
    'hang on, let me check with the landlord on Signal first',
    'Stock is 212 now, we counted this morning',
    // problems, not rules or facts
    'Customers are reporting that no receipts arrive after 18:00',
    'the nightly export job keeps OOMing on worker-3',
    'tickets piling up in the #support-l2 queue, barely moving',
    'Overbooking again this weekend in room 3',
    'gotta go feed the cat, first guests arrive at 10',
    'off to open the shop, first customers at 10',
    'Looking at Saturn for 20 min before bed',
    'the backup ran 5 hours last night instead of 20 min',
    'my neighbour says I should switch to Octopus but he is biased',
  ])('keeps "%s" out of 🔴', (text) => {
    expect(redOf([['user', text]])).toEqual([]);
  });

  it('keeps a requirement passed on, and the answer after advice passed on', () => {
    expect(holds(redOf([['user', 'The council says we have to be out by 22:00']]), ['22:00'])).toBe(
      true,
    );
    const red = redOf([['user', 'my brother said I should use Notion, but we stay with Obsidian']]);
    expect(holds(red, ['Obsidian']), JSON.stringify(red)).toBe(true);
  });

  it('writes no reaction as the answer to a "which" question', () => {
    const red = redOf([
      ['assistant', 'Which logo do you prefer — the round one or the square one?'],
      ['user', 'lovely'],
    ]);
    expect(red.join('\n')).not.toContain('lovely');
  });
});

describe('rules@8: a reply in several short sentences is one answer', () => {
  const CASES: readonly (readonly [string, string, readonly string[]])[] = [
    ['Should the backups go to a separate GCS project?', 'yes. ops-backup-eu', ['ops-backup-eu']],
    ['Email on failure?', 'yes. marta.k@kiln-labs.io', ['marta.k@kiln-labs.io']],
    [
      'Who should I list as the emergency contact?',
      'agency. Northgate Plumbing, contact is Mrs. Adeyemi',
      ['Northgate Plumbing', 'Adeyemi'],
    ],
    [
      'Do you want a message when the backup finishes?',
      'yes, #ops-alerts. the webhook is already set up',
      ['#ops-alerts'],
    ],
    ['Who reviews the translations?', 'Tomasz for nl, Ines for pt', ['Tomasz', 'Ines']],
  ];
  it.each(CASES)('"%s" → "%s"', (asked, reply, must) => {
    const red = redOf([
      ['assistant', asked],
      ['user', reply],
    ]);
    expect(holds(red, must), JSON.stringify(red)).toBe(true);
  });

  it('keeps a correction in two words as the correction it is', () => {
    const red = redOf([
      ['assistant', 'Courts of Leeds for disputes?'],
      ['user', 'york actually. the board prefers it'],
    ]);
    expect(holds(red, ['york']), JSON.stringify(red)).toBe(true);
    expect(red.join('\n')).not.toContain('Leeds');
  });
});

describe('rules@8: standing statements without a verb the rules knew', () => {
  it.each([
    ['Halina is rota owner.', ['Halina', 'rota owner']],
    ['Refunds are card only', ['Refunds', 'card only']],
    ['releases go out mon/wed only btw, today is mon so fine', ['mon/wed only']],
    ['DNS is cloudflare.', ['DNS is cloudflare']],
    ['Backend is supabase', ['supabase']],
    ['Rota is me, Aziz, Petra and Lou', ['Aziz', 'Lou']],
    ['Only paid members get a locker.', ['paid members']],
    ['Manual restarts only', ['Manual restarts']],
    ['Two sign-offs for anything touching payroll', ['Two sign-offs']],
    ['Each ticket belongs to one agent.', ['one agent']],
  ])('"%s" is 🔴', (text, must) => {
    const red = redOf([['user', text]]);
    expect(holds(red, must), JSON.stringify(red)).toBe(true);
  });

  it.each([
    'Coffee is awful',
    'Now is fine, thanks',
    'Traffic is insane today',
    'The kettle is boiling',
    'It is broken on mobile only',
    'It is team lead stuff',
  ])('keeps a description, a one-off "only" or a pronoun ("%s") out of 🔴', (text) => {
    expect(redOf([['user', text]])).toEqual([]);
  });
});

describe('rules@8: a nod to a statement put as a check', () => {
  const turns = (check: string, nod: string): Turn[] => [
    ['user', 'Set up the backup cron for the NAS.'],
    ['assistant', `The cron runs as svc-backup, so it cannot read /home. ${check}`],
    ['user', nod],
  ];
  it.each(['👍', 'ok'])('"Right?" → "%s" confirms the statement', (nod) => {
    expect(holds(redOf(turns('Right?', nod)), ['svc-backup'])).toBe(true);
  });
  it('a nod without the check confirms no statement', () => {
    expect(holds(redOf(turns('', '👍')), ['svc-backup'])).toBe(false);
  });
});

describe('rules@8: a decision spread over several messages', () => {
  const OPTIONS = [
    'assistant',
    'Two ways to stop the overlap:\n1. Move the import to its own worker pool\n2. Run the import at 03:15 when traffic is low\nWhich do you prefer?',
  ] as const;
  it.each(['ok go with the second', 'option 2', 'the latter', 'second one please'])(
    '"%s" decides the option it points at, in the option\'s words',
    (reply) => {
      expectPicked(
        [['user', 'The import and the API keep fighting.'], OPTIONS, ['user', reply]],
        '03:15',
        'worker pool',
      );
    },
  );

  it('reads letters laid out inline', () => {
    expectPicked(
      [
        [
          'assistant',
          'Either (a) keep the logs on nas-2 for 30 days, or (b) ship them to s3://audit-logs. Which?',
        ],
        ['user', 'b please'],
      ],
      's3://audit-logs',
      'nas-2',
    );
  });

  it('a later pick from the same options replaces the earlier one', () => {
    expectPicked(
      [
        OPTIONS,
        ['user', 'go with the first'],
        ['assistant', 'Done: the import now runs in its own pool.'],
        ['user', 'actually no, make it the second'],
      ],
      '03:15',
      'worker pool',
    );
  });

  it('a number that answers "how many" picks nothing from a list', () => {
    const red = redOf([
      [
        'assistant',
        'Options for the cluster:\n- 3 small nodes\n- 2 large nodes\nHow many replicas should each service run?',
      ],
      ['user', '2'],
    ]);
    expect(holds(red, ['large nodes']), JSON.stringify(red)).toBe(false);
  });
});
