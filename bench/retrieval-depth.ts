// Issue #17, candidate depth and session-first candidates, on the **tuning halves only** (LoCoMo A,
// LongMemEval tuning; the held-out halves are never read here). Reads a deep
// `bench/retrieval.bench.ts --quick --no-write --depth 200 --collected <file>` save:
// 1. the ceiling: share of evidence messages in BM25 / vector / union top-k, k = 10, 50, 100, 200,
//    per LongMemEval question type;
// 2. session-first: sessions ranked by the default ranking (50 per ranker), then every message of
//    the best s sessions added to the candidates — the evidence share it reaches and what it costs
//    (messages added per question);
// 3. the learned ranker (shipped training settings, five folds, out of fold) on lists cut to k.
// Run: npx tsx bench/retrieval-depth.ts <collected-deep.json>
import {
  FEATURE_NAMES,
  type LearnedModel,
  learnedFeatures,
  queryTerms,
  rankFused,
  scoreFeatures,
  type TrainingQuery,
  trainRanker,
  wordsOf,
} from '../src/search/index.js';
import { queryIntent } from '../src/search/query-intent.js';
import { loadLocomo } from './locomo.js';
import { loadLme } from './longmemeval.js';
import { score } from './retrieval-harness.js';
import { type Collected, rankOne, readCollected, suiteCandidates } from './retrieval-suite.js';
import { CHOSEN, crossValidate, foldsOf, halves, objective } from './retrieval-train.js';

/** A copy of `c` whose every candidate list is cut to its first `k`. */
export function cutLists(c: Collected, k: number): Collected {
  const feedback = c.feedback
    ? Object.fromEntries(Object.entries(c.feedback).map(([key, list]) => [key, list.slice(0, k)]))
    : undefined;
  return {
    ...c,
    text: c.text.slice(0, k),
    textNoContext: c.textNoContext.slice(0, k),
    vector: c.vector.slice(0, k),
    ...(c.keys === undefined ? {} : { keys: c.keys.slice(0, k) }),
    ...(feedback === undefined ? {} : { feedback }),
  };
}

const f3 = (n: number) => n.toFixed(3);

/** Per-turn columns a variant may add to the learned ranker's 27, from the candidate's text. */
const EXTRA: Record<
  string,
  (x: { coverage: number; aggregate: boolean; temporal: boolean }) => number
> = {
  // Share of the question's full-text terms the turn contains (BM25 saturates per term and
  // rewards a rare term repeated; coverage counts distinct terms once).
  term_coverage: (x) => x.coverage,
  term_coverage_x_aggregate: (x) => (x.aggregate ? x.coverage : 0),
  term_coverage_x_temporal: (x) => (x.temporal ? x.coverage : 0),
};

interface Prepared {
  readonly c: Collected;
  readonly rows: Map<string, number[][]>;
  readonly relevant: boolean[];
}

function prepare(c: Collected): Prepared {
  const config = { name: 'rows', mode: 'hybrid' as const, fusion: CHOSEN.fusion };
  const { fusion, candidates, adjustments } = suiteCandidates(c, config);
  const textOf = new Map([...c.text, ...c.vector].map((item) => [item.id, item.text]));
  const terms = queryTerms(c.question.question);
  const intent = queryIntent(c.question.question);
  const base = learnedFeatures(candidates, fusion, adjustments);
  const extras = candidates.map((candidate) => {
    const words = new Set(wordsOf(textOf.get(candidate.key) ?? ''));
    const coverage =
      terms.length === 0 ? 0 : terms.filter((t) => words.has(t)).length / terms.length;
    const input = { coverage, aggregate: intent.aggregate, temporal: intent.temporal };
    return Object.fromEntries(Object.entries(EXTRA).map(([name, f]) => [name, f(input)]));
  });
  const gold = new Set(c.question.gold);
  const rows = new Map<string, number[][]>();
  const rowsFor = (names: readonly string[]) =>
    base.map((row, i) => [...row, ...names.map((n) => extras[i]?.[n] ?? 0)]);
  rows.set('', rowsFor([]));
  for (const name of Object.keys(EXTRA)) rows.set(name, rowsFor([name]));
  return { c, rows, relevant: candidates.map((candidate) => gold.has(candidate.key)) };
}

