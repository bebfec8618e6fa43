import {
  buildContext,
  type ContextEntity,
  type ContextField,
  type ContextLimits,
  type ContextMode,
  type ContextOptions,
  type ContextResult,
  type ContextSources,
  createExtractiveSummarizer,
  createLlmSummarizer,
  DEFAULT_CONTEXT_LIMITS,
  DEFAULT_SUMMARY_TOKENS,
  type MemoryHit,
  type SourceRequest,
  type ThreadSummaries,
  type ThreadSummarizer,
} from '../context/index.js';
import {
  type BatchMessage,
  type Clock,
  contentHash,
  DEFAULT_ENTITY,
  isActiveItem,
  type Policy,
  parseRfc3339,
  type StateItem,
  type StateItemStatus,
  toIso,
} from '../core/index.js';
import { type EntityRegistry, memberEntities, memberGroupOf } from '../extract/index.js';
import {
  isRetiredPassage,
  markRetired,
  type RetiredPassages,
  readRetiredPassages,
} from '../observer/index.js';
import { readEntity, sharedThreadRecord } from '../pipeline/index.js';
import type { LanguageModel } from '../providers/index.js';
import {
  boostBySession,
  makeSnippet,
  maskedRecords,
  queryTerms,
  type SearchOptions,
  type SearchResult,
} from '../search/index.js';
import {
  type MessageRecord,
  readMeta,
  type SearchKind,
  type Store,
  type StoredStateItem,
} from '../stores/index.js';

/** What `Engine.buildContext` is asked: every field optional. */
export interface BuildContextRequest {
  /**
   * The entity the agent serves; only its records and its "we" group's are shown. Without one, a
   * `thread`'s context is the thread's: every speaker's messages (each named) and items of that
   * thread, and only state and memories said in it. Without either, `user:primary`.
   */
  readonly entity?: string | undefined;
  /** The conversation; without one, the entity's open items stand in for the thread's. */
  readonly thread?: string | undefined;
  /** What to retrieve memories for. Default: the thread's latest user message. */
  readonly query?: string | undefined;
  /** Tokens the whole context may take. Default 2,000. */
  readonly budget?: number | undefined;
  /** Budget split (ADR 2026-11-25-context-budget). Default `full`. */
  readonly mode?: ContextMode | undefined;
  /** The instant to build for (RFC 3339). Default: the engine's clock. */
  readonly now?: string | undefined;
  /** Texts shown above the context (Hard Rules, the pack); memories repeating them are left out. */
  readonly shown?: readonly string[] | undefined;
}

/** The builder's own settings, passed on to it when set (`BUILDER_SETTINGS`). */
const BUILDER_SETTINGS = [
  'limits',
  'system',
  'itemPriorityShare',
  'askedTailShare',
  'askedItemShare',
] as const satisfies readonly (keyof ContextOptions)[];

/**
 * Context settings of `createEngine`. The builder's own (`ContextOptions`: the system text, the
 * section caps, the priority and asked shares) are passed on as set; the builder adds the
 * defaults, which depend on the query: caps over `DEFAULT_CONTEXT_LIMITS` and, for a request with
 * a `query`, over `ASKED_CONTEXT_LIMITS`, where a `limits.tailMessages` set here turns the asked
 * tail cap and share off. The state-items share when asked is off by default.
 */
export interface EngineContextOptions
  extends Pick<ContextOptions, (typeof BUILDER_SETTINGS)[number]> {
  /**
   * Writes thread summaries with this model, on demand, memoised per thread state (ADR
   * 2026-11-26-context-sources). Default null: the offline extractive summary only.
   */
  readonly languageModel?: LanguageModel | null;
  /** A summary call that takes longer falls back to the extractive summary. Default 8,000. */
  readonly summaryTimeoutMs?: number;
  /** Skills or instructions text shown in every context. Default none. */
  readonly skills?: string | null;
  /** How retrieved messages become memories (ADR 2026-11-26-retrieval-across-datasets). */
  readonly memoryRanking?: Partial<MemoryRanking>;
}

