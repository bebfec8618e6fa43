import type Database from 'better-sqlite3';
import type {
  HistoryEntry,
  JsonValue,
  ReviewPrompt,
  SlotState,
  Watermark,
} from '../../core/index.js';
import {
  type DocRow,
  EVENT_COLUMNS,
  type EventRowColumns,
  fromMetaRow,
  type MetaRow,
  metaValue,
  parseDocs,
  parseFirstDoc,
  ROWS,
  SQLITE_SQL,
  toLedgerEvent,
} from '../index.js';
import type {
  DerivedSnapshot,
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
} from '../store.js';
import { toJsonList, toSqlLimit } from './sqlite-sql.js';
import { SqliteStateItemQueries } from './sqlite-state-items.js';

/** A row of the `events` table, as the driver returns it. */
export interface EventRow extends EventRowColumns {
  readonly seq: number;
  readonly redacted: number;
}

/** Maps an `events` row to its camelCase record. */
export function fromEventRow(row: EventRow): LedgerEvent {
  return toLedgerEvent(row, row.seq, row.redacted === 1);
}

/**
 * Every read the store makes, as synchronous calls on prepared statements of one connection.
 * Prepared once per connection; better-sqlite3 re-prepares them itself if the schema changes.
 */
export class SqliteQueries {
  /** Messages in watermark order, watermarks and state items, on the same connection. */
  readonly items: SqliteStateItemQueries;
  readonly #eventById: Database.Statement<[string], EventRow>;
  readonly #eventsById: Database.Statement<[string], EventRow>;
  readonly #eventByDedupeKey: Database.Statement<[string], EventRow>;
  readonly #eventsAfter: Database.Statement<[number, number], EventRow>;
  readonly #lastSeq: Database.Statement<[], { readonly seq: number }>;
  readonly #countEventsSince: Database.Statement<[string], { readonly count: number }>;
  readonly #slot: Database.Statement<[string, string], DocRow>;
  readonly #allSlots: Database.Statement<[], DocRow>;
  readonly #entitySlots: Database.Statement<[string], DocRow>;
  readonly #domainSlots: Database.Statement<{ entityId: string; prefix: string }, DocRow>;
  readonly #slotHistory: Database.Statement<[HistoryParameters], DocRow>;
  readonly #entityHistory: Database.Statement<[HistoryParameters], DocRow>;
  readonly #allHistory: Database.Statement<[], DocRow>;
  readonly #prompt: Database.Statement<[string], DocRow>;
  readonly #prompts: Database.Statement<[PromptParameters], DocRow>;
  readonly #promptsById: Database.Statement<[], DocRow>;
  readonly #message: Database.Statement<[string, string], DocRow>;
  readonly #allMessages: Database.Statement<[], DocRow>;
  readonly #meta: Database.Statement<[string], MetaRow>;
  readonly #allMeta: Database.Statement<[], MetaRow>;
  readonly #dlqItem: Database.Statement<[string], DocRow>;
  readonly #dlqItems: Database.Statement<[{ readonly statuses: string | null }], DocRow>;
  readonly #snapshot: () => Omit<DerivedSnapshot, 'vault' | 'tasks'>;

