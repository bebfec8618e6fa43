import { describe, expect, it } from 'vitest';
import { analyseClause } from './clause.js';
import { occasionAdjuncts } from './occasion.js';

/** The content words of each occasion adjunct of `text`. */
function adjuncts(text: string): string[][] {
  return occasionAdjuncts(analyseClause(text)).map((a) => [...a.content]);
}

describe('occasionAdjuncts', () => {
  it('finds phrases of time, place and circumstance and clauses of time or condition', () => {
    expect(adjuncts('I take the train at weekends')).toEqual([['weekend']]);
    expect(adjuncts('she runs on cold mornings')).toEqual([['cold', 'morning']]);
    expect(adjuncts('we eat fish during Ramadan')).toHaveLength(1);
    expect(adjuncts('tea is better when it rains')).toEqual([['rain']]);
    expect(adjuncts('take the bus for short distances')).toEqual([['short', 'distance']]);
    expect(adjuncts('pack snacks for long-haul')).toHaveLength(1);
    expect(adjuncts('the milk goes in the fridge tbh')).toEqual([['fridge']]);
  });

  it('takes "with" for company only, not for an attribute', () => {
    expect(adjuncts('I walk to school with my sister')).toEqual([['sister']]);
    expect(adjuncts('a room with a balcony')).toEqual([]);
  });

  it('takes "for" with a bare singular noun or a pronoun as a purpose, not an occasion', () => {
    expect(adjuncts('Buy some bread for breakfast')).toEqual([]);
    expect(adjuncts('do it for me')).toEqual([]);
  });

  it('finds no adjunct in a phrase without content words', () => {
    expect(adjuncts('from now on, keep it short')).toEqual([]);
  });
});
