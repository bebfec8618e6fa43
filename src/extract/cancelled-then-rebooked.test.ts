import { describeSentences } from './__fixtures__/phenomenon-cases.js';
import { committingReadings } from './__fixtures__/read-chat.js';
import { readingsUnder } from './__fixtures__/readings-under.js';

// A flight cancelled and replaced in the same breath ("cancelled, rebooked for Thursday") moves
// the trip; it does not call it off. Before rules 2.23.10 each sentence of the first group
// committed travel.status=cancelled: confidently wrong. A rebooking only thought of ("might
// rebook next year") leaves the cancellation. Every sentence was written for this test (in no
// benchmark file).

const travel = readingsUnder('travel.status');
/** The cancelled readings of a text (a rebooked trip may still read as planned). */
const cancelled = (text: string) => travel(text).filter((r) => r.includes('=cancelled'));

describeSentences(committingReadings, {
  'a cancellation with a replacement booking': {
    'commits no cancelled trip': {
      read: cancelled,
      nothing: [
        'Our Lisbon flight was cancelled, rebooked for Thursday',
        'flight to Accra got cancelled :( they rebooked us on the morning one',
        'Our ferry was cancelled but they put us on the 6pm sailing',
      ],
    },
  },
  'near-misses of a rebooked cancellation': {
    'still reads the cancellation when no replacement was made': {
      read: travel,
      reads: [
        ['Our Lisbon flight was cancelled', 'travel.status=cancelled (strong)'],
        ['the Porto trip is cancelled, no new dates yet', 'travel.status=cancelled (strong)'],
      ],
    },
  },
});
