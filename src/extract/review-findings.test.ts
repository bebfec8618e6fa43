import { describe, it } from 'vitest';
import { expectMatches } from '../language/__fixtures__/expect-matches.js';
import { COMMENT_ADVERB } from '../language/index.js';
import { describeSentences } from './__fixtures__/phenomenon-cases.js';
import { committingReadings, expectReadings, readChat } from './__fixtures__/read-chat.js';

// Findings of the s10 review (issue #10): an exclaimed subject split from its predicate, a
// comment adverb read as an allergen, a passive booking of the speaker's trip, a fronted locative
// before a generic plural, and thanks/apologies openers cut before the verbless parse. Every
// sentence was written for this test (in no benchmark file), in several registers.

const AT = '2026-05-04T09:00:00Z';
const travel = (text: string): string[] =>
  committingReadings(text).filter((r) => r.includes(' travel.'));

describeSentences(travel, {
  'an exclaimed subject keeps its predicate': {
    'reads no arrival of the speaker when someone else is exclaimed before the verb': {
      nothing: [
        'my sister! arrived in Rome',
        'our neighbours!! landed in Madrid this morning',
        'the kids! got to Lisbon safe',
        'My boss! just flew to Tokyo lol',
      ],
    },
    'still reads the speaker after an interjection': {
      reads: [
        ['yay! arrived in Rome', 'user:primary travel.location=Rome (strong)'],
        ['my god! landed in Nairobi finally', 'user:primary travel.location=Nairobi (strong)'],
        ['Phew! Landed in Oslo', 'user:primary travel.location=Oslo (strong)'],
      ],
    },
  },
});

describe('a comment adverb is no allergen', () => {
  const allergies = (text: string) =>
    readChat(text, AT)
      .filter((o) => o.field.startsWith('health.allergy.'))
      .map((o) => `${o.entityId} ${o.field}=${o.value}`);

  it('ends the allergen list at the speaker comment', () => {
    expectReadings(allergies, [
      ["I'm allergic to shellfish, sadly", ['user:primary health.allergy.shellfish=allergic']],
      ['allergic to peanuts unfortunately', ['user:primary health.allergy.peanut=allergic']],
      [
        "Turns out I'm allergic to cats, honestly, and dust",
        ['user:primary health.allergy.cat=allergic', 'user:primary health.allergy.dust=allergic'],
      ],
    ]);
  });

  it('keeps allergens that merely end in -ly', () => {
    expectReadings(allergies, [
      ["I'm allergic to lily pollen", ['user:primary health.allergy.lily_pollen=allergic']],
      ['allergic to jelly, weirdly', ['user:primary health.allergy.jelly=allergic']],
    ]);
  });

  it('lists the comment adverbs as its own lexicon phenomenon', () => {
    expectMatches(
      COMMENT_ADVERB.pattern,
      ['sadly', 'Unfortunately', 'luckily', 'tbh'],
      ['lily', 'jelly', 'holly', 'shellfish'],
    );
  });
});

describeSentences(travel, {
  "a passive booking of the speaker's trip": {
    'plans the trip to the place the trip noun names': {
      reads: [
        [
          'Our trip to Oslo is booked for June',
          'user:primary travel.status=planned (strong)',
          'user:primary travel.destination=Oslo (strong)',
        ],
        [
          'our flights to Accra are booked!',
          'user:primary travel.status=planned (strong)',
          'user:primary travel.destination=Accra (strong)',
        ],
        [
          'Trip to Lima is booked 🎉',
          'user:primary travel.status=planned (strong)',
          'user:primary travel.destination=Lima (strong)',
        ],
        [
          'the holiday in Crete is booked for the 12th',
          'user:primary travel.status=planned (strong)',
          'user:primary travel.destination=Crete (strong)',
        ],
      ],
    },
    "plans nothing for someone else's trip, a question, a negation, a full place or a memory": {
      nothing: [
        'Their trip to Oslo is booked for June',
        'Is our trip to Oslo booked yet?',
        "our trip to Oslo isn't booked yet",
        'Our hotel in Bergen is fully booked',
        'The trip to Paris was booked last year but we never went',
      ],
    },
  },

  'a fronted locative before a generic plural subject': {
    'puts nobody in the place': {
      nothing: [
        'In Germany, shops close on Sundays',
        'in Oslo, trains run all night on weekends',
        'In Madrid, people eat dinner at ten',
        'In Berlin, banks open at nine',
      ],
    },
    "still reads a terse presence whose rest is the speaker's own report": {
      reads: [
        ['in Lisbon now, flights home at 6', 'user:primary travel.location=Lisbon (strong)'],
        ['in Rome, drinks with Sara tonight', 'user:primary travel.location=Rome (strong)'],
        ['in Lisbon, hotels cheap', 'user:primary travel.location=Lisbon (strong)'],
      ],
    },
  },

  'thanks and apologies "for" something': {
    'read as no plan (they are cut before the verbless parse)': {
      nothing: [
        'thanks for the lift to Leeds',
        'Thank you for the Lisbon tips!',
        'sorry for the late reply, crazy week',
        'congrats for Paris, well deserved',
        'cheers for Madrid recs',
      ],
    },
  },
});
