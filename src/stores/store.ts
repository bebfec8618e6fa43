/**
 * The `Store` contract: the durable, ordered home of the ledger and of the state derived from it.
 * Adapters (SQLite now, PostgreSQL later) implement it and must pass `src/stores/conformance`.
 * May import: core, ledger.
 */
import type {
  HistoryEntry,
  JsonObject,
  JsonValue,
  PromptStatus,
  ReviewPrompt,
  SlotState,
  StateItem,
  StateItemStatus,
  StateItemType,
  ValidationIssue,
  Watermark,
} from '../core/index.js';

import type { LedgerEvent, NewLedgerEvent } from '../ledger/index.js';
import type { VaultReader, VaultSnapshot, VaultWriter } from './vault.js';

export type { ValidationIssue } from '../core/index.js';
export type { LedgerEvent, NewLedgerEvent } from '../ledger/index.js';
export type {
  CitedPassage,
  MemoryQuery,
  MemoryRecord,
  MemoryRevision,
  MemorySourceKind,
  NoteChunk,
  NoteRecord,
  PredictionError,
  PredictionErrorQuery,
  PredictionErrorType,
  VaultReader,
  VaultRoot,
  VaultSnapshot,
  VaultWriter,
} from './vault.js';

/** What appending did. */
export type AppendOutcome =
  | { readonly kind: 'appended'; readonly seq: number }
  /** Same `eventId` (or same `dedupeKey`) with the same payload hash: nothing written. */
  | { readonly kind: 'duplicate'; readonly seq: number; readonly eventId: string }
  /** Same `eventId` or `dedupeKey` but a different payload hash: nothing written. */
  | { readonly kind: 'conflict'; readonly existing: LedgerEvent };

/** A message as stored for later extraction and search. Identity: `(threadId, messageId)`. */
export interface MessageRecord {
  readonly threadId: string;
  readonly messageId: string;
  readonly eventId: string;
  readonly entityId: string;
  readonly role: 'user' | 'assistant' | 'system';
  readonly content: string;
  readonly createdAt: string;
  readonly source: string;
}

/**
 * Which messages of one thread to list. Ordered by `createdAt`, then `messageId` (code-unit order):
 * ascending by default, descending with `order: 'desc'` (the newest first, for a thread's tail).
 */
export interface MessageQuery {
  readonly threadId: string;
  /**
   * Only messages strictly after this watermark: `created_at > w.createdAt OR (created_at =
   * w.createdAt AND message_id > w.messageId)`. Null or absent: from the start.
   */
  readonly after?: Watermark | null;
  readonly limit: number;
  readonly order?: 'asc' | 'desc';
}

/** A structured state item as stored: it belongs to one thread, and the thread to one entity. */
export interface StoredStateItem extends StateItem {
  readonly threadId: string;
  /** The entity of the thread's messages when the item was extracted. */
  readonly entityId: string;
}

/**
 * Which state items to list. Every given filter must hold. Results are ordered by `threadId`,
 * then `uid`; callers that render sort them themselves.
 */
export interface StateItemQuery {
  readonly threadId?: string;
  readonly entityId?: string;
  readonly uid?: string;
  readonly types?: readonly StateItemType[];
  readonly statuses?: readonly StateItemStatus[];
  readonly limit?: number;
}

/** A thread with messages after its extraction watermark. */
export interface ExtractionBacklog {
  readonly threadId: string;
  /** The entity of the thread's newest message. */
  readonly entityId: string;
  /** Messages after the watermark (all of the thread's messages when it has none). */
  readonly pending: number;
  readonly watermark: Watermark | null;
}

/**
 * Kinds of indexed items. Messages are indexed today; state items, memories and notes join the
 * same index as their capabilities land.
 */
export type SearchKind = 'message' | 'state_item' | 'memory' | 'note' | 'observation';

/**
 * What a search is restricted to. Every given filter must hold; the values inside one array are
 * alternatives. An empty array matches nothing.
 */
export interface SearchFilters {
  readonly kinds?: readonly SearchKind[];
  readonly entityIds?: readonly string[];
  readonly threadIds?: readonly string[];
  /** Only items created at or after this instant (RFC 3339 UTC, compared as text). */
  readonly since?: string;
  /** Only items created before this instant (RFC 3339 UTC, compared as text). */
  readonly until?: string;
}

