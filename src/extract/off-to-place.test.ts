import { describeSentences } from './__fixtures__/phenomenon-cases.js';
import { committingReadings } from './__fixtures__/read-chat.js';
import { readingsUnder } from './__fixtures__/readings-under.js';

// "I'm off to X": the speaker (or the speaker's group) about to travel, a plan like "flying to
// X". Before rules 2.24.2 it read nothing. Near-misses: "off to" a place that is no gazetteer
// place (bed, work), "off to a bad start", someone else off somewhere, and a day out ("for the
// match"), which stays weak. Every sentence was written for this test (in no benchmark file).

const AT = '2026-05-04T10:00:00Z';
const travel = readingsUnder('travel.', { at: AT });
const firm = (text: string) => travel(text).filter((r) => !r.endsWith('(weak)'));

describeSentences(committingReadings, {
  'off to a place': {
    'reads a planned trip there': {
      read: firm,
      reads: [
        ["I'm off to Sardinia on Thursday", 'travel.destination=Sardinia (strong)'],
        ["we're off to Vienna next week!", 'travel.destination=Vienna (strong)'],
        ['I am off to Tallinn tomorrow morning', 'travel.destination=Tallinn (strong)'],
      ],
    },
  },
  'near-misses of off to a place': {
    'reads no firm trip': {
      read: firm,
      nothing: [
        "I'm off to bed, night all",
        "we're off to a slow start in Vienna, the meeting overran",
        "He's off to Vienna on Thursday",
        "I'm off to Leeds for the match on Saturday",
      ],
    },
  },
});
