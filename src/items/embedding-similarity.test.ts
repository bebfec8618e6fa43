import { describe, expect, it } from 'vitest';
import { cosineSimilarity, createEmbeddingSimilarity } from './embedding-similarity.js';

describe('cosineSimilarity', () => {
  it.each([
    [[1, 0], [1, 0], 1],
    [[1, 0], [0, 1], 0],
    [[1, 0], [-1, 0], -1],
    [[3, 4], [6, 8], 1],
    [[0, 0], [1, 1], 0],
    [[1, 2, 3], [1, 2], 0],
  ])('of %j and %j is %d', (a, b, expected) => {
    expect(cosineSimilarity(a, b)).toBeCloseTo(expected, 12);
  });

  it('accepts typed arrays', () => {
    expect(cosineSimilarity(new Float32Array([1, 1]), [1, 1])).toBeCloseTo(1, 6);
  });
});

describe('createEmbeddingSimilarity', () => {
  it('scores each text against the query and embeds every text once', async () => {
    const embedded: string[][] = [];
    const vectors: Record<string, number[]> = { q: [1, 0], a: [1, 0], b: [0, 1], c: [1, 1] };
    const similarity = createEmbeddingSimilarity({
      embed: async (texts) => {
        embedded.push([...texts]);
        return texts.map((t) => vectors[t] ?? [0, 0]);
      },
    });
    expect(await similarity.similarities('q', ['a', 'b'])).toEqual([1, 0]);
    const again = await similarity.similarities('q', ['a', 'c']);
    expect(again[1]).toBeCloseTo(Math.SQRT1_2, 12);
    expect(embedded).toEqual([['q', 'a', 'b'], ['c']]);
  });
});
