import { describe, expect, it } from 'vitest';
import { asReading, readMessage } from './__fixtures__/read-chat.js';
import type { KnownSlot } from './types.js';

// A family activity on record moved to another day with no time said ("ballet moved to
// Thursday"): it keeps the time on record, since a move of the day says nothing of the hour.
// Near-misses first (issue #10, the session-13 protocol): the same "<thing> moved to <day>" with
// another thing, mood, tense or polarity must change no slot. Every sentence was written for this
// test (in no benchmark file).

// Monday 9 February 2026; ballet on record on Wednesdays at 16:30, swim on Fridays at 17:00.
const AT = '2026-02-09T09:00:00Z';
const KIDS: readonly KnownSlot[] = [
  { entityId: 'user:primary', field: 'family.schedule.ballet', value: '2026-02-11 16:30' },
  { entityId: 'user:primary', field: 'family.schedule.swim', value: '2026-02-13 17:00' },
];

/** Readings that would commit or ask (not weak, a state-changing intent), on any slot. */
function committing(text: string): string[] {
  return readMessage(text, { at: AT, known: KIDS })
    .filter((o) => o.evidence !== 'weak' && (o.intent === 'assertive' || o.intent === 'planning'))
    .map((o) => `${o.entityId} ${asReading(o)}`);
}

describe('an activity moved to another day: near-misses', () => {
  it('changes no slot when what moved is not the activity on record', () => {
    for (const text of [
      'the client meeting moved to Thursday',
      'billing api moved to Thursday',
      'standup moves from Wednesdays to Thursdays',
      'my dentist appointment got pushed to Thursday',
      'the deadline moved to Thursday',
      'book club moved to Thursday',
    ]) {
      expect(committing(text), text).toEqual([]);
    }
  });

  it('changes no slot for a question, a hedge, a condition, a negation or a story', () => {
    for (const text of [
      'did ballet move to Thursday?',
      'ballet might move to Thursday',
      'if ballet moves to Thursday we lose swim',
      "ballet didn't move to Thursday after all",
      'back in 2019 ballet moved to Thursdays for a term',
    ]) {
      expect(committing(text), text).toEqual([]);
    }
  });

  it('keeps no time of another activity', () => {
    // Swim keeps its own time, never ballet's.
    expect(committing('swim moved to Thursday')).toEqual([
      'user:primary family.schedule.swim=2026-02-12 17:00 (strong)',
    ]);
  });
});

describe('an activity moved to another day: positives', () => {
  const thursday = ['user:primary family.schedule.ballet=2026-02-12 16:30 (strong)'];
  it('keeps the time on record when only the day moves, in several registers', () => {
    for (const text of [
      "Mia's ballet moved to Thursday.",
      'ballet got pushed to thurs',
      'BALLET MOVED TO THURSDAY',
      'ballet moves from wednesdays to thursdays',
      'ballet moves from Wednesdays to Thursdays, still 16:30.',
    ]) {
      expect(committing(text), text).toEqual(thursday);
    }
  });

  it('takes a new time when one is said', () => {
    expect(committing('ballet moved to Thursday at 5')).toEqual([
      'user:primary family.schedule.ballet=2026-02-12 17:00 (strong)',
    ]);
  });
});
