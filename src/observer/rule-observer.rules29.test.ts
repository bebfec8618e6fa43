// rules@29: the assistant's report of a change it made, or its note of what it was told, carries
// out what the user asked or said just before: it is the user's setup as it now stands (issue #13;
// found in the even-numbered observe sets). A report after a problem report only, or unprompted,
// stays for the user's uptake to decide (taken-up.ts); one the user turns down or hedges, or one
// that names no thing, stays working context. Sentences of our own, not from the observe sets.
// rules@32 (fourth block): an answer in several pieces, or an identifier, answers the question.
// rules@31 (third block): "Understood -" and "Got it:" are notes too.
// rules@30 (second block): a user's standing limit said with "only", tied to no moment, is a rule.
import { describe, expect, it } from 'vitest';
import { observedIn, type Turn } from './__fixtures__/sentences.js';

const RULES = { from: '2026-06-04T09:00:00.000Z', scorer: null } as const;
const SHIPPED = { from: '2026-06-04T09:00:00.000Z' } as const;

/** The assistant's 🔴 observations of a chat that hold `words`, by the rules alone or with the scorer. */
const keptReports = (
  turns: readonly Turn[],
  words: string,
  options: typeof RULES | typeof SHIPPED = RULES,
) =>
  observedIn(turns, options).filter(
    (o) => o.priority === 'red' && o.speaker === 'assistant' && o.text.includes(words),
  );

describe('rules@29: a change the assistant reports making at the user’s word is kept', () => {
  it.each<[string, readonly Turn[], string]>([
    // Positives.
    [
      'a change asked for',
      [
        ['user', 'Set the backup retention to 14 days please.'],
        ['assistant', 'Updated: backup retention is now 14 days on the Wasabi bucket.'],
      ],
      'Wasabi',
    ],
    [
      'a note of what the user said',
      [
        ['user', "The choir rehearses in St Aldhelm's hall on Tuesdays, remember that."],
        ['assistant', "Noted: rehearsals are in St Aldhelm's hall, Tuesdays."],
      ],
      'Noted',
    ],
    // Reworded positives: a bare go-ahead, and a report after the assistant's own offer.
    [
      'a go-ahead',
      [
        ['user', 'ok make the reminder go out 36 hours before'],
        ['assistant', 'Changed the reminder lead to 36 hours.'],
        ['user', 'great'],
      ],
      'reminder lead',
    ],
    [
      'an offer taken',
      [
        ['assistant', 'Want me to cap uploads in nginx?'],
        ['user', 'ya go ahead, 20 MB'],
        ['assistant', 'Added an upload cap of 20 MB to nginx.conf.'],
      ],
      'upload cap',
    ],
  ])('keeps %s as 🔴', (_, turns, words) => {
    for (const options of [RULES, SHIPPED]) {
      expect(keptReports(turns, words, options).length).toBeGreaterThan(0);
    }
  });

  it.each<[string, readonly Turn[], string]>([
    // Near-misses.
    [
      'a change after a problem report only (left to uptake)',
      [
        ['user', 'The nightly export keeps crashing on big months.'],
        ['assistant', 'Changed the export chunk size to 300 rows.'],
      ],
      'chunk size',
    ],
    [
      'a change the user turns down',
      [
        ['user', 'ok make the reminder go out 36 hours before'],
        ['assistant', 'Changed the reminder lead to 36 hours.'],
        ['user', 'no, put it back, I misread the calendar'],
      ],
      'reminder lead',
    ],
    [
      'a change the user hedges',
      [
        ['user', 'Set the backup retention to 14 days please.'],
        ['assistant', 'Updated: backup retention is now 14 days on the Wasabi bucket.'],
        ['user', 'maybe, let me ask Ines first'],
      ],
      'Wasabi',
    ],
    [
      'a report that names no thing',
      [
        ['user', 'Fix the two failing tests and the lint warning.'],
        ['assistant', 'Changed both, the suite passes now (48 passed).'],
      ],
      'Changed both',
    ],
    [
      'a change asked about, not reported',
      [
        ['user', 'Set the backup retention to 14 days please.'],
        ['assistant', 'Should I update the Wasabi bucket policy to 14 days too?'],
      ],
      'Wasabi',
    ],
  ])('leaves %s out', (_, turns, words) => {
    expect(keptReports(turns, words)).toEqual([]);
  });
});

