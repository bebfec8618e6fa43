import { describe, expect, it } from 'vitest';
import { describeSentences } from './__fixtures__/phenomenon-cases.js';
import { expectEachRead, expectNothingRead } from './__fixtures__/read-chat.js';
import { readingsUnder } from './__fixtures__/readings-under.js';

// Travel readings of clauses without a verb of their own (language/verbless.ts): a terse
// presence ("finally in X"), a terse plan ("X for <holiday>") and a copular plan ("X is the
// plan"). Every sentence was written for this test (in no benchmark file), in several
// registers: plain, terse, SMS, non-native, with typos.

const AT = '2026-10-12T09:00:00Z';
const travel = readingsUnder('travel.', { at: AT });
/** The readings of a strong plan to `place`: planned, and the destination. */
const plannedTo = (place: string) =>
  ['travel.status=planned (strong)', `travel.destination=${place} (strong)`] as const;
/** The travel readings stronger than weak. */
const firmTravel = (text: string): string[] => travel(text).filter((o) => !o.endsWith('(weak)'));

describeSentences(travel, {
  'a terse presence without a verb': {
    'puts the speaker in a gazetteer place': {
      equals: [
        [
          'finally in Nairobi!!',
          ['travel.status=in_progress (strong)', 'travel.location=Nairobi (strong)'],
        ],
        [
          'still in lisbon, so hot',
          ['travel.status=in_progress (strong)', 'travel.location=Lisbon (strong)'],
        ],
        [
          'ok, in Montreal now',
          ['travel.status=in_progress (strong)', 'travel.location=Montreal (strong)'],
        ],
        [
          'in Kraków at last',
          ['travel.status=in_progress (strong)', 'travel.location=Kraków (strong)'],
        ],
        [
          'finaly in istanbul now',
          ['travel.status=in_progress (strong)', 'travel.location=Istanbul (strong)'],
        ],
      ],
    },
    'commits nothing for venues, other people, plans, questions, stories or unknown names': {
      read: firmTravel,
      nothing: [
        'still in the office',
        'finally in bed lol',
        'in a meeting till 3',
        'mum in Leeds now',
        'in Paris next week',
        'in London for lunch',
        'still in Rome?',
        'in izmr now',
        'not in Berlin anymore',
        'back in Leeds',
      ],
    },
    'is weak after a lead-in about someone else': {
      equals: [
        [
          'my sister called, in Rome now',
          ['travel.status=in_progress (weak)', 'travel.location=Rome (weak)'],
        ],
      ],
    },
  },
});

describe('a terse plan: a place for a holiday, a span of days or a date', () => {
  it('is weak when only a span of days, a wish or an ordinary word anchors it', () => {
    expectNothingRead(firmTravel, [
      'mumbai for a few days, then goa',
      'Madeira for the week',
      'Japan for a month, someday',
      'Turkey for Christmas, obviously',
      'Jersey for Christmas, socks for his birthday',
    ]);
    expect(travel('Paris for the weekend, years ago')).toEqual([]);
  });

  it('dates the trip from an itinerary line after it, and never from a length of stay', () => {
    expect(travel('jaipur for diwali. train on 5 nov, back 9th')).toEqual([
      'travel.status=planned (strong)',
      'travel.destination=Jaipur (strong)',
      'travel.departure_date=2026-11-05 (strong)',
      'travel.return_date=2026-11-09 (strong)',
    ]);
    expect(travel('mumbai for a few days').some((o) => o.includes('_date'))).toBe(false);
  });
});

describe("a verbless plan put to the listener's view", () => {
  it('is weak: a proposal, not a settled plan', () => {
    const proposals = [
      'Rome for Easter, what do you think',
      'Porto for the long weekend, thoughts',
      'lisbon for new year, sound good',
      'Kyoto is the plan for golden week, wdyt',
      'ok Oslo for the long weekend, any objections',
    ];
    expectNothingRead((text) => travel(text).filter((o) => o.endsWith('(strong)')), proposals);
    expectEachRead(
      travel,
      proposals.map((text) => [text, 'travel.status=planned (weak)'] as const),
    );
  });
});

describeSentences(travel, {
  'a terse plan: a place for a holiday, a span of days or a date': {
    'plans a trip to the place': {
      reads: [
        ['jaipur for diwali', ...plannedTo('Jaipur')],
        ['Porto for the long weekend', ...plannedTo('Porto')],
        ['Rome for Easter 🙏', ...plannedTo('Rome')],
        ['ok so Chicago for the conference on the 20th', ...plannedTo('Chicago')],
      ],
    },
    'reads no plan from questions, day outs, memories, other people or unknown names': {
      read: firmTravel,
      nothing: [
        'Rome for Easter?',
        'London for lunch',
        'Leeds for the match',
        'Rome for Easter last year was magic',
        'nana in jaipur for diwali',
        'Starbucks for the weekend lol',
        'Paris for the weekend would be a dream',
        'Madrid for work was exhausting',
      ],
    },
  },
  'a copular plan: "<place> is the plan"': {
    'plans a trip to the subject': {
      reads: [
        ["Seattle's the plan for the long weekend", 'travel.status=planned (strong)'],
        ['Kyoto is the plan for golden week', 'travel.status=planned (strong)'],
        ['Tbilisi is destination for new year', 'travel.status=planned (strong)'],
      ],
    },
    'is weak when the choice is not for a time of the calendar': {
      read: firmTravel,
      nothing: [
        'Lisbon is the pick',
        'okay Oslo is the plan now',
        'Georgia is the pick for captain.',
        'Chelsea is the pick for the title.',
        'Bali is the destination for honeymooners.',
      ],
    },
    'reads nothing from a past, negated or questioned plan, or a plan that is not a place': {
      read: firmTravel,
      nothing: [
        'Madrid was the plan',
        "Oslo isn't the plan anymore",
        'Is Porto the plan?',
        'Pizza is the plan for tonight',
        'Omar is the plan B guy',
      ],
    },
  },
});
