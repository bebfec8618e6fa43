import { describe, expect, it } from 'vitest';
import { feedbackTerms } from './feedback-terms.js';
import { queryTerms } from './query-terms.js';

const HITS = [
  { text: 'Our kayak trip on the fjord was cold; the paddles froze to the kayak rack.', score: 9 },
  { text: 'I bought new paddles and a drybag before the fjord trip.', score: 7 },
  { text: 'The drybag leaked on the second day of the trip.', score: 4 },
  { text: 'Next trip I want to bring a thermos.', score: 2 },
  { text: 'A trip to the bakery for croissants.', score: 1 },
];

describe('feedbackTerms', () => {
  it('adds the words the best hits share, rarer words and better hits first', () => {
    const words = queryTerms('What went wrong on my trip?');
    expect(feedbackTerms(words, HITS, { documents: 3, terms: 3 })).toEqual([
      'fjord',
      'paddles',
      'drybag',
    ]);
  });

  it('never adds query words, stop words, short fragments or a word only one read hit holds', () => {
    const added = feedbackTerms(['paddles'], HITS, { documents: 2, terms: 10 });
    expect(added).toEqual(['fjord']);
    expect(
      feedbackTerms(['x'], [{ text: "I've we've it's ok", score: 1 }], { documents: 1, terms: 5 }),
    ).toEqual([]);
  });

  it('adds nothing when a word is in every hit, or when off', () => {
    const same = [
      { text: 'tea with lemon', score: 2 },
      { text: 'tea with honey', score: 1 },
    ];
    expect(feedbackTerms(['cup'], same, { documents: 2, terms: 5 })).toEqual([]);
    expect(feedbackTerms([], HITS, { documents: 0, terms: 5 })).toEqual([]);
    expect(feedbackTerms([], HITS, { documents: 3, terms: 0 })).toEqual([]);
  });

  it('reads a single hit when only one is asked for, ties in alphabetical order', () => {
    expect(feedbackTerms(['bakery'], HITS.slice(3), { documents: 1, terms: 2 })).toEqual([
      'bring',
      'next',
    ]);
  });
});
