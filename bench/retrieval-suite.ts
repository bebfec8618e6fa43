// Dataset-neutral retrieval evaluation shared by bench:retrieval for LoCoMo and LongMemEval-S:
// one store per conversation (haystack), each question's full-text and vector candidate lists
// collected once through the engine, then every fusion configuration ranked from those lists by
// the same pure functions the engine uses (`rankCandidates`, `rankSessions`). The default settings
// are also run end to end through `engine.search` to check the two paths agree.
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import type { SearchOptions } from '../src/engine/index.js';
import type { EmbeddingModel } from '../src/providers/index.js';
import {
  contextForShortTexts,
  DEFAULT_FUSION,
  type FeedbackSettings,
  type FusionCandidate,
  type FusionSettings,
  mentionedDays,
  type RankAdjustments,
  rankAdjustments,
  rankCandidates,
  rankSessions,
  routedFusion,
  type SessionRanking,
} from '../src/search/index.js';
import type { OpenEngine, OpenedEngine, Scores } from './retrieval-harness.js';
import { score } from './retrieval-harness.js';

/** One question, dataset-neutral. */
export interface SuiteQuestion {
  readonly id: string;
  /** The store (conversation / haystack) it is asked of. */
  readonly corpus: string;
  readonly question: string;
  readonly type: string;
  readonly gold: readonly string[];
  readonly goldSessions: readonly string[];
}

/** One store to build: its ingest lines, and the clock it answers at. */
export interface SuiteCorpus {
  readonly id: string;
  readonly lines: readonly string[];
  readonly now: string;
  /**
   * The clock while ingesting, when the dataset dates messages after the moment it asks at
   * (LongMemEval-S puts sessions later on the question's own day). Ingest refuses records more
   * than five minutes ahead of its clock, so at `now` those messages would never be indexed;
   * searches still run at `now`. Default: `now`.
   */
  readonly ingestAt?: string;
}

/** Averages over `n` questions. */
export interface SuiteRow {
  readonly n: number;
  readonly message: Scores;
  /** Sessions ranked by the configuration's session mode. */
  readonly session: Scores;
}

/** Rows per question type plus `overall`. */
export type SuiteBreakdown = Record<string, SuiteRow>;

/** One configuration the bench tries. */
export interface SuiteConfig {
  readonly name: string;
  /** `text` / `vector` use one list only; `hybrid` fuses. */
  readonly mode: 'hybrid' | 'text' | 'vector';
  readonly fusion?: Partial<FusionSettings>;
  readonly timeAware?: boolean;
  readonly sessions?: SessionRanking;
}

interface Listed {
  readonly id: string;
  readonly thread: string;
  readonly createdAt: number;
  readonly value: number;
  /** The item's text and creation time as stored (for the dates it mentions). */
  readonly text: string;
  readonly created: string;
}

/** Mentioned days per item id, computed once per bench run (the reader is deterministic). */
const daysMemo = new Map<string, number[]>();
function daysOf(item: Listed): number[] {
  let days = daysMemo.get(item.id);
  if (days === undefined) {
    days = mentionedDays(item.text, item.created);
    daysMemo.set(item.id, days);
  }
  return days;
}

/** Both candidate lists of one question, collected once. */
export interface Collected {
  readonly question: SuiteQuestion;
  readonly now: number;
  readonly text: readonly Listed[];
  readonly textNoContext: readonly Listed[];
  readonly vector: readonly Listed[];
  /** The fact-key index's hits (`mode: 'keys'`, the query's period read as the default does). */
  readonly keys?: readonly Listed[];
  /** Full-text lists after pseudo-relevance feedback, by `feedbackKey` of the settings. */
  readonly feedback?: Readonly<Record<string, readonly Listed[]>>;
}

/** The pseudo-relevance feedback settings whose full-text lists `collect` saves. */
export const FEEDBACK_TRIALS: readonly FeedbackSettings[] = [
  { documents: 3, terms: 5 },
  { documents: 5, terms: 5 },
  { documents: 5, terms: 10 },
  { documents: 10, terms: 10 },
];

