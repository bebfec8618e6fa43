/**
 * The `Store` contract: the durable, ordered home of the ledger and of the state derived from it.
 * It is composed of one interface per concern, each in its own file with its own conformance
 * suite: `ledger.ts`, `state.ts`, `items.ts`, `meta-store.ts`, `dead-letters.ts`,
 * `search-index.ts`, `embedding-cache.ts`, `vault.ts`, `tasks.ts` and `deliveries.ts`. Adapters (SQLite, PostgreSQL) implement
 * it and must pass `src/stores/conformance`. This file is the stores layer's contract face: it
 * re-exports the concern types that adapters and other layers name (a concern's own reader and
 * writer interfaces stay in its file until something outside needs them). May import: core, ledger.
 */
import type {
  HistoryEntry,
  JsonValue,
  ReviewPrompt,
  SlotState,
  Task,
  Watermark,
} from '../core/index.js';
import type { DeadLetterReader, DeadLetterWriter } from './dead-letters.js';
import type { DeliveryStore } from './deliveries.js';
import type { EmbeddingCache } from './embedding-cache.js';
import type { FactKeyIndex, FactKeyWriter } from './fact-keys.js';
import type { ItemReader, ItemWriter, MessageRecord, StoredStateItem } from './items.js';
import type { LedgerReader, LedgerWriter } from './ledger.js';
import type { MetaReader, MetaWriter } from './meta-store.js';
import type { SearchIndex, SearchIndexWriter } from './search-index.js';
import type { StateReader, StateWriter } from './state.js';
import type { TaskReader, TaskWriter } from './tasks.js';
import type { VaultReader, VaultSnapshot, VaultWriter } from './vault.js';

export type { LedgerEvent, NewLedgerEvent } from '../ledger/index.js';
export type { DlqItem, DlqStatus } from './dead-letters.js';
export type { Delivery, DeliveryKey, DeliveryStore } from './deliveries.js';
export type * from './embedding-cache.js';
export type { FactKeyRef } from './fact-keys.js';
export type {
  ExtractionBacklog,
  MessageQuery,
  MessageRecord,
  StateItemQuery,
  StoredStateItem,
} from './items.js';
export type { AppendOutcome } from './ledger.js';
export type {
  SearchDocument,
  SearchFilters,
  SearchIndex,
  SearchItemRef,
  SearchKind,
  TextQuery,
  TextSearchHit,
  VectorSearchHit,
} from './search-index.js';
export { messageContext } from './search-index.js';
export type { HistoryQuery, PromptQuery } from './state.js';
export type { TaskQuery, TaskReader, TaskWriter } from './tasks.js';
export type * from './vault.js';

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
  /** Task views, ordered by id (see `stores/tasks.ts`). */
  readonly tasks: readonly Task[];
}

/** Read access to committed data. Outside a transaction it sees committed snapshots only. */
export interface StoreReader
  extends LedgerReader,
    StateReader,
    ItemReader,
    MetaReader,
    DeadLetterReader {
  /** Notes, memories and prediction errors (see `stores/vault.ts`). */
  readonly vault: VaultReader;
  /** Task views (see `stores/tasks.ts`). */
  readonly tasks: TaskReader;
}

/** The single writer's view: reads see its own uncommitted writes. */
export interface WriteTx
  extends StoreReader,
    LedgerWriter,
    StateWriter,
    ItemWriter,
    MetaWriter,
    DeadLetterWriter,
    SearchIndexWriter,
    FactKeyWriter {
  /** The vault tables, written in this transaction. */
  readonly vault: VaultWriter;
  /** The task rows, written in this transaction. */
  readonly tasks: TaskWriter;
  /**
   * Joins the global commit order and holds its place until this transaction ends: waits while
   * another entity-scoped transaction that joined it is uncommitted. Entity-scoped writers call
   * it just before they touch state shared by all entities (the learning counters), so that such
   * updates are serialised in commit order while the entity work before them ran in parallel.
   * Global-scope transactions hold it from the start; a no-op for single-writer stores. Idempotent.
   */
  joinCommitOrder(): Promise<void>;
  /**
   * Deletes every derived row (slots, history, prompts, messages, meta, state items, watermarks,
   * memories, revisions, prediction errors, tasks) and the search index
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
export interface Store extends StoreReader, SearchIndex, FactKeyIndex, EmbeddingCache {
  /** Identifies the adapter, for display and diagnostics; behaviour reads `capabilities`. */
  readonly kind: 'sqlite' | 'postgres';
  /** Same as `capabilities.vectorIndex`. */
  readonly supportsVectorSearch: boolean;
  /** What this store can do (see `StoreCapabilities`). */
  readonly capabilities: StoreCapabilities;
  /** What was pushed to people through outbound channels (see `stores/deliveries.ts`). */
  readonly deliveries: DeliveryStore;
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
   * Run after a forget has committed: removes, where the store keeps them, the old row versions
   * and index entries that may still hold the forgotten text (PostgreSQL keeps a deleted or updated
   * row's bytes in its table and indexes until a vacuum). Outside any write transaction; other
   * writers wait while it runs. Changes no row anyone can read. Idempotent.
   */
  reclaimForgotten(): Promise<void>;
  /** Waits for writes in flight, then releases connections. Idempotent. */
  close(): Promise<void>;
}