/** Identity of an indexed item: unique per `(kind, threadId, itemId)`. */
export interface SearchItemRef {
  readonly kind: SearchKind;
  /** The thread the item belongs to; null for items outside threads (notes). */
  readonly threadId: string | null;
  /** The item's id within its kind and thread: a message's `messageId`, a state item's `uid`. */
  readonly itemId: string;
}

/** An indexed item as searches return it. */
export interface SearchDocument extends SearchItemRef {
  /** The message the item is, or was drawn from; null when none. */
  readonly messageId: string | null;
  readonly entityId: string;
  /** When the item was created (a message's `createdAt`). */
  readonly createdAt: string;
  /** The indexed text: a message's content, a state item's text. */
  readonly text: string;
}

/** A full-text query: terms already tokenised by the caller. */
export interface TextQuery {
  /**
   * Terms matched as alternatives (OR), each literally: adapters quote or escape them, so no
   * term is ever read as query syntax. Blank terms are ignored; no terms matches nothing.
   */
  readonly terms: readonly string[];
  /**
   * Weight of the context column (the end of the previous message in the thread, see
   * `Store.searchText`) relative to the item's own text (1). Default 0.5.
   */
  readonly contextWeight?: number;
}

/** One full-text match. */
export interface TextSearchHit {
  readonly document: SearchDocument;
  /** BM25 relevance, higher is better; comparable only within one result list. */
  readonly score: number;
}

/** One nearest neighbour. */
export interface VectorSearchHit {
  readonly document: SearchDocument;
  /** Cosine similarity to the query vector, in [-1, 1]. */
  readonly similarity: number;
}

/** A vector space: the model that made the vectors (`id@version`) and their length. */
export interface EmbeddingSpace {
  readonly model: string;
  readonly dimension: number;
}

/** An indexed item whose vector in the active space is missing. */
export interface PendingEmbedding {
  readonly document: SearchDocument;
}

/** A vector for one indexed item, in the active space. */
export interface EmbeddingRow {
  readonly item: SearchItemRef;
  /** Hash of the exact model input the vector was computed from; the cache key in its space. */
  readonly contentHash: string;
  /**
   * The vector (`dimension` numbers). Omit it to reuse the vector cached under `contentHash`; the
   * row is then reported as missing when the cache holds none.
   */
  readonly vector?: Float32Array;
}

/** What `putEmbeddings` did. */
export interface PutEmbeddingsOutcome {
  /** Rows whose item now has a vector. */
  readonly attached: number;
  /** Rows without a vector whose hash the cache does not hold: embed these and put them again. */
  readonly missing: readonly SearchItemRef[];
}

/** Size of the search index. */
export interface SearchIndexStatus {
  /** The space vectors are held in, or null before the first `useEmbeddingSpace`. */
  readonly space: EmbeddingSpace | null;
  /** Indexed items (full-text). */
  readonly documents: number;
  /** Indexed items with a vector in `space`; `documents - embedded` still lack one. */
  readonly embedded: number;
  /** Cached vectors in every space, used or not. */
  readonly cachedVectors: number;
}

/** How many words of the previous message a message's context column holds. */
export const CONTEXT_WORDS = 30;

/**
 * The context column of a message: the last `CONTEXT_WORDS` words of the previous message in its
 * thread, whitespace collapsed. Bounded because long previous turns would swamp short ones.
 * Every adapter indexes this exact text.
 */
export function messageContext(previousText: string): string {
  const words = previousText.split(/\s+/).filter((word) => word !== '');
  return words.slice(Math.max(0, words.length - CONTEXT_WORDS)).join(' ');
}

/** Status of a dead-letter item. */
export type DlqStatus = 'pending' | 'resolved' | 'permanently_failed' | 'discarded';

/** A rejected input kept with its errors until it is fixed, retried or discarded. */
export interface DlqItem {
  readonly dlqId: string;
  /** The raw input as received (a JSONL line's text), never lost. */
  readonly raw: string;
  readonly schemaName: string;
  readonly errors: readonly ValidationIssue[];
  /** event_id or prompt_id when the input had one. */
  readonly inputId: string | null;
  /** The domain the input was about, when it could be read. */
  readonly domain: string | null;
  readonly firstSeenAt: string;
  readonly lastTriedAt: string;
  readonly retryCount: number;
  /** When the next timed retry is due; null once resolved or permanently failed. */
  readonly nextRetryAt: string | null;
  readonly status: DlqStatus;
  /** Raised as a review item (permanently failed) and not yet dismissed. */
  readonly needsReview: boolean;
}