/** The name a feedback setting's list is saved under. */
export function feedbackKey(settings: FeedbackSettings): string {
  return `${settings.documents}x${settings.terms}`;
}

/** Stores built, and what building them cost. */
export interface BuiltSuite {
  readonly stores: Map<string, OpenedEngine & { readonly now: number }>;
  readonly messages: number;
  readonly ingestSeconds: number;
  readonly indexSeconds: number;
}

/** Builds one store per corpus, ingesting then filling vectors. */
export async function buildSuite(
  corpora: readonly SuiteCorpus[],
  model: EmbeddingModel,
  open: OpenEngine,
): Promise<BuiltSuite> {
  const stores = new Map<string, OpenedEngine & { readonly now: number }>();
  let messages = 0;
  let ingestSeconds = 0;
  let indexSeconds = 0;
  for (const corpus of corpora) {
    const now = Date.parse(corpus.now);
    // Ingest at the later of the two instants, then answer at `now`.
    let current = Math.max(now, Date.parse(corpus.ingestAt ?? corpus.now));
    const opened = await open({
      clock: { now: () => current },
      embeddings: { model },
      extraction: null,
    });
    const t0 = performance.now();
    for (let i = 0; i < corpus.lines.length; i += 2000) {
      await opened.engine.ingest(corpus.lines.slice(i, i + 2000).join('\n'), {
        waitForIndex: false,
      });
    }
    const t1 = performance.now();
    const report = await opened.engine.indexEmbeddings();
    const t2 = performance.now();
    current = now;
    if (report.pending !== 0 || report.failed !== 0) {
      throw new Error(`${corpus.id}: ${report.failed} failed, ${report.pending} pending`);
    }
    messages += corpus.lines.length;
    ingestSeconds += (t1 - t0) / 1000;
    indexSeconds += (t2 - t1) / 1000;
    stores.set(corpus.id, { ...opened, now });
  }
  return { stores, messages, ingestSeconds, indexSeconds };
}

/**
 * Collects each question's candidate lists (the engine's own searches, 50 per ranker, or `depth`:
 * deeper lists measure the ceiling of wider candidates; the top 50 of a deeper list is the
 * 50-list, so one deep collection serves both).
 */
export async function collect(
  built: BuiltSuite,
  questions: readonly SuiteQuestion[],
  depth = DEFAULT_FUSION.candidates,
): Promise<Collected[]> {
  const out: Collected[] = [];
  for (const question of questions) {
    const store = built.stores.get(question.corpus);
    if (store === undefined) throw new Error(`no store for ${question.corpus}`);
    const list = async (options: SearchOptions, key: 'bm25' | 'vector' | 'keys') => {
      const result = await store.engine.search(question.question, {
        limit: depth,
        timeAware: false,
        ...options,
      });
      return result.hits.map((hit) => ({
        id: hit.id,
        thread: hit.thread_id ?? '',
        createdAt: Date.parse(hit.created_at),
        value: hit.scores[key] ?? 0,
        text: hit.text,
        created: hit.created_at,
      }));
    };
    const feedback: Record<string, Listed[]> = {};
    // Deep lists are for the ceiling: the feedback lists are skipped (they would not fit one JSON string).
    for (const settings of depth > DEFAULT_FUSION.candidates ? [] : FEEDBACK_TRIALS) {
      feedback[feedbackKey(settings)] = await list(
        { mode: 'text', fusion: { feedback: settings, contextMaxLength: 0 } },
        'bm25',
      );
    }
    out.push({
      question,
      now: store.now,
      feedback,
      // Saved with the context column for every item: the ranking splits it by length itself.
      text: await list({ mode: 'text', fusion: { contextMaxLength: 0 } }, 'bm25'),
      textNoContext: await list({ mode: 'text', fusion: { contextWeight: 0 } }, 'bm25'),
      vector: await list({ mode: 'vector' }, 'vector'),
      keys: await list({ mode: 'keys', timeAware: true }, 'keys'),
    });
  }
  return out;
}

