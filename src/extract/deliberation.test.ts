import { describe, it } from 'vitest';
import { expectMatches } from '../language/__fixtures__/expect-matches.js';
import { firmReadings, phenomenonCases } from './__fixtures__/phenomenon-cases.js';
import { deliberates } from './deliberation.js';

// Phenomenon: an option being weighed is not a decision. Every sentence here was written for
// this test (none comes from a benchmark). A negative reads nothing firm (a weak, tentative
// reading may remain); a positive keeps its reading.

describe('deliberates', () => {
  it('finds a verb or adjective of considering before an option', () => {
    expectMatches(deliberates, [
      "I'm thinking of moving to Porto",
      "we're toying with the idea of a week in Crete",
      'Honestly quite interested in trying the keto plan',
      'been mulling over the annual plan',
      "I'm tempted to book Kraków for Easter",
      'on the fence about renewing the gym membership',
    ]);
  });

  it('leaves plans, bookings and plain statements alone', () => {
    expectMatches(
      deliberates,
      [],
      [
        "I'm planning a trip to Lisbon in May",
        'We booked flights to Hanoi for June 3',
        'I think of you every time I hear that song',
        "She's interested.",
      ],
    );
  });
});

describe('a trip being weighed is not a planned trip', () => {
  phenomenonCases(
    (t) => firmReadings(t),
    [
      "I'm thinking of visiting Montreal this fall, any tips?",
      'been toying with the idea of flying to Lima for a couple weeks',
      "i'm really interested in visiting Hokkaido sometime",
      "We're contemplating a trip to Marrakech next spring but nothing is booked.",
      "Honestly I'm tempted to fly to Reykjavik for the northern lights.",
      'Im thinking of taking a 5 day trip to Sicily, what should I see?',
    ],
    [
      ["I'm planning a trip to Montreal in October.", 'travel.destination=Montreal'],
      ["We're heading to Lima on June 12 for two weeks.", 'travel.destination=Lima'],
      ["I'm flying to Reykjavik on Friday.", 'travel.destination=Reykjavik'],
    ],
  );
});