/** Out-of-fold message R@10 / NDCG@10 with the 27 features plus `names` (each alone, or none). */
function crossValidateExtra(a: readonly Prepared[], t: readonly Prepared[], name: string) {
  const foldA = foldsOf(a.map((p) => p.c));
  const foldT = foldsOf(t.map((p) => p.c));
  const rowsOf = (p: Prepared) => p.rows.get(name) ?? [];
  const training = (list: readonly Prepared[], weight: number): TrainingQuery[] =>
    list.map((p) => ({ features: rowsOf(p), relevant: p.relevant, weight }));
  const judged = { a: [] as ReturnType<typeof score>[], t: [] as ReturnType<typeof score>[] };
  const byType = new Map<string, ReturnType<typeof score>[]>();
  for (let fold = 0; fold < 5; fold += 1) {
    const model: LearnedModel = trainRanker(
      [
        ...training(
          a.filter((p) => foldA.get(p.c.question.corpus) !== fold),
          1 / a.length,
        ),
        ...training(
          t.filter((p) => foldT.get(p.c.question.corpus) !== fold),
          1 / t.length,
        ),
      ],
      CHOSEN.train,
      name === '' ? FEATURE_NAMES : [...FEATURE_NAMES, name],
    );
    const judge = (p: Prepared) => {
      const config = { name: 'rank', mode: 'hybrid' as const, fusion: CHOSEN.fusion };
      const { candidates, adjustments } = suiteCandidates(p.c, config);
      const rows = rowsOf(p);
      const fused = new Map<string, number>();
      candidates.forEach((candidate, i) => {
        const logit = scoreFeatures(model, rows[i] ?? []);
        fused.set(candidate.key, logit >= 0 ? 1 + logit : 1 / (1 - logit));
      });
      const ids = rankFused(candidates, fused, adjustments).map((r) => r.candidate.key);
      return score(ids, p.c.question.gold);
    };
    for (const p of a) if (foldA.get(p.c.question.corpus) === fold) judged.a.push(judge(p));
    for (const p of t) {
      if (foldT.get(p.c.question.corpus) !== fold) continue;
      const s = judge(p);
      judged.t.push(s);
      byType.set(p.c.question.type, [...(byType.get(p.c.question.type) ?? []), s]);
    }
  }
  const mean = (list: readonly ReturnType<typeof score>[]) => ({
    r10: list.reduce((s, x) => s + x.r10, 0) / Math.max(1, list.length),
    ndcg: list.reduce((s, x) => s + x.ndcg, 0) / Math.max(1, list.length),
  });
  return {
    a: mean(judged.a),
    t: mean(judged.t),
    types: [...byType].map(([k, v]) => [k, mean(v)] as const),
  };
}

