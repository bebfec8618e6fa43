import { type JsonValue, type SlotState, slotKey, type Task } from '../core/index.js';
import type { Store, WriteScope, WriteTx } from '../stores/index.js';
import { DelegatingTx } from './delegating-tx.js';
import { type LocalScope, ScopedTx } from './scoped-tx.js';

/**
 * A write transaction that keeps slots, meta rows and task rows in memory and writes each changed
 * one once, at the end. One busy slot folding hundreds of events in a batch is then read and written once
 * instead of hundreds of times. Everything else goes straight to the store's transaction.
 */
class CachedTx extends DelegatingTx {
  readonly #slots = new Map<string, SlotState | null>();
  readonly #dirtySlots = new Set<string>();
  readonly #meta = new Map<string, JsonValue | null>();
  readonly #dirtyMeta = new Set<string>();

  readonly #tasks = new Map<string, Task | null>();
  readonly #dirtyTasks = new Set<string>();

  /** Task rows, cached like meta rows: read once, written once at `flush`. */
  override get tasks(): WriteTx['tasks'] {
    const inner = this.inner.tasks;
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
      if (task) await this.inner.tasks.putTask(task);
    }
    this.#dirtyTasks.clear();
  }

  override async getSlot(entityId: string, field: string): Promise<SlotState | null> {
    const key = slotKey(entityId, field);
    if (this.#slots.has(key)) return this.#slots.get(key) ?? null;
    const slot = await this.inner.getSlot(entityId, field);
    this.#slots.set(key, slot);
    return slot;
  }

  override async putSlot(slot: SlotState): Promise<void> {
    const key = slotKey(slot.entityId, slot.field);
    this.#slots.set(key, slot);
    this.#dirtySlots.add(key);
  }

  override async getMeta(key: string): Promise<JsonValue | null> {
    if (this.#meta.has(key)) return this.#meta.get(key) ?? null;
    const value = await this.inner.getMeta(key);
    this.#meta.set(key, value);
    return value;
  }

  override async putMeta(key: string, value: JsonValue): Promise<void> {
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
      if (slot) await this.inner.putSlot(slot);
    }
    this.#dirtySlots.clear();
    for (const key of this.#dirtyMeta) {
      await this.inner.putMeta(key, this.#meta.get(key) ?? null);
    }
    this.#dirtyMeta.clear();
    await this.#flushTasks();
  }

  override async listSlots(entityId?: string): Promise<readonly SlotState[]> {
    await this.flush();
    return this.inner.listSlots(entityId);
  }

  override async listDomainSlots(entityId: string, domain: string): Promise<readonly SlotState[]> {
    await this.flush();
    return this.inner.listDomainSlots(entityId, domain);
  }

  override async dangerouslyClearDerived(): Promise<void> {
    this.#slots.clear();
    this.#dirtySlots.clear();
    this.#meta.clear();
    this.#dirtyMeta.clear();
    this.#tasks.clear();
    this.#dirtyTasks.clear();
    await this.inner.dangerouslyClearDerived();
  }
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
