// Issue #17, two untried signals, measured over the saved candidate lists of a
// `bench/retrieval.bench.ts --collected <file>` run (ADR 2026-11-26-retrieval-across-datasets,
// nineteenth session):
// 1. the session as a document: the cosine between the query and its session's centroid (the
//    mean of the session's cached message vectors, normalised), and a BM25 score of the query
//    against the session's concatenated user turns (and, for comparison, all its turns), each
//    scored among every session of the conversation / haystack, not only the candidates' sessions;
// 2. who said it: the role of each evidence message, then a role feature (user turn, and user turn
//    × first-person question) so the learned ranker can weigh role per query.
// Each signal enters the learned ranker as extra columns (five folds of `retrieval-train.ts`,
// shipped training settings, out of fold); the columns also order sessions by themselves, for
// session R@5. Vectors are read from the bench's disk cache (read only; a query whose vector is
// not cached is embedded by the bundled model in memory, never written back).
// Run: npx tsx bench/retrieval-session-role.ts <collected.json> [--held-out]
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLocalEmbeddingModel } from '../src/providers/local/index.js';
import {
  FEATURE_NAMES,
  isStopWord,
  type LearnedModel,
  learnedFeatures,
  rankFused,
  rankSessions,
  scoreFeatures,
  type TrainingQuery,
  trainRanker,
  wordsOf,
} from '../src/search/index.js';
import { CACHE_DIR } from './embedding-cache.js';
import { loadLocomo } from './locomo.js';
import { loadLme } from './longmemeval.js';
import { score } from './retrieval-harness.js';
import { type Collected, suiteCandidates } from './retrieval-suite.js';
import { CHOSEN, foldsOf, halves } from './retrieval-train.js';

const SPACE = 'universal-sentence-encoder-lite@0.2.0';
const DIMENSION = 512;
const MAX_CHARACTERS = 128 * 16;
const FIRST_PERSON = /\b(i|me|my|mine|i'm|i've|i'd|we|our|us)\b/i;
const SECOND_PERSON = /\b(you|your|yours|you're|you've|you'd)\b/i;

interface Message {
  readonly id: string;
  readonly session: string;
  readonly role: 'user' | 'assistant';
  /** The text as indexed (LoCoMo's speaker name leads it, as the bench ingests it). */
  readonly text: string;
}

const keyOf = (input: string) =>
  createHash('sha256').update(SPACE).update('\u0000').update(input).digest('hex');

/** The cached vectors whose keys are wanted (read only). */
function readVectors(wanted: ReadonlySet<string>): Map<string, Float32Array> {
  const buffer = readFileSync(join(CACHE_DIR, `${SPACE}.vec`));
  const record = 32 + DIMENSION * 4;
  const out = new Map<string, Float32Array>();
  for (let offset = 0; offset + record <= buffer.length; offset += record) {
    const key = buffer.subarray(offset, offset + 32).toString('hex');
    if (!wanted.has(key)) continue;
    const copy = new Float32Array(DIMENSION);
    new Uint8Array(copy.buffer).set(buffer.subarray(offset + 32, offset + record));
    out.set(key, copy);
  }
  return out;
}

const dot = (a: Float32Array, b: Float32Array) => {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += (a[i] ?? 0) * (b[i] ?? 0);
  return sum;
};
const normalised = (v: Float32Array) => {
  const norm = Math.sqrt(dot(v, v)) || 1;
  return v.map((x) => x / norm);
};

/** Content words of a text (the search's own tokeniser and stop words). */
const termsOf = (text: string) => wordsOf(text).filter((w) => !isStopWord(w));

/** BM25 (k1 1.2, b 0.75) of each document of one corpus against a query. */
function bm25Scores(documents: readonly string[][], query: readonly string[]): number[] {
  const n = documents.length;
  const average = documents.reduce((s, d) => s + d.length, 0) / Math.max(1, n);
  const frequency = new Map<string, number>();
  for (const doc of documents)
    for (const w of new Set(doc)) frequency.set(w, (frequency.get(w) ?? 0) + 1);
  const terms = [...new Set(query)];
  return documents.map((doc) => {
    const counts = new Map<string, number>();
    for (const w of doc) counts.set(w, (counts.get(w) ?? 0) + 1);
    let total = 0;
    for (const t of terms) {
      const tf = counts.get(t) ?? 0;
      if (tf === 0) continue;
      const df = frequency.get(t) ?? 0;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      total += (idf * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * doc.length) / Math.max(1, average)));
    }
    return total;
  });
}

