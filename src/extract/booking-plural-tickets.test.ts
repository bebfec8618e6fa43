import { describeSentences } from './__fixtures__/phenomenon-cases.js';
import { committingReadings } from './__fixtures__/read-chat.js';
import { readingsUnder } from './__fixtures__/readings-under.js';

// A booking said in the plural or as tickets bought: "Booked flights to X" (the vehicle reader
// took "flight" but not "flights") and "Got tickets to X for Friday" (read as a story: a past
// tense with no booking verb). Before rules 2.24.1 both read nothing. Near-misses: tickets to an
// event, and flights only talked about. Every sentence was written for this test (in no
// benchmark file).

const AT = '2026-05-04T10:00:00Z';
const travel = readingsUnder('travel.', { at: AT });

describeSentences(committingReadings, {
  'a booking in the plural or as tickets bought': {
    'reads the destination': {
      read: (text: string) => travel(text).filter((r) => r.startsWith('travel.destination')),
      reads: [
        ['Booked flights to Tangier for the 12th of June.', 'travel.destination=Tangier (strong)'],
        ['Got tickets to Porto for next Friday.', 'travel.destination=Porto (strong)'],
        ['we bought flights to Bergen for the 3rd', 'travel.destination=Bergen (strong)'],
      ],
    },
  },
  'near-misses of tickets bought': {
    'reads no trip': {
      read: (text: string) => travel(text).filter((r) => !r.endsWith('(weak)')),
      nothing: [
        'got tickets to see the ballet on Friday',
        'got tickets for the Porto match on Friday',
        'flights to Bergen are so expensive in summer',
      ],
    },
  },
});
