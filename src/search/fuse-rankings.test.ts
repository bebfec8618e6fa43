import { describe, expect, it } from 'vitest';
import { fuseRankings } from './fuse-rankings.js';

describe('fuseRankings', () => {
  it('sums weight / (k + rank) over the lists that rank an item', () => {
    const scores = fuseRankings(
      [
        { keys: ['a', 'b', 'c'], weight: 1 },
        { keys: ['c', 'd'], weight: 0.5 },
      ],
      10,
    );
    expect(scores.get('a')).toBeCloseTo(1 / 11);
    expect(scores.get('b')).toBeCloseTo(1 / 12);
    expect(scores.get('c')).toBeCloseTo(1 / 13 + 0.5 / 11);
    expect(scores.get('d')).toBeCloseTo(0.5 / 12);
  });

  it('lets the heavier list lead when two lists disagree', () => {
    const scores = fuseRankings(
      [
        { keys: ['text-first', 'vector-first'], weight: 1 },
        { keys: ['vector-first', 'text-first'], weight: 0.3 },
      ],
      10,
    );
    expect(scores.get('text-first')).toBeGreaterThan(scores.get('vector-first') ?? 0);
  });

  it('returns nothing for empty lists', () => {
    expect(fuseRankings([{ keys: [], weight: 1 }], 60).size).toBe(0);
  });
});
