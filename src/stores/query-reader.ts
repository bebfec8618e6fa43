/**
 * The forwarding every adapter shares: `StoreReader` and `WriteTx` methods that name their
 * operation and hand one query (or write) to the adapter. An adapter supplies its queries and
 * how they run (which connection answers, how a call is guarded and how driver errors map); it
 * never restates the contract's methods. May import: core, ledger and the contract files.
 */
import type {
  HistoryEntry,
  JsonObject,
  JsonValue,
  ReviewPrompt,
  SlotState,
  Watermark,
} from '../core/index.js';
import type {
  AppendOutcome,
  DlqItem,
  DlqStatus,
  EmbeddingCache,
  EmbeddingRow,
  EmbeddingSpace,
  ExtractionBacklog,
  FactKeyRef,
  HistoryQuery,
  LedgerEvent,
  MessageQuery,
  MessageRecord,
  NewLedgerEvent,
  PendingEmbedding,
  PromptQuery,
  PutEmbeddingsOutcome,
  SearchDocument,
  SearchFilters,
  SearchIndex,
  SearchIndexStatus,
  SearchItemRef,
  SearchKind,
  StateItemQuery,
  StoredStateItem,
  StoreReader,
  TaskReader,
  TaskWriter,
  TextQuery,
  TextSearchHit,
  VaultReader,
  VaultWriter,
  VectorSearchHit,
  WriteTx,
} from './store.js';
import {
  assertValidSpace,
  assertVectorsFit,
  inactiveSpaceError,
  inLiveTurn,
  isActiveSpace,
  type WriteTurn,
} from './store-errors.js';

type MaybePromise<T> = T | Promise<T>;

/** The same signature answering synchronously (SQLite) or asynchronously (PostgreSQL). */
type Answering<F> = F extends (...args: infer A) => Promise<infer R>
  ? (...args: A) => MaybePromise<R>
  : never;

type ReadMethod = Exclude<keyof StoreReader, 'vault' | 'tasks'>;

/** What an adapter answers reads with: every `StoreReader` method but `vault` and `tasks`. */
type ReaderQueries = { readonly [K in ReadMethod]: Answering<StoreReader[K]> };

/** The writes an adapter performs one for one; the rest of `WriteTx` is its own. */
type ForwardedWrite = Exclude<
  keyof WriteTx,
  keyof StoreReader | 'joinCommitOrder' | 'dangerouslyClearDerived'
>;

/** What an adapter performs writes with: each `WriteTx` write that maps to one statement. */
type WriterCommands = { readonly [K in ForwardedWrite]: Answering<WriteTx[K]> };

/**
 * `StoreReader` over an adapter's queries `Q`. Subclasses decide which connection answers and how
 * a read is guarded (an open store, or a live transaction) through `read`.
 */
abstract class QueryReader<Q extends ReaderQueries> implements StoreReader {
  /** The vault tables (see `stores/vault.ts`). */
  abstract readonly vault: VaultReader;
  /** The task rows (see `stores/tasks.ts`). */
  abstract readonly tasks: TaskReader;

  /** Runs one query under the subclass's guard and error mapping; `operation` names it. */
  protected abstract read<T>(operation: string, query: (queries: Q) => MaybePromise<T>): Promise<T>;

  getEvent(eventId: string): Promise<LedgerEvent | null> {
    return this.read('getEvent', (queries) => queries.getEvent(eventId));
  }

  getEvents(eventIds: readonly string[]): Promise<readonly LedgerEvent[]> {
    return this.read('getEvents', (queries) => queries.getEvents(eventIds));
  }

  readEvents(after: number, limit: number): Promise<readonly LedgerEvent[]> {
    return this.read('readEvents', (queries) => queries.readEvents(after, limit));
  }

  lastSeq(): Promise<number> {
    return this.read('lastSeq', (queries) => queries.lastSeq());
  }

  countEventsSince(since: string): Promise<number> {
    return this.read('countEventsSince', (queries) => queries.countEventsSince(since));
  }

  getSlot(entityId: string, field: string): Promise<SlotState | null> {
    return this.read('getSlot', (queries) => queries.getSlot(entityId, field));
  }

  listSlots(entityId?: string): Promise<readonly SlotState[]> {
    return this.read('listSlots', (queries) => queries.listSlots(entityId));
  }

