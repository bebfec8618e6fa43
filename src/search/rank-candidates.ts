import { fuseRankings } from './fuse-rankings.js';
import {
  candidateFeatures,
  checkModel,
  FEATURE_NAMES,
  type LearnedModel,
  scoreFeatures,
} from './learned-ranker.js';
import shippedModelJson from './learned-ranker.json' with { type: 'json' };
import { minMax, overMax } from './score-scales.js';

/** One item one or both rankers returned, before fusion. */
export interface FusionCandidate {
  /** Stable identity of the item. */
  readonly key: string;
  /** BM25 relevance (higher is better), or null when full text did not return it. */
  readonly bm25: number | null;
  /** Cosine similarity to the query, or null when the vector ranker did not return it. */
  readonly vector: number | null;
  /** 0-based rank in the full-text list; Infinity when absent. */
  readonly textRank: number;
  /** 0-based rank in the vector list; Infinity when absent. */
  readonly vectorRank: number;
  /** When the item was created, epoch ms. */
  readonly createdAt: number;
  /**
   * Relevance of the item's fact keys (`Store.searchFactKeys`), higher is better; null or absent
   * when the key index did not return it.
   */
  readonly keys?: number | null;
  /**
   * UTC days (epoch ms) the item's text mentions (`mentionedDays`), when known: an item that
   * talks about a day inside the query's period counts as inside it, like one written then.
   */
  readonly mentionedDays?: readonly number[];
  /** Length of the item's text in characters, when known (read by `mixedLengths`). */
  readonly length?: number;
}

/** How two rankings become one (a subset of `FusionSettings`). */
export interface FusionMethod {
  /**
   * `score`: a convex combination of normalised scores (BM25 over the best BM25, cosine min-max
   * over the candidates); `rrf`: weighted reciprocal rank fusion; `learned`: the per-candidate
   * linear ranker (`learned-ranker.ts`) over features of each candidate, of its session and of
   * the query, with the `score` fusion as one of them.
   */
  readonly method: 'score' | 'rrf' | 'learned';
  /**
   * The model `learned` scores with; the shipped `learned-ranker.json` when absent. Checked
   * against this code's feature set (`checkModel`) before its first use; a mismatch throws.
   */
  readonly model?: LearnedModel;
  readonly textWeight: number;
  readonly vectorWeight: number;
  /** The reciprocal-rank constant k (`rrf` only). */
  readonly rankConstant: number;
  /**
   * How far the vector share moves toward each ranker's confidence in this query, 0–1 (`score`
   * only): 0 keeps the fixed weights; 1 uses only the confidences.
   */
  readonly adaptive: number;
  /**
   * Weight of the fact-key ranking: `score` adds this × keys relevance over the best one; `rrf`
   * adds a third ranking with this weight. 0 (or absent) = off.
   */
  readonly keyWeight?: number;
  /**
   * How cosines are scaled before the convex combination (`score` only): `minmax` (default)
   * stretches the candidates' cosines over 0–1, so a flat vector list still spans the whole
   * range; `max` divides by the best cosine, as BM25 is, so a flat list stays flat.
   */
  readonly vectorScale?: 'minmax' | 'max';
  /**
   * Which way the confidence may move the vector share: `both` (default), only `up` (toward the
   * vectors when they stand out more than their fixed share says) or only `down` (toward BM25).
   */
  readonly adaptiveDirection?: 'both' | 'up' | 'down';
  /**
   * A fixed vector share for queries whose candidates mix short and long texts (`score` only).
   * BM25's length normalisation only partly offsets that a long text holds more of a query's
   * words by chance; when the candidates' lengths spread widely (coefficient of variation at or
   * above `spread`), the fixed share becomes `vectorShare` before `adaptive` moves it. Absent =
   * off.
   */
  readonly mixedLengths?: { readonly spread: number; readonly vectorShare: number };
}

/** Items of each list whose scores measure a ranker's confidence. */
const CONFIDENCE_DEPTH = 20;

/**
 * How much a ranker's best score stands out from the rest of its top list, in standard deviations
 * (scale-free, so BM25 on SQLite, ts_rank on PostgreSQL and cosines compare). A flat list (the
 * query's words or meaning did not discriminate) scores near 0. Empty or one-item lists score 0.
 */
