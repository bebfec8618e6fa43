import {
  analyzeChoice,
  type BatchMessage,
  type CandidateItem,
  createItem,
  defaultStatusFor,
  roundTo,
  type StateItemType,
} from '../core/index.js';
import {
  CALIBRATION_LABELS,
  type CalibrationLabel,
  type CalibrationPair,
  EXPECTED_ACTION,
} from './calibration-pairs.js';
import { cosineSimilarity } from './embedding-similarity.js';
import {
  DEFAULT_RECONCILE_THRESHOLDS,
  type ReconcileAction,
  type ReconcileThresholds,
  reconcileCandidates,
  type SimilaritySource,
} from './reconcile-candidates.js';
import { topicTagsFor } from './rule-item-extractor.js';

/** A calibration pair with the cosine similarity of its two texts under one embedding model. */
export interface ScoredPair {
  readonly pair: CalibrationPair;
  /** Raw cosine of `later` against `earlier`, before any topic boost. */
  readonly similarity: number;
}

type Kind = ReconcileAction['kind'];

/**
 * How reconciliation treats one pair as the thresholds vary. Structure (uid, named or replaced
 * object, same or rival choice) decides some pairs whatever the thresholds; the rest fall back to
 * the similarity score and land in one of three regions.
 */
export type PairProfile =
  | { readonly decidedBy: 'structure'; readonly kind: Kind }
  | {
      readonly decidedBy: 'similarity';
      /** The boosted score the decision tree compares with the thresholds. */
      readonly score: number;
      /** The action when score ≥ merge. */
      readonly atMerge: Kind;
      /** The action when conflict ≤ score < merge (null when no valid thresholds allow it). */
      readonly inBand: Kind | null;
      /** The action when score < conflict (null when no valid thresholds allow it). */
      readonly below: Kind | null;
    };

/** Far below any gap between two distinct scores worth separating, far above float noise. */
const EPSILON = 1e-9;
const EARLIER_AT = '2026-01-05T09:00:00.000Z';
const LATER_AT = '2026-02-10T09:00:00.000Z';
const BATCH: readonly BatchMessage[] = [
  { messageId: 'later', role: 'user', content: '', createdAt: LATER_AT },
];

/** A candidate as the offline extractor would build it: its tags and choice read from the text. */
function candidateFor(typeTag: StateItemType, text: string, ref: string): CandidateItem {
  const choice = analyzeChoice(text);
  return {
    typeTag,
    text,
    status: defaultStatusFor(typeTag),
    confidence: 'high',
    topicTags: topicTagsFor(typeTag, text),
    refs: [ref],
    supersedes: null,
    replaces: choice.replaced,
    chosen: choice.chosen,
    conflict: false,
  };
}

function fixedSimilarity(score: number): SimilaritySource {
  return { similarities: async (_text, others) => others.map(() => score) };
}

/**
 * Reconciles a pair's later statement (cited from a user message) against its earlier item, through
 * `reconcileCandidates`, with `similarity` as the score of the two texts. Returns the one action.
 */
export async function reconcilePair(
  pair: CalibrationPair,
  similarity: number,
  thresholds: ReconcileThresholds,
): Promise<ReconcileAction> {
  const existing = createItem(candidateFor(pair.typeTag, pair.earlier, 'earlier'), {
    createdAtById: new Map([['earlier', EARLIER_AT]]),
    now: EARLIER_AT,
    source: 'rules',
  });
  const outcome = await reconcileCandidates({
    existing: [existing],
    candidates: [candidateFor(pair.typeTag, pair.later, 'later')],
    batch: BATCH,
    similarity: fixedSimilarity(similarity),
    thresholds,
    now: LATER_AT,
    source: 'rules',
  });
  const [action] = outcome.actions;
  if (action === undefined) throw new Error(`no action for calibration pair ${pair.id}`);
  return action;
}

/** The similarity score an action was decided on, or null when structure decided it. */
function similarityScore(action: ReconcileAction): number | null {
  switch (action.kind) {
    case 'insert':
      return action.score;
    case 'merge':
    case 'conflict':
      return action.basis === 'similarity' ? action.score : null;
    case 'supersede':
      return action.evidence.basis === 'similarity' ? action.evidence.score : null;
    case 'drop':
      return null;
  }
}

/**
 * The pair's profile: reconciled once with thresholds that nothing but a perfect score reaches (to
 * learn whether structure decides it and, if not, its boosted score), then once per region.
 */
