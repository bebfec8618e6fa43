import type {
  HistoryEntry,
  JsonValue,
  ReviewPrompt,
  SlotState,
  Watermark,
} from '../../core/index.js';
import type {
  DlqItem,
  DlqStatus,
  ExtractionBacklog,
  HistoryQuery,
  LedgerEvent,
  MessageQuery,
  MessageRecord,
  PromptQuery,
  StateItemQuery,
  StoredStateItem,
  StoreReader,
  VaultReader,
} from '../store.js';
import type { PostgresQueries } from './postgres-queries.js';

/**
 * `StoreReader` over `PostgresQueries`. Subclasses decide which session answers and how a read is
 * guarded (an open store, or a live transaction) through `read`.
 */
export abstract class PostgresReader implements StoreReader {
  /** The vault tables (see `stores/vault.ts`). */
  abstract readonly vault: VaultReader;

  /** Runs one query under the subclass's guard and error mapping. */
  protected abstract read<T>(
    operation: string,
    query: (queries: PostgresQueries) => Promise<T>,
  ): Promise<T>;

  getEvent(eventId: string): Promise<LedgerEvent | null> {
    return this.read('getEvent', (queries) => queries.getEvent(eventId));
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