/** How the memories section ranks and widens the search's hits. */
export interface MemoryRanking {
  /**
   * Session-level ranking: each message hit gains this share of the best hit's score, times its
   * session's score relative to the best session's (a session = one thread's messages of one UTC
   * day, scored by its best three hits, 1 / 0.5 / 0.25). 0: off.
   */
  readonly sessionWeight: number;
  /** Neighbour expansion: the best this many message hits bring the turn before and after. */
  readonly neighbourHits: number;
  /** A neighbour's score as a share of its hit's (it ranks right below hits that much better). */
  readonly neighbourWeight: number;
  /** Hits asked of search per memory slot, so session ranking can lift hits beyond the cap. */
  readonly candidateFactor: number;
  /**
   * A hit that no word of the query matched (found by its vector alone) is shown only when its
   * cosine similarity to the query reaches this; below it, it is a nearest neighbour of nothing in
   * particular (in a small store, whatever is left). 0: every hit is shown. Default: the
   * embedding model's own `unrelatedBelow`, else 0.
   */
  readonly vectorOnlyFloor: number;
}

/** Defaults of `MemoryRanking`, chosen on the tuning halves (see BENCHMARKS.md). */
export const DEFAULT_MEMORY_RANKING: MemoryRanking = {
  sessionWeight: 0.3,
  neighbourHits: 0,
  neighbourWeight: 0.9,
  candidateFactor: 2,
  vectorOnlyFloor: 0,
};

/** What the context capability reads through. */
export interface ContextCapabilityDeps {
  readonly store: Store;
  readonly clock: Clock;
  readonly currentPolicy: () => Promise<Policy>;
  readonly registry: EntityRegistry;
  readonly search: (query: string, options: SearchOptions) => Promise<SearchResult>;
  /** The search's embedding model's `unrelatedBelow`; absent without one or when not measured. */
  readonly unrelatedBelow?: number;
  /**
   * Recorded memories relevant to `query` for these entities, drift-checked at retrieval: a
   * drifted memory's text carries the drift marker. Absent: none are retrieved.
   */
  readonly recordedMemories?: (
    query: string,
    entityIds: readonly string[],
    limit: number,
  ) => Promise<readonly MemoryHit[]>;
}

/** The engine's context member: what an agent sees on one turn. */
export interface ContextCapability {
  /**
   * The context for one agent turn, within a token budget (default 2,000, counted with
   * `o200k_base`): system text, skills, the thread's short summary, canonical state of the entities
   * in play (freshness, stale, review and conflict markers), the thread's state items (or its long
   * summary; without a thread, the entity's open items), memories retrieved for `query` (default:
   * the thread's latest user message) and the thread's recent messages. Reports tokens per section
   * and the ids it shows. Shows only the entity's records and its "we" group's, or, for a thread
   * without an entity, what was said in that thread by anyone (never another thread's). Throws
   * VALIDATION_FAILED for a bad entity, budget, mode or `now`.
   */
  buildContext(request?: BuildContextRequest): Promise<ContextResult>;
}

/** Kinds retrieved as memories; state items have their own section. */
// Recorded memories come through `recordedMemories` (drift-checked and marked), never as plain
// search hits, so a drifted memory is never shown without its marker.
const MEMORY_KINDS: readonly SearchKind[] = ['message', 'note'];
/** Kinds a thread's own context retrieves: its messages (notes belong to no thread). */
const THREAD_MEMORY_KINDS: readonly SearchKind[] = ['message'];
/** Statuses of an entity's open items (no thread given). */
const OPEN_STATUSES: readonly StateItemStatus[] = ['active', 'open', 'blocked'];
/** Oldest messages read for a summary: the extractive one quotes the thread's opening. */
const SUMMARY_HEAD = 10;
/** Newest messages read for a summary. */
const SUMMARY_TAIL = 100;
/** LLM summaries kept in memory, by thread state. */
const SUMMARY_MEMO_SIZE = 256;