export function rankerConfidence(scores: readonly number[]): number {
  const top = [...scores].sort((a, b) => b - a).slice(0, CONFIDENCE_DEPTH);
  if (top.length < 2) return 0;
  const mean = top.reduce((sum, s) => sum + s, 0) / top.length;
  const variance = top.reduce((sum, s) => sum + (s - mean) ** 2, 0) / top.length;
  const deviation = Math.sqrt(variance);
  if (deviation === 0) return 0;
  return Math.max(0, ((top[0] ?? mean) - mean) / deviation);
}

/**
 * How widely the candidates' text lengths spread: standard deviation over mean (0 when fewer
 * than two lengths are known or all are empty).
 */
export function lengthSpread(candidates: readonly FusionCandidate[]): number {
  const lengths = candidates.flatMap((c) => (c.length === undefined ? [] : [c.length]));
  if (lengths.length < 2) return 0;
  const mean = lengths.reduce((sum, l) => sum + l, 0) / lengths.length;
  if (mean <= 0) return 0;
  const variance = lengths.reduce((sum, l) => sum + (l - mean) ** 2, 0) / lengths.length;
  return Math.sqrt(variance) / mean;
}

/** The fixed vector share before confidence: the weights' share, or `mixedLengths`' when it applies. */
function fixedShare(candidates: readonly FusionCandidate[], method: FusionMethod): number {
  const mixed = method.mixedLengths;
  if (mixed !== undefined && mixed.spread > 0 && lengthSpread(candidates) >= mixed.spread) {
    return Math.min(1, Math.max(0, mixed.vectorShare));
  }
  const total = method.textWeight + method.vectorWeight;
  return total > 0 ? method.vectorWeight / total : 0.5;
}

/** The vector share of the fusion for one query, and the confidences it came from. */
export interface QueryWeights {
  readonly vectorShare: number;
  readonly textConfidence: number;
  readonly vectorConfidence: number;
}

/** The vector share for one query: the fixed share moved toward the rankers' confidences. */
export function queryWeights(
  candidates: readonly FusionCandidate[],
  method: FusionMethod,
): QueryWeights {
  const fixed = fixedShare(candidates, method);
  const textScores = candidates.flatMap((c) => (c.bm25 === null ? [] : [c.bm25]));
  const vectorScores = candidates.flatMap((c) => (c.vector === null ? [] : [c.vector]));
  const textConfidence = rankerConfidence(textScores);
  const vectorConfidence = rankerConfidence(vectorScores);
  if (textScores.length === 0) return { vectorShare: 1, textConfidence, vectorConfidence };
  if (vectorScores.length === 0) return { vectorShare: 0, textConfidence, vectorConfidence };
  const sum = textConfidence + vectorConfidence;
  const confident = sum > 0 ? vectorConfidence / sum : fixed;
  const adaptive = Math.min(1, Math.max(0, method.adaptive));
  const direction = method.adaptiveDirection ?? 'both';
  const target =
    direction === 'up'
      ? Math.max(fixed, confident)
      : direction === 'down'
        ? Math.min(fixed, confident)
        : confident;
  return {
    vectorShare: (1 - adaptive) * fixed + adaptive * target,
    textConfidence,
    vectorConfidence,
  };
}

/**
 * Fuses the candidates of one query into one score each (higher is better). Pure: the same
 * candidates and settings always give the same scores.
 */
export function fuseCandidates(
  candidates: readonly FusionCandidate[],
  method: FusionMethod,
  adjust?: RankAdjustments,
): Map<string, number> {
  if (method.method === 'learned') return learnedScores(candidates, method, adjust);
  const keyWeight = Math.max(0, method.keyWeight ?? 0);
  if (method.method === 'rrf') {
    const byText = candidates
      .filter((c) => c.bm25 !== null)
      .sort((a, b) => a.textRank - b.textRank)
      .map((c) => c.key);
    const byVector = candidates
      .filter((c) => c.vector !== null)
      .sort((a, b) => a.vectorRank - b.vectorRank)
      .map((c) => c.key);
    const byKeys = candidates
      .filter((c) => (c.keys ?? null) !== null)
      .sort((a, b) => (b.keys ?? 0) - (a.keys ?? 0) || (a.key < b.key ? -1 : 1))
      .map((c) => c.key);
    return fuseRankings(
      [
        { keys: byText, weight: method.textWeight },
        { keys: byVector, weight: method.vectorWeight },
        ...(keyWeight > 0 ? [{ keys: byKeys, weight: keyWeight }] : []),
      ],
      method.rankConstant,
    );
  }
  const { vectorShare } = queryWeights(candidates, method);
  const text = overMax(candidates.flatMap((c) => (c.bm25 === null ? [] : [c.bm25])));
  const cosines = candidates.flatMap((c) => (c.vector === null ? [] : [c.vector]));
  const vector = method.vectorScale === 'max' ? overMax(cosines) : minMax(cosines);
  const keys = overMax(candidates.flatMap((c) => ((c.keys ?? null) === null ? [] : [c.keys ?? 0])));
  const scores = new Map<string, number>();
  for (const c of candidates) {
    const fused = (1 - vectorShare) * text(c.bm25) + vectorShare * vector(c.vector);
    scores.set(c.key, keyWeight > 0 ? fused + keyWeight * keys(c.keys ?? null) : fused);
  }
  return scores;
}

