import { describeSentences } from './__fixtures__/phenomenon-cases.js';
import { committingReadings } from './__fixtures__/read-chat.js';
import type { KnownSlot } from './types.js';

// A trip on record whose passenger is moved to another departure: bumped off an overbooked
// flight ("got bumped to the 3rd") or rebooked by the airline ("they rebooked me on tomorrow's
// 08:00", "put us on Wednesday's flight"). Before rules 2.24.0 the departure kept its old day: the
// move verbs of `movedDeparture` took no "bumped" and no passenger object before "on". Near-misses:
// the same verbs with someone else moved, another thing put on a day, and a bare "moved on".
// Every sentence was written for this test (in no benchmark file).

const TRIP: readonly KnownSlot[] = [
  { entityId: 'user:primary', field: 'travel.destination', value: 'Halifax' },
  { entityId: 'user:primary', field: 'travel.status', value: 'planned' },
  { entityId: 'user:primary', field: 'travel.departure_date', value: '2026-03-06' },
];
// Tuesday 3 March 2026, three days before the trip.
const AT = '2026-03-03T10:10:00Z';

/** The departure readings that would commit or ask. */
function departures(text: string): string[] {
  return committingReadings(text, { at: AT, known: TRIP }).filter((r) =>
    r.includes('travel.departure_date'),
  );
}

const departure = (date: string) => [`user:primary travel.departure_date=${date} (strong)`];

describeSentences(departures, {
  'a passenger moved to another departure': {
    'reads the new day': {
      equals: [
        ['argh, got bumped to the 8th, flight was oversold', departure('2026-03-08')],
        ['They rebooked me on the 7th instead.', departure('2026-03-07')],
        ['the airline put us on Saturday’s flight', departure('2026-03-07')],
        ['Just got bumped to Sunday.', departure('2026-03-08')],
      ],
    },
  },
  'near-misses of a moved passenger': {
    'moves no departure': {
      nothing: [
        'My brother got bumped to the 8th.',
        'they put the sofa on the 7th delivery slot',
        'We moved on to the next item on Friday.',
        'The meeting got bumped to Thursday.',
      ],
    },
  },
});
