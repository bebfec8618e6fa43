// The parts of the retrieval bench that run the same on every store, shared by
// bench/retrieval.bench.ts (SQLite) and bench/postgres.bench.ts (both stores side by side):
// LoCoMo scoring as its README defines it, one store per conversation, and search latency on a
// store of the dev-set messages repeated up to a size. The caller says how to open an engine on a
// fresh store, so the method (and so the figures) cannot drift apart between stores.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Clock } from '../src/core/index.js';
import { fixedClock } from '../src/core/index.js';
import {
  createEngine,
  type Engine,
  type EngineEmbeddingOptions,
  type SearchOptions,
} from '../src/engine/index.js';
import type { EmbeddingModel } from '../src/providers/index.js';
import { type LocomoMessage, type LocomoQuery, memoised, toRecord } from './locomo.js';

/** Recall, all-found and NDCG of one ranking (or their averages). */
export interface Scores {
  r5: number;
  r10: number;
  rall5: number;
  rall10: number;
  ndcg: number;
}

/** Averages over `n` questions, at message and at session level. */
export interface Row {
  readonly n: number;
  readonly message: Scores;
  readonly session: Scores;
}

/** Rows per question category, plus the overall rows. */
export type Breakdown = Record<string, Row>;

/** The headline row: categories 1–4, as the LoCoMo README scores retrieval. */
export const HEAD = 'overall (excl. adversarial)';

const CATEGORY_NAMES: Record<number, string> = {
  1: 'multi-hop (cat. 1)',
  2: 'temporal (cat. 2)',
  3: 'open-domain (cat. 3)',
  4: 'single-hop (cat. 4)',
};

/** One question's scores and category. */
export interface Judged {
  readonly category: number;
  readonly message: Scores;
  readonly session: Scores;
}

/** One question's scores given a ranking and the gold ids. */
export function score(ranked: readonly string[], gold: readonly string[]): Scores {
  const want = new Set(gold);
  const hits = (k: number) => ranked.slice(0, k).filter((id) => want.has(id)).length;
  let dcg = 0;
  ranked.slice(0, 10).forEach((id, index) => {
    if (want.has(id)) dcg += 1 / Math.log2(index + 2);
  });
  let ideal = 0;
  for (let index = 0; index < Math.min(10, want.size); index += 1)
    ideal += 1 / Math.log2(index + 2);
  return {
    r5: hits(5) / want.size,
    r10: hits(10) / want.size,
    rall5: hits(5) === want.size ? 1 : 0,
    rall10: hits(10) === want.size ? 1 : 0,
    ndcg: dcg / ideal,
  };
}

/** The averages of a list of judged questions. */
export function average(list: readonly Judged[]): Row {
  const sum = (level: 'message' | 'session', key: keyof Scores) =>
    list.length === 0 ? 0 : list.reduce((total, j) => total + j[level][key], 0) / list.length;
  const scores = (level: 'message' | 'session'): Scores => ({
    r5: sum(level, 'r5'),
    r10: sum(level, 'r10'),
    rall5: sum(level, 'rall5'),
    rall10: sum(level, 'rall10'),
    ndcg: sum(level, 'ndcg'),
  });
  return { n: list.length, message: scores('message'), session: scores('session') };
}

/** Rows per category, the headline, adversarial apart, and everything together. */
export function breakdown(judged: readonly Judged[]): Breakdown {
  const rows: Breakdown = {};
  for (const [category, name] of Object.entries(CATEGORY_NAMES)) {
    rows[name] = average(judged.filter((j) => j.category === Number(category)));
  }
  rows[HEAD] = average(judged.filter((j) => j.category <= 4));
  rows['adversarial (cat. 5), separate'] = average(judged.filter((j) => j.category === 5));
  rows['overall (incl. adversarial), reference'] = average(judged);
  return rows;
}

/** What the harness decides about an engine; the caller adds where its store lives. */
export interface EngineSettings {
  readonly clock: Clock;
  readonly embeddings: EngineEmbeddingOptions;
  readonly extraction: null;
}

/** An engine on a fresh store; `dispose` closes it and removes the store. */
export interface OpenedEngine {
  readonly engine: Engine;
  dispose(): Promise<void>;
}

/** Opens an engine with `settings` on a fresh, empty store (SQLite file, PostgreSQL schema…). */
export type OpenEngine = (settings: EngineSettings) => Promise<OpenedEngine>;