function toBatchMessage(record: MessageRecord): BatchMessage {
  return {
    messageId: record.messageId,
    role: record.role,
    content: record.content,
    createdAt: record.createdAt,
  };
}

/**
 * Characters of a retrieved item the memories section shows: a long hit (an assistant's essay)
 * is cut to an excerpt around the first query word, so one hit cannot fill the section and more
 * of the ranked hits fit the budget (docs/decisions/2026-11-26-retrieval-across-datasets.md).
 */
const MEMORY_EXCERPT_CHARACTERS = 400;

function toMemoryHit(hit: SearchResult['hits'][number], terms: readonly string[]): MemoryHit {
  const where = hit.thread_id === null ? '' : `${hit.thread_id}/`;
  return {
    id: `${hit.kind}:${where}${hit.id}`,
    kind: hit.kind,
    text: makeSnippet(hit.text, terms, MEMORY_EXCERPT_CHARACTERS),
    score: hit.score,
    created_at: hit.created_at,
    // Only a message hit shows its message; other kinds merely cite one.
    message_id: hit.kind === 'message' ? hit.message_id : null,
    thread_id: hit.thread_id,
  };
}

/** The marker a passage a retired MEMORY.md entry stands behind carries, as in `ask` and the pack. */
const RETIRED_MARKER = '(retired) ';

/**
 * `shown` (the memory line of search hit `hit`) marked as history when a MEMORY.md entry the user
 * retired stands behind it (`isRetiredPassage`): the whole line, or only its retired sentences.
 * Marked rather than left out, as `ask` and the recall pack do: the user retired a belief, not the
 * record that it was once held, and an agent asked what changed still needs to see it.
 */
function withRetiredMarked(
  retired: RetiredPassages,
  hit: Hit,
  shown: MemoryHit,
): { readonly hit: MemoryHit; readonly wholly: boolean } {
  if (retired.ids.size === 0 && retired.texts.size === 0) return { hit: shown, wholly: false };
  const passage = {
    id: hit.kind === 'message' ? `${hit.thread_id ?? ''}/${hit.id}` : hit.id,
    text: hit.text,
    at: hit.created_at,
  };
  if (isRetiredPassage(retired, passage)) {
    return { hit: { ...shown, text: `${RETIRED_MARKER}${shown.text}` }, wholly: true };
  }
  const text = markRetired(retired, { ...passage, text: shown.text });
  return { hit: { ...shown, text }, wholly: false };
}

/**
 * `hits` with the wholly retired ones (`history`, by id) ranked below every current one, their
 * order kept, so they are the first the memories cap and the budget leave out.
 */
function retiredLast(hits: readonly MemoryHit[], history: ReadonlySet<string>): MemoryHit[] {
  if (history.size === 0) return [...hits];
  const old = hits.filter((hit) => history.has(hit.id));
  const current = hits.filter((hit) => !history.has(hit.id));
  const finite = hits.map((hit) => hit.score).filter(Number.isFinite);
  const floor = Math.min(0, ...finite) - 1;
  return [...current, ...old.map((hit, index) => ({ ...hit, score: floor - index }))];
}

/** Each uid once, keeping the copy seen most recently (items of one text in several threads). */
function newestPerUid(items: readonly StoredStateItem[]): StateItem[] {
  const byUid = new Map<string, StoredStateItem>();
  for (const item of items) {
    const kept = byUid.get(item.uid);
    if (kept === undefined || item.lastSeenAt > kept.lastSeenAt) byUid.set(item.uid, item);
  }
  return [...byUid.values()];
}

/** A tiny insertion-ordered memo that forgets its oldest entry beyond `size`. */
function createMemo<T>(size: number) {
  const entries = new Map<string, T>();
  return {
    get: (key: string): T | undefined => entries.get(key),
    delete: (key: string): void => {
      entries.delete(key);
    },
    set(key: string, value: T): void {
      entries.set(key, value);
      if (entries.size > size) {
        const oldest = entries.keys().next();
        if (oldest.done !== true) entries.delete(oldest.value);
      }
    },
  };
}

