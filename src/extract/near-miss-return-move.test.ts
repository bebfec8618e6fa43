import { describe, expect, it } from 'vitest';
import { describeSentences } from './__fixtures__/phenomenon-cases.js';
import { committingReadings } from './__fixtures__/read-chat.js';
import type { KnownSlot } from './types.js';

// The return leg of a trip on record moved to another day ("moved my return flight to the
// 25th"): the new return date, as a correction. Near-misses first (issue #10, the session-13
// protocol): the same "<move verb> <thing> to <day>" with another thing, subject or mood must
// commit nothing. Every sentence was written for this test (in no benchmark file).

const TRIP: readonly KnownSlot[] = [
  { entityId: 'user:primary', field: 'travel.destination', value: 'Tromsø' },
  { entityId: 'user:primary', field: 'travel.status', value: 'planned' },
  { entityId: 'user:primary', field: 'travel.departure_date', value: '2026-05-18' },
  { entityId: 'user:primary', field: 'travel.return_date', value: '2026-05-22' },
];
// Wednesday 6 May 2026, between the booking and the trip.
const AT = '2026-05-06T19:00:00Z';

/** Readings that would commit or ask, on any slot. */
function committing(text: string, known: readonly KnownSlot[] = TRIP): string[] {
  return committingReadings(text, { at: AT, known });
}

/** The one strong reading of a return leg moved to `date`. */
const returnOn = (date: string) => [`user:primary travel.return_date=${date} (strong)`];

describe('a moved return leg: near-misses', () => {
  it('commits nothing when a weekday disagrees with the day of the month, or no return is on record', () => {
    // Monday 25 May 2026: "Sunday 25th" names no day near the trip.
    expect(committing('moved the return to Sunday 25th')).toEqual([]);
    expect(
      committing(
        'moved my return flight to the 25th',
        TRIP.filter((k) => k.field !== 'travel.return_date'),
      ),
    ).toEqual([]);
  });
});

describeSentences(committing, {
  'a moved return leg: near-misses': {
    'commits nothing when what moved is not the return leg of the trip': {
      nothing: [
        'moved the return window to the 15th',
        'the return window is now the 15th',
        'switched the return type to string, tests pass',
        'moved the standup to Tuesday',
        'billing api moved to Tuesday',
        'return shipment got pushed to the 25th',
        'changed my tax return to the 30th',
        'pushed the returns desk shift to friday',
        'moved my return to work to the 25th',
        'pushed my return to the office to the 27th',
        'moved my return from parental leave to the 1st',
      ],
    },
    'commits nothing for another person, a question, a hedge, a condition, a negation or a story': {
      nothing: [
        'my sister moved her return flight to the 25th',
        'did you move your return flight to the 25th?',
        'should I move the return to the 25th?',
        'I might move the return to the 25th',
        'if I move the return to the 25th it is 40 euros cheaper',
        "I didn't move the return to the 25th in the end",
        'last year we moved the return to the 25th and regretted it',
        'they keep asking me to move the return to the 25th',
      ],
    },
  },
  'a moved return leg: positives': {
    'reads the new return date, and no departure, in several registers': {
      equals: [
        ['moved my return flight to the 25th', returnOn('2026-05-25')],
        ['pushed the return back to sat 23rd', returnOn('2026-05-23')],
        ['Rebooked the flight home to May 26.', returnOn('2026-05-26')],
        ['ok so i switched my return to tue 26th', returnOn('2026-05-26')],
        ['our return train got moved to the 20th', returnOn('2026-05-20')],
        ['return leg changed to the 21st, cheaper that way', returnOn('2026-05-21')],
      ],
    },
  },
  'a bare day of the month in a move: one reading for both legs': {
    // `dayOfMonthNear` is the one home: the departure and the return resolve a bare day alike.
    'puts a day more than two weeks before the date on record in the next month': {
      equals: [
        ['moved our flight to the 2nd', ['user:primary travel.departure_date=2026-06-02 (strong)']],
        ['moved the return to the 2nd', returnOn('2026-06-02')],
        [
          'moved our flight to the 20th',
          ['user:primary travel.departure_date=2026-05-20 (strong)'],
        ],
      ],
    },
  },
});
