// Issue #17, session 25: session-level columns for the learned ranker (`SESSION_FEATURE_NAMES` in
// src/search/learned-ranker.ts), five-fold cross-validated on the **tuning halves only** (LoCoMo A
// by conversation, LongMemEval tuning by haystack; folds and training settings as
// bench/retrieval-train.ts). Each variant trains on feature set 1 (the 27 columns) plus the
// session columns it names and ranks each fold's questions through search's own adjustments
// (`rankFused`); the held-out halves are never read. Prints, per variant, the objective per fold
// and pooled, and R@10 / NDCG@10 per question type.
// Session 25, on the lists `TRAINED_ON` names (retrieval-train.ts): set 1 0.7462; + session_max
// 0.7508, up on both halves and in every fold, so feature set 2 is set 1 + session_max. Every
// other column alone lowered a half or moved < 0.002 (session_recency +0.0005, its product with
// current-value questions nothing: 4 of 7 knowledge-update questions read as such, all already at
// R@10 1.000; only 2 of 42 LongMemEval tuning questions name a period, so the date columns rarely
// act); on top of session_max none raised both halves.
// Run: npx tsx bench/retrieval-session-features.ts <collected.json>
//   VARIANTS='[["name", ["session_mean", …]], …]' replaces the default list of variants;
//   TRAIN='{"pairWeights":"ndcg"}' changes the training settings of all of them.
import {
  BASE_FEATURE_NAMES,
  type LearnedModel,
  learnedFeatures,
  RECALL_FEATURE_NAMES,
  rankFused,
  SESSION_FEATURE_NAMES,
  scoreFeatures,
  type TrainingQuery,
  type TrainOptions,
  trainRanker,
} from '../src/search/index.js';
import { type Scores, score } from './retrieval-harness.js';
import { type Collected, readCollected, suiteCandidates } from './retrieval-suite.js';
import { CHOSEN, foldsOf, halves, type Measured, objective } from './retrieval-train.js';

const ALL: readonly string[] = [
  ...BASE_FEATURE_NAMES,
  ...SESSION_FEATURE_NAMES,
  ...RECALL_FEATURE_NAMES,
];

/** One question's candidates, adjustments and every column, computed once. */
export interface Prepared {
  readonly c: Collected;
  readonly fold: number;
  readonly rows: readonly (readonly number[])[];
  readonly relevant: readonly boolean[];
}

export function prepare(list: readonly Collected[]): Prepared[] {
  const folds = foldsOf(list);
  return list.map((c) => {
    const config = { name: 'rows', mode: 'hybrid' as const, fusion: CHOSEN.fusion };
    const { fusion, candidates, adjustments } = suiteCandidates(c, config);
    const gold = new Set(c.question.gold);
    return {
      c,
      fold: folds.get(c.question.corpus) ?? 0,
      rows: learnedFeatures(candidates, fusion, adjustments, ALL),
      relevant: candidates.map((candidate) => gold.has(candidate.key)),
    };
  });
}

const mean = (list: readonly Scores[]): Measured => ({
  r10: list.reduce((s, x) => s + x.r10, 0) / Math.max(1, list.length),
  ndcg: list.reduce((s, x) => s + x.ndcg, 0) / Math.max(1, list.length),
});

export interface Result {
  readonly a: Measured;
  readonly t: Measured;
  /** Objective of each fold's own questions (LoCoMo A and LME tuning of that fold). */
  readonly folds: readonly { a: Measured; t: Measured }[];
  readonly types: ReadonlyMap<string, Measured>;
  /** Each question's out-of-fold ranking (candidate keys, best first), by question id. */
  readonly ranked: ReadonlyMap<string, readonly string[]>;
}

