import { queryIntent } from './query-intent.js';
import type { FusionCandidate } from './rank-candidates.js';
import { minMax, overMax } from './score-scales.js';

/**
 * A per-candidate linear ranker (issue #17): features of each candidate and of its query's
 * candidate lists, standardised, weighted, summed. Trained offline by `trainRanker` (pairwise
 * logistic loss, L2, fixed order: the same data always gives the same bytes) and shipped as JSON
 * (`learned-ranker.json`); scoring is pure and costs one pass over ≤ 2 × 50 candidates.
 */
export interface LearnedModel {
  /** Bumped when the feature set changes, so a stale file is refused instead of misread. */
  readonly version: number;
  /** Feature names, in the order `candidateFeatures` produces them. */
  readonly features: readonly string[];
  /** Per-feature mean and scale of the training data (x' = (x − mean) / scale). */
  readonly mean: readonly number[];
  readonly scale: readonly number[];
  readonly weights: readonly number[];
}

/** What the features of one candidate are read from: the fusion's candidate, plus its session. */
export type FeatureCandidate = Pick<
  FusionCandidate,
  'key' | 'bm25' | 'vector' | 'textRank' | 'vectorRank' | 'createdAt' | 'length'
> & {
  /** The candidate's session (thread); candidates without one are their own session. */
  readonly thread?: string;
};

/** What the features of a query are read from, besides its candidates. */
export interface FeatureQuery {
  /** The query's words (cue words are read from them). */
  readonly text: string;
  /** The default fusion's score of each candidate (the base the model refines). */
  readonly base: ReadonlyMap<string, number>;
  /** Whether each candidate falls inside the period the query names. */
  readonly inWindow: (key: string) => boolean;
  /** Confidence of each ranker in this query (`rankerConfidence`) and the candidates' length spread. */
  readonly textConfidence: number;
  readonly vectorConfidence: number;
  readonly lengthSpread: number;
  /**
   * The period the query names (`[start, end)` epoch ms; the same window the time boost reads),
   * or null / absent when it names none. Read by the session-date features.
   */
  readonly window?: { readonly start: number; readonly end: number } | null;
}

/** The per-candidate and per-query columns of feature set 1, in order. */
export const BASE_FEATURE_NAMES = [
  'base',
  'base_rank',
  'bm25',
  'cosine_minmax',
  'cosine',
  'text_rank',
  'vector_rank',
  'in_both',
  'log_length',
  'length_vs_median',
  'in_window',
  'recency',
  'session_share',
  'session_sum',
  'session_best',
  'before_score',
  'after_score',
  'bm25_x_spread',
  'cosine_x_spread',
  'bm25_x_text_confidence',
  'cosine_x_vector_confidence',
  'recency_x_latest',
  'session_sum_x_aggregate',
  'window_x_temporal',
  'length_x_first_person',
  'cosine_x_preference',
  'bm25_x_cosine',
] as const;

/**
 * Session-level columns (issue #17, session 25): each reads only the query's candidates — their
 * sessions (threads), creation times and the base fusion's scores — and the period the query
 * names, so SQLite and PostgreSQL compute them alike at query time. A session is the candidates
 * that share a thread, not the whole thread as stored.
 *  - `session_mean`, `session_max`: the mean and the best base score of the candidate's session,
 *    the candidate included;
 *  - `session_rank`: 1 / (1 + the session's rank among the query's sessions by their best base);
 *  - `session_count`: log(1 + the session's candidates);
 *  - `rank_in_session`: 1 / (1 + the candidate's rank among its session's candidates by base);
 *  - `session_recency`: the session's rank by date (its earliest candidate) among the query's
 *    sessions, 0 the oldest to 1 the newest; `… _x_latest` only for current-value questions;
 *  - `session_date_closeness`: for a query that names a period, 1 / (1 + d / w), where d is the
 *    distance in days from the session's date to the period (0 inside) and w the period's width
 *    in days (at least 1); 0 when no period is named; `… _x_temporal` only for temporal questions.
 */
