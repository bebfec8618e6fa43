// Issue #17, session diversity for gathering questions ("how many", "in total", "all the"): ranks
// the saved candidate lists of a `bench/retrieval.bench.ts --collected <file>` run with session
// settings that act after the ranker, out of fold: the learned ranker is trained once per fold
// (the five folds of `retrieval-train.ts`, shipped training settings) and each fold's model ranks
// only the questions it was not fitted to. Two mechanisms: `sessionSpread` (search's own: each
// further hit of a session already ranked above × the spread, gathering questions only) and a
// bench-only regrouping, `expandSessions` (tried, not adopted: ADR 2026-11-26-retrieval-across-
// datasets, eighteenth session). Prints message R@10 / NDCG@10 and session R@5 per question type
// on both tuning halves. `--held-out` also prints the held-out halves under the shipped model
// (reporting only, never choosing).
// Run: npx tsx bench/retrieval-gather.ts <collected.json> [--held-out]
import { readFileSync } from 'node:fs';
import {
  type FusionSettings,
  type LearnedModel,
  rankSessions,
  type SessionRanking,
  trainRanker,
} from '../src/search/index.js';
import { queryIntent } from '../src/search/query-intent.js';
import { type Scores, score } from './retrieval-harness.js';
import { type Collected, rankOne } from './retrieval-suite.js';
import { CHOSEN, foldsOf, halves, trainingQueries } from './retrieval-train.js';

/** How `expandSessions` regroups a ranking. */
interface Expand {
  readonly sessions: number;
  readonly perSession: number;
  readonly order: SessionRanking['mode'];
}

interface Variant {
  readonly name: string;
  readonly fusion: Partial<FusionSettings>;
  /** Applied to gathering questions only, after the ranking. */
  readonly expand?: Expand;
}

interface Entry {
  readonly id: string;
  readonly thread: string;
  readonly score: number;
}

/**
 * A ranking regrouped by session: the best `sessions` sessions (as `rankSessions` orders them from
 * the ranked scores) each give their best `perSession` entries, session by session; the rest
 * follows in its ranked order.
 */
export function expandSessions(ranked: readonly Entry[], expand: Expand): Entry[] {
  const order = rankSessions(
    ranked.map((entry) => ({ thread: entry.thread, score: Math.max(0, entry.score) })),
    { mode: expand.order },
  ).slice(0, expand.sessions);
  const bySession = new Map<string, Entry[]>(order.map((session) => [session, []]));
  for (const entry of ranked) {
    const list = bySession.get(entry.thread);
    if (list !== undefined && list.length < expand.perSession) list.push(entry);
  }
  const lead = order.flatMap((session) => bySession.get(session) ?? []);
  const taken = new Set(lead);
  return [...lead, ...ranked.filter((entry) => !taken.has(entry))];
}

/** The default's spread (0.8) and the settings tried against it. */
const VARIANTS: readonly Variant[] = [
  { name: 'spread 1 (off)', fusion: { sessionSpread: 1 } },
  { name: 'spread 0.8 (default)', fusion: {} },
  { name: 'spread 0.5', fusion: { sessionSpread: 0.5 } },
  { name: 'spread 0.2', fusion: { sessionSpread: 0.2 } },
  { name: 'spread 0 (best of each session first)', fusion: { sessionSpread: 0 } },
  ...[3, 5].flatMap((sessions) =>
    [2, 3].flatMap((perSession) =>
      (['best', 'sum'] as const).map((order) => ({
        name: `expand ${sessions} sessions x ${perSession}, ${order}`,
        fusion: {},
        expand: { sessions, perSession, order },
      })),
    ),
  ),
];

interface Judged {
  readonly type: string;
  readonly message: Scores;
  readonly session: Scores;
}

/** One question ranked under `variant` with `model` (the shipped one when undefined). */
function judge(c: Collected, variant: Variant, model: LearnedModel | undefined): Judged {
  const fusion = model === undefined ? variant.fusion : { ...variant.fusion, model };
  const { scored } = rankOne(c, { name: variant.name, mode: 'hybrid', fusion });
  const gathering = queryIntent(c.question.question).aggregate;
  const ranked =
    variant.expand !== undefined && gathering ? expandSessions(scored, variant.expand) : scored;
  const sessions = rankSessions(
    ranked.map((s) => ({ thread: s.thread, score: s.score })),
    { mode: 'best' },
  );
  return {
    type: c.question.type,
    message: score(
      ranked.map((s) => s.id),
      c.question.gold,
    ),
    session: score(sessions, c.question.goldSessions),
  };
}