  listDomainSlots(entityId: string, domain: string): Promise<readonly SlotState[]> {
    return this.read('listDomainSlots', (queries) => queries.listDomainSlots(entityId, domain));
  }

  listHistory(query: HistoryQuery): Promise<readonly HistoryEntry[]> {
    return this.read('listHistory', (queries) => queries.listHistory(query));
  }

  getPrompt(promptId: string): Promise<ReviewPrompt | null> {
    return this.read('getPrompt', (queries) => queries.getPrompt(promptId));
  }

  listPrompts(query: PromptQuery): Promise<readonly ReviewPrompt[]> {
    return this.read('listPrompts', (queries) => queries.listPrompts(query));
  }

  getMessage(threadId: string, messageId: string): Promise<MessageRecord | null> {
    return this.read('getMessage', (queries) => queries.getMessage(threadId, messageId));
  }

  listMessages(query: MessageQuery): Promise<readonly MessageRecord[]> {
    return this.read('listMessages', (queries) => queries.listMessages(query));
  }

  hasMessageOutside(threadId: string, entityIds: readonly string[]): Promise<boolean> {
    return this.read('hasMessageOutside', (queries) =>
      queries.hasMessageOutside(threadId, entityIds),
    );
  }

  getWatermark(threadId: string): Promise<Watermark | null> {
    return this.read('getWatermark', (queries) => queries.getWatermark(threadId));
  }

  listExtractionBacklog(limit: number): Promise<readonly ExtractionBacklog[]> {
    return this.read('listExtractionBacklog', (queries) => queries.listExtractionBacklog(limit));
  }

  getStateItem(threadId: string, uid: string): Promise<StoredStateItem | null> {
    return this.read('getStateItem', (queries) => queries.getStateItem(threadId, uid));
  }

  listStateItems(query: StateItemQuery): Promise<readonly StoredStateItem[]> {
    return this.read('listStateItems', (queries) => queries.listStateItems(query));
  }

  getMeta(key: string): Promise<JsonValue | null> {
    return this.read('getMeta', (queries) => queries.getMeta(key));
  }

  getDlq(dlqId: string): Promise<DlqItem | null> {
    return this.read('getDlq', (queries) => queries.getDlq(dlqId));
  }

  listDlq(statuses?: readonly DlqStatus[]): Promise<readonly DlqItem[]> {
    return this.read('listDlq', (queries) => queries.listDlq(statuses));
  }
}

/** What an adapter answers search-index reads with (on one connection or session). */
interface SearchQueries {
  /** The active vector space, or null. */
  space(): MaybePromise<EmbeddingSpace | null>;
  searchText(
    query: TextQuery,
    filters: SearchFilters,
    limit: number,
  ): MaybePromise<readonly TextSearchHit[]>;
  /** Full-text search over fact keys, joined back to messages (`FactKeyIndex`). */
  searchFactKeys(
    query: TextQuery,
    filters: SearchFilters,
    limit: number,
  ): MaybePromise<readonly TextSearchHit[]>;
  /** Nearest items in the active space (the caller has checked it is the one asked for). */
  searchVectors(
    vector: Float32Array,
    filters: SearchFilters,
    limit: number,
  ): MaybePromise<readonly VectorSearchHit[]>;
  pendingEmbeddings(
    limit: number,
    after: SearchDocument | undefined,
  ): MaybePromise<readonly PendingEmbedding[]>;
  status(): MaybePromise<SearchIndexStatus>;
}

/** What attaching one row's vector did: no indexed item, no vector given or cached, or attached. */
export type AttachOutcome = 'no-item' | 'no-vector' | 'attached';

/** What an adapter performs search-index writes with, inside a write transaction. */
export interface SearchCommands {
  useSpace(space: EmbeddingSpace): MaybePromise<void>;
  /**
   * Caches `row`'s vector (when it has one) in `space`, then attaches the cached vector of its
   * content hash to its indexed item, replacing any earlier one. The caller has checked that
   * `space` is active and that the vector fits it.
   */
  attachEmbedding(space: EmbeddingSpace, row: EmbeddingRow): MaybePromise<AttachOutcome>;
  prune(): MaybePromise<number>;
}