export const SESSION_FEATURE_NAMES = [
  'session_mean',
  'session_max',
  'session_rank',
  'session_count',
  'rank_in_session',
  'session_recency',
  'session_recency_x_latest',
  'session_date_closeness',
  'session_date_closeness_x_temporal',
] as const;

/**
 * Columns for questions about what the assistant said (`queryIntent(…).recall`, issue #17,
 * session 26): the evidence is the reply, which is longer than the request before it and follows
 * it. Feature set 1 has no role and penalises length for first-person wording ("I remember you
 * told me…" is first person), so these let a model undo that for recall questions only:
 *  - `length_x_recall`: log(1 + length) on recall questions, 0 otherwise;
 *  - `before_x_recall`: the base score of the candidate's nearest earlier candidate of the same
 *    session (`before_score`) on recall questions, 0 otherwise.
 */
export const RECALL_FEATURE_NAMES = ['length_x_recall', 'before_x_recall'] as const;

/** Every column `candidateFeatures` can produce; a model names the ones it reads. */
export type FeatureName =
  | (typeof BASE_FEATURE_NAMES)[number]
  | (typeof SESSION_FEATURE_NAMES)[number]
  | (typeof RECALL_FEATURE_NAMES)[number];

/**
 * The feature sets a model file may name, by version. A shipped file names its version and its
 * columns; an older version stays readable as long as its set is listed here.
 */
export const FEATURE_SETS: Readonly<Record<number, readonly FeatureName[]>> = {
  1: BASE_FEATURE_NAMES,
  // Session 25: of the session columns, only the session's best base score raised the
  // out-of-fold objective on both tuning halves (bench/retrieval-session-features.ts). A model
  // trained on it was not shipped: on held-out LoCoMo half B its ranked lists fell to NDCG@10
  // 0.549, under the 0.55 floor (ADR 2026-11-26-retrieval-across-datasets, session 25).
  2: [...BASE_FEATURE_NAMES, 'session_max'],
};

/** The feature-set version the shipped model and new training use (set 2: see above). */
export const FEATURE_VERSION = 1;

/** The columns of `FEATURE_VERSION`, in order. */
export const FEATURE_NAMES: readonly FeatureName[] = FEATURE_SETS[FEATURE_VERSION] ?? [];

const FIRST_PERSON = /\b(i|me|my|mine|i'm|i've|i'd|we|our|us)\b/i;

function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? 0)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

interface SessionView {
  readonly count: number;
  readonly sum: number;
  /** Members ordered by time, with their base scores. */
  readonly members: readonly { readonly key: string; readonly at: number; readonly base: number }[];
  /** Each member's position in `members` (keys are unique within a query's candidates). */
  readonly position: ReadonlyMap<string, number>;
  /** Position of the first member with the highest base score, −1 when empty. */
  readonly bestAt: number;
  /** The highest base score among the members other than the one at `bestAt` (−Infinity if none). */
  readonly secondBest: number;
}

/** Where the best member is and the best score among the others, in one pass. */
function bestTwo(members: SessionView['members']): { bestAt: number; secondBest: number } {
  let bestAt = -1;
  let best = -Infinity;
  let secondBest = -Infinity;
  members.forEach((m, index) => {
    if (m.base > best) {
      secondBest = best;
      best = m.base;
      bestAt = index;
    } else if (m.base > secondBest) {
      secondBest = m.base;
    }
  });
  return { bestAt, secondBest };
}