export async function profilePair(
  scored: ScoredPair,
  topicBoost: number = DEFAULT_RECONCILE_THRESHOLDS.topicBoost,
): Promise<PairProfile> {
  const at = (merge: number, conflict: number) =>
    reconcilePair(scored.pair, scored.similarity, { merge, conflict, topicBoost });
  const probe = await at(1, 1);
  const score = similarityScore(probe);
  if (score === null) return { decidedBy: 'structure', kind: probe.kind };
  const justAbove = score + EPSILON;
  const reachable = justAbove <= 1;
  return {
    decidedBy: 'similarity',
    score,
    atMerge: (await at(score, score)).kind,
    inBand: reachable ? (await at(justAbove, score)).kind : null,
    below: reachable ? (await at(justAbove, justAbove)).kind : null,
  };
}

/** The action a profile gets under `thresholds` (the decision tree's own comparisons). */
export function decideProfile(profile: PairProfile, thresholds: ReconcileThresholds): Kind {
  if (profile.decidedBy === 'structure') return profile.kind;
  if (profile.score >= thresholds.merge) return profile.atMerge;
  if (profile.score >= thresholds.conflict) return profile.inBand ?? profile.atMerge;
  return profile.below ?? profile.atMerge;
}

/** The train and held-out parts of a calibration set. */
interface CalibrationSplit<T> {
  readonly train: readonly T[];
  readonly heldOut: readonly T[];
}

/**
 * Splits pairs deterministically, stratified by label: within each label, in data order, every
 * third pair is held out.
 */
export function splitCalibrationPairs<T extends { readonly pair: CalibrationPair }>(
  items: readonly T[],
): CalibrationSplit<T> {
  const seen = new Map<CalibrationLabel, number>();
  const train: T[] = [];
  const heldOut: T[] = [];
  for (const item of items) {
    const n = seen.get(item.pair.label) ?? 0;
    seen.set(item.pair.label, n + 1);
    (n % 3 === 2 ? heldOut : train).push(item);
  }
  return { train, heldOut };
}

/** A pair with its profile, as the threshold search reads it. */
export interface ProfiledPair {
  readonly pair: CalibrationPair;
  readonly profile: PairProfile;
}

/** The thresholds a search chose and how many of its pairs they decide correctly. */
interface ThresholdChoice {
  readonly thresholds: ReconcileThresholds;
  readonly correct: number;
  readonly total: number;
}

/** Pairs whose action under `thresholds` is the one their label expects. */
function countCorrect(profiled: readonly ProfiledPair[], thresholds: ReconcileThresholds): number {
  return profiled.filter(
    ({ pair, profile }) => decideProfile(profile, thresholds) === EXPECTED_ACTION[pair.label],
  ).length;
}

/**
 * The merge and conflict thresholds that decide the most pairs correctly, searched exhaustively
 * over the cut points between consecutive similarity scores (so each lies mid-gap). Ties go to the
 * widest margin (the smaller distance from either threshold to its nearest score), then to the
 * higher merge threshold, then the higher conflict threshold: a missed merge leaves a duplicate, a
 * wrong merge loses an item. Thresholds are rounded to three decimals.
 */
export function chooseThresholds(
  profiled: readonly ProfiledPair[],
  topicBoost: number = DEFAULT_RECONCILE_THRESHOLDS.topicBoost,
): ThresholdChoice {
  const scores = [
    ...new Set(
      profiled.flatMap(({ profile }) =>
        profile.decidedBy === 'similarity' ? [profile.score] : [],
      ),
    ),
  ].sort((a, b) => a - b);
  const first = scores[0];
  const last = scores.at(-1);
  if (first === undefined || last === undefined) {
    const thresholds = { ...DEFAULT_RECONCILE_THRESHOLDS, topicBoost };
    return { thresholds, correct: countCorrect(profiled, thresholds), total: profiled.length };
  }
  const cuts = [
    Math.max(-1, roundTo(first - 0.01, 3)),
    ...scores.slice(1).map((score, i) => roundTo((score + (scores[i] ?? score)) / 2, 3)),
    Math.min(1, roundTo(last + 0.01, 3)),
  ];
  const candidates = [...new Set(cuts)].sort((a, b) => a - b);
  const margin = (cut: number) =>
    scores.reduce((best, score) => Math.min(best, Math.abs(score - cut)), Number.POSITIVE_INFINITY);
  let best: { thresholds: ReconcileThresholds; correct: number; margin: number } | null = null;
  for (const merge of candidates) {
    for (const conflict of candidates) {
      if (conflict > merge) break;
      const thresholds = { merge, conflict, topicBoost };
      const correct = countCorrect(profiled, thresholds);
      const gap = Math.min(margin(merge), margin(conflict));
      const better =
        best === null ||
        correct > best.correct ||
        (correct === best.correct &&
          (gap > best.margin ||
            (gap === best.margin &&
              (merge > best.thresholds.merge ||
                (merge === best.thresholds.merge && conflict > best.thresholds.conflict)))));
      if (better) best = { thresholds, correct, margin: gap };
    }
  }
  const thresholds = best?.thresholds ?? { ...DEFAULT_RECONCILE_THRESHOLDS, topicBoost };
  return { thresholds, correct: countCorrect(profiled, thresholds), total: profiled.length };
}

