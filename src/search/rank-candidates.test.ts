import { describe, expect, it } from 'vitest';
import { FEATURE_NAMES, FEATURE_SETS, FEATURE_VERSION } from './learned-ranker.js';
import {
  type FusionCandidate,
  type FusionMethod,
  fuseCandidates,
  lengthSpread,
  queryWeights,
  rankCandidates,
  rankerConfidence,
  rankFused,
} from './rank-candidates.js';

const DAY = 86_400_000;

function candidate(
  key: string,
  bm25: number | null,
  vector: number | null,
  at = 0,
): FusionCandidate {
  return { key, bm25, vector, textRank: Infinity, vectorRank: Infinity, createdAt: at };
}

function ranked(list: FusionCandidate[]): FusionCandidate[] {
  const byText = list.filter((c) => c.bm25 !== null).sort((a, b) => (b.bm25 ?? 0) - (a.bm25 ?? 0));
  const byVector = list
    .filter((c) => c.vector !== null)
    .sort((a, b) => (b.vector ?? 0) - (a.vector ?? 0));
  return list.map((c) => ({
    ...c,
    textRank: c.bm25 === null ? Infinity : byText.indexOf(c),
    vectorRank: c.vector === null ? Infinity : byVector.indexOf(c),
  }));
}

const SCORE: FusionMethod = {
  method: 'score',
  textWeight: 0.5,
  vectorWeight: 0.5,
  rankConstant: 10,
  adaptive: 0,
};
const NO_ADJUST = { window: null, timeBoost: 0, timeGraceDays: 0, now: 0, recencyWeight: 0 };

/** The keys of `list` in the order `rankCandidates` puts them. */
function rankedKeys(
  list: readonly FusionCandidate[],
  method: FusionMethod,
  adjust: Parameters<typeof rankCandidates>[2],
): string[] {
  return rankCandidates(list, method, adjust).map((r) => r.candidate.key);
}

describe('rankerConfidence', () => {
  it('is zero for a flat list and grows as the best score stands out', () => {
    expect(rankerConfidence([2, 2, 2, 2])).toBe(0);
    expect(rankerConfidence([1])).toBe(0);
    const peaked = rankerConfidence([10, 1, 1, 1, 1]);
    const milder = rankerConfidence([3, 2, 2, 1, 1]);
    expect(peaked).toBeGreaterThan(milder);
  });

  it('does not depend on the scale of the scores', () => {
    expect(rankerConfidence([9, 3, 2, 1])).toBeCloseTo(rankerConfidence([0.9, 0.3, 0.2, 0.1]));
  });
});

describe('fuseCandidates (score)', () => {
  it('combines normalised scores by the fixed share when not adaptive', () => {
    const list = ranked([
      candidate('a', 10, 0.2),
      candidate('b', null, 0.8),
      candidate('c', 5, 0.5),
    ]);
    const scores = fuseCandidates(list, SCORE);
    // BM25 over the best BM25 (10 → 1, 5 → 0.5, missing → 0); cosine min-max (0.2 → 0, 0.8 → 1).
    expect(scores.get('a')).toBeCloseTo(0.5);
    expect(scores.get('b')).toBeCloseTo(0.5);
    expect(scores.get('c')).toBeCloseTo(0.5 * 0.5 + 0.5 * 0.5);
  });

  it('keeps a share for the weakest full-text match', () => {
    const list = ranked([candidate('a', 10, null), candidate('b', 4, null)]);
    expect(fuseCandidates(list, SCORE).get('b')).toBeGreaterThan(0);
  });

  it('moves the share toward the more confident ranker when adaptive', () => {
    // Full text is flat (the words did not discriminate); the vectors single one item out.
    const list = ranked([
      candidate('a', 1, 0.9),
      candidate('b', 1, 0.1),
      candidate('c', 1, 0.1),
      candidate('d', 1, 0.1),
    ]);
    const fixed = queryWeights(list, SCORE).vectorShare;
    const adaptive = queryWeights(list, { ...SCORE, adaptive: 1 }).vectorShare;
    expect(fixed).toBe(0.5);
    expect(adaptive).toBe(1);
  });

  it('uses the only ranker that answered', () => {
    const list = ranked([candidate('a', null, 0.9), candidate('b', null, 0.1)]);
    expect(queryWeights(list, SCORE).vectorShare).toBe(1);
  });
});

