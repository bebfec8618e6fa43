import { describe, expect, it } from 'vitest';
import { type ReflectorInput, reflectObservations } from './reflector.js';
import { overturnedObservations } from './superseded.js';

const NOW = Date.parse('2026-05-04T20:00:00Z');

/** One session: each line a user observation a minute after the one before ("a: " for the assistant). */
function session(lines: readonly string[], id = 's1'): ReflectorInput[] {
  return lines.map((line, i) => {
    const assistant = line.startsWith('a: ');
    return {
      observation_id: `${id}-o${i}`,
      priority: assistant ? 'yellow' : 'red',
      memory_priority: 'P1',
      type: 'fact',
      time: null,
      at: `2026-05-04T09:${String(i).padStart(2, '0')}:00.000Z`,
      text: assistant ? line.slice(3) : line,
      speaker: assistant ? 'assistant' : 'user',
      source_message_ids: [`${id}-m${i}`],
      resolved_by: null,
      session_id: id,
      date: '2026-05-04',
    };
  });
}

// Long enough that every proposal passes the compression check.
const FILLER = Array.from({ length: 10 }, (_, i) => ({
  ...session(
    [`Option ${i} came up in passing and nobody settled anything about it then`],
    `f${i}`,
  )[0],
  priority: 'green' as const,
  type: 'question' as const,
}));

function proposed(lines: readonly string[]): string[] {
  const reflection = reflectObservations({
    observations: [...session(lines), ...(FILLER as ReflectorInput[])],
    memory: [],
    proposals: [],
    now: NOW,
  });
  return reflection.drafts.map((d) => d.text);
}

/** Of what the reflector proposes from the session, none holds `dropped`; one holds `kept`, if given. */
function expectTakenBack(lines: readonly string[], dropped: string, kept?: string): void {
  const texts = proposed(lines);
  expect(texts.some((t) => t.includes(dropped))).toBe(false);
  if (kept !== undefined) expect(texts.some((t) => t.includes(kept))).toBe(true);
}

describe('a plan taken back later in the session (issue #13)', () => {
  it('drops a value the user then corrects, turns down or cuts', () => {
    const cases: [string, string, string][] = [
      [
        'The parents evening should be on wednesday 14 may',
        'No wait, wednesday 14th is the sports day.',
        'parents evening',
      ],
      [
        'Let us book the Granary Lodge, it looks cosy',
        'Granary Lodge is 240 a night, way over.',
        'Granary',
      ],
      [
        'Delivery window is 45 minutes per drop',
        'Hmm 45 minutes is too long, drivers complain.',
        '45',
      ],
      ['I think I will keep the epilogue', 'Cutting the epilogue.', 'epilogue'],
    ];
    for (const [before, after, word] of cases) {
      const texts = proposed([before, 'The van is a white Transit with a roof rack', after]);
      expect(texts.some((t) => t.includes(word) && !t.includes(after.slice(0, 12)))).toBe(false);
      expect(texts.some((t) => t.includes('white Transit'))).toBe(true);
    }
  });

  it('drops the choice a bare correction takes back', () => {
    expectTakenBack(
      [
        'We decide on Mapleworks for the ledger then.',
        'The audit found two ledgers that disagree on March totals',
        'We change: we go with Ledgerly instead.',
      ],
      'Mapleworks',
      'Ledgerly',
    );
  });

  it('drops a plan a bare correction takes back ("actually no, scrap that")', () => {
    expectTakenBack(
      [
        "Ok let's move the blog to Ghost then",
        'Actually no, scrap that, we stay on WordPress because the plugins matter.',
      ],
      'Ghost',
      'WordPress',
    );
  });

  it('drops a choice replaced by another of the options offered with it', () => {
    expectTakenBack(
      [
        'a: Good candidates are Tallybook, Ledgerly and Sumwise.',
        "Let's go with Tallybook, my sister uses it",
        'Ledgerly then, final.',
      ],
      'Tallybook',
      'Ledgerly',
    );
    expectTakenBack(
      [
        'a: Most people set aside 20–25% for this.',
        'Set aside 20% then',
        "Fine, you're right, 25%.",
      ],
      '20%',
    );
  });

  it('drops the bare verdict against the option it took back', () => {
    expectTakenBack(
      ['Let us book the Granary Lodge, it looks cosy', 'Granary Lodge is 240 a night, way over.'],
      'Granary',
    );
  });

  it('keeps the earlier statement when the later one is a question, a supposition or about something else', () => {
    const kept = [
      ['Standup is at 9:30 every weekday', 'Is 9:30 too early for the new hires?'],
      ['Standup is at 9:30 every weekday', 'If 9:30 were too early we would move it.'],
      [
        'Standup is at 9:30 every weekday',
        'Actually no, the printer on floor two is broken again.',
      ],
    ];
    for (const lines of kept) expect(overturnedObservations(session(lines)).size).toBe(0);
  });

  it('keeps two different decisions on one topic', () => {
    const lines = [
      'a: Postgres and Redis would both work here.',
      "Let's use Postgres for the orders database",
      "Let's use Redis for the session cache",
      'The orders database lives on the db-2 host',
    ];
    expect(overturnedObservations(session(lines)).size).toBe(0);
  });

  it('keeps the value a switch adopts, and a sentence that turned its old value down itself', () => {
    expect(
      overturnedObservations(
        session([
          'The courier quoted 8.40 a parcel flat',
          'Switching to the courier at 8.40 flat.',
        ]),
      ).size,
    ).toBe(0);
    expect(
      overturnedObservations(
        session(['Reminders go out 10 days ahead, not 3', 'The staff said 3 is too short anyway.']),
      ).size,
    ).toBe(0);
  });

  it('keeps a sentence of several details when the correction names one of them', () => {
    const lines = [
      'New office is Harbour Street 12 in Bristol, 2nd floor',
      'Wait, it is the 5th floor actually.',
    ];
    expect(overturnedObservations(session(lines)).size).toBe(0);
  });

  it('never takes back across sessions, nor on the assistant’s word', () => {
    expect(
      overturnedObservations([
        ...session(['Delivery window is 45 minutes per drop'], 'a'),
        ...session(['Hmm 45 minutes is too long, drivers complain.'], 'b'),
      ]).size,
    ).toBe(0);
    expect(
      overturnedObservations(
        session([
          'Delivery window is 45 minutes per drop',
          'a: 45 minutes is too long for most drivers.',
        ]),
      ).size,
    ).toBe(0);
  });
});