/**
 * What a write locks. An entity-scoped write (`global` absent or false) excludes other writers of
 * the same keys only: writers of disjoint keys may run in parallel where the store supports it
 * (PostgreSQL), and must then touch nothing shared except after `joinCommitOrder`. A global write
 * excludes every other writer. Keys are opaque strings: entity ids, and `thread:<id>` for the
 * rows of one thread.
 */
export interface WriteScope {
  readonly entities: readonly string[];
  readonly global?: boolean;
}

/** Filters for listing prompts. Results are ordered by `createdAt`, `sequence`, then `promptId`. */
export interface PromptQuery {
  readonly status?: readonly PromptStatus[];
  readonly entityId?: string;
  readonly limit?: number;
}

/** Filters for history. Results are ordered by insertion (ledger order). */
export interface HistoryQuery {
  readonly entityId: string;
  readonly field?: string;
  /** Only entries with `recordedAt <= upTo`. */
  readonly upTo?: string;
  readonly limit?: number;
}

/** Everything derived from the ledger, in a canonical order, for hashing and comparison. */
export interface DerivedSnapshot {
  /** Ordered by entityId, field. */
  readonly slots: readonly SlotState[];
  /** Ordered by promptId. */
  readonly prompts: readonly ReviewPrompt[];
  /**
   * Ordered by entityId, field (code-unit order), then insertion; store-specific row ids are
   * excluded. Insertion order only within one slot: writers of different entities may run in
   * parallel, so the order across slots depends on timing, and a replay must match live state.
   */
  readonly history: readonly HistoryEntry[];
  /** Ordered by threadId, messageId. */
  readonly messages: readonly MessageRecord[];
  /** Ordered by key. */
  readonly meta: readonly { readonly key: string; readonly value: JsonValue }[];
  /** Ordered by threadId, uid. */
  readonly stateItems: readonly StoredStateItem[];
  /** Ordered by threadId. */
  readonly watermarks: readonly { readonly threadId: string; readonly watermark: Watermark }[];
  /** Memories, their revisions and prediction errors (see `VaultSnapshot`). */
  readonly vault: VaultSnapshot;
}

/** Read access to committed data. Outside a transaction it sees committed snapshots only. */
export interface StoreReader {
  getEvent(eventId: string): Promise<LedgerEvent | null>;
  /** Events with `seq > after`, ascending, at most `limit`. */
  readEvents(after: number, limit: number): Promise<readonly LedgerEvent[]>;
  /** The highest sequence number, 0 when the ledger is empty. */
  lastSeq(): Promise<number>;
  /** Number of events with `recordedAt >= since` (RFC 3339, compared as UTC text). */
  countEventsSince(since: string): Promise<number>;
  getSlot(entityId: string, field: string): Promise<SlotState | null>;
  /** Slots of one entity (or all), ordered by entityId then field. */
  listSlots(entityId?: string): Promise<readonly SlotState[]>;
  listHistory(query: HistoryQuery): Promise<readonly HistoryEntry[]>;
  getPrompt(promptId: string): Promise<ReviewPrompt | null>;
  listPrompts(query: PromptQuery): Promise<readonly ReviewPrompt[]>;
  getMessage(threadId: string, messageId: string): Promise<MessageRecord | null>;
  /** Messages of one thread in watermark order (see `MessageQuery`). */
  listMessages(query: MessageQuery): Promise<readonly MessageRecord[]>;
  /** How far item extraction has read the thread, or null before its first run. */
  getWatermark(threadId: string): Promise<Watermark | null>;
  /**
   * Threads with messages after their watermark, ordered by threadId, at most `limit`. A thread
   * without a watermark counts when it has any message.
   */
  listExtractionBacklog(limit: number): Promise<readonly ExtractionBacklog[]>;
  getStateItem(threadId: string, uid: string): Promise<StoredStateItem | null>;
  listStateItems(query: StateItemQuery): Promise<readonly StoredStateItem[]>;
  getMeta(key: string): Promise<JsonValue | null>;
  getDlq(dlqId: string): Promise<DlqItem | null>;
  /** DLQ items, oldest first; optionally only those with the given statuses. */
  listDlq(statuses?: readonly DlqStatus[]): Promise<readonly DlqItem[]>;
  /** Notes, memories and prediction errors (see `stores/vault.ts`). */
  readonly vault: VaultReader;
}

