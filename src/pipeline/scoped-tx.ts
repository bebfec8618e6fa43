import type { HistoryEntry, JsonValue, SlotState, Watermark } from '../core/index.js';
import type {
  MessageRecord,
  NewLedgerEvent,
  SearchDocument,
  StoredStateItem,
  WriteTx,
} from '../stores/index.js';
import { DelegatingTx } from './delegating-tx.js';

/**
 * Thrown inside an entity-scoped pipeline transaction when it is about to touch state that every
 * entity shares (a review prompt, the DLQ, a policy or projection row, an entity outside its
 * scope). The caller rolls the transaction back and runs it again under the global scope.
 */
export class NeedsGlobalScope extends Error {
  constructor(readonly reason: string) {
    super(`needs the global write scope: ${reason}`);
    this.name = 'NeedsGlobalScope';
  }
}

interface MetaRefresher {
  refreshMeta(key: string): Promise<JsonValue | null>;
}

function canRefresh(tx: WriteTx): tx is WriteTx & MetaRefresher {
  return typeof (tx as Partial<MetaRefresher>).refreshMeta === 'function';
}

/**
 * Reads a meta row past the pipeline's cache: the store's current value (for an entity-scoped
 * transaction after `joinCommitOrder`, including what writers of other entities committed).
 */
export function refreshMeta(tx: WriteTx, key: string): Promise<JsonValue | null> {
  return canRefresh(tx) ? tx.refreshMeta(key) : tx.getMeta(key);
}

/** The keys an entity-scoped transaction holds: entity ids and thread ids. */
export interface LocalScope {
  readonly entities: ReadonlySet<string>;
  readonly threads: ReadonlySet<string>;
}

/** The lock keys of a local scope, as `WriteScope.entities` takes them (threads as `thread:<id>`). */
export function scopeKeys(scope: LocalScope): string[] {
  return [...scope.entities, ...[...scope.threads].map((t) => `thread:${t}`)].sort();
}

const SIGNAL_LAST = /^signal:last:(.+):[^:]+$/;
const SPEAKER = /^speaker:[^:]+:thread:(.+)$/;
const PREDICTED = /^intent:predicted:thread:(.+):msg:.+$/;

/**
 * Wraps a write transaction so that it writes only rows owned by its scope: slots, history,
 * messages, state items and the meta rows keyed by one of its entities or threads. Anything else
 * throws `NeedsGlobalScope` before it is written. Reads are unrestricted: rows outside the scope
 * only change under the global scope, which excludes every entity-scoped writer.
 *
 * Ledger appends are allowed (events are immutable and their ids idempotent); a `policy.changed`
 * event is not, because it is shared state by definition.
 */
export class ScopedTx extends DelegatingTx {
  readonly #scope: LocalScope;
  /** Meta keys the transaction may write although they are shared (the learning counters). */
  readonly #sharedKeys: ReadonlySet<string>;

  constructor(tx: WriteTx, scope: LocalScope, sharedKeys: readonly string[]) {
    super(tx);
    this.#scope = scope;
    this.#sharedKeys = new Set(sharedKeys);
  }

  /** Vault rows are shared by every entity: touching them needs the global scope. */
  override get vault(): WriteTx['vault'] {
    throw new NeedsGlobalScope('vault rows, shared by every entity');
  }

  /** Task rows are read freely; writing them (the task fold) needs the global scope. */
  override get tasks(): WriteTx['tasks'] {
    const tasks = this.inner.tasks;
    return {
      getTask: (taskId) => tasks.getTask(taskId),
      listTasks: (query) => tasks.listTasks(query),
      lastTaskNumber: (day) => tasks.lastTaskNumber(day),
      exportTasks: () => tasks.exportTasks(),
      putTask: async () => {
        throw new NeedsGlobalScope('task rows, shared by every entity');
      },
    };
  }

  #entity(entityId: string, what: string): void {
    if (!this.#scope.entities.has(entityId)) {
      throw new NeedsGlobalScope(`${what} of entity ${entityId}, outside the scope`);
    }
  }

  #thread(threadId: string, what: string): void {
    if (!this.#scope.threads.has(threadId)) {
      throw new NeedsGlobalScope(`${what} of thread ${threadId}, outside the scope`);
    }
  }

  #metaKey(key: string): void {
    if (this.#sharedKeys.has(key)) return;
    const entity = SIGNAL_LAST.exec(key)?.[1];
    if (entity !== undefined && this.#scope.entities.has(entity)) return;
    const thread = (SPEAKER.exec(key) ?? PREDICTED.exec(key))?.[1];
    if (thread !== undefined && this.#scope.threads.has(thread)) return;
    throw new NeedsGlobalScope(`shared meta row ${key}`);
  }

  override async appendEvent(event: NewLedgerEvent) {
    if (event.type === 'policy.changed') throw new NeedsGlobalScope('a policy change');
    return this.inner.appendEvent(event);
  }

  override async putSlot(slot: SlotState): Promise<void> {
    this.#entity(slot.entityId, 'a slot');
    return this.inner.putSlot(slot);
  }

  override async appendHistory(entry: HistoryEntry): Promise<void> {
    this.#entity(entry.entityId, 'history');
    return this.inner.appendHistory(entry);
  }

  override async putMessage(message: MessageRecord): Promise<void> {
    this.#thread(message.threadId, 'a message');
    this.#entity(message.entityId, 'a message');
    return this.inner.putMessage(message);
  }

  override async removeDocuments(): Promise<void> {
    throw new NeedsGlobalScope('removing indexed items');
  }

  override async indexDocument(document: SearchDocument): Promise<void> {
    this.#entity(document.entityId, 'an indexed item');
    return this.inner.indexDocument(document);
  }

  override async putStateItem(item: StoredStateItem): Promise<void> {
    this.#thread(item.threadId, 'a state item');
    return this.inner.putStateItem(item);
  }

  override async putWatermark(threadId: string, watermark: Watermark): Promise<void> {
    this.#thread(threadId, 'a watermark');
    return this.inner.putWatermark(threadId, watermark);
  }

  override async putMeta(key: string, value: JsonValue): Promise<void> {
    this.#metaKey(key);
    return this.inner.putMeta(key, value);
  }

  override async putPrompt(): Promise<void> {
    throw new NeedsGlobalScope('a review prompt');
  }

  override async putDlq(): Promise<void> {
    throw new NeedsGlobalScope('a dead letter');
  }

  override async redactEvent(): Promise<void> {
    throw new NeedsGlobalScope('a redaction');
  }

  override async dangerouslyClearDerived(): Promise<void> {
    throw new NeedsGlobalScope('clearing derived state');
  }

  /** Reads a meta row from the store, past any cache below (see `refreshMeta`). */
  refreshMeta(key: string): Promise<JsonValue | null> {
    return refreshMeta(this.inner, key);
  }
}