/** Candidates grouped by session, each with its members' base scores in time order. */
function sessionsOf(
  candidates: readonly FeatureCandidate[],
  base: (key: string) => number,
): Map<string, SessionView> {
  const groups = new Map<string, { key: string; at: number; base: number }[]>();
  for (const c of candidates) {
    const thread = c.thread ?? c.key;
    const list = groups.get(thread) ?? [];
    list.push({ key: c.key, at: c.createdAt, base: base(c.key) });
    groups.set(thread, list);
  }
  const out = new Map<string, SessionView>();
  for (const [thread, members] of groups) {
    members.sort((a, b) => a.at - b.at || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    out.set(thread, {
      count: members.length,
      sum: members.reduce((total, m) => total + m.base, 0),
      members,
      position: new Map(members.map((m, index) => [m.key, index])),
      ...bestTwo(members),
    });
  }
  return out;
}

/**
 * The feature vector of every candidate of one query, in `FEATURE_NAMES` order. Pure: scores are
 * scaled within the query (BM25 over its best, cosines min-max and raw), ranks become reciprocal
 * ranks, a candidate's session contributes how many candidates it holds and their base scores, its
 * nearest earlier and later candidate of the same session lend their base scores (the turn before
 * and after, when both were retrieved), and the query's cue words and ranker confidences enter as
 * products with the candidate features they should modulate, so one linear model adapts per query.
 * `names` picks the columns and their order (default: `FEATURE_NAMES`); session-level columns
 * (`SESSION_FEATURE_NAMES`) are computed only when named.
 */
export function candidateFeatures(
  candidates: readonly FeatureCandidate[],
  query: FeatureQuery,
  names: readonly string[] = FEATURE_NAMES,
): number[][] {
  const intent = queryIntent(query.text);
  const firstPerson = FIRST_PERSON.test(query.text) ? 1 : 0;
  const bm25 = overMax(candidates.flatMap((c) => (c.bm25 === null ? [] : [c.bm25])));
  const cosines = candidates.flatMap((c) => (c.vector === null ? [] : [c.vector]));
  const cosine = minMax(cosines);
  const bestBase = [...query.base.values()].reduce((best, v) => Math.max(best, v), 0);
  const base = (key: string) => (bestBase > 0 ? (query.base.get(key) ?? 0) / bestBase : 0);
  const baseOrder = [...candidates]
    .map((c) => c.key)
    .sort((a, b) => base(b) - base(a) || (a < b ? -1 : a > b ? 1 : 0));
  const baseRank = new Map(baseOrder.map((key, index) => [key, index]));
  const lengths = candidates.map((c) => c.length ?? 0);
  const medianLength = Math.max(1, median(lengths));
  let oldest = Infinity;
  let newest = -Infinity;
  for (const c of candidates) {
    oldest = Math.min(oldest, c.createdAt);
    newest = Math.max(newest, c.createdAt);
  }
  const sessions = sessionsOf(candidates, base);
  const total = Math.max(1, candidates.length);
  const spread = Math.min(2, query.lengthSpread);
  const textConf = Math.min(10, query.textConfidence);
  const vectorConf = Math.min(10, query.vectorConfidence);
  const baseRows = candidates.map((c) => {
    const own = base(c.key);
    const t = bm25(c.bm25);
    const v = cosine(c.vector);
    const session = sessions.get(c.thread ?? c.key);
    const members = session?.members ?? [];
    // O(1) per candidate (one-thread packs hold every candidate in one session): the position map
    // and the best two scores stand in for a search, a filter and a maximum over the members.
    const at = session?.position.get(c.key) ?? -1;
    const othersCount = at >= 0 ? members.length - 1 : members.length;
    const othersBest =
      at >= 0 && at === session?.bestAt
        ? session.secondBest
        : (members[session?.bestAt ?? -1]?.base ?? 0);
    const sessionSum = (session?.sum ?? own) - own;
    const recency = newest > oldest ? (c.createdAt - oldest) / (newest - oldest) : 0;
    const window = query.inWindow(c.key) ? 1 : 0;
    const logLength = Math.log1p(c.length ?? 0);
    return [
      own,
      1 / (1 + (baseRank.get(c.key) ?? total)),
      t,
      v,
      c.vector ?? 0,
      Number.isFinite(c.textRank) ? 1 / (1 + c.textRank) : 0,
      Number.isFinite(c.vectorRank) ? 1 / (1 + c.vectorRank) : 0,
      c.bm25 !== null && c.vector !== null ? 1 : 0,
      logLength,
      Math.log((1 + (c.length ?? 0)) / (1 + medianLength)),
      window,
      recency,
      othersCount / total,
      sessionSum,
      Math.max(0, othersBest),
      at > 0 ? (members[at - 1]?.base ?? 0) : 0,
      at >= 0 && at < members.length - 1 ? (members[at + 1]?.base ?? 0) : 0,
      t * spread,
      v * spread,
      t * textConf,
      v * vectorConf,
      intent.latest ? recency : 0,
      intent.aggregate ? sessionSum : 0,
      intent.temporal ? window : 0,
      firstPerson * logLength,
      intent.preference ? v : 0,
      t * v,
    ];
  });
  if (names === BASE_FEATURE_NAMES) return baseRows;
  const wanted = new Set<string>(names);
  const session = SESSION_FEATURE_NAMES.some((name) => wanted.has(name))
    ? sessionColumns(candidates, sessions, base, query, intent)
    : [];
  const baseIndex = new Map<string, number>(BASE_FEATURE_NAMES.map((name, i) => [name, i]));
  const sessionIndex = new Map<string, number>(SESSION_FEATURE_NAMES.map((name, i) => [name, i]));
  const recall = intent.recall ? 1 : 0;
  const baseColumn = (name: (typeof BASE_FEATURE_NAMES)[number]) => {
    const b = baseIndex.get(name) ?? -1;
    return (row: number) => recall * (baseRows[row]?.[b] ?? 0);
  };
  const recallColumns: Record<(typeof RECALL_FEATURE_NAMES)[number], (row: number) => number> = {
    length_x_recall: baseColumn('log_length'),
    before_x_recall: baseColumn('before_score'),
  };
  const pick = names.map((name) => {
    const b = baseIndex.get(name);
    if (b !== undefined) return (row: number) => baseRows[row]?.[b] ?? 0;
    if (Object.hasOwn(recallColumns, name)) {
      return recallColumns[name as (typeof RECALL_FEATURE_NAMES)[number]];
    }
    const k = sessionIndex.get(name);
    if (k === undefined) throw new Error(`learned ranker: unknown feature ${name}`);
    return (row: number) => session[row]?.[k] ?? 0;
  });
  return candidates.map((_, row) => pick.map((column) => column(row)));
}

const DAY_MS = 86_400_000;

/** The session date's distance to a period, in days (0 inside it). */
function daysOutside(at: number, window: { readonly start: number; readonly end: number }): number {
  if (at < window.start) return (window.start - at) / DAY_MS;
  if (at >= window.end) return (at - window.end) / DAY_MS;
  return 0;
}

/** Key order for deterministic ties. */
const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The `SESSION_FEATURE_NAMES` columns of every candidate, in that order. */
function sessionColumns(
  candidates: readonly FeatureCandidate[],
  sessions: ReadonlyMap<string, SessionView>,
  base: (key: string) => number,
  query: FeatureQuery,
  intent: ReturnType<typeof queryIntent>,
): number[][] {
  const threads = [...sessions.keys()];
  const best = (thread: string) => {
    const view = sessions.get(thread);
    return view?.members[view.bestAt]?.base ?? 0;
  };
  // The session's date is its earliest candidate (members are in time order).
  const dateOf = (thread: string) => sessions.get(thread)?.members[0]?.at ?? 0;
  const byBest = [...threads].sort((a, b) => best(b) - best(a) || byKey(a, b));
  const rankOf = new Map(byBest.map((thread, index) => [thread, index]));
  const byDate = [...threads].sort((a, b) => dateOf(a) - dateOf(b) || byKey(a, b));
  const dateRank = new Map(byDate.map((thread, index) => [thread, index]));
  const inSession = new Map<string, number>();
  for (const view of sessions.values()) {
    [...view.members]
      .sort((a, b) => b.base - a.base || byKey(a.key, b.key))
      .forEach((m, index) => {
        inSession.set(m.key, index);
      });
  }
  const window = query.window ?? null;
  const width = window === null ? 1 : Math.max(1, (window.end - window.start) / DAY_MS);
  return candidates.map((c) => {
    const thread = c.thread ?? c.key;
    const view = sessions.get(thread);
    const count = view?.count ?? 1;
    const recency = threads.length > 1 ? (dateRank.get(thread) ?? 0) / (threads.length - 1) : 0;
    const closeness = window === null ? 0 : 1 / (1 + daysOutside(dateOf(thread), window) / width);
    return [
      (view?.sum ?? base(c.key)) / Math.max(1, count),
      best(thread),
      1 / (1 + (rankOf.get(thread) ?? threads.length)),
      Math.log1p(count),
      1 / (1 + (inSession.get(c.key) ?? count)),
      recency,
      intent.latest ? recency : 0,
      closeness,
      intent.temporal ? closeness : 0,
    ];
  });
}

/** The model's score of one feature vector (higher is better; a logit). */
export function scoreFeatures(model: LearnedModel, features: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < model.weights.length; i += 1) {
    const scale = model.scale[i] ?? 1;
    const x = ((features[i] ?? 0) - (model.mean[i] ?? 0)) / (scale > 0 ? scale : 1);
    sum += (model.weights[i] ?? 0) * x;
  }
  return sum;
}

