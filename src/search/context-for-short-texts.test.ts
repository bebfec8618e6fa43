import { describe, expect, it } from 'vitest';
import { contextForShortTexts } from './context-for-short-texts.js';

interface Hit {
  readonly id: string;
  readonly text: string;
  readonly score: number;
}
const read = {
  key: (hit: Hit) => hit.id,
  length: (hit: Hit) => hit.text.length,
  score: (hit: Hit) => hit.score,
};
const short = (id: string, score: number): Hit => ({ id, text: 'Yes, twice.', score });
const long = (id: string, score: number): Hit => ({ id, text: 'x'.repeat(100), score });

describe('contextForShortTexts', () => {
  it('keeps the context score of a short item and the plain score of a long one', () => {
    const out = contextForShortTexts(
      [short('a', 3), long('b', 5)],
      [short('a', 1), long('b', 2)],
      50,
      10,
      read,
    );
    expect(out.map((hit) => [hit.id, hit.score])).toEqual([
      ['a', 3],
      ['b', 2],
    ]);
  });

  it('drops a long item that only its context matched', () => {
    const out = contextForShortTexts([long('b', 4), short('a', 1)], [short('a', 1)], 50, 10, read);
    expect(out.map((hit) => hit.id)).toEqual(['a']);
  });

  it('keeps a short item only the plain run returned, and a long one only it returned', () => {
    const out = contextForShortTexts([], [short('a', 1), long('b', 2)], 50, 10, read);
    expect(out.map((hit) => hit.id)).toEqual(['b', 'a']);
  });

  it('sorts best first with ties by key, and stops at the limit', () => {
    const out = contextForShortTexts(
      [short('c', 2), short('a', 2), short('b', 1)],
      [],
      50,
      2,
      read,
    );
    expect(out.map((hit) => hit.id)).toEqual(['a', 'c']);
  });
});