/** The single writer's view: reads see its own uncommitted writes. */
export interface WriteTx extends StoreReader {
  /** The vault tables, written in this transaction. */
  readonly vault: VaultWriter;
  /**
   * Appends one event. Idempotent: an existing `eventId` or `dedupeKey` with the same payload hash
   * is a `duplicate`, with a different hash a `conflict`; neither writes anything.
   */
  appendEvent(event: NewLedgerEvent): Promise<AppendOutcome>;
  /** Inserts or replaces a slot. */
  putSlot(slot: SlotState): Promise<void>;
  appendHistory(entry: HistoryEntry): Promise<void>;
  /** Inserts or replaces a prompt. */
  putPrompt(prompt: ReviewPrompt): Promise<void>;
  /** Inserts a message; an existing `(threadId, messageId)` is left unchanged. */
  putMessage(message: MessageRecord): Promise<void>;
  putMeta(key: string, value: JsonValue): Promise<void>;
  /**
   * Inserts or replaces a state item by `(threadId, uid)`. Items that are not superseded are
   * indexed for search (kind `state_item`, itemId = uid, messageId = the last ref, createdAt =
   * the item's `createdAt`, text = its text) in the same transaction; a superseded item leaves
   * the index.
   */
  putStateItem(item: StoredStateItem): Promise<void>;
  /**
   * Indexes one item of a kind that has no table of its own in the index's care (observations):
   * inserts it, or replaces it when its text, entity or creation time changed (dropping its
   * vector, so it is embedded again). A null `threadId` is stored as ''. `dangerouslyClearDerived`
   * clears every kind but `note`: notes are operational, indexed from the files (like
   * `note_chunks`), so a rebuild keeps them; other kinds are indexed again by the fold.
   */
  indexDocument(document: SearchDocument): Promise<void>;
  /** Removes every indexed item of `kind` in `threadId` (null = ''), with its vector link. */
  removeDocuments(kind: SearchKind, threadId: string | null): Promise<void>;
  /** Sets the thread's extraction watermark. */
  putWatermark(threadId: string, watermark: Watermark): Promise<void>;
  /**
   * Joins the global commit order and holds its place until this transaction ends: waits while
   * another entity-scoped transaction that joined it is uncommitted. Entity-scoped writers call
   * it just before they touch state shared by all entities (the learning counters), so that such
   * updates are serialised in commit order while the entity work before them ran in parallel.
   * Global-scope transactions hold it from the start; a no-op for single-writer stores. Idempotent.
   */
  joinCommitOrder(): Promise<void>;
  /** Inserts or replaces a DLQ item. DLQ items are operational, not derived from the ledger. */
  putDlq(item: DlqItem): Promise<void>;
  /**
   * The one permitted mutation of the ledger: replaces an event's payload with `replacement` and
   * marks it redacted. Its `payloadHash` is kept. Throws NOT_FOUND for an unknown event.
   */
  redactEvent(eventId: string, replacement: JsonObject): Promise<void>;
  /**
   * Deletes every derived row (slots, history, prompts, messages, meta, state items, watermarks,
   * memories, revisions, prediction errors) and the search index
   * entries drawn from them; the ledger, the DLQ and cached vectors stay.
   */
  dangerouslyClearDerived(): Promise<void>;
}

/**
 * What a store can do, for callers that behave differently by store: they read these fields and
 * never `kind`.
 */
export interface StoreCapabilities {
  /**
   * Writers of disjoint `WriteScope`s may overlap, so batches should write entity-scoped (see
   * `WriteScope`); false where every write takes the one store-wide lock.
   */
  readonly concurrentWriters: boolean;
  /** Nearest-neighbour search over stored vectors (`searchVectors`) is available. */
  readonly vectorIndex: boolean;
  /**
   * The store accepts writes. False for a store opened read-only: reads work, `withWriteLock`
   * still runs its callback, and the first write in it throws STORE_FAILED (with
   * `details.readOnly`), rolling the transaction back.
   */
  readonly writable: boolean;
}