/** How the saved lists are read by `contextForShortTexts`. */
const LISTED_READER = {
  key: (item: Listed) => item.id,
  length: (item: Listed) => item.text.length,
  score: (item: Listed) => item.value,
};

/** The saved full-text list of `fusion`'s feedback setting (only collected with the context column). */
function feedbackList(collected: Collected, fusion: FusionSettings): readonly Listed[] {
  const key = feedbackKey(fusion.feedback);
  const list = collected.feedback?.[key];
  if (list === undefined || fusion.contextWeight !== DEFAULT_FUSION.contextWeight) {
    throw new Error(
      `feedback ${key} was not collected with context weight ${fusion.contextWeight}`,
    );
  }
  return list;
}

/** One question's candidates as search builds them under `config`, and its adjustments. */
export function suiteCandidates(
  collected: Collected,
  config: SuiteConfig,
): {
  fusion: FusionSettings;
  candidates: FusionCandidate[];
  adjustments: RankAdjustments;
  threadOf: (key: string) => string;
} {
  const fusion = routedFusion(collected.question.question, { ...DEFAULT_FUSION, ...config.fusion });
  const textList =
    config.mode === 'vector'
      ? []
      : fusion.feedback.documents > 0
        ? feedbackList(collected, fusion)
        : fusion.contextWeight === 0
          ? collected.textNoContext
          : fusion.contextMaxLength > 0
            ? contextForShortTexts(
                collected.text,
                collected.textNoContext,
                fusion.contextMaxLength,
                fusion.candidates,
                LISTED_READER,
              )
            : collected.text;
  const vectorList = config.mode === 'text' ? [] : collected.vector;
  const byId = new Map<string, FusionCandidate & { thread: string; item: Listed }>();
  const entry = (item: Listed) => {
    let found = byId.get(item.id);
    if (found === undefined) {
      found = {
        key: item.id,
        thread: item.thread,
        item,
        bm25: null,
        vector: null,
        textRank: Infinity,
        vectorRank: Infinity,
        createdAt: item.createdAt,
        length: item.text.length,
      };
      byId.set(item.id, found);
    }
    return found;
  };
  textList.forEach((item, index) => {
    const found = entry(item);
    byId.set(item.id, { ...found, bm25: item.value, textRank: index });
  });
  vectorList.forEach((item, index) => {
    const found = entry(item);
    byId.set(item.id, { ...found, vector: item.value, vectorRank: index });
  });
  const keyList =
    config.mode === 'hybrid' && (fusion.keyWeight ?? 0) > 0 ? (collected.keys ?? []) : [];
  for (const item of keyList) byId.set(item.id, { ...entry(item), keys: item.value });
  const threadOf = (key: string) => byId.get(key)?.thread ?? key;
  const adjustments = rankAdjustments(collected.question.question, collected.now, fusion, {
    timeAware: config.timeAware !== false,
    recencyWeight: 0.3,
    threadOf,
  });
  const readDates = fusion.mentionedDates && adjustments.window !== null;
  const candidates = [...byId.values()].map((c) =>
    readDates ? { ...c, mentionedDays: daysOf(c.item) } : c,
  );
  return { fusion, candidates, adjustments, threadOf };
}

/** The message ranking and thread of each id, for one question under one configuration. */
export function rankOne(
  collected: Collected,
  config: SuiteConfig,
): { ranked: string[]; scored: { id: string; thread: string; score: number }[] } {
  const { fusion, candidates, adjustments, threadOf } = suiteCandidates(collected, config);
  const ranked = rankCandidates(candidates, fusion, adjustments);
  const scored = ranked.map(({ candidate, score: s }) => ({
    id: candidate.key,
    thread: threadOf(candidate.key),
    score: s,
  }));
  return { ranked: scored.map((s) => s.id), scored };
}

function averageScores(list: readonly Scores[]): Scores {
  const n = Math.max(1, list.length);
  const sum = (key: keyof Scores) => list.reduce((total, s) => total + s[key], 0) / n;
  return {
    r5: sum('r5'),
    r10: sum('r10'),
    rall5: sum('rall5'),
    rall10: sum('rall10'),
    ndcg: sum('ndcg'),
  };
}