describe('rankCandidates', () => {
  it('boosts items inside the named window and sorts stably', () => {
    const list = ranked([
      candidate('old', 5, null, 0),
      candidate('new', 4, null, 10 * DAY),
      candidate('weak', 1, null, 0),
    ]);
    const plain = rankedKeys(list, SCORE, NO_ADJUST);
    const boosted = rankedKeys(list, SCORE, {
      ...NO_ADJUST,
      window: { start: 9 * DAY, end: 11 * DAY },
      timeBoost: 1,
    });
    expect(plain).toEqual(['old', 'new', 'weak']);
    expect(boosted).toEqual(['new', 'old', 'weak']);
  });

  it('favours newer items for current-value questions', () => {
    const list = ranked([
      candidate('old', 1, 0.9, 0),
      candidate('new', 0.9, 0.85, 30 * DAY),
      candidate('other', 0.1, 0.1, 15 * DAY),
    ]);
    const order = rankedKeys(list, SCORE, { ...NO_ADJUST, latestBoost: 1 });
    expect(order[0]).toBe('new');
  });

  it('spreads gathering questions across sessions', () => {
    const threads: Record<string, string> = { a1: 'A', a2: 'A', b1: 'B' };
    const list = ranked([
      candidate('a1', 10, null),
      candidate('a2', 9, null),
      candidate('b1', 8.5, null),
      candidate('z', 0, null),
    ]);
    const order = rankedKeys(list, SCORE, {
      ...NO_ADJUST,
      sessionSpread: 0.5,
      threadOf: (key) => threads[key] ?? key,
    });
    expect(order.slice(0, 3)).toEqual(['a1', 'b1', 'a2']);
  });
});

describe('rankCandidates (dates mentioned in the text)', () => {
  it('boosts an item that mentions a day inside the period like one written in it', () => {
    const window = { start: 10 * DAY, end: 11 * DAY };
    const written = { ...candidate('written-then', 1, null, 10 * DAY), textRank: 1 };
    const mentions = {
      ...candidate('mentions-it', 1, null, 40 * DAY),
      textRank: 2,
      mentionedDays: [10 * DAY],
    };
    const other = {
      ...candidate('other-day', 1, null, 40 * DAY),
      textRank: 0,
      mentionedDays: [12 * DAY],
    };
    const order = rankedKeys([written, mentions, other], SCORE, {
      ...NO_ADJUST,
      window,
      timeBoost: 1,
    });
    expect(order).toEqual(['written-then', 'mentions-it', 'other-day']);
  });
});

describe('fact keys, cosine scale and one-sided confidence', () => {
  it('adds the key relevance over the best only when keyWeight is set, and lets a key-only item rank', () => {
    const list = ranked([
      candidate('text', 2, 0.5),
      { ...candidate('keyed', null, null), keys: 4 },
      { ...candidate('half', 1, 0.4), keys: 2 },
    ]);
    const off = fuseCandidates(list, SCORE);
    expect(off.get('keyed')).toBe(0);
    const on = fuseCandidates(list, { ...SCORE, keyWeight: 0.5 });
    expect(on.get('keyed')).toBeCloseTo(0.5);
    expect((on.get('half') ?? 0) - (off.get('half') ?? 0)).toBeCloseTo(0.25);
    expect(on.get('text')).toBeCloseTo(off.get('text') ?? Number.NaN);
  });

  it('keeps a flat cosine list flat when cosines are scaled over the best', () => {
    const list = ranked([candidate('a', null, 0.42), candidate('b', null, 0.4)]);
    const vectorsOnly = { ...SCORE, textWeight: 0, vectorWeight: 1 };
    expect(fuseCandidates(list, vectorsOnly).get('b')).toBe(0);
    expect(fuseCandidates(list, { ...vectorsOnly, vectorScale: 'max' }).get('b')).toBeCloseTo(
      0.4 / 0.42,
    );
  });

  it('moves the vector share only the allowed way', () => {
    // BM25 stands out, the vectors are flat: confidence says "toward BM25".
    const cosines = [0.5, 0.5, 0.5, 0.5, 0.5, 0.3];
    const list = ranked(cosines.map((cosine, i) => candidate(`c${i}`, i === 0 ? 10 : 1, cosine)));
    const method = { ...SCORE, textWeight: 0.8, vectorWeight: 0.2, adaptive: 0.5 };
    expect(queryWeights(list, method).vectorShare).toBeLessThan(0.2);
    expect(queryWeights(list, { ...method, adaptiveDirection: 'down' }).vectorShare).toBeLessThan(
      0.2,
    );
    expect(queryWeights(list, { ...method, adaptiveDirection: 'up' }).vectorShare).toBeCloseTo(0.2);
  });
});