/** The user's 🔴 observations of one sentence, by the rules alone or with the scorer. */
const keptOf = (sentence: string, options: typeof RULES | typeof SHIPPED = RULES) =>
  observedIn([['user', sentence]], options).filter((o) => o.priority === 'red');

describe('rules@30: a standing limit said with "only" is a rule', () => {
  it.each([
    // Positives.
    'Invoices by bank transfer only.',
    'The staging db is for the QA team only.',
    // Reworded positives: "only" first, and a limit with its exclusion beside it.
    'Only the treasurer signs cheques.',
    'Card payments at the till only, no cash.',
  ])('keeps "%s" as a 🔴 rule', (sentence) => {
    for (const options of [RULES, SHIPPED]) {
      const kept = keptOf(sentence, options);
      expect(kept.map((o) => o.type)).toContain('constraint');
    }
  });

  it.each([
    // Near-misses: a count of the moment, the moment so far, a question, a hedge.
    'Only 3 people came to the workshop yesterday.',
    'I only have ten minutes right now.',
    'Is the staging db only for the QA team?',
    'Maybe only the red ones.',
  ])('leaves "%s" without a 🔴 rule', (sentence) => {
    expect(keptOf(sentence).filter((o) => o.type === 'constraint')).toEqual([]);
  });
});

describe('rules@31: "Understood -" and "Got it:" note what the user said, as "Noted:" does', () => {
  it.each<[string, readonly Turn[], string]>([
    // Positive.
    [
      'an "Understood -" note',
      [
        ['user', 'never fire the kiln on sundays, the neighbours complain'],
        ['assistant', 'Understood - the kiln is never fired on Sundays.'],
      ],
      'kiln',
    ],
    // Reworded positive: "Got it:", and a note without a number or a name.
    [
      'a "Got it:" note',
      [
        ['user', 'choir folders are sorted by composer surname, never by title'],
        ['assistant', 'Got it: folders sorted by composer surname.'],
      ],
      'composer surname',
    ],
  ])('keeps %s as 🔴', (_, turns, words) => {
    expect(keptReports(turns, words).length).toBeGreaterThan(0);
  });

  it('leaves a note that restates nothing the user said', () => {
    const turns: Turn[] = [
      ['user', 'Please keep the kiln log in the blue binder.'],
      ['assistant', 'Got it - one moment while I open the sheet.'],
    ];
    expect(keptReports(turns, 'moment')).toEqual([]);
  });
});

/** The 🔴 observations of a chat that hold `words`, by the rules alone. */
const keptHolding = (turns: readonly Turn[], words: string) =>
  observedIn(turns, RULES).filter((o) => o.priority === 'red' && o.text.includes(words));

describe('rules@32: an answer written in several pieces, or as an identifier, is kept', () => {
  it.each<[string, readonly Turn[], string]>([
    // Positive: the value follows the first word of the answer as a sentence of its own.
    [
      'a value after the answer',
      [
        ['assistant', 'Does the billing service use the shared database or its own?'],
        ['user', 'its own. billing-pg-02:5434'],
      ],
      'billing-pg-02:5434',
    ],
    // Reworded positive: a bare yes, then the part's name.
    [
      'a name after a yes',
      [
        ['assistant', 'Is the sensor board on the newer chip?'],
        ['user', 'yes. ESP32-S3'],
      ],
      'ESP32-S3',
    ],
    // Positive: an identifier names what a yes/no question proposed.
    [
      'an identifier beside a yes',
      [
        ['assistant', 'A separate service account for the exports?'],
        ['user', 'yes, export_svc'],
      ],
      'export_svc',
    ],
  ])('keeps %s', (_, turns, words) => {
    expect(keptHolding(turns, words).length).toBeGreaterThan(0);
  });

  it.each<[string, readonly Turn[], string]>([
    // Near-misses: a later sentence with a verb says something else; a hedged identifier.
    [
      'a later sentence with its own verb',
      [
        ['assistant', 'Does the billing service use the shared database or its own?'],
        ['user', 'its own. we moved it in May because the shared one kept locking'],
      ],
      'locking',
    ],
    [
      'a hedged identifier',
      [
        ['assistant', 'A separate service account for the exports?'],
        ['user', 'maybe, something like export_svc'],
      ],
      'export_svc',
    ],
  ])('leaves %s out', (_, turns, words) => {
    expect(keptHolding(turns, words)).toEqual([]);
  });
});