/** Five-number summary and mean of a label's scores, rounded to three decimals. */
interface ScoreSummary {
  readonly n: number;
  readonly min: number;
  readonly p25: number;
  readonly median: number;
  readonly p75: number;
  readonly max: number;
  readonly mean: number;
}

function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const low = sorted[Math.floor(at)] ?? 0;
  const high = sorted[Math.ceil(at)] ?? low;
  return low + (high - low) * (at - Math.floor(at));
}

/** The distribution of raw similarity scores per label (labels without pairs are left out). */
export function summariseScores(
  scored: readonly ScoredPair[],
): Partial<Record<CalibrationLabel, ScoreSummary>> {
  const summary: Partial<Record<CalibrationLabel, ScoreSummary>> = {};
  for (const label of CALIBRATION_LABELS) {
    const values = scored
      .filter(({ pair }) => pair.label === label)
      .map(({ similarity }) => similarity)
      .sort((a, b) => a - b);
    if (values.length === 0) continue;
    summary[label] = {
      n: values.length,
      min: roundTo(values[0] ?? 0, 3),
      p25: roundTo(quantile(values, 0.25), 3),
      median: roundTo(quantile(values, 0.5), 3),
      p75: roundTo(quantile(values, 0.75), 3),
      max: roundTo(values.at(-1) ?? 0, 3),
      mean: roundTo(values.reduce((sum, v) => sum + v, 0) / values.length, 3),
    };
  }
  return summary;
}

/** One pair's action under some thresholds, against the one its label expects. */
interface PairDecision {
  readonly pair: CalibrationPair;
  readonly expected: Kind;
  readonly actual: Kind;
}

/** Reconciles every pair through `reconcileCandidates` under `thresholds`. */
async function decidePairs(
  scored: readonly ScoredPair[],
  thresholds: ReconcileThresholds,
): Promise<readonly PairDecision[]> {
  const decisions: PairDecision[] = [];
  for (const { pair, similarity } of scored) {
    const action = await reconcilePair(pair, similarity, thresholds);
    decisions.push({ pair, expected: EXPECTED_ACTION[pair.label], actual: action.kind });
  }
  return decisions;
}

/** Correct decisions out of a number of pairs. */
export interface CalibrationAccuracy {
  readonly correct: number;
  readonly total: number;
}

/** Accuracy of one set of thresholds on the train and held-out pairs and on all of them. */
interface SplitAccuracy {
  readonly train: CalibrationAccuracy;
  readonly heldOut: CalibrationAccuracy;
  readonly all: CalibrationAccuracy;
}

/** What the calibration of one embedding model measured (kept in `calibrations.ts`). */
export interface CalibrationRecord {
  /** Pairs in the calibration set, and how they were split. */
  readonly pairs: { readonly all: number; readonly train: number; readonly heldOut: number };
  /** Pairs that structure decides whatever the thresholds. */
  readonly decidedByStructure: number;
  /**
   * Pairs whose expected action some thresholds reach, each on its own: an upper bound on what
   * any one pair of thresholds can get right.
   */
  readonly ceiling: CalibrationAccuracy;
  /** With the calibrated thresholds. */
  readonly calibrated: SplitAccuracy;
  /** With seed 001's thresholds, for comparison. */
  readonly seedDefaults: SplitAccuracy;
  /** Raw cosine similarity per label, before the topic boost. */
  readonly scores: Partial<Record<CalibrationLabel, ScoreSummary>>;
}

