import { describeSentences } from './__fixtures__/phenomenon-cases.js';
import { committingReadings } from './__fixtures__/read-chat.js';
import { readingsUnder } from './__fixtures__/readings-under.js';
import type { KnownSlot } from './types.js';

// A return said as being back in a known place ("Landed back in Toronto", "Back in Leeds after a
// week in Oman") or as getting in from one ("Got in late from Galway"). Before rules 2.24.3 each
// read nothing. Near-misses: back in a car, a year or an everyday venue, getting in from work,
// and a return still ahead. Every sentence was written for this test (in no benchmark file).

const AT = '2026-05-04T10:00:00Z';
const TRIP: readonly KnownSlot[] = [
  { entityId: 'user:primary', field: 'travel.status', value: 'in_progress' },
  { entityId: 'user:primary', field: 'travel.destination', value: 'Oman' },
];
const status = (text: string) =>
  readingsUnder('travel.status', { at: AT, known: TRIP })(text).filter(
    (r) => !r.endsWith('(weak)'),
  );

describeSentences(committingReadings, {
  'back in a known place': {
    'reads the trip completed': {
      read: status,
      reads: [
        ['Landed back in Montreal an hour ago', 'travel.status=completed (strong)'],
        ['Back in Leeds after a week in Oman', 'travel.status=completed (strong)'],
        ['Got in late from Galway, shattered', 'travel.status=completed (strong)'],
      ],
    },
  },
  'near-misses of back in a place': {
    'reads no completed trip': {
      read: (text: string) => status(text).filter((r) => r.includes('=completed')),
      nothing: [
        'got back in the car and drove to the shop',
        'Back in 2019 we had a dog',
        'back in the office today, ugh',
        'got in from work at 7',
        "I'll be back in Montreal on Friday",
      ],
    },
  },
});