/** The context settings, resolved once, and the engine's dependencies. */
interface ContextRuntime {
  readonly deps: ContextCapabilityDeps;
  readonly options: EngineContextOptions;
  readonly limits: ContextLimits;
  readonly extractive: ThreadSummarizer;
  /** The model's summarizer, or null without a model. */
  readonly llm: ThreadSummarizer | null;
  /** Model summaries by content key (never recorded: nothing derived depends on them). */
  readonly llmMemo: ReturnType<typeof createMemo<Promise<string>>>;
  readonly memoryRanking: MemoryRanking;
}

function contextRuntime(
  deps: ContextCapabilityDeps,
  options: EngineContextOptions,
): ContextRuntime {
  return {
    deps,
    options,
    limits: { ...DEFAULT_CONTEXT_LIMITS, ...options.limits } satisfies ContextLimits,
    extractive: createExtractiveSummarizer(),
    llm:
      options.languageModel === undefined || options.languageModel === null
        ? null
        : createLlmSummarizer({
            model: options.languageModel,
            ...(options.summaryTimeoutMs === undefined
              ? {}
              : { timeoutMs: options.summaryTimeoutMs }),
          }),
    llmMemo: createMemo<Promise<string>>(SUMMARY_MEMO_SIZE),
    memoryRanking: {
      ...DEFAULT_MEMORY_RANKING,
      vectorOnlyFloor: deps.unrelatedBelow ?? DEFAULT_MEMORY_RANKING.vectorOnlyFloor,
      ...options.memoryRanking,
    },
  };
}

/** A thread summary of at most `maxTokens`: the model's (memoised) when there is one, else extractive. */
async function summarize(
  rt: ContextRuntime,
  threadId: string,
  items: readonly StateItem[],
  messages: readonly BatchMessage[],
  maxTokens: number,
): Promise<string> {
  const input = { threadId, items, messages, maxTokens };
  const offline = async (): Promise<string> => {
    const result = await rt.extractive.summarize(input);
    if (!result.ok) throw result.error;
    return result.value;
  };
  const llm = rt.llm;
  if (llm === null) return offline();
  // A summary is not state: nothing derived depends on it, so it is memoised, not recorded.
  // The key covers everything the summary is written from, so equal threads give equal bytes.
  const key = contentHash([
    llm.version,
    threadId,
    maxTokens,
    items.map((item) => [item.uid, item.status, item.text, item.updatedAt]),
    messages.map((message) => [message.messageId, message.createdAt]),
  ]);
  const known = rt.llmMemo.get(key);
  if (known !== undefined) return known;
  const pending = summarizeWith(llm, input).then((text) => text ?? offline());
  rt.llmMemo.set(key, pending);
  // Only answers are remembered: a bug's rejection must not stick to the thread.
  pending.catch(() => rt.llmMemo.delete(key));
  return pending;
}

/**
 * What one build may show: the entity's own records and its "we" group's. A thread's messages and
 * items of other entities stay out, as search results of other entities do.
 */
function scopeOf(rt: ContextRuntime, entity: string): readonly string[] {
  const group = rt.deps.registry.we[entity];
  return group === undefined || group === entity ? [entity] : [entity, group];
}

/** A loader that runs `load` once, on first use. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | null = null;
  return () => {
    loaded ??= load();
    return loaded;
  };
}

/**
 * Whose records one build shows. `entity`: the entity's own and its "we" group's (`scopeOf`), in
 * any thread it names. `thread`: one thread as everyone in it sees it: every speaker's messages
 * and items of that thread, and nothing that came from another thread (ADR context-sources,
 * amendment of session 16).
 */
type ContextView =
  | { readonly kind: 'entity'; readonly scope: readonly string[] }
  | { readonly kind: 'thread'; readonly thread: string };