/** Out of fold, feature set 1 plus `extra`, trained with `train` (default: the shipped settings). */
export function crossValidate(
  a: readonly Prepared[],
  t: readonly Prepared[],
  extra: readonly string[],
  train: TrainOptions = CHOSEN.train,
): Result {
  const names = [...BASE_FEATURE_NAMES, ...extra];
  const columns = names.map((name) => ALL.indexOf(name));
  const pickRow = (row: readonly number[]) => columns.map((i) => row[i] ?? 0);
  const training = (list: readonly Prepared[], fold: number, weight: number): TrainingQuery[] =>
    list
      .filter((p) => p.fold !== fold)
      .map((p) => ({ features: p.rows.map(pickRow), relevant: p.relevant, weight }));
  const judgedA: Scores[][] = [];
  const judgedT: Scores[][] = [];
  const byType = new Map<string, Scores[]>();
  const ranked = new Map<string, readonly string[]>();
  for (let fold = 0; fold < 5; fold += 1) {
    const model: LearnedModel = trainRanker(
      [...training(a, fold, 1 / a.length), ...training(t, fold, 1 / t.length)],
      train,
      names,
    );
    const judge = (p: Prepared) => {
      const config = { name: 'rank', mode: 'hybrid' as const, fusion: CHOSEN.fusion };
      const { candidates, adjustments } = suiteCandidates(p.c, config);
      const fused = new Map<string, number>();
      candidates.forEach((candidate, i) => {
        const logit = scoreFeatures(model, pickRow(p.rows[i] ?? []));
        fused.set(candidate.key, logit >= 0 ? 1 + logit : 1 / (1 - logit));
      });
      const ids = rankFused(candidates, fused, adjustments).map((r) => r.candidate.key);
      ranked.set(p.c.question.id, ids);
      const s = score(ids, p.c.question.gold);
      const type = p.c.question.type;
      byType.set(type, [...(byType.get(type) ?? []), s]);
      return s;
    };
    judgedA.push(a.filter((p) => p.fold === fold).map(judge));
    judgedT.push(t.filter((p) => p.fold === fold).map(judge));
  }
  return {
    a: mean(judgedA.flat()),
    t: mean(judgedT.flat()),
    folds: judgedA.map((list, fold) => ({ a: mean(list), t: mean(judgedT[fold] ?? []) })),
    types: new Map([...byType].map(([type, list]) => [type, mean(list)])),
    ranked,
  };
}

const SESSION = ['session_mean', 'session_max', 'session_rank', 'session_count', 'rank_in_session'];
const RECENCY = ['session_recency', 'session_recency_x_latest'];
const DATE = ['session_date_closeness', 'session_date_closeness_x_temporal'];
const DEFAULT_VARIANTS: [string, string[]][] = [
  ['feature set 1 (27)', []],
  ...SESSION_FEATURE_NAMES.map((name) => [`+ ${name}`, [name]] as [string, string[]]),
  ['+ session five', SESSION],
  ['+ recency pair', RECENCY],
  ['+ date pair', DATE],
  ['+ all nine', [...SESSION, ...RECENCY, ...DATE]],
];

const f3 = (n: number) => n.toFixed(3);
const f4 = (n: number) => n.toFixed(4);

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file] = process.argv.slice(2);
  if (file === undefined) throw new Error('usage: retrieval-session-features <collected.json>');
  const { locomoA, lmeTuning } = halves(readCollected(file));
  const a = prepare(locomoA);
  const t = prepare(lmeTuning);
  console.log(`LoCoMo A n = ${a.length}, LME tuning n = ${t.length} (held-out halves not read)`);
  const variants =
    (JSON.parse(process.env['VARIANTS'] ?? 'null') as [string, string[]][] | null) ??
    DEFAULT_VARIANTS;
  // `TRAIN='{"pairWeights":"ndcg"}'` overrides training settings for every variant.
  const train: TrainOptions = { ...CHOSEN.train, ...JSON.parse(process.env['TRAIN'] ?? '{}') };
  for (const [name, extra] of variants) {
    const started = performance.now();
    const cv = crossValidate(a, t, extra, train);
    const half = (m: Measured) => (m.r10 + m.ndcg) / 2;
    console.log(
      `${name.padEnd(44)} obj ${f4(objective(cv.a, cv.t))} | A ${f3(cv.a.r10)}/${f3(cv.a.ndcg)} (${f4(half(cv.a))}) | LME-T ${f3(cv.t.r10)}/${f3(cv.t.ndcg)} (${f4(half(cv.t))}) [${((performance.now() - started) / 1000).toFixed(0)} s]`,
    );
    console.log(
      `  folds (obj; A; LME-T): ${cv.folds.map((f) => `${f4(objective(f.a, f.t))}; ${f4(half(f.a))}; ${f4(half(f.t))}`).join(' | ')}`,
    );
    console.log(
      `  types: ${[...cv.types]
        .sort(([x], [y]) => (x < y ? -1 : 1))
        .map(([type, m]) => `${type} ${f3(m.r10)}/${f3(m.ndcg)}`)
        .join('; ')}`,
    );
  }
}