/**
 * Checks that a model file names a feature set this code computes (`FEATURE_SETS`: the current
 * version or an older one still listed) with that set's columns in order.
 */
export function checkModel(model: LearnedModel): LearnedModel {
  const names: readonly string[] = FEATURE_SETS[model.version] ?? [];
  const same =
    names.length > 0 &&
    model.features.length === names.length &&
    model.features.every((name, i) => name === names[i]) &&
    model.weights.length === names.length &&
    model.mean.length === names.length &&
    model.scale.length === names.length;
  const finite = [model.weights, model.mean, model.scale].every((list) =>
    list.every((value) => typeof value === 'number' && Number.isFinite(value)),
  );
  if (!same) {
    throw new Error(
      `learned ranker: model version ${model.version} with ${model.features.length} features does not match a feature set this code computes (current: ${FEATURE_VERSION}, ${FEATURE_NAMES.length} features); retrain with bench/retrieval-train.ts`,
    );
  }
  if (!finite) {
    throw new Error(
      'learned ranker: model weights, means and scales must all be finite numbers; retrain with bench/retrieval-train.ts',
    );
  }
  return model;
}

/** One training query: its candidates' features and which of them are evidence. */
export interface TrainingQuery {
  readonly features: readonly (readonly number[])[];
  readonly relevant: readonly boolean[];
  /** How much the query counts (e.g. 1 / queries of its dev set, so each set weighs the same). */
  readonly weight: number;
}