/** The sources the pure builder reads for one build, limited to `view`. */
function sourcesFor(rt: ContextRuntime, thread: string | null, view: ContextView): ContextSources {
  // A thread view reads only that thread's records, so every record it reads is in view.
  const inScope = (record: { readonly entityId: string }) =>
    view.kind === 'thread' || view.scope.includes(record.entityId);
  const tailRecords = once(async () =>
    thread === null
      ? []
      : (
          await rt.deps.store.listMessages({
            threadId: thread,
            order: 'desc',
            limit: rt.limits.tailMessages,
          })
        ).filter(inScope),
  );
  const threadItems = once(async () =>
    thread === null
      ? []
      : (await rt.deps.store.listStateItems({ threadId: thread })).filter(inScope),
  );
  const scope = once(async () =>
    view.kind === 'entity' ? view.scope : speakersOf(rt, await tailRecords()),
  );

  return {
    async entities(request: SourceRequest): Promise<readonly ContextEntity[]> {
      const policy = await rt.deps.currentPolicy();
      const now = parseRfc3339(request.now) ?? rt.deps.clock.now();
      const ids = await scope();
      const views = await Promise.all(ids.map((id) => readEntity(rt.deps.store, policy, id, now)));
      if (view.kind === 'entity') return views;
      return Promise.all(views.map((entity) => saidInThread(rt.deps.store, entity, view.thread)));
    },

    async stateItems(request: SourceRequest): Promise<readonly StateItem[]> {
      if (request.thread !== null) return threadItems();
      const lists = await Promise.all(
        (await scope()).map((entityId) =>
          rt.deps.store.listStateItems({ entityId, statuses: OPEN_STATUSES }),
        ),
      );
      return newestPerUid(lists.flat());
    },

    async summaries(threadId: string): Promise<ThreadSummaries> {
      const items = await threadItems();
      const hasItems = items.some(isActiveItem);
      // The extractive short summary reads only the items; everything else reads messages.
      const needsMessages = !hasItems || rt.llm !== null;
      const messages = needsMessages ? await summaryMessages(rt.deps.store, threadId, inScope) : [];
      // With no active item, the long summary stands in for them and says what the short one
      // would, so only one of the two is written.
      if (!hasItems) {
        const long = await summarize(rt, threadId, items, messages, DEFAULT_SUMMARY_TOKENS.long);
        return { short: null, long: long === '' ? null : long };
      }
      const short = await summarize(rt, threadId, items, messages, DEFAULT_SUMMARY_TOKENS.short);
      return { short: short === '' ? null : short, long: null };
    },

    skills: async () => rt.options.skills ?? null,

    async memories(query, _request, limit) {
      const ranking = rt.memoryRanking;
      // A thread view retrieves from the thread's own messages only: an entity's notes, recorded
      // memories and other threads may hold what one speaker never said in this thread.
      const filters =
        view.kind === 'thread'
          ? { threadIds: [view.thread], kinds: THREAD_MEMORY_KINDS }
          : { entityIds: [...view.scope], kinds: MEMORY_KINDS };
      const result = await rt.deps.search(query, {
        limit: Math.max(limit, Math.ceil(limit * ranking.candidateFactor)),
        filters,
      });
      const recorded =
        view.kind === 'thread'
          ? []
          : ((await rt.deps.recordedMemories?.(query, [...view.scope], limit)) ?? []);
      const terms = queryTerms(query);
      const relevant = result.hits.filter((hit) => !belowVectorFloor(hit, ranking.vectorOnlyFloor));
      const ranked = rankBySession(relevant, ranking.sessionWeight).slice(0, limit);
      const neighbours = await neighbourHits(rt, ranked, inScope);
      const retired = await readRetiredPassages(rt.deps.store);
      const history = new Set<string>();
      const hits = [...ranked, ...neighbours].map((hit) => {
        const shown = toMemoryHit(hit, terms);
        const marked = withRetiredMarked(retired, hit, shown);
        if (marked.wholly) history.add(shown.id);
        return marked.hit;
      });
      return retiredLast([...recorded, ...bestFirst(hits).slice(0, limit)], history);
    },

    async tail(_threadId, limit) {
      // Masked against the thread's own earlier turns: a reply whose question fell off the tail.
      const records = await maskedRecords(rt.deps.store, (await tailRecords()).slice(0, limit));
      // Speakers are named only where there is more than one person to tell apart.
      const people = new Set(records.filter((r) => r.role === 'user').map((r) => r.entityId));
      return records.map((record) =>
        // The assistant's lines are filed under whoever it served; only people are named.
        view.kind === 'thread' && people.size > 1 && record.role === 'user'
          ? { ...toBatchMessage(record), speaker: record.entityId }
          : toBatchMessage(record),
      );
    },
  };
}