let shippedModel: LearnedModel | undefined;
const checkedModels = new WeakSet<LearnedModel>();

/**
 * The model `learned` scores with, checked against this code's feature set before its first use:
 * the shipped one lazily and once (a bad file fails the first learned ranking with a clear error,
 * not every import of search), a caller's `FusionSettings.model` once per model object.
 */
function modelOf(method: FusionMethod): LearnedModel {
  const supplied = method.model;
  if (supplied === undefined) {
    shippedModel ??= checkModel(shippedModelJson as LearnedModel);
    return shippedModel;
  }
  if (!checkedModels.has(supplied)) {
    try {
      checkModel(supplied);
    } catch (error) {
      throw new Error(`fusion.model: ${error instanceof Error ? error.message : String(error)}`);
    }
    checkedModels.add(supplied);
  }
  return supplied;
}

/**
 * The learned ranker's features of one query's candidates (`candidateFeatures`), with the `score`
 * fusion of `method` as the base feature; `names` picks the columns (a model's `features`). Exported for the training script, which must see
 * exactly what search scores.
 */
export function learnedFeatures(
  candidates: readonly FusionCandidate[],
  method: FusionMethod,
  adjust?: RankAdjustments,
  names: readonly string[] = FEATURE_NAMES,
): number[][] {
  const base = fuseCandidates(candidates, { ...method, method: 'score' });
  const weights = queryWeights(candidates, method);
  const byKey = new Map(candidates.map((c) => [c.key, c]));
  const threadOf = adjust?.threadOf;
  return candidateFeatures(
    candidates.map((c) => (threadOf === undefined ? c : { ...c, thread: threadOf(c.key) })),
    {
      text: adjust?.query ?? '',
      base,
      inWindow: (key) => {
        const candidate = byKey.get(key);
        return adjust !== undefined && candidate !== undefined && insideWindow(candidate, adjust);
      },
      textConfidence: weights.textConfidence,
      vectorConfidence: weights.vectorConfidence,
      lengthSpread: lengthSpread(candidates),
      window: adjust?.window ?? null,
    },
    names,
  );
}

/**
 * The learned ranker's scores made positive so the time boost still multiplies: 1 + s above 0,
 * 1 / (1 − s) below (monotone, and unlike a sigmoid never equal for distinct large logits).
 */
function learnedScores(
  candidates: readonly FusionCandidate[],
  method: FusionMethod,
  adjust?: RankAdjustments,
): Map<string, number> {
  // Trained on queries both rankers answered: with one list (text or vector mode, no embedder,
  // a failed query embedding) the model would be off its data, so the score fusion ranks.
  const model = modelOf(method);
  const both = candidates.some((c) => c.bm25 !== null) && candidates.some((c) => c.vector !== null);
  if (!both) return fuseCandidates(candidates, { ...method, method: 'score' });
  const rows = learnedFeatures(candidates, method, adjust, model.features);
  const scores = new Map<string, number>();
  candidates.forEach((c, index) => {
    const logit = scoreFeatures(model, rows[index] ?? []);
    scores.set(c.key, logit >= 0 ? 1 + logit : 1 / (1 - logit));
  });
  return scores;
}

const DAY_MS = 86_400_000;

/**
 * What reorders fused scores after fusion: a named period, and optional recency. Every adjustment
 * multiplies the fused score; under `learned` that score is the model's logit s mapped to
 * 1 + s (s ≥ 0) or 1 / (1 − s) (s < 0), so a boost scales the mapped logit, which is not the same
 * as adding a term to the logit (a boost moves a strong candidate further than a weak one).
 */