/** Scores every collected question under `config`, per type and `overall` (types in `headline`). */
export function evaluateConfig(
  collected: readonly Collected[],
  config: SuiteConfig,
  headline: (type: string) => boolean = () => true,
): SuiteBreakdown {
  const judged = collected.map((c) => {
    const { ranked, scored } = rankOne(c, config);
    const sessions = rankSessions(
      scored.map((s) => ({ thread: s.thread, score: s.score })),
      config.sessions ?? { mode: 'best' },
    );
    return {
      type: c.question.type,
      message: score(ranked, c.question.gold),
      session: score(sessions, c.question.goldSessions),
    };
  });
  const rows: SuiteBreakdown = {};
  const types = [...new Set(judged.map((j) => j.type))].sort();
  const row = (list: typeof judged): SuiteRow => ({
    n: list.length,
    message: averageScores(list.map((j) => j.message)),
    session: averageScores(list.map((j) => j.session)),
  });
  for (const type of types) rows[type] = row(judged.filter((j) => j.type === type));
  rows['overall'] = row(judged.filter((j) => headline(j.type)));
  return rows;
}

/** Saved candidate lists of both suites, as `--collected` writes them. */
export interface SavedLists {
  locomo: Collected[];
  lme: Collected[];
}

/**
 * Writes `saved` to `file` one question at a time: deep lists (`--depth 200`) of every question
 * are longer than the longest string V8 builds, so `JSON.stringify` of the whole throws. The bytes
 * are those `JSON.stringify(saved)` gives, so the digest of a shallow save is unchanged.
 */
export function writeCollected(file: string, saved: SavedLists): void {
  const fd = openSync(file, 'w');
  try {
    const suite = (key: keyof SavedLists, head: string) => {
      writeSync(fd, `${head}"${key}":[`);
      saved[key].forEach((c, i) => {
        writeSync(fd, `${i === 0 ? '' : ','}${JSON.stringify(c)}`);
      });
      writeSync(fd, ']');
    };
    suite('locomo', '{');
    suite('lme', ',');
    writeSync(fd, '}');
  } finally {
    closeSync(fd);
  }
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x7b, 0x5b]); // { [
const CLOSERS = new Set([0x7d, 0x5d]); // } ]

/**
 * Reads what `writeCollected` (or `JSON.stringify` of the same object) wrote, parsing each
 * question on its own so that no string longer than one question is built. The top level is an
 * object of arrays; its keys are read from the bytes before each array.
 */
export function parseCollected(raw: Buffer): SavedLists {
  const out: SavedLists = { locomo: [], lme: [] };
  let depth = 0;
  let inString = false;
  let escaped = false;
  let keyStart = -1;
  let key = '';
  let itemStart = -1;
  for (let i = 0; i < raw.length; i++) {
    const b = raw[i] as number;
    if (inString) {
      if (escaped) escaped = false;
      else if (b === BACKSLASH) escaped = true;
      else if (b === QUOTE) {
        inString = false;
        if (depth === 1 && keyStart !== -1) {
          key = raw.toString('utf8', keyStart, i);
          keyStart = -1;
        }
      }
      continue;
    }
    if (b === QUOTE) {
      inString = true;
      if (depth === 1) keyStart = i + 1;
    } else if (OPENERS.has(b)) {
      if (depth === 2) itemStart = i;
      depth++;
    } else if (CLOSERS.has(b)) {
      depth--;
      if (depth === 2 && itemStart !== -1) {
        if (key !== 'locomo' && key !== 'lme') throw new Error(`unexpected list "${key}"`);
        out[key].push(JSON.parse(raw.toString('utf8', itemStart, i + 1)) as Collected);
        itemStart = -1;
      }
    }
  }
  if (depth !== 0 || inString) throw new Error('saved lists end early');
  return out;
}

/** `parseCollected` of a file. */
export const readCollected = (file: string): SavedLists => parseCollected(readFileSync(file));