/** The speakers of a thread's recent messages and their "we" groups, sorted. */
function speakersOf(rt: ContextRuntime, records: readonly MessageRecord[]): readonly string[] {
  const ids = new Set<string>();
  for (const record of records) {
    for (const id of scopeOf(rt, record.entityId)) ids.add(id);
  }
  return [...ids].sort();
}

/** True when `ref` cites a message of a thread other than `thread`. */
function fromOtherThread(ref: string, thread: string): boolean {
  return ref.startsWith('thread:') && !ref.startsWith(`thread:${thread}:msg:`);
}

/**
 * An entity's state as one thread may show it: a value (committed or proposed) stays only when
 * some of its evidence was said in this thread or came from outside any thread (a calendar, a
 * note, an answered review); a value only another thread's messages support is left out, so one
 * member's private thread never surfaces in a shared one.
 */
async function saidInThread(
  store: Store,
  entity: ContextEntity,
  thread: string,
): Promise<ContextEntity> {
  const slots = new Map((await store.listSlots(entity.entity_id)).map((s) => [s.field, s]));
  const said = (field: string, value: string | null): boolean =>
    (slots.get(field)?.evidence ?? []).some(
      (evidence) => evidence.value === value && !fromOtherThread(evidence.sourceRef, thread),
    );
  const state: Record<string, ContextField> = {};
  for (const [field, view] of Object.entries(entity.state)) {
    const pending = view.pending !== null && said(field, view.pending.value) ? view.pending : null;
    if (view.status === 'pending_review' && view.value === null) {
      if (pending !== null) state[field] = { ...view, pending };
      continue;
    }
    if (said(field, view.value)) state[field] = { ...view, pending };
  }
  const pending = entity.pending.filter(
    (prompt) => state[prompt.field]?.pending?.prompt_id === prompt.prompt_id,
  );
  return { entity_id: entity.entity_id, state, pending };
}

type Hit = SearchResult['hits'][number];

/** True when only the vector search found `hit`, and found it less similar than `floor`. */
function belowVectorFloor(hit: Hit, floor: number): boolean {
  const { bm25, keys, vector } = hit.scores;
  return bm25 === null && keys === null && vector !== null && vector < floor;
}

/** Hits re-scored by session-level ranking (`boostBySession`), best first. */
function rankBySession(hits: readonly Hit[], weight: number): Hit[] {
  const scores = boostBySession(
    hits.map((hit) => ({
      session: `${hit.kind}\u0000${hit.thread_id ?? ''}\u0000${hit.created_at.slice(0, 10)}`,
      score: hit.score,
    })),
    weight,
  );
  return bestFirst(hits.map((hit, index) => ({ ...hit, score: scores[index] ?? hit.score })));
}

/** Score descending, then id: the memories section's own order, so slicing keeps its prefix. */
function bestFirst<T extends { readonly score: number; readonly id: string }>(hits: T[]): T[] {
  return hits.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * Neighbour expansion: the turns before and after each of the best message hits, scored as a
 * share of their hit's score; a turn that is itself a hit (or another's neighbour) keeps its best.
 */