/** An engine on a fresh SQLite file in a temporary home, removed on dispose. */
export const openSqlite: OpenEngine = async (settings) => {
  const home = mkdtempSync(join(tmpdir(), 'verity-locomo-'));
  const engine = await createEngine({ home, ...settings });
  return {
    engine,
    dispose: async () => {
      await engine.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
};

/** One conversation's store. */
export interface Corpus extends OpenedEngine {
  readonly conversation: string;
}

/** Time and load spent building the per-conversation stores. */
export interface BuildStats {
  messages: number;
  ingestSeconds: number;
  indexSeconds: number;
  /** The machine's 1-minute load average before and after the build. */
  loadAverage: number[];
}

/** The dev set, and the ids the scoring needs. */
export interface Locomo {
  readonly messages: readonly LocomoMessage[];
  readonly queries: readonly LocomoQuery[];
}

/**
 * One store per conversation, as the LoCoMo README asks: every message ingested as a `message`
 * record, then its vectors filled by `model`. The clock is pinned to the conversation's question
 * date (relative dates in questions resolve against it, as for a user asking then).
 */
export async function buildCorpora(
  data: Locomo,
  conversations: readonly string[],
  model: EmbeddingModel,
  open: OpenEngine,
  onProgress: () => void = () => {},
): Promise<{ corpora: Corpus[]; build: BuildStats }> {
  const build: BuildStats = {
    messages: 0,
    ingestSeconds: 0,
    indexSeconds: 0,
    loadAverage: [loadavg()[0] ?? 0],
  };
  const corpora: Corpus[] = [];
  for (const conversation of conversations) {
    const own = data.queries.find((q) => q.conversation_id === conversation);
    const opened = await open({
      clock: fixedClock(Date.parse(own?.question_date ?? '2024-01-01T00:00:00Z')),
      embeddings: { model },
      extraction: null,
    });
    const corpus: Corpus = { ...opened, conversation };
    const messages = data.messages.filter((m) => m.conversation_id === conversation);
    const started = performance.now();
    await corpus.engine.ingest(messages.map((m) => toRecord(m)).join('\n'), {
      waitForIndex: false,
    });
    const ingested = performance.now();
    const report = await corpus.engine.indexEmbeddings();
    const indexed = performance.now();
    if (report.pending !== 0 || report.failed !== 0) {
      throw new Error(`${conversation}: ${report.failed} failed, ${report.pending} pending`);
    }
    build.messages += messages.length;
    build.ingestSeconds += (ingested - started) / 1000;
    build.indexSeconds += (indexed - ingested) / 1000;
    onProgress();
    console.log(
      `${conversation}: ${messages.length} messages, ingest ${((ingested - started) / 1000).toFixed(1)} s, embeddings ${((indexed - ingested) / 1000).toFixed(1)} s`,
    );
    corpora.push(corpus);
  }
  build.loadAverage.push(loadavg()[0] ?? 0);
  build.loadAverage = build.loadAverage.map((value) => Math.round(value * 10) / 10);
  return { corpora, build };
}

/** Observers of `evaluate`. */
export interface EvaluateHooks {
  /** Receives each question's ranked message ids (top 100). */
  readonly onRanking?: (queryId: string, ranked: string[]) => void;
}

/**
 * Scores every question of the conversations in `subset` against its own store: the top 100 hits
 * at message level, and sessions ordered by the rank of their best message.
 */
export async function evaluate(
  data: Locomo,
  corpora: readonly Corpus[],
  subset: readonly string[],
  options: SearchOptions,
  hooks: EvaluateHooks = {},
): Promise<Breakdown> {
  const sessionOf = new Map(data.messages.map((m) => [m.message_id, m.session_id]));
  const sessionsOf = (ranked: readonly string[]) => [
    ...new Set(ranked.map((id) => sessionOf.get(id) ?? id)),
  ];
  const judged: Judged[] = [];
  for (const corpus of corpora.filter((c) => subset.includes(c.conversation))) {
    for (const q of data.queries.filter((query) => query.conversation_id === corpus.conversation)) {
      const result = await corpus.engine.search(q.question, { limit: 100, ...options });
      const ranked = result.hits.map((hit) => hit.id);
      hooks.onRanking?.(q.query_id, ranked);
      judged.push({
        category: q.category,
        message: score(ranked, q.evidence_message_ids),
        session: score(sessionsOf(ranked), q.evidence_session_ids),
      });
    }
  }
  return breakdown(judged);
}

/** Search latency on one store of a given size. */
export interface Latency {
  readonly items: number;
  readonly buildSeconds: number;
  /** The ingest part of the build, the rest being vectors. */
  readonly ingestSeconds: number;
  readonly hybrid: { readonly p50: number; readonly p95: number; readonly mean: number };
  readonly text: { readonly p50: number; readonly p95: number };
  readonly vector: { readonly p50: number; readonly p95: number };
  readonly entityFiltered: { readonly p50: number; readonly p95: number };
  readonly queries: number;
  /** The machine's 1-minute load average before and after the timed searches. */
  readonly loadAverage: readonly number[];
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

/** Inputs of `latencyAt`. */
export interface LatencyOptions {
  readonly items: number;
  readonly data: Locomo;
  /** Questions in a fixed order; 770 are used, none twice with an embedding. */
  readonly questionPool: readonly LocomoQuery[];
  /** The model that embeds the queries (for real). */
  readonly model: EmbeddingModel;
  /** Vectors already computed for the dev-set messages, by text. */
  readonly memo: ReadonlyMap<string, Float32Array>;
  readonly open: OpenEngine;
  readonly onProgress?: () => void;
}

/**
 * Builds a store of the dev-set messages repeated in renamed threads up to `items`, with their
 * vectors from `memo` (no need to embed 5,882 texts again), then times searches: hybrid,
 * hybrid scoped to one entity, BM25 only and vector only. Every query is embedded for real, once.
 */
export async function latencyAt(options: LatencyOptions): Promise<Latency> {
  const { items, data, questionPool } = options;
  const onProgress = options.onProgress ?? (() => {});
  const documents = new Set(data.messages.map((m) => `${m.speaker}: ${m.content}`));
  const known = memoised(options.model, {
    onlyKnown: new Map([...options.memo].filter(([text]) => documents.has(text))),
  });
  const { engine, dispose } = await options.open({
    clock: fixedClock(Date.parse('2024-01-15T00:00:00Z')),
    embeddings: { model: known.model },
    extraction: null,
  });
  const started = performance.now();
  const lines: string[] = [];
  for (let copy = 0; lines.length < items; copy += 1) {
    for (const m of data.messages) {
      if (lines.length >= items) break;
      lines.push(toRecord(m, `${m.session_id}#${copy}`));
    }
  }
  for (let i = 0; i < lines.length; i += 5000) {
    await engine.ingest(lines.slice(i, i + 5000).join('\n'), { waitForIndex: false });
  }
  const ingestSeconds = (performance.now() - started) / 1000;
  const report = await engine.indexEmbeddings({ batchSize: 5000 });
  const buildSeconds = (performance.now() - started) / 1000;
  if (report.pending !== 0) throw new Error(`latency store: ${report.pending} pending`);
  onProgress();

  const warmup = questionPool.slice(0, 20);
  for (const q of warmup) await engine.search(q.question);
  // Unscoped and entity-scoped searches split the same stretch of questions, so neither gets the
  // easier ones; no question is asked twice with an embedding (no cache hits).
  const stretch = questionPool.slice(20, 620);
  const measured = stretch.filter((_, index) => index % 2 === 0);
  const scoped = stretch.filter((_, index) => index % 2 === 1);
  const load = [loadavg()[0] ?? 0];
  const time = async (list: readonly LocomoQuery[], search: SearchOptions): Promise<number[]> => {
    const times: number[] = [];
    for (const q of list) {
      const t0 = performance.now();
      await engine.search(q.question, { limit: 10, ...search });
      times.push(performance.now() - t0);
    }
    return times.sort((a, b) => a - b);
  };
  // Unscoped and, as search_memory runs it, scoped to one entity (here every item's entity), taking
  // turns so both see the same machine load.
  const hybrid: number[] = [];
  const entityFiltered: number[] = [];
  for (let index = 0; index < measured.length; index += 1) {
    const [plain] = await time(measured.slice(index, index + 1), {});
    const [scope] = await time(scoped.slice(index, index + 1), {
      filters: { entityIds: ['user:primary'] },
    });
    if (plain !== undefined) hybrid.push(plain);
    if (scope !== undefined) entityFiltered.push(scope);
  }
  hybrid.sort((a, b) => a - b);
  entityFiltered.sort((a, b) => a - b);
  const text = await time(measured.slice(0, 150), { mode: 'text' });
  const vector = await time(questionPool.slice(620, 770), { mode: 'vector' });
  load.push(loadavg()[0] ?? 0);
  onProgress();
  await dispose();
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    items,
    buildSeconds: round(buildSeconds),
    ingestSeconds: round(ingestSeconds),
    hybrid: {
      p50: round(percentile(hybrid, 0.5)),
      p95: round(percentile(hybrid, 0.95)),
      mean: round(hybrid.reduce((a, b) => a + b, 0) / hybrid.length),
    },
    text: { p50: round(percentile(text, 0.5)), p95: round(percentile(text, 0.95)) },
    vector: { p50: round(percentile(vector, 0.5)), p95: round(percentile(vector, 0.95)) },
    entityFiltered: {
      p50: round(percentile(entityFiltered, 0.5)),
      p95: round(percentile(entityFiltered, 0.95)),
    },
    queries: hybrid.length,
    loadAverage: load.map((value) => Math.round(value * 10) / 10),
  };
}
