import { describe, expect, it } from 'vitest';
import {
  chooseThresholds,
  decideProfile,
  type PairProfile,
  type ProfiledPair,
  profilePair,
  reconcilePair,
  type ScoredPair,
  scoreCalibrationPairs,
  splitCalibrationPairs,
  summariseScores,
} from './calibrate-thresholds.js';
import {
  CALIBRATION_PAIRS,
  type CalibrationLabel,
  type CalibrationPair,
} from './calibration-pairs.js';

function pairById(id: string): CalibrationPair {
  const pair = CALIBRATION_PAIRS.find((p) => p.id === id);
  if (pair === undefined) throw new Error(`no pair ${id}`);
  return pair;
}

/** How `profilePair` profiles the calibration pair `id` at `similarity`. */
function profileOf(id: string, similarity: number): Promise<PairProfile> {
  return profilePair({ pair: pairById(id), similarity });
}

function synthetic(label: CalibrationLabel, n: number): CalibrationPair {
  return { id: `${label}-${n}`, typeTag: 'decision', label, earlier: 'a', later: `b${n}` };
}

function bySimilarity(
  label: CalibrationLabel,
  n: number,
  score: number,
  inBand: 'conflict' | 'supersede' = 'conflict',
): ProfiledPair {
  return {
    pair: synthetic(label, n),
    profile: { decidedBy: 'similarity', score, atMerge: 'merge', inBand, below: 'insert' },
  };
}

describe('profilePair', () => {
  it('finds that structure decides a named replacement whatever the score', async () => {
    const profile = await profileOf('decision-supersedes-01', 0.1);
    expect(profile).toEqual({ decidedBy: 'structure', kind: 'supersede' });
  });

  it('maps a restatement to merge, conflict or insert by region, with the boosted score', async () => {
    const profile = await profileOf('decision-restated-01', 0.5);
    expect(profile).toMatchObject({
      decidedBy: 'similarity',
      atMerge: 'merge',
      inBand: 'conflict',
      below: 'insert',
    });
    expect(profile.decidedBy === 'similarity' ? profile.score : null).toBeCloseTo(0.52, 12);
  });

  it('finds a change of mind without a named object superseding in the band', async () => {
    const profile = await profileOf('decision-supersedes-07', 0.5);
    expect(profile).toMatchObject({ decidedBy: 'similarity', inBand: 'supersede' });
  });

  it('agrees with reconcileCandidates for every pair, score and threshold tried', async () => {
    const thresholds = [
      { merge: 0.9, conflict: 0.8, topicBoost: 0.02 },
      { merge: 0.7, conflict: 0.7, topicBoost: 0.02 },
      { merge: 0.75, conflict: 0.55, topicBoost: 0.02 },
    ];
    const disagreements: string[] = [];
    for (const pair of CALIBRATION_PAIRS) {
      for (const similarity of [0.3, 0.6, 0.72, 0.85, 0.95]) {
        const profile = await profilePair({ pair, similarity });
        for (const t of thresholds) {
          const real = (await reconcilePair(pair, similarity, t)).kind;
          if (decideProfile(profile, t) !== real) disagreements.push(`${pair.id}@${similarity}`);
        }
      }
    }
    expect(disagreements).toEqual([]);
  });
});

describe('chooseThresholds', () => {
  it('puts the merge threshold mid-gap and leaves the band empty when nothing needs it', () => {
    const profiled = [
      bySimilarity('restated', 1, 0.8),
      bySimilarity('restated', 2, 0.84),
      bySimilarity('related-but-distinct', 1, 0.5),
      bySimilarity('related-but-distinct', 2, 0.6),
    ];
    expect(chooseThresholds(profiled)).toEqual({
      thresholds: { merge: 0.7, conflict: 0.7, topicBoost: 0.02 },
      correct: 4,
      total: 4,
    });
  });

  it('opens a band for changes of mind that only similarity can catch', () => {
    const profiled = [
      bySimilarity('restated', 1, 0.8),
      bySimilarity('supersedes', 1, 0.66, 'supersede'),
      bySimilarity('related-but-distinct', 1, 0.5),
      bySimilarity('related-but-distinct', 2, 0.6),
    ];
    expect(chooseThresholds(profiled).thresholds).toEqual({
      merge: 0.73,
      conflict: 0.63,
      topicBoost: 0.02,
    });
  });

  it('counts structural pairs but cannot move them', () => {
    const structural: ProfiledPair = {
      pair: synthetic('supersedes', 9),
      profile: { decidedBy: 'structure', kind: 'conflict' },
    };
    const choice = chooseThresholds([bySimilarity('restated', 1, 0.8), structural]);
    expect(choice).toMatchObject({ correct: 1, total: 2 });
  });

  it('falls back to the seed thresholds when no pair depends on similarity', () => {
    const structural: ProfiledPair = {
      pair: synthetic('supersedes', 1),
      profile: { decidedBy: 'structure', kind: 'supersede' },
    };
    expect(chooseThresholds([structural]).thresholds).toEqual({
      merge: 0.92,
      conflict: 0.85,
      topicBoost: 0.02,
    });
  });
});

describe('decideProfile', () => {
  const profile: PairProfile = {
    decidedBy: 'similarity',
    score: 0.7,
    atMerge: 'merge',
    inBand: 'supersede',
    below: 'insert',
  };
  it.each([
    [0.7, 0.6, 'merge'],
    [0.71, 0.7, 'supersede'],
    [0.8, 0.75, 'insert'],
  ] as const)('with merge %d and conflict %d gives %s', (merge, conflict, kind) => {
    expect(decideProfile(profile, { merge, conflict, topicBoost: 0.02 })).toBe(kind);
  });
});

describe('splitCalibrationPairs', () => {
  it('holds out every third pair of each label, deterministically', () => {
    const items = CALIBRATION_PAIRS.map((pair) => ({ pair }));
    const split = splitCalibrationPairs(items);
    expect(split.train.length + split.heldOut.length).toBe(CALIBRATION_PAIRS.length);
    for (const label of ['restated', 'supersedes', 'related-but-distinct', 'unrelated'] as const) {
      const all = items.filter((i) => i.pair.label === label);
      const held = split.heldOut.filter((i) => i.pair.label === label);
      expect(held.map((i) => i.pair.id)).toEqual(
        all.filter((_, n) => n % 3 === 2).map((i) => i.pair.id),
      );
    }
    expect(splitCalibrationPairs(items)).toEqual(split);
  });
});

describe('summariseScores', () => {
  it('gives the five-number summary and mean per label', () => {
    const scored: ScoredPair[] = [0.1, 0.2, 0.3, 0.4, 0.5].map((similarity, n) => ({
      pair: synthetic('unrelated', n),
      similarity,
    }));
    expect(summariseScores(scored)).toEqual({
      unrelated: { n: 5, min: 0.1, p25: 0.2, median: 0.3, p75: 0.4, max: 0.5, mean: 0.3 },
    });
  });
});

describe('scoreCalibrationPairs', () => {
  it('embeds each distinct text once, in batches, and scores later against earlier', async () => {
    const calls: string[][] = [];
    const pairs = [synthetic('restated', 1), synthetic('restated', 2)];
    const vectors: Record<string, number[]> = { a: [1, 0], b1: [1, 0], b2: [0, 1] };
    const scored = await scoreCalibrationPairs(
      pairs,
      async (texts) => {
        calls.push([...texts]);
        return texts.map((t) => vectors[t] ?? [0, 0]);
      },
      2,
    );
    expect(scored.map((s) => s.similarity)).toEqual([1, 0]);
    expect(calls).toEqual([['a', 'b1'], ['b2']]);
  });
});
