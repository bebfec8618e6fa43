// Issue #17: trains the learned ranker (`src/search/learned-ranker.ts`) on the tuning halves only
// (LoCoMo A and the LongMemEval tuning half, each half weighing the same), from the candidate
// lists a `bench/retrieval.bench.ts --collected <file>` run saved. Settings are compared by
// five-fold cross-validation inside the tuning halves (folds by conversation / haystack), so a
// model is never scored on the questions it was fitted to; `--write` retrains on all of both
// tuning halves with the chosen settings and writes `src/search/learned-ranker.json`.
// `--held-out` also prints the held-out halves (reporting only, never choosing).
// `--check` retrains and compares with the shipped file (its compact JSON, byte for byte).
// Run: npx tsx bench/retrieval-train.ts <collected.json> [--write] [--check] [--held-out]
//
// The shipped weights are trained from the lists `TRAINED_ON` names, collected by the code of
// that commit (before the eleventh session's clock fix, so they differ from today's lists):
//   git worktree add --detach /tmp/lists b89394c   (with node_modules and the .cache symlink)
//   cd /tmp/lists && npx tsx bench/retrieval.bench.ts --quick --no-write --collected <file>
//   npx tsx bench/retrieval-train.ts <file> --check   (from this checkout)
// Retraining on today's lists lowers LoCoMo B NDCG@10 below its target (ADR
// 2026-11-26-retrieval-across-datasets, eighteenth session), so they are not used yet.
// Session 25 trained feature set 2 (set 1 plus session_max) on lists collected at bb246f6
// (sha256 95a1a3f0…): out of fold on the tuning halves it scored 0.7508 against 0.7462, but its
// held-out LoCoMo B NDCG@10 was 0.549, so set 1 stays shipped (FEATURE_VERSION).
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type FusionSettings,
  type LearnedModel,
  learnedFeatures,
  TRAIN_DEFAULTS,
  type TrainingQuery,
  type TrainOptions,
  trainRanker,
} from '../src/search/index.js';
import { loadLocomo } from './locomo.js';
import { loadLme, splitLme } from './longmemeval.js';
import {
  type Collected,
  evaluateConfig,
  parseCollected,
  type SuiteConfig,
  suiteCandidates,
} from './retrieval-suite.js';

/** The trainer's chosen settings (cross-validated on the tuning halves; see the ADR). */
export const CHOSEN: { readonly train: TrainOptions; readonly fusion: Partial<FusionSettings> } = {
  train: TRAIN_DEFAULTS,
  fusion: {},
};

/** The candidate lists the shipped weights were trained from (see the header). */
export const TRAINED_ON = {
  commit: 'b89394c',
  sha256: 'a27df3f3a21b19dfa51fd8772f07a9ac5b2df8e50086d140214d8a7e48eefc4f',
} as const;

/** Training rows of a list of questions, each question weighing `1 / list.length`. */
export function trainingQueries(
  list: readonly Collected[],
  fusion: Partial<FusionSettings>,
): TrainingQuery[] {
  const config: SuiteConfig = { name: 'rows', mode: 'hybrid', fusion };
  return list.map((c) => {
    const { fusion: settings, candidates, adjustments } = suiteCandidates(c, config);
    const gold = new Set(c.question.gold);
    return {
      features: learnedFeatures(candidates, settings, adjustments),
      relevant: candidates.map((candidate) => gold.has(candidate.key)),
      weight: 1 / list.length,
    };
  });
}

/** The halves: LoCoMo by conversation (A = first five), LongMemEval by the fixed split. */
export function halves(saved: { locomo: Collected[]; lme: Collected[] }) {
  const conversations = [...new Set(loadLocomo().messages.map((m) => m.conversation_id))].sort();
  const split = splitLme(loadLme().queries);
  const headline = (c: Collected) => c.question.type !== 'adversarial (cat. 5)';
  return {
    locomoA: saved.locomo.filter(
      (c) => conversations.slice(0, 5).includes(c.question.corpus) && headline(c),
    ),
    locomoB: saved.locomo.filter(
      (c) => conversations.slice(5).includes(c.question.corpus) && headline(c),
    ),
    lmeTuning: saved.lme.filter((c) => split.tuning.includes(c.question.corpus)),
    lmeHeld: saved.lme.filter((c) => split.heldOut.includes(c.question.corpus)),
  };
}

/** Fold of a question: LoCoMo by conversation, LongMemEval by haystack position (5 folds). */
export function foldsOf(list: readonly Collected[]): Map<string, number> {
  const corpora = [...new Set(list.map((c) => c.question.corpus))].sort();
  return new Map(corpora.map((corpus, index) => [corpus, index % 5]));
}

export interface Measured {
  readonly r10: number;
  readonly ndcg: number;
}
const overall = (list: readonly Collected[], config: SuiteConfig): Measured => {
  const row = evaluateConfig(list, config)['overall']?.message;
  return { r10: row?.r10 ?? 0, ndcg: row?.ndcg ?? 0 };
};

