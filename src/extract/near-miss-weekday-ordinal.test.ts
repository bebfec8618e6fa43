import { describeSentences } from './__fixtures__/phenomenon-cases.js';
import { asEntityReading, readMessage, wouldCommit } from './__fixtures__/read-chat.js';

// A weekday said with a day of the month ("sat 23rd"): the day it names, and no date at all
// when the two disagree (a typo or a misread), rather than the next month, perhaps half a year
// on, where they agree. Near-misses first (session-13 protocol). Every sentence was written for
// this test (in no benchmark file). The message is from Wednesday 6 May 2026.

const AT = '2026-05-06T10:00:00Z';

/** Date readings that would commit or ask. */
function committedDates(text: string): string[] {
  return readMessage(text, { at: AT })
    .filter((o) => wouldCommit(o) && /date|schedule/.test(o.field))
    .map(asEntityReading);
}

/** The strong reading of `field` (a travel date) on `date`. */
const travel = (field: string, date: string) => `user:primary travel.${field}=${date} (strong)`;

describeSentences(committedDates, {
  'a weekday with a day of the month: near-misses': {
    'commits no date when the weekday disagrees with the day of the month': {
      nothing: [
        'flying to Lyon Sunday 25th, back Wednesday 28th',
        'leaving for Oslo on Thursday the 29th',
        'back from Rome Sunday 25th',
        'booked Nice: out Tues 27th, back Sun 30th',
        'flight to Bergen sat 26th!!',
        'taking the train to Ghent on Mon the 20th',
        'Flying to Kraków Fri 21st, home Wed 26th',
        'booked flights to Turin for Saturday 31st',
      ],
    },
  },
  'a weekday with a day of the month: positives': {
    'reads the day the two agree on, in several registers': {
      reads: [
        ['flying to Lyon sun 24th', travel('departure_date', '2026-05-24')],
        ['flying to Lyon on Tuesday 26th May', travel('departure_date', '2026-05-26')],
        ['leaving for Oslo Thurs 28th, back mon 1st', travel('departure_date', '2026-05-28')],
        ['leaving for Oslo Thurs 28th, back mon 1st', travel('return_date', '2026-06-01')],
        ['flying to Bergen sat 23rd!!', travel('departure_date', '2026-05-23')],
        ['Flying to Kraków Fri 22nd', travel('departure_date', '2026-05-22')],
      ],
    },
  },
});