export interface RankAdjustments {
  /** The period the query names, `[start, end)` epoch ms, or null. */
  readonly window: { readonly start: number; readonly end: number } | null;
  /** Multiplier 1 + this for items inside the window (or its grace days after). */
  readonly timeBoost: number;
  readonly timeGraceDays: number;
  /** Epoch ms that recency is measured from. */
  readonly now: number;
  /** Half-life of recency weighting in days; off when undefined. */
  readonly recencyHalfLifeDays?: number | undefined;
  /** Share of the score that decays with age. */
  readonly recencyWeight: number;
  /**
   * Multiplier 1 + this × (how new the item is among the candidates, 0 oldest – 1 newest), for
   * queries that ask for a current value. 0 = off.
   */
  readonly latestBoost?: number;
  /**
   * For queries that gather across sessions: each further item of a session already ranked above
   * has its score × this (1 = off). Applied in rank order, so a session's best item is untouched.
   */
  readonly sessionSpread?: number;
  /** The session (thread) of each candidate key, needed by `sessionSpread` and `learned`. */
  readonly threadOf?: (key: string) => string;
  /** The query's words, read by the `learned` method's cue features. */
  readonly query?: string;
}

/**
 * Whether a candidate falls inside the query's period: written inside it (or up to the grace
 * days after), or mentioning a day inside it.
 */
function insideWindow(candidate: FusionCandidate, adjust: RankAdjustments): boolean {
  const window = adjust.window;
  if (window === null) return false;
  const created = candidate.createdAt;
  if (created >= window.start && created < window.end + adjust.timeGraceDays * DAY_MS) return true;
  return (candidate.mentionedDays ?? []).some((day) => day >= window.start && day < window.end);
}

/** One fused and adjusted candidate. */
export interface RankedKey {
  readonly candidate: FusionCandidate;
  readonly score: number;
}

/**
 * Fuses, adjusts for time and sorts: best first, ties broken by full-text rank, then vector rank,
 * then key, so the order is stable.
 */
export function rankCandidates(
  candidates: readonly FusionCandidate[],
  method: FusionMethod,
  adjust: RankAdjustments,
): RankedKey[] {
  return rankFused(candidates, fuseCandidates(candidates, method, adjust), adjust);
}

/**
 * The second half of `rankCandidates`: fused scores (by key) adjusted for time, recency and
 * session spread, then sorted as `rankCandidates` sorts. Exported so a bench can rank scores of
 * its own (an experimental model) through the same adjustments search applies.
 */
export function rankFused(
  candidates: readonly FusionCandidate[],
  fused: ReadonlyMap<string, number>,
  adjust: RankAdjustments,
): RankedKey[] {
  const halfLife = adjust.recencyHalfLifeDays;
  const latest = adjust.latestBoost ?? 0;
  let oldest = Infinity;
  let newest = -Infinity;
  for (const c of candidates) {
    oldest = Math.min(oldest, c.createdAt);
    newest = Math.max(newest, c.createdAt);
  }
  const ranked = candidates.map((candidate) => {
    let score = fused.get(candidate.key) ?? 0;
    const created = candidate.createdAt;
    if (insideWindow(candidate, adjust)) score *= 1 + adjust.timeBoost;
    if (halfLife !== undefined && halfLife > 0) {
      const ageDays = Math.max(0, (adjust.now - created) / DAY_MS);
      score *= 1 - adjust.recencyWeight + adjust.recencyWeight * 0.5 ** (ageDays / halfLife);
    }
    if (latest > 0 && newest > oldest) {
      score *= 1 + (latest * (created - oldest)) / (newest - oldest);
    }
    return { candidate, score };
  });
  ranked.sort(
    (a, b) =>
      b.score - a.score ||
      a.candidate.textRank - b.candidate.textRank ||
      a.candidate.vectorRank - b.candidate.vectorRank ||
      (a.candidate.key < b.candidate.key ? -1 : a.candidate.key > b.candidate.key ? 1 : 0),
  );
  const spread = adjust.sessionSpread ?? 1;
  const threadOf = adjust.threadOf;
  if (spread >= 1 || threadOf === undefined) return ranked;
  const seen = new Map<string, number>();
  const spreadOut = ranked.map((entry) => {
    const thread = threadOf(entry.candidate.key);
    const before = seen.get(thread) ?? 0;
    seen.set(thread, before + 1);
    return { ...entry, score: entry.score * spread ** before };
  });
  const position = new Map(ranked.map((entry, index) => [entry.candidate.key, index]));
  spreadOut.sort(
    (a, b) =>
      b.score - a.score ||
      (position.get(a.candidate.key) ?? 0) - (position.get(b.candidate.key) ?? 0),
  );
  return spreadOut;
}