/** Training settings. */
export interface TrainOptions {
  /** L2 penalty on the weights (the standardised features'). */
  readonly l2: number;
  /** Full-batch gradient steps. */
  readonly steps: number;
  readonly learningRate: number;
  /** Negatives are the relevant candidate's rivals among the first this many by base score. */
  readonly negativeDepth: number;
  /**
   * How a query's weight is shared among its pairs: `uniform` (default) equally; `ndcg` in
   * proportion to how much swapping the pair would change NDCG under the current weights
   * (|1/log2(2 + rank of the relevant) − 1/log2(2 + rank of the rival)|, recomputed each step,
   * as LambdaRank does), so pairs near the top of the ranking count more.
   */
  readonly pairWeights?: 'uniform' | 'ndcg';
}

/** Defaults of `trainRanker`. */
export const TRAIN_DEFAULTS: TrainOptions = {
  l2: 0.01,
  steps: 400,
  learningRate: 0.5,
  negativeDepth: 100,
};

/** Per-feature mean and standard deviation over every candidate of every query (scale ≥ 1e-9). */
function standardise(queries: readonly TrainingQuery[], width: number) {
  const mean = new Array<number>(width).fill(0);
  const scale = new Array<number>(width).fill(0);
  let count = 0;
  for (const q of queries) {
    for (const row of q.features) {
      count += 1;
      for (let i = 0; i < width; i += 1) mean[i] = (mean[i] ?? 0) + (row[i] ?? 0);
    }
  }
  for (let i = 0; i < width; i += 1) mean[i] = (mean[i] ?? 0) / Math.max(1, count);
  for (const q of queries) {
    for (const row of q.features) {
      for (let i = 0; i < width; i += 1) {
        scale[i] = (scale[i] ?? 0) + ((row[i] ?? 0) - (mean[i] ?? 0)) ** 2;
      }
    }
  }
  for (let i = 0; i < width; i += 1) {
    const deviation = Math.sqrt((scale[i] ?? 0) / Math.max(1, count));
    scale[i] = deviation > 1e-9 ? deviation : 1;
  }
  return { mean, scale };
}