/** Durable, ordered home of ledger events and derived state. */
export interface Store extends StoreReader {
  /** Identifies the adapter, for display and diagnostics; behaviour reads `capabilities`. */
  readonly kind: 'sqlite' | 'postgres';
  /** Same as `capabilities.vectorIndex`. */
  readonly supportsVectorSearch: boolean;
  /** What this store can do (see `StoreCapabilities`). */
  readonly capabilities: StoreCapabilities;
  /**
   * Runs `fn` as the single writer for `scope`, inside one transaction that commits when `fn`
   * resolves and rolls back when it throws (the error is rethrown). Calls whose scopes overlap
   * (and every call, on a single-writer store) are serialised (queued in process, locked across
   * processes) and never interleaved; contention waits and is never an error. Commit is durable
   * before the returned promise resolves. Not re-entrant.
   */
  withWriteLock<T>(scope: WriteScope, fn: (tx: WriteTx) => Promise<T>): Promise<T>;
  /** Every derived row in canonical order (see `DerivedSnapshot`). */
  exportDerived(): Promise<DerivedSnapshot>;
  /**
   * BM25 full-text search over indexed items, best first, at most `limit` hits; ties keep
   * insertion order. Messages are indexed by `putMessage` in the same transaction, with their
   * content as text and, as a context column, the last 30 words of the previous message of the
   * same thread (by `createdAt`, then `messageId`); a message that arrives late updates the
   * context of the one after it. Indexed items follow the rows they come from: they are not part
   * of `exportDerived`, and `dangerouslyClearDerived` removes them with the messages.
   */
  searchText(
    query: TextQuery,
    filters: SearchFilters,
    limit: number,
  ): Promise<readonly TextSearchHit[]>;
  /**
   * Nearest items to `vector` by cosine similarity among those with a vector in `space`, best
   * first, at most `limit`. Adapters may search approximately (e.g. a binary-quantised scan with
   * an exact re-rank of the candidates) but report exact similarities. Throws CONFLICT when
   * `space` is not the active space: vectors of two models are never compared.
   */
  searchVectors(
    space: EmbeddingSpace,
    vector: Float32Array,
    filters: SearchFilters,
    limit: number,
  ): Promise<readonly VectorSearchHit[]>;
  /** The active vector space, or null before the first `useEmbeddingSpace`. */
  embeddingSpace(): Promise<EmbeddingSpace | null>;
  /**
   * Makes `space` the active one. Switching to another space detaches every vector (all items
   * become pending) but keeps the cache, so switching back re-attaches without a model. A no-op
   * for the active space. Serialised with `withWriteLock`.
   */
  useEmbeddingSpace(space: EmbeddingSpace): Promise<void>;
  /**
   * Items without a vector in `space`, at most `limit`, ordered by `createdAt`, then `kind`,
   * `threadId` and `itemId`; with `after`, only items that come after it in that order (a cursor
   * for walking past items that could not be embedded). Empty when `space` is not the active one.
   */
  pendingEmbeddings(
    space: EmbeddingSpace,
    limit: number,
    after?: SearchDocument,
  ): Promise<readonly PendingEmbedding[]>;
  /**
   * Stores vectors in the cache (keyed by `space.model` and `contentHash`; a key already cached
   * keeps its first vector) and attaches them to their items. Rows for items no longer indexed
   * are ignored. Idempotent. Throws CONFLICT when `space` is not the active space and
   * VALIDATION_FAILED when a vector's length differs from `space.dimension`. Serialised with
   * `withWriteLock`; vectors are a cache, never part of `exportDerived`.
   */
  putEmbeddings(
    space: EmbeddingSpace,
    rows: readonly EmbeddingRow[],
  ): Promise<PutEmbeddingsOutcome>;
  /**
   * Deletes cached vectors that no indexed item uses (after `forget`, so nothing of erased text
   * survives, or after a model switch) and returns how many went. Serialised with `withWriteLock`.
   */
  pruneEmbeddings(): Promise<number>;
  /** Counts of indexed items, attached vectors and cached vectors. */
  searchIndexStatus(): Promise<SearchIndexStatus>;
  close(): Promise<void>;
}