/** Per corpus: its sessions' centroids and term lists (user turns, all turns). */
interface CorpusView {
  readonly sessions: readonly string[];
  readonly centroid: readonly Float32Array[];
  readonly userTerms: readonly string[][];
  readonly allTerms: readonly string[][];
  readonly roleOf: ReadonlyMap<string, 'user' | 'assistant'>;
}

function corpusView(messages: readonly Message[], vectors: Map<string, Float32Array>): CorpusView {
  const sessions = [...new Set(messages.map((m) => m.session))].sort();
  const index = new Map(sessions.map((s, i) => [s, i]));
  const sums = sessions.map(() => new Float32Array(DIMENSION));
  const userTerms: string[][] = sessions.map(() => []);
  const allTerms: string[][] = sessions.map(() => []);
  let missing = 0;
  for (const m of messages) {
    const i = index.get(m.session) ?? 0;
    const v = vectors.get(keyOf(m.text.slice(0, MAX_CHARACTERS)));
    if (v === undefined) missing += 1;
    else {
      const sum = sums[i] as Float32Array;
      for (let d = 0; d < DIMENSION; d += 1) sum[d] = (sum[d] ?? 0) + (v[d] ?? 0);
    }
    const terms = termsOf(m.text);
    (allTerms[i] as string[]).push(...terms);
    if (m.role === 'user') (userTerms[i] as string[]).push(...terms);
  }
  if (missing > 0) throw new Error(`${missing} message vectors not cached`);
  return {
    sessions,
    centroid: sums.map(normalised),
    userTerms,
    allTerms,
    roleOf: new Map(messages.map((m) => [m.id, m.role])),
  };
}

/** Session-level scores of one question: session → [centroid cosine, user BM25, all BM25]. */
function sessionScores(view: CorpusView, query: Float32Array, question: string) {
  const q = normalised(query);
  const terms = termsOf(question);
  const cos = view.centroid.map((c) => dot(c, q));
  const over = (list: number[]) => {
    const best = Math.max(0, ...list);
    return list.map((x) => (best > 0 ? x / best : 0));
  };
  const user = over(bm25Scores(view.userTerms, terms));
  const all = over(bm25Scores(view.allTerms, terms));
  const out = new Map<string, readonly number[]>();
  view.sessions.forEach((s, i) => {
    out.set(s, [cos[i] ?? 0, user[i] ?? 0, all[i] ?? 0]);
  });
  return out;
}

/** Extra columns a variant adds, by name. */
const EXTRA = {
  session_centroid: (x: ExtraInput) => x.session[0] ?? 0,
  session_centroid_rank: (x: ExtraInput) => x.centroidRank,
  session_user_bm25: (x: ExtraInput) => x.session[1] ?? 0,
  session_all_bm25: (x: ExtraInput) => x.session[2] ?? 0,
  user_turn: (x: ExtraInput) => (x.role === 'user' ? 1 : 0),
  user_turn_x_first_person: (x: ExtraInput) => (x.role === 'user' && x.firstPerson ? 1 : 0),
  assistant_turn_x_you: (x: ExtraInput) => (x.role === 'assistant' && x.secondPerson ? 1 : 0),
} as const;
type ExtraName = keyof typeof EXTRA;
interface ExtraInput {
  readonly session: readonly number[];
  readonly centroidRank: number;
  readonly role: 'user' | 'assistant' | undefined;
  readonly firstPerson: boolean;
  /** The question addresses the other party ("you", "your"): it may ask what they said. */
  readonly secondPerson: boolean;
}

interface Prepared {
  readonly c: Collected;
  readonly base: number[][];
  readonly extra: Record<ExtraName, number[]>;
  readonly relevant: boolean[];
  readonly sessionScores: Map<string, readonly number[]>;
}