/** Fixed-precision numbers, so the JSON is the same bytes on every machine. */
const round = (value: number) => Number(value.toPrecision(8));

/** The pairs (relevant, rival) of each query, as standardised difference vectors with weights. */
interface TrainingPair {
  readonly diff: number[];
  readonly weight: number;
  /** The pair's query (an index into the standardised rows) and its two candidates' rows. */
  readonly query: number;
  readonly relevant: number;
  readonly rival: number;
}

function trainingPairs(
  queries: readonly TrainingQuery[],
  mean: readonly number[],
  scale: readonly number[],
  negativeDepth: number,
): { pairs: TrainingPair[]; rows: number[][][] } {
  const width = mean.length;
  const pairs: TrainingPair[] = [];
  const standardised: number[][][] = [];
  for (const q of queries) {
    const rows = q.features.map((row) => row.map((x, i) => (x - (mean[i] ?? 0)) / (scale[i] ?? 1)));
    // The first `negativeDepth` by base score (feature 0), ties by position: the rivals that matter.
    const order = q.features
      .map((row, index) => ({ index, base: row[0] ?? 0 }))
      .sort((a, b) => b.base - a.base || a.index - b.index)
      .slice(0, negativeDepth)
      .map((entry) => entry.index);
    const positives = q.relevant.flatMap((r, index) => (r ? [index] : []));
    const negatives = order.filter((index) => q.relevant[index] !== true);
    const count = positives.length * negatives.length;
    if (count === 0) continue;
    const query = standardised.length;
    standardised.push(rows);
    for (const p of positives) {
      for (const n of negatives) {
        const a = rows[p] ?? [];
        const b = rows[n] ?? [];
        const diff = new Array<number>(width);
        for (let i = 0; i < width; i += 1) diff[i] = (a[i] ?? 0) - (b[i] ?? 0);
        pairs.push({ diff, weight: q.weight / count, query, relevant: p, rival: n });
      }
    }
  }
  return { pairs, rows: standardised };
}

/**
 * Each pair's weight under the current `weights` for `pairWeights: 'ndcg'`: its query's weight
 * shared in proportion to the change in DCG a swap of the two would make (ranks by the current
 * scores, ties by base score, then position).
 */
