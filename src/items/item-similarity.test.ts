import { describe, expect, it } from 'vitest';
import { createItemSimilarity } from './item-similarity.js';

describe('createItemSimilarity', () => {
  it('scores every pair 0 without a model, leaving decisions to structure', async () => {
    const similarity = createItemSimilarity(null);
    expect(await similarity.similarities('use redis', ['use redis', 'use kafka'])).toEqual([0, 0]);
    expect(similarity.mode()).toBe('structure');
  });

  it('scores by cosine of the embeddings while the model answers', async () => {
    const vectors: Record<string, number[]> = { a: [1, 0], b: [1, 0], c: [0, 1] };
    const similarity = createItemSimilarity(async (texts) =>
      texts.map((t) => vectors[t] ?? [0, 0]),
    );
    expect(await similarity.similarities('a', ['b', 'c'])).toEqual([1, 0]);
    expect(similarity.mode()).toBe('embeddings');
  });

  it('falls back to structure for the rest of the run once the model fails', async () => {
    let calls = 0;
    const similarity = createItemSimilarity(async (texts) => {
      calls += 1;
      if (calls === 1) throw new Error('model down');
      return texts.map(() => [1, 0]);
    });
    expect(await similarity.similarities('a', ['b'])).toEqual([0]);
    expect(await similarity.similarities('a', ['b'])).toEqual([0]);
    expect(calls).toBe(1);
    expect(similarity.mode()).toBe('degraded');
  });
});