/** Embeds texts, one vector per text, in order. */
type EmbedCalibrationTexts = (texts: readonly string[]) => Promise<readonly ArrayLike<number>[]>;

/** Cosine of each pair's texts under `embed`, each distinct text embedded once, in batches. */
export async function scoreCalibrationPairs(
  pairs: readonly CalibrationPair[],
  embed: EmbedCalibrationTexts,
  batchSize = 32,
): Promise<ScoredPair[]> {
  const texts = [...new Set(pairs.flatMap((p) => [p.earlier, p.later]))];
  const vectors = new Map<string, ArrayLike<number>>();
  for (let i = 0; i < texts.length; i += batchSize) {
    const chunk = texts.slice(i, i + batchSize);
    const embedded = await embed(chunk);
    chunk.forEach((text, j) => {
      const vector = embedded[j];
      if (vector === undefined) throw new Error(`no vector for calibration text ${i + j}`);
      vectors.set(text, vector);
    });
  }
  return pairs.map((pair) => ({
    pair,
    similarity: cosineSimilarity(vectors.get(pair.later) ?? [], vectors.get(pair.earlier) ?? []),
  }));
}

/** A scored pair with its profile. */
interface ProfiledScoredPair extends ScoredPair {
  readonly profile: PairProfile;
}

/** The outcome of calibrating one model on a scored calibration set. */
interface Calibration {
  readonly thresholds: ReconcileThresholds;
  readonly record: CalibrationRecord;
  readonly profiled: readonly ProfiledScoredPair[];
  readonly split: CalibrationSplit<ProfiledScoredPair>;
  /** Every pair reconciled under the calibrated thresholds (train first, then held-out). */
  readonly decisions: readonly PairDecision[];
}

function accuracyOf(decisions: readonly PairDecision[]): CalibrationAccuracy {
  return {
    correct: decisions.filter((d) => d.actual === d.expected).length,
    total: decisions.length,
  };
}

/**
 * Calibrates the thresholds on scored pairs: profiles every pair, splits them
 * (`splitCalibrationPairs`), chooses on the train part (`chooseThresholds`), then reconciles every
 * pair for real under the chosen thresholds and under seed 001's to report both. Deterministic.
 */
export async function calibrateScoredPairs(
  scored: readonly ScoredPair[],
  topicBoost: number = DEFAULT_RECONCILE_THRESHOLDS.topicBoost,
): Promise<Calibration> {
  const profiled: ProfiledScoredPair[] = [];
  for (const item of scored)
    profiled.push({ ...item, profile: await profilePair(item, topicBoost) });
  const split = splitCalibrationPairs(profiled);
  const choice = chooseThresholds(split.train, topicBoost);
  const evaluate = async (thresholds: ReconcileThresholds) => {
    const train = await decidePairs(split.train, thresholds);
    const heldOut = await decidePairs(split.heldOut, thresholds);
    return { train, heldOut, all: [...train, ...heldOut] };
  };
  const calibrated = await evaluate(choice.thresholds);
  if (accuracyOf(calibrated.train).correct !== choice.correct) {
    throw new Error('the threshold search and reconcileCandidates disagree on the train pairs');
  }
  const seed = await evaluate({ ...DEFAULT_RECONCILE_THRESHOLDS, topicBoost });
  const split3 = (d: {
    readonly train: readonly PairDecision[];
    readonly heldOut: readonly PairDecision[];
    readonly all: readonly PairDecision[];
  }): SplitAccuracy => ({
    train: accuracyOf(d.train),
    heldOut: accuracyOf(d.heldOut),
    all: accuracyOf(d.all),
  });
  const reachable = profiled.filter(({ pair, profile }) => {
    const expected = EXPECTED_ACTION[pair.label];
    return profile.decidedBy === 'structure'
      ? profile.kind === expected
      : [profile.atMerge, profile.inBand, profile.below].includes(expected);
  }).length;
  return {
    thresholds: choice.thresholds,
    record: {
      pairs: { all: scored.length, train: split.train.length, heldOut: split.heldOut.length },
      decidedByStructure: profiled.filter(({ profile }) => profile.decidedBy === 'structure')
        .length,
      ceiling: { correct: reachable, total: scored.length },
      calibrated: split3(calibrated),
      seedDefaults: split3(seed),
      scores: summariseScores(scored),
    },
    profiled,
    split,
    decisions: calibrated.all,
  };
}