  constructor(readonly db: Database.Database) {
    this.items = new SqliteStateItemQueries(db);
    this.#eventById = db.prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE event_id = ?`);
    this.#eventsById = db.prepare(
      `SELECT ${EVENT_COLUMNS} FROM events
       WHERE event_id IN (SELECT value FROM json_each(?)) ORDER BY seq`,
    );
    this.#eventByDedupeKey = db.prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE dedupe_key = ?`);
    this.#eventsAfter = db.prepare(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE seq > ? ORDER BY seq LIMIT ?`,
    );
    this.#lastSeq = db.prepare('SELECT COALESCE(MAX(seq), 0) AS seq FROM events');
    this.#countEventsSince = db.prepare(
      'SELECT COUNT(*) AS count FROM events WHERE recorded_at >= ?',
    );
    this.#slot = db.prepare(SQLITE_SQL.docByKey(ROWS.slots));
    this.#allSlots = db.prepare(SQLITE_SQL.docsInKeyOrder(ROWS.slots));
    this.#entitySlots = db.prepare('SELECT doc FROM slots WHERE entity_id = ? ORDER BY field');
    this.#domainSlots = db.prepare(
      `SELECT doc FROM slots WHERE entity_id = @entityId
       AND substr(field, 1, length(@prefix)) = @prefix ORDER BY field`,
    );
    const upTo = '(@upTo IS NULL OR recorded_at <= @upTo)';
    this.#slotHistory = db.prepare(
      `SELECT doc FROM history WHERE entity_id = @entityId AND field = @field AND ${upTo}
       ORDER BY id LIMIT @limit`,
    );
    this.#entityHistory = db.prepare(
      `SELECT doc FROM history WHERE entity_id = @entityId AND ${upTo} ORDER BY id LIMIT @limit`,
    );
    this.#allHistory = db.prepare('SELECT doc FROM history ORDER BY entity_id, field, id');
    this.#prompt = db.prepare(SQLITE_SQL.docByKey(ROWS.prompts));
    this.#prompts = db.prepare(
      `SELECT doc FROM prompts
       WHERE (@statuses IS NULL OR status IN (SELECT value FROM json_each(@statuses)))
         AND (@entityId IS NULL OR entity_id = @entityId)
       ORDER BY created_at, sequence, prompt_id LIMIT @limit`,
    );
    this.#promptsById = db.prepare(SQLITE_SQL.docsInKeyOrder(ROWS.prompts));
    this.#message = db.prepare('SELECT doc FROM messages WHERE thread_id = ? AND message_id = ?');
    this.#allMessages = db.prepare('SELECT doc FROM messages ORDER BY thread_id, message_id');
    this.#meta = db.prepare('SELECT key, value FROM meta WHERE key = ?');
    this.#allMeta = db.prepare('SELECT key, value FROM meta ORDER BY key');
    this.#dlqItem = db.prepare(SQLITE_SQL.docByKey(ROWS.dlq));
    this.#dlqItems = db.prepare(
      `SELECT doc FROM dlq
       WHERE (@statuses IS NULL OR status IN (SELECT value FROM json_each(@statuses)))
       ORDER BY first_seen_at, dlq_id`,
    );
    // One read transaction, so the lists come from the same committed snapshot.
    this.#snapshot = db.transaction(() => ({
      slots: parseDocs<SlotState>(this.#allSlots.all()),
      prompts: parseDocs<ReviewPrompt>(this.#promptsById.all()),
      history: parseDocs<HistoryEntry>(this.#allHistory.all()),
      messages: parseDocs<MessageRecord>(this.#allMessages.all()),
      meta: this.#allMeta.all().map(fromMetaRow),
      stateItems: this.items.allStateItems(),
      watermarks: this.items.allWatermarks(),
    }));
  }

  /** Messages of one thread in watermark order (see `MessageQuery`). */
  listMessages(query: MessageQuery): MessageRecord[] {
    return this.items.listMessages(query);
  }

  /** Whether the thread has a message of an entity outside `entityIds`. */
  hasMessageOutside(threadId: string, entityIds: readonly string[]): boolean {
    return this.items.hasMessageOutside(threadId, entityIds);
  }

  /** The thread's extraction watermark, or null. */
  getWatermark(threadId: string): Watermark | null {
    return this.items.getWatermark(threadId);
  }

  /** Threads with messages after their watermark (see `StoreReader.listExtractionBacklog`). */
  listExtractionBacklog(limit: number): ExtractionBacklog[] {
    return this.items.listExtractionBacklog(limit);
  }

  /** One state item, or null. */
  getStateItem(threadId: string, uid: string): StoredStateItem | null {
    return this.items.getStateItem(threadId, uid);
  }

  /** State items matching `query`. */
  listStateItems(query: StateItemQuery): StoredStateItem[] {
    return this.items.listStateItems(query);
  }

  /** The raw row of an event, by id. */
  eventRow(eventId: string): EventRow | undefined {
    return this.#eventById.get(eventId);
  }

  /** The raw row of the event holding a dedupe key. */
  eventRowByDedupeKey(dedupeKey: string): EventRow | undefined {
    return this.#eventByDedupeKey.get(dedupeKey);
  }

  getEvent(eventId: string): LedgerEvent | null {
    const row = this.#eventById.get(eventId);
    return row === undefined ? null : fromEventRow(row);
  }

  getEvents(eventIds: readonly string[]): LedgerEvent[] {
    if (eventIds.length === 0) return [];
    return this.#eventsById.all(JSON.stringify(eventIds)).map(fromEventRow);
  }

  readEvents(after: number, limit: number): LedgerEvent[] {
    return this.#eventsAfter.all(after, toSqlLimit(limit)).map(fromEventRow);
  }

  lastSeq(): number {
    return this.#lastSeq.get()?.seq ?? 0;
  }

  countEventsSince(since: string): number {
    return this.#countEventsSince.get(since)?.count ?? 0;
  }

  getSlot(entityId: string, field: string): SlotState | null {
    return parseFirstDoc<SlotState>(this.#slot.get(entityId, field));
  }

  listSlots(entityId?: string): SlotState[] {
    return parseDocs<SlotState>(
      entityId === undefined ? this.#allSlots.all() : this.#entitySlots.all(entityId),
    );
  }

  listDomainSlots(entityId: string, domain: string): SlotState[] {
    return parseDocs<SlotState>(this.#domainSlots.all({ entityId, prefix: `${domain}.` }));
  }

  listHistory(query: HistoryQuery): HistoryEntry[] {
    const parameters = {
      entityId: query.entityId,
      field: query.field ?? null,
      upTo: query.upTo ?? null,
      limit: toSqlLimit(query.limit),
    };
    const statement = query.field === undefined ? this.#entityHistory : this.#slotHistory;
    return parseDocs<HistoryEntry>(statement.all(parameters));
  }

  getPrompt(promptId: string): ReviewPrompt | null {
    return parseFirstDoc<ReviewPrompt>(this.#prompt.get(promptId));
  }

  listPrompts(query: PromptQuery): ReviewPrompt[] {
    return parseDocs<ReviewPrompt>(
      this.#prompts.all({
        statuses: toJsonList(query.status),
        entityId: query.entityId ?? null,
        limit: toSqlLimit(query.limit),
      }),
    );
  }

  getMessage(threadId: string, messageId: string): MessageRecord | null {
    return parseFirstDoc<MessageRecord>(this.#message.get(threadId, messageId));
  }

  getMeta(key: string): JsonValue | null {
    return metaValue(this.#meta.get(key));
  }

  getDlq(dlqId: string): DlqItem | null {
    return parseFirstDoc<DlqItem>(this.#dlqItem.get(dlqId));
  }

  listDlq(statuses?: readonly DlqStatus[]): DlqItem[] {
    return parseDocs<DlqItem>(this.#dlqItems.all({ statuses: toJsonList(statuses) }));
  }

  exportDerived(): Omit<DerivedSnapshot, 'vault' | 'tasks'> {
    return this.#snapshot();
  }
}

interface HistoryParameters {
  readonly entityId: string;
  readonly field: string | null;
  readonly upTo: string | null;
  readonly limit: number;
}

interface PromptParameters {
  readonly statuses: string | null;
  readonly entityId: string | null;
  readonly limit: number;
}
