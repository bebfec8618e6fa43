import { describe, expect, it } from 'vitest';
import { asReading, readMessage } from './__fixtures__/read-chat.js';
import type { KnownSlot } from './types.js';

// A same-day correction of a date or time just stated, said as a bare contrast: "Oops, not the
// 10th, the 12th.", "sorry, 16:45 not 16:30". It moves the one slot on record whose value is the
// contrasted one, when that slot is the date or time the speaker stated last, that day. Near-misses
// first (issue #10, the session-13 protocol): the same contrast of two days or two times with
// another owner, mood, object or record must commit nothing. Every sentence was written for this
// test (in no benchmark file).

// Tuesday 1 December 2026, ten minutes after the trip was stated.
const AT = '2026-12-01T15:00:00Z';
const STATED = '2026-12-01T14:50:00Z';
const TRIP: readonly KnownSlot[] = [
  { entityId: 'user:primary', field: 'travel.destination', value: 'Kyoto', since: STATED },
  { entityId: 'user:primary', field: 'travel.status', value: 'planned', since: STATED },
  { entityId: 'user:primary', field: 'travel.departure_date', value: '2026-12-10', since: STATED },
  { entityId: 'user:primary', field: 'travel.return_date', value: '2026-12-18', since: STATED },
];
const SWIM: readonly KnownSlot[] = [
  {
    entityId: 'user:primary',
    field: 'family.schedule.swim_practice',
    value: '2026-12-01 16:30',
    since: STATED,
  },
];

/** Readings that would commit or ask (not weak, a state-changing intent), on any slot. */
function committing(
  text: string,
  known: readonly KnownSlot[] = TRIP,
  role: 'user' | 'assistant' = 'user',
): string[] {
  return readMessage(text, { at: AT, known, role })
    .filter((o) => o.evidence !== 'weak' && (o.intent === 'assertive' || o.intent === 'planning'))
    .map((o) => `${o.entityId} ${asReading(o)}`);
}

describe('a contrast of two days or times: near-misses', () => {
  it('commits nothing when the contrast is said of something else, or is not bare', () => {
    for (const text of [
      'the meeting is the 12th, not the 10th',
      'not the 10th chapter, the 12th',
      "my sister's flight: not the 10th, the 12th",
      'Python 3.12, not 3.10',
      'the deadline moved: not the 10th, the 12th',
      "if it's not the 10th, the 12th works too",
      'it was the 12th, not the 10th, back in 2019',
      'row 12, not row 10',
    ]) {
      expect(committing(text), text).toEqual([]);
    }
  });

  it('commits nothing for a question, a hedge, a negated contrast or the assistant', () => {
    for (const text of [
      'not the 10th, the 12th?',
      'not the 10th, the 12th, right?',
      'maybe not the 10th, the 12th',
      'probably the 12th, not the 10th',
    ]) {
      expect(committing(text), text).toEqual([]);
    }
    expect(committing('Sorry, the 12th, not the 10th.', TRIP, 'assistant')).toEqual([]);
  });

  it('commits nothing when the contrasted value is not the one just stated', () => {
    // No slot holds the 3rd, or 16:30.
    expect(committing('not the 3rd, the 5th')).toEqual([]);
    expect(committing('sorry, 16:45 not 16:30')).toEqual([]);
    // The trip was stated three days ago: "the 10th" may be any date said since.
    const older = TRIP.map((k) => ({ ...k, since: '2026-11-28T09:00:00Z' }));
    expect(committing('Oops, not the 10th, the 12th.', older)).toEqual([]);
    // A date stated after the trip's is the one a correction now corrects.
    const later: KnownSlot[] = [
      ...TRIP,
      {
        entityId: 'user:primary',
        field: 'family.schedule.dentist',
        value: '2026-12-14 09:00',
        since: '2026-12-01T14:55:00Z',
      },
    ];
    expect(committing('Oops, not the 10th, the 12th.', later)).toEqual([]);
    // Two slots hold the 10th: which one is meant is a guess.
    const both: KnownSlot[] = [
      ...TRIP,
      {
        entityId: 'user:primary',
        field: 'family.schedule.dentist',
        value: '2026-12-10 09:00',
        since: STATED,
      },
    ];
    expect(committing('Oops, not the 10th, the 12th.', both)).toEqual([]);
  });

  it('commits nothing when a weekday disagrees with the new day, or the kinds differ', () => {
    // Saturday 12 December 2026.
    expect(committing('not the 10th, fri the 12th')).toEqual([]);
    expect(committing('not the 10th, 16:45')).toEqual([]);
    expect(committing('not 16:30, the 2nd', SWIM)).toEqual([]);
  });
});

describe('a contrast of two days or times: positives', () => {
  const departs = ['user:primary travel.departure_date=2026-12-12 (strong)'];
  it('moves the one date just stated, in several registers', () => {
    for (const text of [
      'Oops, not the 10th, the 12th.',
      'sorry!! 12th not 10th',
      'make that the 12th, not the 10th',
      'correction: Dec 12, not Dec 10',
      'wait no, not the 10th but the 12th',
      'ugh, 12th not the 10th',
    ]) {
      expect(committing(text), text).toEqual(departs);
    }
    expect(committing('nope, the 20th, not the 18th')).toEqual([
      'user:primary travel.return_date=2026-12-20 (strong)',
    ]);
  });

  it('moves the time just stated and keeps its day', () => {
    for (const text of ['sorry, 16:45 not 16:30', 'oops, not 4:30pm, 4:45pm']) {
      expect(committing(text, SWIM), text).toEqual([
        'user:primary family.schedule.swim_practice=2026-12-01 16:45 (strong)',
      ]);
    }
  });
});