/** Mean R@10, NDCG@10 and session R@5 per type and `overall`. */
function rows(judged: readonly Judged[]): Map<string, string> {
  const out = new Map<string, string>();
  const f3 = (n: number) => n.toFixed(3);
  const mean = (list: readonly Judged[], pick: (j: Judged) => number) =>
    list.reduce((sum, j) => sum + pick(j), 0) / Math.max(1, list.length);
  const cell = (list: readonly Judged[]) =>
    `${f3(mean(list, (j) => j.message.r10))}/${f3(mean(list, (j) => j.message.ndcg))}/${f3(mean(list, (j) => j.session.r5))}`;
  out.set('overall', cell(judged));
  for (const type of [...new Set(judged.map((j) => j.type))].sort()) {
    out.set(type, cell(judged.filter((j) => j.type === type)));
  }
  return out;
}

const objectiveOf = (a: readonly Judged[], t: readonly Judged[]) => {
  const mean = (list: readonly Judged[], pick: (j: Judged) => number) =>
    list.reduce((sum, j) => sum + pick(j), 0) / Math.max(1, list.length);
  return (
    (mean(a, (j) => j.message.r10) +
      mean(a, (j) => j.message.ndcg) +
      mean(t, (j) => j.message.r10) +
      mean(t, (j) => j.message.ndcg)) /
    4
  );
};

const typeCells = (table: Map<string, string>) =>
  [...table.entries()]
    .filter(([type]) => type !== 'overall')
    .map(([type, cell]) => `${type} ${cell}`)
    .join('; ');

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file] = process.argv.slice(2);
  if (file === undefined) throw new Error('usage: retrieval-gather <collected.json> [--held-out]');
  const saved = JSON.parse(readFileSync(file, 'utf8')) as { locomo: Collected[]; lme: Collected[] };
  const { locomoA, locomoB, lmeTuning, lmeHeld } = halves(saved);
  const foldA = foldsOf(locomoA);
  const foldT = foldsOf(lmeTuning);
  const models: LearnedModel[] = [];
  for (let fold = 0; fold < 5; fold += 1) {
    const trainA = locomoA.filter((c) => foldA.get(c.question.corpus) !== fold);
    const trainT = lmeTuning.filter((c) => foldT.get(c.question.corpus) !== fold);
    models.push(
      trainRanker(
        [...trainingQueries(trainA, CHOSEN.fusion), ...trainingQueries(trainT, CHOSEN.fusion)],
        CHOSEN.train,
      ),
    );
  }
  const outOfFold = (list: readonly Collected[], variant: Variant) => {
    const fold = foldsOf(list);
    return list.map((c) => judge(c, variant, models[fold.get(c.question.corpus) ?? 0]));
  };
  console.log('out of fold; cells are message R@10 / NDCG@10 / session R@5');
  for (const variant of VARIANTS) {
    const a = outOfFold(locomoA, variant);
    const t = outOfFold(lmeTuning, variant);
    const ra = rows(a);
    const rt = rows(t);
    console.log(
      `${variant.name.padEnd(40)} obj ${objectiveOf(a, t).toFixed(4)} | A ${ra.get('overall')} | LME-T ${rt.get('overall')}`,
    );
    console.log(`    A: ${typeCells(ra)}`);
    console.log(`    LME-T: ${typeCells(rt)}`);
  }
  if (process.argv.includes('--held-out')) {
    console.log('held out (shipped model), cells as above');
    for (const variant of VARIANTS) {
      const b = rows(locomoB.map((c) => judge(c, variant, undefined)));
      const h = rows(lmeHeld.map((c) => judge(c, variant, undefined)));
      console.log(`${variant.name.padEnd(40)} B ${b.get('overall')} | LME-H ${h.get('overall')}`);
    }
  }
}