function prepare(
  c: Collected,
  view: CorpusView,
  query: Float32Array,
  fusion: typeof CHOSEN.fusion,
): Prepared {
  const config = { name: 'rows', mode: 'hybrid' as const, fusion };
  const { fusion: settings, candidates, adjustments, threadOf } = suiteCandidates(c, config);
  const scores = sessionScores(view, query, c.question.question);
  const byCentroid = [...scores.entries()]
    .sort((a, b) => (b[1][0] ?? 0) - (a[1][0] ?? 0) || (a[0] < b[0] ? -1 : 1))
    .map(([s]) => s);
  const centroidRank = new Map(byCentroid.map((s, i) => [s, 1 / (1 + i)]));
  const firstPerson = FIRST_PERSON.test(c.question.question);
  const secondPerson = SECOND_PERSON.test(c.question.question);
  const gold = new Set(c.question.gold);
  const extra = Object.fromEntries(
    Object.keys(EXTRA).map((name) => [
      name,
      candidates.map((candidate) => {
        const thread = threadOf(candidate.key);
        return EXTRA[name as ExtraName]({
          session: scores.get(thread) ?? [0, 0, 0],
          centroidRank: centroidRank.get(thread) ?? 0,
          role: view.roleOf.get(candidate.key),
          firstPerson,
          secondPerson,
        });
      }),
    ]),
  ) as Record<ExtraName, number[]>;
  return {
    c,
    base: learnedFeatures(candidates, settings, adjustments),
    extra,
    relevant: candidates.map((candidate) => gold.has(candidate.key)),
    sessionScores: scores,
  };
}

const rowsOf = (p: Prepared, names: readonly ExtraName[]) =>
  p.base.map((row, i) => [...row, ...names.map((name) => p.extra[name][i] ?? 0)]);

/** One question ranked by `model` over its base and extra columns, through search's adjustments. */
function judge(p: Prepared, names: readonly ExtraName[], model: LearnedModel) {
  const config = { name: 'rank', mode: 'hybrid' as const, fusion: CHOSEN.fusion };
  const { candidates, adjustments, threadOf } = suiteCandidates(p.c, config);
  const rows = rowsOf(p, names);
  const fused = new Map<string, number>();
  candidates.forEach((candidate, i) => {
    const logit = scoreFeatures(model, rows[i] ?? []);
    fused.set(candidate.key, logit >= 0 ? 1 + logit : 1 / (1 - logit));
  });
  const ranked = rankFused(candidates, fused, adjustments);
  const ids = ranked.map((r) => r.candidate.key);
  const sessions = rankSessions(
    ranked.map((r) => ({ thread: threadOf(r.candidate.key), score: r.score })),
    { mode: 'best' },
  );
  return {
    type: p.c.question.type,
    message: score(ids, p.c.question.gold),
    session: score(sessions, p.c.question.goldSessions),
  };
}

type Judged = ReturnType<typeof judge>;

function crossValidate(
  a: readonly Prepared[],
  t: readonly Prepared[],
  names: readonly ExtraName[],
): { a: Judged[]; t: Judged[] } {
  const foldA = foldsOf(a.map((p) => p.c));
  const foldT = foldsOf(t.map((p) => p.c));
  const featureNames = [...FEATURE_NAMES, ...names];
  const training = (list: readonly Prepared[]): TrainingQuery[] =>
    list.map((p) => ({
      features: rowsOf(p, names),
      relevant: p.relevant,
      weight: 1 / list.length,
    }));
  const outA: Judged[] = [];
  const outT: Judged[] = [];
  for (let fold = 0; fold < 5; fold += 1) {
    const model = trainRanker(
      [
        ...training(a.filter((p) => foldA.get(p.c.question.corpus) !== fold)),
        ...training(t.filter((p) => foldT.get(p.c.question.corpus) !== fold)),
      ],
      CHOSEN.train,
      featureNames,
    );
    for (const p of a)
      if (foldA.get(p.c.question.corpus) === fold) outA.push(judge(p, names, model));
    for (const p of t)
      if (foldT.get(p.c.question.corpus) === fold) outT.push(judge(p, names, model));
  }
  return { a: outA, t: outT };
}

const f3 = (n: number) => n.toFixed(3);
const mean = (list: readonly Judged[], pick: (j: Judged) => number) =>
  list.reduce((s, j) => s + pick(j), 0) / Math.max(1, list.length);
const cell = (list: readonly Judged[]) =>
  `${f3(mean(list, (j) => j.message.r10))}/${f3(mean(list, (j) => j.message.ndcg))}/${f3(mean(list, (j) => j.session.r5))}`;