describe('mixed lengths (lengthSpread, mixedLengths)', () => {
  const sized = (key: string, bm25: number, vector: number, length: number): FusionCandidate => ({
    ...candidate(key, bm25, vector),
    length,
  });
  const even = ranked([sized('a', 3, 0.9, 100), sized('b', 2, 0.5, 120), sized('c', 1, 0.1, 80)]);
  const mixed = ranked([sized('a', 3, 0.9, 40), sized('b', 2, 0.5, 2000), sized('c', 1, 0.1, 60)]);
  const method: FusionMethod = {
    ...SCORE,
    textWeight: 0.8,
    vectorWeight: 0.2,
    mixedLengths: { spread: 0.8, vectorShare: 0.4 },
  };

  it('measures the spread of the lengths as standard deviation over mean', () => {
    expect(lengthSpread(even)).toBeCloseTo(Math.sqrt(800 / 3) / 100);
    expect(lengthSpread(mixed)).toBeGreaterThan(1.3);
    expect(lengthSpread([candidate('a', 1, 1)])).toBe(0);
  });

  it('takes the mixed share only when the lengths spread at least as far as asked', () => {
    expect(queryWeights(even, method).vectorShare).toBeCloseTo(0.2);
    expect(queryWeights(mixed, method).vectorShare).toBeCloseTo(0.4);
    const off = { ...method, mixedLengths: { spread: 0, vectorShare: 0.4 } };
    expect(queryWeights(mixed, off).vectorShare).toBeCloseTo(0.2);
  });

  it('lets the confidence move the mixed share as it moves the fixed one', () => {
    const moved = queryWeights(mixed, { ...method, adaptive: 0.5 });
    const confident = moved.vectorConfidence / (moved.vectorConfidence + moved.textConfidence);
    expect(moved.vectorShare).toBeCloseTo(0.5 * 0.4 + 0.5 * confident);
  });
});

describe('fuseCandidates (learned)', () => {
  const model = (weights: Record<string, number>) => ({
    version: FEATURE_VERSION,
    features: [...FEATURE_NAMES],
    mean: FEATURE_NAMES.map(() => 0),
    scale: FEATURE_NAMES.map(() => 1),
    weights: FEATURE_NAMES.map((name) => weights[name] ?? 0),
  });

  it('ranks by the model over both lists', () => {
    const list = ranked([
      candidate('old', 3, 0.9, 0),
      candidate('new', 1, 0.2, 10 * DAY),
      candidate('mid', 2, 0.5, 5 * DAY),
    ]);
    const byWeights = (weights: Record<string, number>) =>
      rankedKeys(list, { ...SCORE, method: 'learned', model: model(weights) }, NO_ADJUST);
    expect(byWeights({ recency: 1 })).toEqual(['new', 'mid', 'old']);
    expect(byWeights({ base: 1 })).toEqual(['old', 'mid', 'new']);
  });

  it('still ranks with a model of feature set 1, as set 2 does with its extra column at 0', () => {
    const set1 = FEATURE_SETS[1] ?? [];
    const list = ranked([
      candidate('a', 3, 0.2, 0),
      candidate('b', 1, 0.9, 10 * DAY),
      candidate('c', 2, 0.5, 5 * DAY),
    ]);
    const weights: Record<string, number> = { bm25: 0.3, cosine: 1, recency: 0.2 };
    const old = {
      version: 1,
      features: [...set1],
      mean: set1.map(() => 0),
      scale: set1.map(() => 1),
      weights: set1.map((name) => weights[name] ?? 0),
    };
    const byOld = rankedKeys(list, { ...SCORE, method: 'learned', model: old }, NO_ADJUST);
    const byNew = rankedKeys(
      list,
      { ...SCORE, method: 'learned', model: model(weights) },
      NO_ADJUST,
    );
    expect(byOld).toEqual(['b', 'c', 'a']);
    expect(byNew).toEqual(byOld);
  });

  it('falls back to the score fusion when only one ranker answered', () => {
    const list = ranked([candidate('a', 1, null, 0), candidate('b', 3, null, DAY)]);
    const learned = fuseCandidates(list, {
      ...SCORE,
      method: 'learned',
      model: model({ recency: -1 }),
    });
    expect(learned).toEqual(fuseCandidates(list, SCORE));
  });
});