async function neighbourHits(
  rt: ContextRuntime,
  ranked: readonly Hit[],
  inScope: (record: MessageRecord) => boolean,
): Promise<Hit[]> {
  const { neighbourHits: count, neighbourWeight } = rt.memoryRanking;
  const keyOf = (thread: string | null, id: string) => `${thread ?? ''}\u0000${id}`;
  const best = new Map(ranked.map((hit) => [keyOf(hit.thread_id, hit.id), hit.score]));
  const found = new Map<string, Hit>();
  const sources = ranked.filter((hit) => hit.kind === 'message' && hit.thread_id !== null);
  for (const hit of sources.slice(0, count)) {
    const threadId = hit.thread_id ?? '';
    const at = { createdAt: hit.created_at, messageId: hit.id };
    const [before, after] = await Promise.all([
      rt.deps.store.listMessages({ threadId, before: at, order: 'desc', limit: 1 }),
      rt.deps.store.listMessages({ threadId, after: at, limit: 1 }),
    ]);
    for (const record of [...before, ...after].filter(inScope)) {
      const key = keyOf(threadId, record.messageId);
      const score = hit.score * neighbourWeight;
      if ((best.get(key) ?? Number.NEGATIVE_INFINITY) >= score) continue;
      best.set(key, score);
      found.set(key, neighbourOf(hit, record, score));
    }
  }
  return [...found.values()];
}

/** A stored message shown as a neighbour of `hit`. */
function neighbourOf(hit: Hit, record: MessageRecord, score: number): Hit {
  return {
    ...hit,
    id: record.messageId,
    message_id: record.messageId,
    score,
    scores: { bm25: null, vector: null, keys: null },
    snippet: record.content,
    entity_id: record.entityId,
    created_at: record.createdAt,
    text: record.content,
  };
}

/** The first and last messages of a thread in scope, which a summary is written from. */
async function summaryMessages(
  store: Store,
  threadId: string,
  inScope: (record: MessageRecord) => boolean,
): Promise<readonly BatchMessage[]> {
  const [head, tail] = await Promise.all([
    store.listMessages({ threadId, limit: SUMMARY_HEAD }),
    store.listMessages({ threadId, order: 'desc', limit: SUMMARY_TAIL }),
  ]);
  // Each quoted as shown: masked with its question, told apart by who said it.
  const [shownHead, shownTail] = await Promise.all([
    maskedRecords(store, head),
    maskedRecords(store, tail),
  ]);
  const byId = new Map(
    [...shownHead, ...shownTail].filter(inScope).map((record) => [record.messageId, record]),
  );
  return [...byId.values()].map(toBatchMessage);
}

/**
 * Wires the pure context builder to the engine: canonical state from the pipeline's entity views,
 * state items and messages from the store, memories from hybrid search, summaries from the
 * extractive summarizer (or a language model, memoised). See ADR 2026-11-26-context-sources.
 */
export function createContextCapability(
  deps: ContextCapabilityDeps,
  options: EngineContextOptions = {},
): ContextCapability {
  const rt = contextRuntime(deps, options);
  return {
    async buildContext(request = {}) {
      const thread = request.thread?.trim() || null;
      // Who wrote last matters only when no entity is named (it picks the view and the entity).
      const speaker = request.entity === undefined ? await threadEntity(deps.store, thread) : null;
      const entity = request.entity ?? speaker ?? DEFAULT_ENTITY;
      const scope = scopeOf(rt, entity);
      // Asked for a thread and no one in it, the thread is shown as it is, to everyone in it,
      // unless it is provably one person's own (ADR context-sources, amendment of session 16b).
      // A thread no one has written in yet is the default user's own on an install with no
      // household or team (every new session of a single user starts one), unless a forget
      // emptied it or it once had several speakers: a thread with a history was someone's, and
      // who it was is gone. With groups it may be a group's, so it is shown as a thread.
      const view: ContextView =
        thread !== null &&
        request.entity === undefined &&
        (speaker === null
          ? groupsOf(rt).size > 0 || (await wasShared(rt, thread))
          : await sharedThread(rt, thread, speaker, scope))
          ? { kind: 'thread', thread }
          : { kind: 'entity', scope };
      const sources = sourcesFor(rt, thread, view);
      return buildContext(
        {
          entity,
          thread,
          query: request.query ?? null,
          budget: request.budget,
          mode: request.mode,
          now: request.now ?? toIso(deps.clock.now()),
          shown: request.shown,
        },
        sources,
        // The caller's own settings only: the builder adds the defaults, which depend on the query.
        builderSettings(options),
      );
    },
  };
}