const objective = (a: readonly Judged[], t: readonly Judged[]) =>
  (mean(a, (j) => j.message.r10) +
    mean(a, (j) => j.message.ndcg) +
    mean(t, (j) => j.message.r10) +
    mean(t, (j) => j.message.ndcg)) /
  4;
const perType = (list: readonly Judged[]) =>
  [...new Set(list.map((j) => j.type))]
    .sort()
    .map((type) => `${type} ${cell(list.filter((j) => j.type === type))}`)
    .join('; ');

/** Session R@5 when sessions are ordered by one session-level score alone (ties by id). */
function sessionOnly(list: readonly Prepared[], column: number): number {
  return (
    list.reduce((sum, p) => {
      const order = [...p.sessionScores.entries()]
        .sort((x, y) => (y[1][column] ?? 0) - (x[1][column] ?? 0) || (x[0] < y[0] ? -1 : 1))
        .map(([s]) => s);
      return sum + score(order, p.c.question.goldSessions).r5;
    }, 0) / Math.max(1, list.length)
  );
}

/** Share of evidence messages said by the user, and the share of user turns in the corpora. */
function roleShares(list: readonly Collected[], views: Map<string, CorpusView>) {
  const byType = new Map<string, { user: number; all: number }>();
  const add = (type: string, user: boolean) => {
    const row = byType.get(type) ?? { user: 0, all: 0 };
    row.all += 1;
    if (user) row.user += 1;
    byType.set(type, row);
  };
  for (const c of list) {
    const view = views.get(c.question.corpus);
    for (const id of c.question.gold) {
      const user = view?.roleOf.get(id) === 'user';
      add('overall', user);
      add(c.question.type, user);
    }
  }
  let users = 0;
  let turns = 0;
  for (const corpus of new Set(list.map((c) => c.question.corpus))) {
    for (const role of views.get(corpus)?.roleOf.values() ?? []) {
      turns += 1;
      if (role === 'user') users += 1;
    }
  }
  return `turns by the user ${f3(users / Math.max(1, turns))}; evidence by the user: ${[
    ...byType.entries(),
  ]
    .map(([type, r]) => `${type} ${f3(r.user / r.all)} (${r.all})`)
    .join('; ')}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file] = process.argv.slice(2);
  if (file === undefined) throw new Error('usage: retrieval-session-role <collected.json>');
  const saved = JSON.parse(readFileSync(file, 'utf8')) as { locomo: Collected[]; lme: Collected[] };
  const { locomoA, locomoB, lmeTuning, lmeHeld } = halves(saved);
  const messages = new Map<string, Message[]>();
  const push = (corpus: string, m: Message) => {
    const list = messages.get(corpus) ?? [];
    list.push(m);
    messages.set(corpus, list);
  };
  for (const m of loadLocomo().messages) {
    push(m.conversation_id, {
      id: m.message_id,
      session: m.session_id,
      role: m.role,
      text: `${m.speaker}: ${m.content}`,
    });
  }
  for (const m of loadLme().messages) {
    push(m.conversation_id, {
      id: m.message_id,
      session: m.session_id,
      role: m.role,
      text: m.content,
    });
  }
  const all = [...locomoA, ...locomoB, ...lmeTuning, ...lmeHeld];
  const corpora = new Set(all.map((c) => c.question.corpus));
  const wanted = new Set<string>();
  for (const corpus of corpora) {
    for (const m of messages.get(corpus) ?? []) wanted.add(keyOf(m.text.slice(0, MAX_CHARACTERS)));
  }
  for (const c of all) wanted.add(keyOf(c.question.question.slice(0, MAX_CHARACTERS)));
  const vectors = readVectors(wanted);
  const missingQueries = [
    ...new Set(
      all
        .map((c) => c.question.question.slice(0, MAX_CHARACTERS))
        .filter((q) => !vectors.has(keyOf(q))),
    ),
  ];
  console.log(`vectors read ${vectors.size}; queries to embed in memory ${missingQueries.length}`);
  if (missingQueries.length > 0) {
    const model = createLocalEmbeddingModel({ workers: 1 });
    for (let i = 0; i < missingQueries.length; i += 64) {
      const batch = missingQueries.slice(i, i + 64);
      const embedded = await model.embed(batch, {});
      batch.forEach((q, j) => {
        const v = embedded[j];
        if (v !== undefined) vectors.set(keyOf(q), v);
      });
    }
    await model.close();
  }
  const views = new Map<string, CorpusView>();
  for (const corpus of corpora) views.set(corpus, corpusView(messages.get(corpus) ?? [], vectors));
  // The cached query vector must be the one search used: its cosine with a candidate's cached
  // vector equals the cosine the vector list saved.
  let checked = 0;
  let worst = 0;
  for (const c of [...locomoA.slice(0, 20), ...lmeTuning.slice(0, 20)]) {
    const q = vectors.get(keyOf(c.question.question.slice(0, MAX_CHARACTERS)));
    const item = c.vector[0];
    const v =
      item === undefined ? undefined : vectors.get(keyOf(item.text.slice(0, MAX_CHARACTERS)));
    if (q === undefined || v === undefined || item === undefined) continue;
    worst = Math.max(worst, Math.abs(dot(normalised(q), normalised(v)) - item.value));
    checked += 1;
  }
  console.log(`cosine check: ${checked} questions, largest difference ${worst.toExponential(2)}`);
  for (const [name, list] of [
    ['LoCoMo A', locomoA],
    ['LME tuning', lmeTuning],
  ] as const) {
    console.log(`roles, ${name}: ${roleShares(list, views)}`);
  }
  const prep = (list: readonly Collected[]) =>
    list.map((c) =>
      prepare(
        c,
        views.get(c.question.corpus) as CorpusView,
        vectors.get(keyOf(c.question.question.slice(0, MAX_CHARACTERS))) as Float32Array,
        CHOSEN.fusion,
      ),
    );
  const a = prep(locomoA);
  const t = prep(lmeTuning);
  console.log(
    'session R@5 by one session score alone (centroid / user BM25 / all BM25): ' +
      `A ${[0, 1, 2].map((k) => f3(sessionOnly(a, k))).join(' / ')}; ` +
      `LME-T ${[0, 1, 2].map((k) => f3(sessionOnly(t, k))).join(' / ')}`,
  );
  const variants: [string, ExtraName[]][] = JSON.parse(process.env['VARIANTS'] ?? 'null') ?? [
    ['27 features (shipped set)', []],
    ['+ session centroid', ['session_centroid']],
    ['+ session centroid, its rank', ['session_centroid', 'session_centroid_rank']],
    ['+ session user BM25', ['session_user_bm25']],
    ['+ session all BM25', ['session_all_bm25']],
    ['+ centroid + user BM25', ['session_centroid', 'session_user_bm25']],
    ['+ user turn', ['user_turn']],
    ['+ user turn x first person', ['user_turn_x_first_person']],
    ['+ user turn, x first person', ['user_turn', 'user_turn_x_first_person']],
    [
      '+ centroid + user BM25 + role',
      ['session_centroid', 'session_user_bm25', 'user_turn', 'user_turn_x_first_person'],
    ],
  ];
  console.log('out of fold, R@10 / NDCG@10 / session R@5');
  for (const [name, names] of variants) {
    const cv = crossValidate(a, t, names);
    console.log(
      `${name.padEnd(40)} obj ${objective(cv.a, cv.t).toFixed(4)} | A ${cell(cv.a)} | LME-T ${cell(cv.t)}`,
    );
    console.log(`  LME-T per type: ${perType(cv.t)}`);
  }
  if (process.argv.includes('--held-out')) {
    const names = JSON.parse(process.env['HELD_OUT'] ?? '[]') as ExtraName[];
    const b = prep(locomoB);
    const h = prep(lmeHeld);
    const training = (list: readonly Prepared[]) =>
      list.map((p) => ({
        features: rowsOf(p, names),
        relevant: p.relevant,
        weight: 1 / list.length,
      }));
    const model = trainRanker([...training(a), ...training(t)], CHOSEN.train, [
      ...FEATURE_NAMES,
      ...names,
    ]);
    const jb = b.map((p) => judge(p, names, model));
    const jh = h.map((p) => judge(p, names, model));
    console.log(`held out, trained on both tuning halves with [${names.join(', ')}]`);
    console.log(`  LoCoMo B ${cell(jb)} | LME held out ${cell(jh)}`);
    console.log(`  LME held out per type: ${perType(jh)}`);
  }
}