describe('fuseCandidates (learned) with a caller-supplied model', () => {
  const list = ranked([candidate('a', 2, 0.4, 0), candidate('b', 1, 0.9, DAY)]);
  const good = {
    version: FEATURE_VERSION,
    features: [...FEATURE_NAMES],
    mean: FEATURE_NAMES.map(() => 0),
    scale: FEATURE_NAMES.map(() => 1),
    weights: FEATURE_NAMES.map(() => 0),
  };

  it('refuses a model of another feature set before ranking with it', () => {
    const stale = { ...good, features: good.features.slice(1) };
    expect(() => fuseCandidates(list, { ...SCORE, method: 'learned', model: stale })).toThrow(
      /fusion\.model: .*retrain/,
    );
  });

  it('refuses a model with a weight that is not a finite number', () => {
    const broken = { ...good, weights: good.weights.map((w, i) => (i === 3 ? Number.NaN : w)) };
    expect(() => fuseCandidates(list, { ...SCORE, method: 'learned', model: broken })).toThrow(
      /fusion\.model: .*finite/,
    );
  });

  it('refuses a bad model even when one ranker alone answered', () => {
    const textOnly = ranked([candidate('a', 2, null, 0)]);
    const stale = { ...good, version: FEATURE_VERSION + 1 };
    expect(() => fuseCandidates(textOnly, { ...SCORE, method: 'learned', model: stale })).toThrow(
      /fusion\.model/,
    );
  });

  it('ranks with a valid model', () => {
    const scores = fuseCandidates(list, { ...SCORE, method: 'learned', model: good });
    expect([...scores.keys()].sort()).toEqual(['a', 'b']);
  });
});

describe('rankFused', () => {
  const list = ranked([
    candidate('old', 3, 0.2, 0),
    candidate('inside', 1, 0.9, 10 * DAY),
    candidate('new', 2, 0.5, 20 * DAY),
  ]);
  const window = { start: 9 * DAY, end: 11 * DAY };

  it('orders scores of its own exactly as rankCandidates orders the fusion', () => {
    const adjust = { ...NO_ADJUST, window, timeBoost: 1, now: 20 * DAY };
    const own = rankFused(list, fuseCandidates(list, SCORE), adjust);
    expect(own).toEqual(rankCandidates(list, SCORE, adjust));
  });

  it('applies the named period to scores it did not fuse', () => {
    const flat = new Map([
      ['old', 1],
      ['inside', 1],
      ['new', 1],
    ]);
    const keys = (adjust: Parameters<typeof rankFused>[2]) =>
      rankFused(list, flat, adjust).map((r) => r.candidate.key);
    expect(keys({ ...NO_ADJUST, window, timeBoost: 1 })[0]).toBe('inside');
    // Equal scores fall back to the full-text rank.
    expect(keys(NO_ADJUST)).toEqual(['old', 'new', 'inside']);
  });
});
