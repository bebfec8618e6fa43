import { describeSentences } from './__fixtures__/phenomenon-cases.js';
import { committingReadings } from './__fixtures__/read-chat.js';
import { readingsUnder } from './__fixtures__/readings-under.js';

// A lasting taste said in the first person with a verb of liking in the present simple ("I love
// window seats", "i like my coffee with oat milk"): a standing preference of the speaker (issue
// #10, profile preferences). Written before the reading, per the near-miss protocol of ADR
// 2026-11-27-held-out-anatomy: each near-miss keeps the construction (someone likes something)
// with another subject, tense, mood, polarity or object (one seat on one flight, a city, a
// programming language, a dish, an activity), and must commit nothing. Every sentence was
// written for this test (in no benchmark file).

const profile = readingsUnder('profile.');

describeSentences(committingReadings, {
  'a lasting taste said with a verb of liking': {
    'reads a seat or a milk the speaker likes in general, in several registers': {
      read: profile,
      reads: [
        ['I love window seats', 'profile.preference.seat=window (strong)'],
        [
          'honestly i really like aisle seats on long flights',
          'profile.preference.seat=aisle (strong)',
        ],
        ['i realy like window seats!!', 'profile.preference.seat=window (strong)'],
        ['i like my coffee with oat milk', 'profile.preference.coffee_milk=oat milk (strong)'],
        ['I like soy milk in my tea', 'profile.preference.tea_milk=soy milk (strong)'],
        [
          'i prefer almond milk in my coffee tbh',
          'profile.preference.coffee_milk=almond milk (strong)',
        ],
      ],
    },
  },
  'near-misses of the liking reading': {
    'commits nothing for one seat or one drink on one occasion': {
      nothing: [
        'I loved the window seat on that flight',
        "I'd love a window seat today",
        'I like the aisle seat they gave me on this flight',
        'I liked oat milk as a kid',
        'if I could I would like window seats',
      ],
    },
    'commits nothing for someone else, a question or a negation': {
      nothing: [
        'my wife loves window seats',
        'Karim likes his coffee with soy milk',
        'do you like window seats?',
        "I don't like oat milk",
        'I never liked aisle seats',
      ],
    },
    'commits no preference for a liked place, language, dish or activity': {
      nothing: [
        'I like Java for scripting',
        'I love Paris in the morning',
        'I love vegan burgers',
        'I like morning runs',
        'I love the evenings here',
        'I like oat milk lattes from the cafe downstairs',
      ],
    },
    'commits nothing when the seat is inside a clause or a comparison after the verb': {
      nothing: [
        'I like to think window seats are safer',
        'I love it when they give me window seats',
        'I love my kids more than window seats',
        'I like window seats, but honestly it depends on the flight',
        'I love window seats when I travel with the kids',
        'I like aisle seats, window seats, anything really',
        'I love when people take window seats and then sleep',
      ],
    },
  },
});
