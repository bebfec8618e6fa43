import { describe, expect, it } from 'vitest';
import { readChat } from './__fixtures__/read-chat.js';
import type { KnownSlot } from './types.js';

// Terse itineraries: a return said with a verb of coming back ("coming back sunday") and a
// means of transport led by its clock time ("07:40 train on friday"). Sentences written for
// this test (in no benchmark file).

const trip: KnownSlot[] = [
  { entityId: 'user:primary', field: 'travel.destination', value: 'Ljubljana' },
  { entityId: 'user:primary', field: 'travel.status', value: 'planned' },
  { entityId: 'user:primary', field: 'travel.departure_date', value: '2026-10-02' },
];
const dates = (text: string, known: readonly KnownSlot[] = trip) =>
  readChat(text, '2026-09-29T08:00:00Z', known)
    .filter((o) => /_date$/.test(o.field))
    .map((o) => `${o.field}=${o.value} (${o.evidence})`);

describe('a return said with a verb of coming back', () => {
  it('dates the return of the trip on record, or of the trip booked in the same message', () => {
    expect(dates('coming back sunday the 4th')).toEqual(['travel.return_date=2026-10-04 (strong)']);
    expect(dates('flying back on the 5th, late')).toEqual([
      'travel.return_date=2026-10-05 (strong)',
    ]);
    expect(
      dates('the Zagreb weekend is booked! 07:40 train on friday, coming back sunday', []),
    ).toEqual([
      'travel.departure_date=2026-10-02 (strong)',
      'travel.return_date=2026-10-04 (strong)',
    ]);
  });

  it('reads nothing without a trip, for a return before the departure, or back to somewhere', () => {
    expect(dates('coming back monday', [])).toEqual([]);
    // Wednesday the 30th is before the departure on record.
    expect(dates('coming back wednesday')).toEqual([]);
    expect(dates('back wednesday')).toEqual([]);
    expect(dates('coming back to this on the 5th')).toEqual([]);
    expect(dates('7am bus strike on friday though', [])).toEqual([]);
  });
});
