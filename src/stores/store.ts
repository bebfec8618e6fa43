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
  ValidationIssue,
} from '../core/index.js';

import type { LedgerEvent, NewLedgerEvent } from '../ledger/index.js';

export type { ValidationIssue } from '../core/index.js';
export type { LedgerEvent, NewLedgerEvent } from '../ledger/index.js';

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

/** What a write locks: the entities it touches, and the policy rows when `global`. */
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
  /** Ordered by insertion; store-specific row ids are excluded. */
  readonly history: readonly HistoryEntry[];
  /** Ordered by threadId, messageId. */
  readonly messages: readonly MessageRecord[];
  /** Ordered by key. */
  readonly meta: readonly { readonly key: string; readonly value: JsonValue }[];
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
  getMeta(key: string): Promise<JsonValue | null>;
  getDlq(dlqId: string): Promise<DlqItem | null>;
  /** DLQ items, oldest first; optionally only those with the given statuses. */
  listDlq(statuses?: readonly DlqStatus[]): Promise<readonly DlqItem[]>;
}

/** The single writer's view: reads see its own uncommitted writes. */
export interface WriteTx extends StoreReader {
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
  /** Inserts or replaces a DLQ item. DLQ items are operational, not derived from the ledger. */
  putDlq(item: DlqItem): Promise<void>;
  /**
   * The one permitted mutation of the ledger: replaces an event's payload with `replacement` and
   * marks it redacted. Its `payloadHash` is kept. Throws NOT_FOUND for an unknown event.
   */
  redactEvent(eventId: string, replacement: JsonObject): Promise<void>;
  /** Deletes every derived row (slots, history, prompts, messages, meta); the ledger and DLQ stay. */
  dangerouslyClearDerived(): Promise<void>;
}

/** Durable, ordered home of ledger events and derived state. */
export interface Store extends StoreReader {
  readonly kind: 'sqlite' | 'postgres';
  readonly supportsVectorSearch: boolean;
  /**
   * Runs `fn` as the single writer for `scope`, inside one transaction that commits when `fn`
   * resolves and rolls back when it throws (the error is rethrown). Calls are serialised (queued in
   * process, locked across processes) and never interleaved; contention waits and is never an
   * error. Commit is durable before the returned promise resolves. Not re-entrant.
   */
  withWriteLock<T>(scope: WriteScope, fn: (tx: WriteTx) => Promise<T>): Promise<T>;
  /** Every derived row in canonical order (see `DerivedSnapshot`). */
  exportDerived(): Promise<DerivedSnapshot>;
  close(): Promise<void>;
}
