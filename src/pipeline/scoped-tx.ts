import type { JsonObject, JsonValue, SlotState, Watermark } from '../core/index.js';
import type {
  DlqItem,
  MessageRecord,
  NewLedgerEvent,
  SearchDocument,
  SearchKind,
  StoredStateItem,
  WriteTx,
} from '../stores/index.js';

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
export class ScopedTx implements WriteTx {
  readonly #tx: WriteTx;
  readonly #scope: LocalScope;
  /** Meta keys the transaction may write although they are shared (the learning counters). */
  readonly #sharedKeys: ReadonlySet<string>;

  constructor(tx: WriteTx, scope: LocalScope, sharedKeys: readonly string[]) {
    this.#tx = tx;
    this.#scope = scope;
    this.#sharedKeys = new Set(sharedKeys);
  }

  /** Vault rows are shared by every entity: touching them needs the global scope. */
  get vault(): WriteTx['vault'] {
    throw new NeedsGlobalScope('vault rows, shared by every entity');
  }

  /** Task rows are read freely; writing them (the task fold) needs the global scope. */
  get tasks(): WriteTx['tasks'] {
    const tasks = this.#tx.tasks;
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

  async appendEvent(event: NewLedgerEvent) {
    if (event.type === 'policy.changed') throw new NeedsGlobalScope('a policy change');
    return this.#tx.appendEvent(event);
  }

  async putSlot(slot: SlotState): Promise<void> {
    this.#entity(slot.entityId, 'a slot');
    return this.#tx.putSlot(slot);
  }

  appendHistory: WriteTx['appendHistory'] = async (entry) => {
    this.#entity(entry.entityId, 'history');
    return this.#tx.appendHistory(entry);
  };

  async putMessage(message: MessageRecord): Promise<void> {
    this.#thread(message.threadId, 'a message');
    this.#entity(message.entityId, 'a message');
    return this.#tx.putMessage(message);
  }

  async removeDocuments(_kind: SearchKind, _threadId: string | null): Promise<void> {
    throw new NeedsGlobalScope('removing indexed items');
  }

  async indexDocument(document: SearchDocument): Promise<void> {
    this.#entity(document.entityId, 'an indexed item');
    return this.#tx.indexDocument(document);
  }

  async putStateItem(item: StoredStateItem): Promise<void> {
    this.#thread(item.threadId, 'a state item');
    return this.#tx.putStateItem(item);
  }

  async putWatermark(threadId: string, watermark: Watermark): Promise<void> {
    this.#thread(threadId, 'a watermark');
    return this.#tx.putWatermark(threadId, watermark);
  }

  async putMeta(key: string, value: JsonValue): Promise<void> {
    this.#metaKey(key);
    return this.#tx.putMeta(key, value);
  }

  putPrompt: WriteTx['putPrompt'] = async () => {
    throw new NeedsGlobalScope('a review prompt');
  };

  async putDlq(_item: DlqItem): Promise<void> {
    throw new NeedsGlobalScope('a dead letter');
  }

  async redactEvent(_eventId: string, _replacement: JsonObject): Promise<void> {
    throw new NeedsGlobalScope('a redaction');
  }

  async dangerouslyClearDerived(): Promise<void> {
    throw new NeedsGlobalScope('clearing derived state');
  }

  /** Reads a meta row from the store, past any cache below (see `refreshMeta`). */
  refreshMeta(key: string): Promise<JsonValue | null> {
    return refreshMeta(this.#tx, key);
  }

  joinCommitOrder: WriteTx['joinCommitOrder'] = () => this.#tx.joinCommitOrder();
  getEvent: WriteTx['getEvent'] = (eventId) => this.#tx.getEvent(eventId);
  readEvents: WriteTx['readEvents'] = (after, limit) => this.#tx.readEvents(after, limit);
  lastSeq: WriteTx['lastSeq'] = () => this.#tx.lastSeq();
  countEventsSince: WriteTx['countEventsSince'] = (since) => this.#tx.countEventsSince(since);
  getSlot: WriteTx['getSlot'] = (entityId, field) => this.#tx.getSlot(entityId, field);
  listSlots: WriteTx['listSlots'] = (entityId) => this.#tx.listSlots(entityId);
  listHistory: WriteTx['listHistory'] = (query) => this.#tx.listHistory(query);
  getPrompt: WriteTx['getPrompt'] = (promptId) => this.#tx.getPrompt(promptId);
  listPrompts: WriteTx['listPrompts'] = (query) => this.#tx.listPrompts(query);
  getMessage: WriteTx['getMessage'] = (threadId, messageId) =>
    this.#tx.getMessage(threadId, messageId);
  listMessages: WriteTx['listMessages'] = (query) => this.#tx.listMessages(query);
  getWatermark: WriteTx['getWatermark'] = (threadId) => this.#tx.getWatermark(threadId);
  listExtractionBacklog: WriteTx['listExtractionBacklog'] = (limit) =>
    this.#tx.listExtractionBacklog(limit);
  getStateItem: WriteTx['getStateItem'] = (threadId, uid) => this.#tx.getStateItem(threadId, uid);
  listStateItems: WriteTx['listStateItems'] = (query) => this.#tx.listStateItems(query);
  getMeta: WriteTx['getMeta'] = (key) => this.#tx.getMeta(key);
  getDlq: WriteTx['getDlq'] = (dlqId) => this.#tx.getDlq(dlqId);
  listDlq: WriteTx['listDlq'] = (statuses) => this.#tx.listDlq(statuses);
}