/** Mean over questions of the share of gold ids in `pool`. */
function coverage(list: readonly Collected[], pool: (c: Collected) => ReadonlySet<string>): number {
  let sum = 0;
  for (const c of list) {
    const have = pool(c);
    const gold = c.question.gold;
    sum += gold.length === 0 ? 1 : gold.filter((id) => have.has(id)).length / gold.length;
  }
  return sum / Math.max(1, list.length);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file] = process.argv.slice(2);
  if (file === undefined) throw new Error('usage: retrieval-depth <collected-deep.json>');
  const saved = readCollected(file);
  const { locomoA, lmeTuning } = halves(saved);
  const depth = Math.max(...[...locomoA, ...lmeTuning].map((c) => c.text.length));
  console.log(
    `deepest list ${depth}; LoCoMo A n = ${locomoA.length}, LME tuning n = ${lmeTuning.length}`,
  );

  // Messages of each session, for session-first candidates.
  const sessionOf = new Map<string, string>();
  const members = new Map<string, string[]>();
  const add = (id: string, session: string) => {
    sessionOf.set(id, session);
    const list = members.get(session) ?? [];
    list.push(id);
    members.set(session, list);
  };
  for (const m of loadLocomo().messages) add(m.message_id, `${m.conversation_id}/${m.session_id}`);
  for (const m of loadLme().messages) add(m.message_id, `${m.conversation_id}/${m.session_id}`);

  const lmeTypes = [...new Set(lmeTuning.map((c) => c.question.type))].sort();
  const groups: [string, Collected[]][] = [
    ['LoCoMo A', locomoA],
    ['LME tuning', lmeTuning],
    ...lmeTypes.map(
      (t) => [`  ${t}`, lmeTuning.filter((c) => c.question.type === t)] as [string, Collected[]],
    ),
  ];
  const ids = (list: readonly { id: string }[]) => new Set(list.map((x) => x.id));
  console.log('\nceiling: evidence share in BM25 / vector / union top-k');
  for (const [name, list] of groups) {
    const cells = [10, 50, 100, 200]
      .filter((k) => k <= depth)
      .map((k) => {
        const text = coverage(list, (c) => ids(c.text.slice(0, k)));
        const vector = coverage(list, (c) => ids(c.vector.slice(0, k)));
        const union = coverage(
          list,
          (c) => new Set([...ids(c.text.slice(0, k)), ...ids(c.vector.slice(0, k))]),
        );
        return `@${k} ${f3(text)}/${f3(vector)}/${f3(union)}`;
      });
    console.log(`${name.padEnd(34)} ${cells.join(' | ')}`);
  }

  console.log(
    '\nsession-first: union 50 + every message of the best s sessions (default ranking over 50)',
  );
  const defaultConfig = { name: 'default', mode: 'hybrid' as const };
  for (const [name, list] of groups) {
    const cells = [1, 3, 5].map((s) => {
      let added = 0;
      const cov = coverage(list, (c50) => {
        const c = cutLists(c50, 50);
        const { scored } = rankOne(c, defaultConfig);
        const sessions: string[] = [];
        for (const hit of scored) {
          const session = sessionOf.get(hit.id);
          if (session !== undefined && !sessions.includes(session)) sessions.push(session);
          if (sessions.length === s) break;
        }
        const pool = new Set([...ids(c.text), ...ids(c.vector)]);
        const before = pool.size;
        for (const session of sessions) for (const id of members.get(session) ?? []) pool.add(id);
        added += pool.size - before;
        return pool;
      });
      return `s=${s} ${f3(cov)} (+${(added / Math.max(1, list.length)).toFixed(1)} msgs)`;
    });
    console.log(`${name.padEnd(34)} ${cells.join(' | ')}`);
  }

  console.log('\nlearned ranker on lists cut to k (shipped training settings, out of fold)');
  const cuts = (JSON.parse(process.env['DEPTHS'] ?? 'null') as number[] | null) ?? [50, 100, 200];
  for (const k of cuts.filter((x) => x <= depth)) {
    const a = locomoA.map((c) => cutLists(c, k));
    const t = lmeTuning.map((c) => cutLists(c, k));
    const cv = crossValidate(a, t, CHOSEN.train, CHOSEN.fusion);
    console.log(
      `k=${k} obj ${objective(cv.a, cv.t).toFixed(4)} | A ${f3(cv.a.r10)}/${f3(cv.a.ndcg)} | LME-T ${f3(cv.t.r10)}/${f3(cv.t.ndcg)}`,
    );
  }

  console.log('\nper-turn columns added to the 27 (lists cut to 50, out of fold)');
  const a50 = locomoA.map((c) => prepare(cutLists(c, 50)));
  const t50 = lmeTuning.map((c) => prepare(cutLists(c, 50)));
  for (const name of ['', ...Object.keys(EXTRA)]) {
    const cv = crossValidateExtra(a50, t50, name);
    console.log(
      `${(name || '27 features').padEnd(30)} obj ${objective(cv.a, cv.t).toFixed(4)} | A ${f3(cv.a.r10)}/${f3(cv.a.ndcg)} | LME-T ${f3(cv.t.r10)}/${f3(cv.t.ndcg)}`,
    );
    console.log(
      `  LME-T per type: ${cv.types
        .sort()
        .map(([k, m]) => `${k} ${f3(m.r10)}/${f3(m.ndcg)}`)
        .join('; ')}`,
    );
  }
}
