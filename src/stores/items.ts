/**
 * The conversation part of the `Store` contract: messages, the state items extracted from them
 * and each thread's extraction watermark. Composed into `Store`/`WriteTx` (`stores/store.ts`).
 * May import: core.
 */
import type { StateItem, StateItemStatus, StateItemType, Watermark } from '../core/index.js';

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
  /**
   * Only messages strictly before this watermark: `created_at < w.createdAt OR (created_at =
   * w.createdAt AND message_id < w.messageId)`. Null or absent: to the end. With `order: 'desc'`
   * and `limit: 1` it reads the turn before a message.
   */
  readonly before?: Watermark | null;
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

/** Reads of messages, state items and watermarks. */
export interface ItemReader {
  /** One message by `(threadId, messageId)`, or null. */
  getMessage(threadId: string, messageId: string): Promise<MessageRecord | null>;
  /** Messages of one thread in watermark order (see `MessageQuery`). */
  listMessages(query: MessageQuery): Promise<readonly MessageRecord[]>;
  /**
   * Whether some message of the thread is filed under an entity not in `entityIds` (any message
   * at all, for an empty list). One indexed query: it visits the thread's distinct entities, not
   * its messages, so its cost does not grow with the thread's length.
   */
  hasMessageOutside(threadId: string, entityIds: readonly string[]): Promise<boolean>;
  /** How far item extraction has read the thread, or null before its first run. */
  getWatermark(threadId: string): Promise<Watermark | null>;
  /**
   * Threads with messages after their watermark, ordered by threadId, at most `limit`. A thread
   * without a watermark counts when it has any message.
   */
  listExtractionBacklog(limit: number): Promise<readonly ExtractionBacklog[]>;
  /** One state item by `(threadId, uid)`, or null. */
  getStateItem(threadId: string, uid: string): Promise<StoredStateItem | null>;
  /** State items matching `query` (see `StateItemQuery`). */
  listStateItems(query: StateItemQuery): Promise<readonly StoredStateItem[]>;
}

/** Writes of messages, state items and watermarks (inside a write transaction). */
export interface ItemWriter {
  /** Inserts a message; an existing `(threadId, messageId)` is left unchanged. */
  putMessage(message: MessageRecord): Promise<void>;
  /**
   * Inserts or replaces a state item by `(threadId, uid)`. Items that are not superseded are
   * indexed for search (kind `state_item`, itemId = uid, messageId = the last ref, createdAt =
   * the item's `createdAt`, text = its text) in the same transaction; a superseded item leaves
   * the index.
   */
  putStateItem(item: StoredStateItem): Promise<void>;
  /** Sets the thread's extraction watermark. */
  putWatermark(threadId: string, watermark: Watermark): Promise<void>;
}
