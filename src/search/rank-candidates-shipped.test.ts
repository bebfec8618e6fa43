import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.doUnmock('./learned-ranker.json');
  vi.resetModules();
});

describe('the shipped learned model', () => {
  it('is checked on first learned use, not when search is imported', async () => {
    vi.resetModules();
    vi.doMock('./learned-ranker.json', () => ({
      default: { version: 0, features: [], mean: [], scale: [], weights: [] },
    }));
    // Importing succeeds with a broken file: only a learned ranking needs the model.
    const { fuseCandidates } = await import('./rank-candidates.js');
    const list = [
      { key: 'a', bm25: 2, vector: 0.4, textRank: 0, vectorRank: 1, createdAt: 0 },
      { key: 'b', bm25: 1, vector: 0.9, textRank: 1, vectorRank: 0, createdAt: 1 },
    ];
    const settings = { textWeight: 0.5, vectorWeight: 0.5, rankConstant: 10, adaptive: 0 };
    expect(fuseCandidates(list, { ...settings, method: 'score' }).size).toBe(2);
    expect(() => fuseCandidates(list, { ...settings, method: 'learned' })).toThrow(/retrain/);
  });
});