async function assertActiveSpace(
  search: SearchQueries,
  space: EmbeddingSpace,
  operation: string,
): Promise<void> {
  const active = await search.space();
  if (isActiveSpace(active, space)) return;
  throw inactiveSpaceError(active, space, operation);
}

/**
 * `StoreReader` plus the search index and embedding cache of `Store`, over an adapter's queries
 * `Q` and search queries `S`: the rules (which space is active, what a wrong space throws) live
 * here once; an adapter decides how a search read runs (`readSearch`; `snapshot` asks for one
 * consistent view across its statements) and how a search write runs (`writeSearch`: a global
 * write, serialised with `withWriteLock`, given the search reads and writes of its transaction).
 */
export abstract class SearchQueryReader<Q extends ReaderQueries, S extends SearchQueries>
  extends QueryReader<Q>
  implements SearchIndex, EmbeddingCache
{
  /** Runs one search read under the adapter's guard and error mapping. */
  protected abstract readSearch<T>(
    operation: string,
    snapshot: boolean,
    query: (search: S) => MaybePromise<T>,
  ): Promise<T>;

  /** Runs one search write as a global write transaction. */
  protected abstract writeSearch<T>(
    operation: string,
    command: (search: S, writes: SearchCommands) => MaybePromise<T>,
  ): Promise<T>;

  searchText(
    query: TextQuery,
    filters: SearchFilters,
    limit: number,
  ): Promise<readonly TextSearchHit[]> {
    return this.readSearch('searchText', false, (search) =>
      search.searchText(query, filters, limit),
    );
  }

  searchFactKeys(
    query: TextQuery,
    filters: SearchFilters,
    limit: number,
  ): Promise<readonly TextSearchHit[]> {
    return this.readSearch('searchFactKeys', false, (search) =>
      search.searchFactKeys(query, filters, limit),
    );
  }

  searchVectors(
    space: EmbeddingSpace,
    vector: Float32Array,
    filters: SearchFilters,
    limit: number,
  ): Promise<readonly VectorSearchHit[]> {
    return this.readSearch('searchVectors', true, async (search) => {
      await assertActiveSpace(search, space, 'searchVectors');
      return search.searchVectors(vector, filters, limit);
    });
  }

  embeddingSpace(): Promise<EmbeddingSpace | null> {
    return this.readSearch('embeddingSpace', false, (search) => search.space());
  }

  useEmbeddingSpace(space: EmbeddingSpace): Promise<void> {
    assertValidSpace(space);
    return this.writeSearch('useEmbeddingSpace', (_search, writes) => writes.useSpace(space));
  }

  pendingEmbeddings(
    space: EmbeddingSpace,
    limit: number,
    after?: SearchDocument,
  ): Promise<readonly PendingEmbedding[]> {
    return this.readSearch('pendingEmbeddings', true, async (search) =>
      isActiveSpace(await search.space(), space) ? search.pendingEmbeddings(limit, after) : [],
    );
  }

  putEmbeddings(
    space: EmbeddingSpace,
    rows: readonly EmbeddingRow[],
  ): Promise<PutEmbeddingsOutcome> {
    return this.writeSearch('putEmbeddings', async (search, writes) => {
      await assertActiveSpace(search, space, 'putEmbeddings');
      assertVectorsFit(space, rows);
      let attached = 0;
      const missing: SearchItemRef[] = [];
      for (const row of rows) {
        const outcome = await writes.attachEmbedding(space, row);
        if (outcome === 'attached') attached += 1;
        if (outcome === 'no-vector') missing.push(row.item);
      }
      return { attached, missing };
    });
  }

  pruneEmbeddings(): Promise<number> {
    return this.writeSearch('pruneEmbeddings', (_search, writes) => writes.prune());
  }

  searchIndexStatus(): Promise<SearchIndexStatus> {
    return this.readSearch('searchIndexStatus', true, (search) => search.status());
  }
}

/**
 * `WriteTx` over an adapter's queries `Q` and writes `W`. Subclasses decide how a write runs
 * (guarded while the transaction is live, with driver errors mapped) through `write`, and
 * implement what is theirs: `joinCommitOrder`, `dangerouslyClearDerived` and the vault.
 * A subclass may still override a forwarded write (to buffer it, say).
 */
