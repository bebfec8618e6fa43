import { describe, expect, it } from 'vitest';
import { queryTerms, wordsOf } from './query-terms.js';

describe('queryTerms', () => {
  it.each([
    [
      'When did Marguerite join the NHS volunteer choir?',
      ['marguerite', 'join', 'nhs', 'volunteer', 'choir'],
    ],
    ['state-consistency AND "quotes"', ['state', 'consistency', 'quotes']],
    ['Café crème, café!', ['café', 'crème']],
    ['what is it?', ['what', 'is', 'it']],
    ['', []],
    ['   ', []],
  ])('turns %j into %j', (query, terms) => {
    expect(queryTerms(query)).toEqual(terms);
  });

  it('splits at apostrophes and punctuation like the baseline tokenizer', () => {
    expect(wordsOf("Don't stop: 2024-05-01")).toEqual(['don', 't', 'stop', '2024', '05', '01']);
  });
});
