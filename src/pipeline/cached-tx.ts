import type { JsonObject, JsonValue, SlotState, Task } from '../core/index.js';
import type { Store, WriteScope, WriteTx } from '../stores/index.js';
import { type LocalScope, ScopedTx } from './scoped-tx.js';

function slotKey(entityId: string, field: string): string {
  return `${entityId}\u0000${field}`;
}

/**
 * A write transaction that keeps slots, meta rows and task rows in memory and writes each changed
 * one once, at the end. One busy slot folding hundreds of events in a batch is then read and written once
 * instead of hundreds of times. Everything else goes straight to the store's transaction.
 */
class CachedTx implements WriteTx {
  readonly #tx: WriteTx;
  readonly #slots = new Map<string, SlotState | null>();
  readonly #dirtySlots = new Set<string>();
  readonly #meta = new Map<string, JsonValue | null>();
  readonly #dirtyMeta = new Set<string>();

  constructor(tx: WriteTx) {
    this.#tx = tx;
  }

  get vault(): WriteTx['vault'] {
    return this.#tx.vault;
  }

  readonly #tasks = new Map<string, Task | null>();
  readonly #dirtyTasks = new Set<string>();

  /** Task rows, cached like meta rows: read once, written once at `flush`. */
  get tasks(): WriteTx['tasks'] {
    const inner = this.#tx.tasks;
    const flushed = async () => {
      await this.#flushTasks();
      return inner;
    };
    return {
      getTask: async (taskId) => {
        if (this.#tasks.has(taskId)) return this.#tasks.get(taskId) ?? null;
        const task = await inner.getTask(taskId);
        this.#tasks.set(taskId, task);
        return task;
      },
      putTask: async (task) => {
        this.#tasks.set(task.id, task);
        this.#dirtyTasks.add(task.id);
      },
      listTasks: async (query) => (await flushed()).listTasks(query),
      lastTaskNumber: async (day) => (await flushed()).lastTaskNumber(day),
      exportTasks: async () => (await flushed()).exportTasks(),
    };
  }

  async #flushTasks(): Promise<void> {
    for (const id of this.#dirtyTasks) {
      const task = this.#tasks.get(id);
      if (task) await this.#tx.tasks.putTask(task);
    }
    this.#dirtyTasks.clear();
  }

