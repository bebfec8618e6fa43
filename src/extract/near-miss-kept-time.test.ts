import { describe, expect, it } from 'vitest';
import { describeSentences } from './__fixtures__/phenomenon-cases.js';
import { committingReadings } from './__fixtures__/read-chat.js';
import type { KnownSlot } from './types.js';

// A family event moved to another day "at the same time" ("the recital moved to Dec 12, same
// time"): the new day with the time on record, or with the time the clause keeps ("still
// 15:00"). Near-misses first (issue #10, the session-13 protocol): the same construction with
// another object, subject or mood commits nothing. Every sentence was written for this test.

const FAMILY = 'family:okafor';
const KNOWN: readonly KnownSlot[] = [
  { entityId: FAMILY, field: 'family.schedule.recital', value: '2026-12-05 15:00' },
  { entityId: FAMILY, field: 'family.schedule.swim_practice', value: '2026-11-25 17:00' },
];
// Friday 20 November 2026, in the family's own thread.
const AT = '2026-11-20T05:00:00Z';

/** Readings that would commit or ask, on any slot, in the family's thread. */
function committing(text: string): string[] {
  return committingReadings(text, { at: AT, known: KNOWN, entityId: FAMILY });
}

describe("an event moved to another day with another event's time or date", () => {
  it('keeps no time that belongs to something else', () => {
    for (const [text, foreign] of [
      ['Recital moved to Dec 12, still 17:00 for swim', '17:00'],
      ['Recital moved to Dec 12, same time as the dentist.', '15:00'],
      ['Recital moved to Dec 12, same time next year.', '15:00'],
      ['the recital moved to Dec 12, still at 5pm on Thursdays for swim', '17:00'],
    ] as const) {
      for (const reading of committing(text)) expect(reading, text).not.toContain(foreign);
    }
  });
});

/** The one strong reading of a family event moved, `reading` being `<event>=<day> <time>`. */
const moved = (reading: string) => [`${FAMILY} family.schedule.${reading} (strong)`];

describeSentences(committing, {
  'an event moved to another day at the same time: near-misses': {
    'commits nothing when what moved is not a family event': {
      nothing: [
        'the board meeting moved to Dec 12, same time',
        'billing api moved to Tuesday, same time',
        'my flight moved to Dec 12, same time',
        'switched to Java, same time as the python rewrite',
        'Tuesday moved to Dec 12, same time',
        'the deploy window moved to Dec 12, same time',
        'our standup moved to Thursday, same time as before',
        'the webinar got pushed to Dec 12, still 15:00',
      ],
    },
    'commits nothing for a question, a hedge, a condition, a negation or a past story': {
      nothing: [
        'has the recital moved to Dec 12, same time?',
        'if the recital moves to Dec 12, same time?',
        'the recital might move to Dec 12, same time',
        'maybe the recital moves to Dec 12, same time',
        "the recital hasn't moved to Dec 12, same time as always",
        'last year the recital moved to Dec 12, same time',
        'could swim practice move to Thursday, same time?',
        'I wish swim practice moved to Thursday, same time',
      ],
    },
  },
  'an event moved to another day at the same time: positives': {
    'keeps the time on record with the new day, in several registers': {
      equals: [
        ['Recital pushed to Dec 12, same time as before', moved('recital=2026-12-12 15:00')],
        [
          'they moved the recital to saturday the 12th, time unchanged',
          moved('recital=2026-12-12 15:00'),
        ],
        ['RECITAL MOVED TO DEC 12 SAME TIME', moved('recital=2026-12-12 15:00')],
        [
          'swim practice moved to thurs 26 nov, usual time',
          moved('swim_practice=2026-11-26 17:00'),
        ],
        ['recital got moved to Dec 12, still at 3pm', moved('recital=2026-12-12 15:00')],
        [
          'swim practice moved to 26 Nov - still 17:00 pls dont forget',
          moved('swim_practice=2026-11-26 17:00'),
        ],
      ],
    },
  },
});
