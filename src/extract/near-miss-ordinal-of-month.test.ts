import { describeSentences } from './__fixtures__/phenomenon-cases.js';
import { committingReadings } from './__fixtures__/read-chat.js';

// "the 3rd of June" names June: a trip's dates said that way were read in the message's own
// month ("flying out on the 3rd of June" on 20 April → 3 May), and a bare "back on the 9th"
// after it stayed in that month too. Near-misses first (session-13 protocol): the same
// "<ordinal> of <month>" in sentences that are no trip, or no plan of the speaker's, commit
// nothing. Every sentence was written for this test (in no benchmark file).

const AT = '2026-04-20T16:00:00Z';

/** A sentence with the departure and return readings it must include. */
function trip(text: string, departure: string, back: string): [string, string, string] {
  return [
    text,
    `user:primary travel.departure_date=${departure} (strong)`,
    `user:primary travel.return_date=${back} (strong)`,
  ];
}

/** Readings that would commit or ask, on any slot. */
function committing(text: string): string[] {
  return committingReadings(text, { at: AT });
}

describeSentences(committing, {
  'a day said as "<ordinal> of <month>": near-misses': {
    'commits nothing when the date is no trip of the speaker': {
      nothing: [
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
      ],
    },
  },
  'a day said as "<ordinal> of <month>": positives': {
    "reads the month said, and a bare return day after the departure's": {
      reads: [
        trip('flying out on the 3rd of June, back on the 9th', '2026-06-03', '2026-06-09'),
        trip('booked Oslo: out the 2nd of July, back the 6th', '2026-07-02', '2026-07-06'),
        trip('flying to lima on the 30th of may, back on the 3rd', '2026-05-30', '2026-06-03'),
        trip(
          'We fly out on the 12th of June and come back on the 20th',
          '2026-06-12',
          '2026-06-20',
        ),
        trip('leaving for Porto on the 1st of August, back the 8th', '2026-08-01', '2026-08-08'),
      ],
    },
  },
});