  async getSlot(entityId: string, field: string): Promise<SlotState | null> {
    const key = slotKey(entityId, field);
    if (this.#slots.has(key)) return this.#slots.get(key) ?? null;
    const slot = await this.#tx.getSlot(entityId, field);
    this.#slots.set(key, slot);
    return slot;
  }

  async putSlot(slot: SlotState): Promise<void> {
    const key = slotKey(slot.entityId, slot.field);
    this.#slots.set(key, slot);
    this.#dirtySlots.add(key);
  }

  async getMeta(key: string): Promise<JsonValue | null> {
    if (this.#meta.has(key)) return this.#meta.get(key) ?? null;
    const value = await this.#tx.getMeta(key);
    this.#meta.set(key, value);
    return value;
  }

  async putMeta(key: string, value: JsonValue): Promise<void> {
    this.#meta.set(key, value);
    this.#dirtyMeta.add(key);
  }

  /**
   * Reads a meta row from the store again, dropping the cached copy: for rows that writers of
   * other entities may have changed since it was read (the learning counters, after
   * `joinCommitOrder`). A pending write of the row is discarded.
   */
  async refreshMeta(key: string): Promise<JsonValue | null> {
    this.#meta.delete(key);
    this.#dirtyMeta.delete(key);
    return this.getMeta(key);
  }

  /** Writes every changed slot and meta row to the underlying transaction. */
  async flush(): Promise<void> {
    for (const key of this.#dirtySlots) {
      const slot = this.#slots.get(key);
      if (slot) await this.#tx.putSlot(slot);
    }
    this.#dirtySlots.clear();
    for (const key of this.#dirtyMeta) {
      await this.#tx.putMeta(key, this.#meta.get(key) ?? null);
    }
    this.#dirtyMeta.clear();
    await this.#flushTasks();
  }

  async listSlots(entityId?: string): Promise<readonly SlotState[]> {
    await this.flush();
    return this.#tx.listSlots(entityId);
  }

  async dangerouslyClearDerived(): Promise<void> {
    this.#slots.clear();
    this.#dirtySlots.clear();
    this.#meta.clear();
    this.#dirtyMeta.clear();
    this.#tasks.clear();
    this.#dirtyTasks.clear();
    await this.#tx.dangerouslyClearDerived();
  }

  getEvent = (eventId: string) => this.#tx.getEvent(eventId);
  readEvents = (after: number, limit: number) => this.#tx.readEvents(after, limit);
  lastSeq = () => this.#tx.lastSeq();
  countEventsSince = (since: string) => this.#tx.countEventsSince(since);
  listHistory: WriteTx['listHistory'] = (query) => this.#tx.listHistory(query);
  getPrompt: WriteTx['getPrompt'] = (promptId) => this.#tx.getPrompt(promptId);
  listPrompts: WriteTx['listPrompts'] = (query) => this.#tx.listPrompts(query);
  getMessage: WriteTx['getMessage'] = (threadId, messageId) =>
    this.#tx.getMessage(threadId, messageId);
  getDlq: WriteTx['getDlq'] = (dlqId) => this.#tx.getDlq(dlqId);
  listDlq: WriteTx['listDlq'] = (statuses) => this.#tx.listDlq(statuses);
  appendEvent: WriteTx['appendEvent'] = (event) => this.#tx.appendEvent(event);
  appendHistory: WriteTx['appendHistory'] = (entry) => this.#tx.appendHistory(entry);
  putPrompt: WriteTx['putPrompt'] = (prompt) => this.#tx.putPrompt(prompt);
  putMessage: WriteTx['putMessage'] = (message) => this.#tx.putMessage(message);
  putDlq: WriteTx['putDlq'] = (item) => this.#tx.putDlq(item);
  listMessages: WriteTx['listMessages'] = (query) => this.#tx.listMessages(query);
  getWatermark: WriteTx['getWatermark'] = (threadId) => this.#tx.getWatermark(threadId);
  listExtractionBacklog: WriteTx['listExtractionBacklog'] = (limit) =>
    this.#tx.listExtractionBacklog(limit);
  getStateItem: WriteTx['getStateItem'] = (threadId, uid) => this.#tx.getStateItem(threadId, uid);
  listStateItems: WriteTx['listStateItems'] = (query) => this.#tx.listStateItems(query);
  putStateItem: WriteTx['putStateItem'] = (item) => this.#tx.putStateItem(item);
  indexDocument: WriteTx['indexDocument'] = (document) => this.#tx.indexDocument(document);
  removeDocuments: WriteTx['removeDocuments'] = (kind, threadId) =>
    this.#tx.removeDocuments(kind, threadId);
  putWatermark: WriteTx['putWatermark'] = (threadId, watermark) =>
    this.#tx.putWatermark(threadId, watermark);
  joinCommitOrder: WriteTx['joinCommitOrder'] = () => this.#tx.joinCommitOrder();
  redactEvent = (eventId: string, replacement: JsonObject) =>
    this.#tx.redactEvent(eventId, replacement);
}

/** An entity-scoped pipeline write: what it owns, and the shared rows it may update. */
export interface LocalWrite {
  readonly scope: LocalScope;
  /** Shared meta rows it may write (after `joinCommitOrder`, merging what others committed). */
  readonly sharedKeys: readonly string[];
}

/**
 * Runs `fn` under the store's write lock with a slot and meta cache that is flushed before the
 * transaction commits. Every pipeline write goes through here. With `local`, the write is
 * entity-scoped: it locks only its entities and threads, and `fn` sees a transaction that throws
 * `NeedsGlobalScope` before writing anything outside them.
 */
export function withPipelineTx<T>(
  store: Store,
  scope: WriteScope,
  fn: (tx: WriteTx) => Promise<T>,
  local?: LocalWrite,
): Promise<T> {
  return store.withWriteLock(scope, async (tx) => {
    const cached = new CachedTx(tx);
    const result = await fn(
      local === undefined ? cached : new ScopedTx(cached, local.scope, local.sharedKeys),
    );
    await cached.flush();
    return result;
  });
}
