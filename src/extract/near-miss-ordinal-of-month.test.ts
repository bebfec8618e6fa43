import { describe, expect, it } from 'vitest';
import { committingReadings } from './__fixtures__/read-chat.js';

// "the 3rd of June" names June: a trip's dates said that way were read in the message's own
// month ("flying out on the 3rd of June" on 20 April → 3 May), and a bare "back on the 9th"
// after it stayed in that month too. Near-misses first (session-13 protocol): the same
// "<ordinal> of <month>" in sentences that are no trip, or no plan of the speaker's, commit
// nothing. Every sentence was written for this test (in no benchmark file).

const AT = '2026-04-20T16:00:00Z';

/** Readings that would commit or ask, on any slot. */
function committing(text: string): string[] {
  return committingReadings(text, { at: AT });
}

describe('a day said as "<ordinal> of <month>": near-misses', () => {
  it('commits nothing when the date is no trip of the speaker', () => {
    for (const text of [
      'the 21st may be busy, lets see',
      "my sister's wedding is on the 6th of June",
      'moving the release to the 21st of May',
      'the 12th of June works for the dentist',
      'I was born on the 3rd of June',
      'Kai is flying out on the 3rd of June, back on the 9th',
      'should we fly out on the 3rd of June and back on the 9th?',
      'if I fly out on the 3rd of June I would be back on the 9th',
      'the 5th of May was when we flew back',
      'the deadline is the 30th of April, back to work everyone',
    ]) {
      expect(committing(text), text).toEqual([]);
    }
  });
});

describe('a day said as "<ordinal> of <month>": positives', () => {
  it("reads the month said, and a bare return day after the departure's", () => {
    for (const [text, departure, back] of [
      ['flying out on the 3rd of June, back on the 9th', '2026-06-03', '2026-06-09'],
      ['booked Oslo: out the 2nd of July, back the 6th', '2026-07-02', '2026-07-06'],
      ['flying to lima on the 30th of may, back on the 3rd', '2026-05-30', '2026-06-03'],
      ['We fly out on the 12th of June and come back on the 20th', '2026-06-12', '2026-06-20'],
      ['leaving for Porto on the 1st of August, back the 8th', '2026-08-01', '2026-08-08'],
    ] as const) {
      const got = committing(text);
      expect(got, text).toContain(`user:primary travel.departure_date=${departure} (strong)`);
      expect(got, text).toContain(`user:primary travel.return_date=${back} (strong)`);
    }
  });
});
