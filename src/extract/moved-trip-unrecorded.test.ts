import { describe, expect, it } from 'vitest';
import { asReading, readMessage } from './__fixtures__/read-chat.js';

// The speaker's own flight or trip moved to a day, with no trip on record ("Our flight to Hanoi
// got moved to the 14th"): the new day is the departure, asked rather than committed since which
// trip it is was never said (issue #10, recall). Sentences written for this test.
const AT = '2026-05-04T09:00:00Z';

function read(text: string): string[] {
  return readMessage(text, { at: AT }).map(asReading);
}

describe('a moved departure of the speaker’s own trip, none on record', () => {
  it('reads the new day as a departure to confirm', () => {
    expect(read('Our flight to Lagos got moved to the 14th')).toEqual([
      'travel.departure_date=2026-05-14 (moderate)',
    ]);
    expect(read('they pushed my Lagos trip to the 20th')).toEqual([
      'travel.departure_date=2026-05-20 (moderate)',
    ]);
  });

  it('reads nothing for a trip nobody owns, someone else’s, another event, a return, or no place', () => {
    for (const text of [
      'the flight to Lagos got moved to the 14th',
      "Dad's flight to Lagos got moved to the 14th",
      'we moved the team meeting to the 14th',
      'my return flight got moved to the 14th',
      'our trip got moved to the 20th',
      'my flight moved to Dec 12, same time',
    ]) {
      expect(
        read(text).filter((r) => !r.endsWith('(weak)')),
        text,
      ).toEqual([]);
    }
  });
});