function ndcgPairWeights(
  pairs: readonly TrainingPair[],
  rows: readonly (readonly (readonly number[])[])[],
  weights: readonly number[],
): number[] {
  const rankOf = rows.map((queryRows) => {
    const scored = queryRows.map((row, index) => {
      let s = 0;
      for (let i = 0; i < weights.length; i += 1) s += (weights[i] ?? 0) * (row[i] ?? 0);
      return { index, s, base: row[0] ?? 0 };
    });
    scored.sort((a, b) => b.s - a.s || b.base - a.base || a.index - b.index);
    const ranks = new Array<number>(queryRows.length);
    scored.forEach((entry, rank) => {
      ranks[entry.index] = rank;
    });
    return ranks;
  });
  const gain = (rank: number) => 1 / Math.log2(2 + rank);
  const deltas = pairs.map((pair) => {
    const ranks = rankOf[pair.query] ?? [];
    return Math.abs(gain(ranks[pair.relevant] ?? 0) - gain(ranks[pair.rival] ?? 0));
  });
  // Per query: the sum of its pairs' deltas and its own weight (the uniform weights' sum).
  const deltaSum = new Array<number>(rows.length).fill(0);
  const queryWeight = new Array<number>(rows.length).fill(0);
  pairs.forEach((pair, i) => {
    deltaSum[pair.query] = (deltaSum[pair.query] ?? 0) + (deltas[i] ?? 0);
    queryWeight[pair.query] = (queryWeight[pair.query] ?? 0) + pair.weight;
  });
  return pairs.map((pair, i) => {
    const sum = deltaSum[pair.query] ?? 0;
    return sum > 0 ? ((queryWeight[pair.query] ?? 0) * (deltas[i] ?? 0)) / sum : 0;
  });
}

/**
 * Trains the linear ranker: pairwise logistic loss (a relevant candidate should outscore each
 * rival among the first `negativeDepth` by base score), each query's pairs sharing its weight,
 * L2 on the weights, full-batch gradient descent from zero in a fixed order. Deterministic: the
 * same queries and options give the same model, byte for byte once serialised. `featureNames`
 * names the rows' columns (default: this code's feature set); a bench trying extra columns passes
 * its own list, and `checkModel` refuses such a model for search.
 */
export function trainRanker(
  queries: readonly TrainingQuery[],
  options: TrainOptions = TRAIN_DEFAULTS,
  featureNames: readonly string[] = FEATURE_NAMES,
): LearnedModel {
  const width = featureNames.length;
  const { mean, scale } = standardise(queries, width);
  const weights = fitPairwise(queries, mean, scale, options);
  return {
    version: versionOf(featureNames),
    features: [...featureNames],
    mean: mean.map(round),
    scale: scale.map(round),
    weights: weights.map(round),
  };
}

/** The version whose feature set is `names`; `FEATURE_VERSION` for a set no version names. */
function versionOf(names: readonly string[]): number {
  const found = Object.entries(FEATURE_SETS).find(
    ([, set]) => set.length === names.length && set.every((name, i) => name === names[i]),
  );
  return found === undefined ? FEATURE_VERSION : Number(found[0]);
}

/** Pairwise fit: each relevant candidate should outscore each rival. */
function fitPairwise(
  queries: readonly TrainingQuery[],
  mean: readonly number[],
  scale: readonly number[],
  options: TrainOptions,
): number[] {
  const width = mean.length;
  const { pairs, rows } = trainingPairs(queries, mean, scale, options.negativeDepth);
  const totalWeight = pairs.reduce((sum, p) => sum + p.weight, 0) || 1;
  const weights = new Array<number>(width).fill(0);
  const byNdcg = options.pairWeights === 'ndcg';
  for (let step = 0; step < options.steps; step += 1) {
    const gradient = weights.map((w) => options.l2 * w);
    const pairWeight = byNdcg ? ndcgPairWeights(pairs, rows, weights) : null;
    pairs.forEach((pair, index) => {
      let margin = 0;
      for (let i = 0; i < width; i += 1) margin += (weights[i] ?? 0) * (pair.diff[i] ?? 0);
      // d/dw of log(1 + e^(−margin)) = −σ(−margin) · diff
      const weight = pairWeight === null ? pair.weight : (pairWeight[index] ?? 0);
      const push = weight / totalWeight / (1 + Math.exp(margin));
      for (let i = 0; i < width; i += 1) {
        gradient[i] = (gradient[i] ?? 0) - push * (pair.diff[i] ?? 0);
      }
    });
    for (let i = 0; i < width; i += 1) {
      weights[i] = (weights[i] ?? 0) - options.learningRate * (gradient[i] ?? 0);
    }
  }
  return weights;
}