export abstract class QueryWriteTx<Q extends ReaderQueries, W extends WriterCommands>
  extends QueryReader<Q>
  implements WriteTx
{
  /** The vault tables, written in this transaction. */
  abstract override readonly vault: VaultWriter;
  /** The task rows, written in this transaction. */
  abstract override readonly tasks: TaskWriter;

  /** Runs one write while the transaction is live; `operation` names it. */
  protected abstract write<T>(
    operation: string,
    command: (writes: W) => MaybePromise<T>,
  ): Promise<T>;

  /** See `WriteTx.joinCommitOrder`. */
  abstract joinCommitOrder(): Promise<void>;

  /** See `WriteTx.dangerouslyClearDerived`. */
  abstract dangerouslyClearDerived(): Promise<void>;

  appendEvent(event: NewLedgerEvent): Promise<AppendOutcome> {
    return this.write('appendEvent', (writes) => writes.appendEvent(event));
  }

  putSlot(slot: SlotState): Promise<void> {
    return this.write('putSlot', (writes) => writes.putSlot(slot));
  }

  appendHistory(entry: HistoryEntry): Promise<void> {
    return this.write('appendHistory', (writes) => writes.appendHistory(entry));
  }

  putPrompt(prompt: ReviewPrompt): Promise<void> {
    return this.write('putPrompt', (writes) => writes.putPrompt(prompt));
  }

  putMessage(message: MessageRecord): Promise<void> {
    return this.write('putMessage', (writes) => writes.putMessage(message));
  }

  putMeta(key: string, value: JsonValue): Promise<void> {
    return this.write('putMeta', (writes) => writes.putMeta(key, value));
  }

  putStateItem(item: StoredStateItem): Promise<void> {
    return this.write('putStateItem', (writes) => writes.putStateItem(item));
  }

  indexDocument(document: SearchDocument): Promise<void> {
    return this.write('indexDocument', (writes) => writes.indexDocument(document));
  }

  putFactKeys(ref: FactKeyRef, keys: string): Promise<void> {
    return this.write('putFactKeys', (writes) => writes.putFactKeys(ref, keys));
  }

  removeDocuments(kind: SearchKind, threadId: string | null): Promise<void> {
    return this.write('removeDocuments', (writes) => writes.removeDocuments(kind, threadId));
  }

  putWatermark(threadId: string, watermark: Watermark): Promise<void> {
    return this.write('putWatermark', (writes) => writes.putWatermark(threadId, watermark));
  }

  putDlq(item: DlqItem): Promise<void> {
    return this.write('putDlq', (writes) => writes.putDlq(item));
  }

  redactEvent(eventId: string, replacement: JsonObject): Promise<void> {
    return this.write('redactEvent', (writes) => writes.redactEvent(eventId, replacement));
  }
}

/**
 * `QueryWriteTx` on an adapter's own connection while one write turn is live, as both adapters
 * run it: every read and write goes through `run`, which refuses once the turn has ended and
 * maps driver failures with the subclass's `toError`. A subclass may still override a read (to
 * send buffered writes first, say).
 */
export abstract class LiveWriteTx<
  Q extends ReaderQueries,
  W extends WriterCommands,
> extends QueryWriteTx<Q, W> {
  /** The reads of this transaction's connection. */
  protected readonly queries: Q;
  /** The writes of this transaction's connection (the store's own search writes use them too). */
  readonly writes: W;
  readonly #turn: WriteTurn;

  constructor(queries: Q, writes: W, turn: WriteTurn) {
    super();
    this.queries = queries;
    this.writes = writes;
    this.#turn = turn;
  }

  /** The error a driver failure of `operation` surfaces as. */
  protected abstract toError(operation: string, error: unknown): Error;

  /** Runs `work` while the transaction is live, mapping driver failures with `toError`. */
  run<T>(operation: string, work: () => MaybePromise<T>): Promise<T> {
    return inLiveTurn(this.#turn, operation, work, (error) => this.toError(operation, error));
  }

  protected override read<T>(
    operation: string,
    query: (queries: Q) => MaybePromise<T>,
  ): Promise<T> {
    return this.run(operation, () => query(this.queries));
  }

  protected override write<T>(
    operation: string,
    command: (writes: W) => MaybePromise<T>,
  ): Promise<T> {
    return this.run(operation, () => command(this.writes));
  }
}