/**
 * Whether a thread with messages, the newest by `speaker`, may be read by more than that person:
 * it names a group (its id is a household or team), its speaker belongs to one (by `we` or by
 * `members`: a member's thread is one the group's agent serves, and its other members may have
 * written in it before a forget), it had several speakers before a forget, or anyone outside the
 * speaker's scope wrote in it. While a `members` entry matches no one (a mistyped id, a name in a
 * script the match cannot read), any speaker may be the member it meant, so every thread is shared:
 * a thread-only view only narrows, where the speaker's own view would show their private threads.
 */
async function sharedThread(
  rt: ContextRuntime,
  thread: string,
  speaker: string,
  scope: readonly string[],
): Promise<boolean> {
  const groups = groupsOf(rt);
  if (groups.has(thread) || groups.has(speaker) || belongsToGroup(rt, speaker)) return true;
  // A `members` entry that matches no one may be this speaker: fail closed, every thread shared.
  if (hasUnmatchedMember(rt.deps.registry)) return true;
  if (await wasShared(rt, thread)) return true;
  return rt.deps.store.hasMessageOutside(thread, scope);
}

/**
 * Whether a forget recorded that the thread had more than one speaker or that it emptied the
 * thread (`thread.shared`).
 */
async function wasShared(rt: ContextRuntime, thread: string): Promise<boolean> {
  return (await readMeta(rt.deps.store, sharedThreadRecord(thread))) !== null;
}

/** The households and teams the install names (config `we` and `members`). */
function groupsOf(rt: ContextRuntime): ReadonlySet<string> {
  const { we, members } = rt.deps.registry;
  return new Set([...Object.values(we), ...Object.keys(members)]);
}

/**
 * Whether `entity` is in a household or team: a "we" names its group, or a group's `members` name
 * it (`memberGroupOf`, the extractor's own reading of the registry: an entity id, or a display name
 * by whole and first name, accents folded). Taking a person for a member only narrows what is shown.
 */
function belongsToGroup(rt: ContextRuntime, entity: string): boolean {
  const group = rt.deps.registry.we[entity];
  if (group !== undefined && group !== entity) return true;
  return memberGroupOf(entity, rt.deps.registry) !== null;
}

/** Whether a group lists an entry no entity can match (`memberEntities`; the config warns of it). */
function hasUnmatchedMember(registry: EntityRegistry): boolean {
  return Object.values(registry.members).some((entries) =>
    entries.some((entry) => memberEntities(entry).length === 0),
  );
}

/** The entity of the thread's newest message, or null without a thread or messages. */
async function threadEntity(store: Store, thread: string | null): Promise<string | null> {
  if (thread === null) return null;
  const [newest] = await store.listMessages({ threadId: thread, order: 'desc', limit: 1 });
  return newest?.entityId ?? null;
}

/** The model's summary, or null when it failed (the caller then writes the extractive one). */
async function summarizeWith(
  summarizer: ThreadSummarizer,
  input: Parameters<ThreadSummarizer['summarize']>[0],
): Promise<string | null> {
  const result = await summarizer.summarize(input);
  return result.ok ? result.value : null;
}

/** The builder's settings `options` sets, without those left out or undefined. */
function builderSettings(options: EngineContextOptions): ContextOptions {
  const settings: Partial<Record<(typeof BUILDER_SETTINGS)[number], unknown>> = {};
  for (const key of BUILDER_SETTINGS) {
    if (options[key] !== undefined) settings[key] = options[key];
  }
  return settings as ContextOptions;
}
