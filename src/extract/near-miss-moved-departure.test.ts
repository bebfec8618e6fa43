import { describeSentences } from './__fixtures__/phenomenon-cases.js';
import { committingReadings } from './__fixtures__/read-chat.js';
import type { KnownSlot } from './types.js';

// A trip on record whose departure a later message moves ("moved our flight to the 9th", "we've
// changed to the 22nd"). A user's trial (session 15, issue #10) found "We switched to Adyen last
// week." moving the departure to last week: "switched to" took any object, and any date anywhere
// in the clause became the new departure. Near-misses first: the same change verbs with another
// object and a date of something else, a purpose naming another thing, a date already past, and
// the question, negation, story and other-person forms. Every sentence was written for this test.

const TRIP: readonly KnownSlot[] = [
  { entityId: 'user:primary', field: 'travel.destination', value: 'Berlin' },
  { entityId: 'user:primary', field: 'travel.status', value: 'planned' },
  { entityId: 'user:primary', field: 'travel.departure_date', value: '2026-03-06' },
];
// Tuesday 3 March 2026, three days before the trip.
const AT = '2026-03-03T10:10:00Z';

/** Readings that would commit or ask (not weak, a state-changing intent), on any slot. */
function committing(text: string): string[] {
  return committingReadings(text, { at: AT, known: TRIP });
}

const departure = (date: string) => [`user:primary travel.departure_date=${date} (strong)`];

describeSentences(committing, {
  'a moved departure: near-misses': {
    'moves nothing when the change goes to something other than a day': {
      nothing: [
        'We switched to Adyen last week.',
        'I moved to the new apartment on the 1st.',
        'We changed to a cheaper phone plan on Monday.',
        'Switched to oat milk yesterday.',
        'I switched to the night shift from the 9th.',
        'we moved to Postgres on Friday and it went fine',
        'our team changed to two-week sprints on the 10th',
        'Pushed to main on Friday, CI is green.',
      ],
    },
    'moves nothing for another thing moved to a day, or a day already past': {
      nothing: [
        "We've changed to the 22nd for the dentist.",
        'we moved to the 12th for the kickoff meeting',
        'We moved it to yesterday in the end.',
        'switched to the 2nd of March, which was a Monday',
        'We changed it to the 10th for the doctor.',
        'Moved it to the 11th for the school concert.',
        "We've moved it to the 9th for the physio appointment.",
      ],
    },
    'moves nothing for a question, a negation, a story or another person': {
      nothing: [
        'Did we switch to Stripe last month?',
        "We didn't switch to the new bank until March.",
        'Years ago we moved to Canada in June.',
        'My sister moved her flight to the 9th.',
        'should we move the flight to the 9th?',
      ],
    },
  },
  'a moved departure: positives': {
    'reads the new departure date in several registers': {
      equals: [
        ["Train strike, so we've changed to the 22nd.", departure('2026-03-22')],
        ['moved our flight to the 9th', departure('2026-03-09')],
        ['Rebooked it to March 12.', departure('2026-03-12')],
        ['Airline moved our flight to the 9th.', departure('2026-03-09')],
        ['Heads up: we switched the departure to Monday the 9th.', departure('2026-03-09')],
      ],
    },
    "reads the move when its purpose is the trip's own, not an appointment (review of s15-preca)": {
      equals: [
        ['We moved it to the 10th for the cheaper seats.', departure('2026-03-10')],
        ["Changed it to the 12th for my mum's birthday.", departure('2026-03-12')],
        ["We moved it to the 9th for the kids, Berlin's still on.", departure('2026-03-09')],
      ],
    },
    'reads the day after a modifier of it (review of s15-preca)': {
      equals: [
        ['Rebooked it to the weekend of the 14th.', departure('2026-03-14')],
        ['We pushed it to next Monday the 9th.', departure('2026-03-09')],
        ['Moved our flight to around the 11th.', departure('2026-03-11')],
      ],
    },
  },
});