/** Out-of-fold figures of one setting on both tuning halves. */
export function crossValidate(
  a: readonly Collected[],
  t: readonly Collected[],
  train: TrainOptions,
  fusion: Partial<FusionSettings>,
): { a: Measured; t: Measured } {
  const foldA = foldsOf(a);
  const foldT = foldsOf(t);
  const scoredA: Collected[][] = [];
  const scoredT: Collected[][] = [];
  const models: LearnedModel[] = [];
  for (let fold = 0; fold < 5; fold += 1) {
    const trainA = a.filter((c) => foldA.get(c.question.corpus) !== fold);
    const trainT = t.filter((c) => foldT.get(c.question.corpus) !== fold);
    models.push(
      trainRanker([...trainingQueries(trainA, fusion), ...trainingQueries(trainT, fusion)], train),
    );
    scoredA.push(a.filter((c) => foldA.get(c.question.corpus) === fold));
    scoredT.push(t.filter((c) => foldT.get(c.question.corpus) === fold));
  }
  const pooled = (groups: Collected[][], total: number): Measured => {
    let r10 = 0;
    let ndcg = 0;
    groups.forEach((group, fold) => {
      const m = overall(group, {
        name: 'cv',
        mode: 'hybrid',
        fusion: { ...fusion, method: 'learned', model: models[fold] as LearnedModel },
      });
      r10 += m.r10 * group.length;
      ndcg += m.ndcg * group.length;
    });
    return { r10: r10 / total, ndcg: ndcg / total };
  };
  return { a: pooled(scoredA, a.length), t: pooled(scoredT, t.length) };
}

export const objective = (a: Measured, t: Measured) => (a.r10 + a.ndcg + t.r10 + t.ndcg) / 4;
const f3 = (n: number) => n.toFixed(4);

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file] = process.argv.slice(2);
  if (file === undefined) throw new Error('usage: retrieval-train <collected.json> [--write]');
  const raw = readFileSync(file);
  const digest = createHash('sha256').update(raw).digest('hex');
  console.log(
    `lists sha256 ${digest}${digest === TRAINED_ON.sha256 ? ` (the shipped model's, collected at ${TRAINED_ON.commit})` : ` (not the shipped model's: those are collected at ${TRAINED_ON.commit})`}`,
  );
  const saved = parseCollected(raw);
  const { locomoA, locomoB, lmeTuning, lmeHeld } = halves(saved);
  const line = (name: string, a: Measured, t: Measured) =>
    console.log(
      `${name.padEnd(52)} obj ${f3(objective(a, t))} | A ${f3(a.r10)}/${f3(a.ndcg)} | LME-T ${f3(t.r10)}/${f3(t.ndcg)}`,
    );
  for (const [name, config] of [
    ['BM25 + time', { name: 'bm25', mode: 'text' }],
    ['vector', { name: 'vec', mode: 'vector', timeAware: false }],
    ['default (shipped model)', { name: 'default', mode: 'hybrid' }],
  ] as [string, SuiteConfig][]) {
    line(name, overall(locomoA, config), overall(lmeTuning, config));
  }
  const grid: { name: string; train: TrainOptions; fusion: Partial<FusionSettings> }[] = JSON.parse(
    process.env['TRAIN_GRID'] ?? 'null',
  ) ?? [{ name: 'defaults', train: TRAIN_DEFAULTS, fusion: {} }];
  for (const g of grid) {
    const train = { ...TRAIN_DEFAULTS, ...g.train };
    const cv = crossValidate(locomoA, lmeTuning, train, g.fusion);
    line(`learned CV: ${g.name}`, cv.a, cv.t);
  }
  if (process.argv.includes('--check')) {
    // The shipped weights must be what this script trains from the same candidate lists.
    const model = trainRanker(
      [...trainingQueries(locomoA, CHOSEN.fusion), ...trainingQueries(lmeTuning, CHOSEN.fusion)],
      CHOSEN.train,
    );
    const target = join(import.meta.dirname, '..', 'src', 'search', 'learned-ranker.json');
    // Compared as compact JSON: biome reflows the file's layout, never its numbers.
    const same = JSON.stringify(JSON.parse(readFileSync(target, 'utf8'))) === JSON.stringify(model);
    console.log(same ? 'retrain: byte-identical' : 'retrain: DIFFERS from the shipped model');
    if (!same) process.exitCode = 1;
  }
  if (process.argv.includes('--write')) {
    const model = trainRanker(
      [...trainingQueries(locomoA, CHOSEN.fusion), ...trainingQueries(lmeTuning, CHOSEN.fusion)],
      CHOSEN.train,
    );
    const target = join(import.meta.dirname, '..', 'src', 'search', 'learned-ranker.json');
    writeFileSync(target, `${JSON.stringify(model, null, 2)}\n`);
    console.log(`wrote ${target}`);
    const learned: SuiteConfig = {
      name: 'learned',
      mode: 'hybrid',
      fusion: { ...CHOSEN.fusion, method: 'learned', model },
    };
    line(
      'learned, in-sample (trained on these)',
      overall(locomoA, learned),
      overall(lmeTuning, learned),
    );
    if (process.argv.includes('--held-out')) {
      const def: SuiteConfig = { name: 'default', mode: 'hybrid' };
      console.log('held out: LoCoMo B / LME held out (R@10 / NDCG@10, then session R@5)');
      for (const [name, config] of [
        ['default', def],
        ['learned', learned],
      ] as [string, SuiteConfig][]) {
        line(name, overall(locomoB, config), overall(lmeHeld, config));
        const sessions = (list: readonly Collected[]) =>
          f3(evaluateConfig(list, config)['overall']?.session.r5 ?? 0);
        console.log(`  session R@5: B ${sessions(locomoB)} | LME-H ${sessions(lmeHeld)}`);
      }
    }
  }
}
