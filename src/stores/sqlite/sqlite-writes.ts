import type Database from 'better-sqlite3';
import type {
  HistoryEntry,
  JsonObject,
  JsonValue,
  ReviewPrompt,
  SlotState,
  Watermark,
} from '../../core/index.js';
import {
  appendOutcomeAgainst,
  type EventInsertValues,
  eventInsertValues,
  ROWS,
  redactMissingEventError,
  SQLITE_SQL,
} from '../index.js';
import type {
  AppendOutcome,
  DlqItem,
  FactKeyRef,
  MessageRecord,
  NewLedgerEvent,
  SearchDocument,
  SearchKind,
  StoredStateItem,
} from '../store.js';
import { type EventRow, fromEventRow, type SqliteQueries } from './sqlite-queries.js';
import { SqliteSearchWrites } from './sqlite-search-writes.js';
import { SqliteStateItemWrites } from './sqlite-state-items.js';

/**
 * Every write the store makes, as synchronous calls on prepared statements of the writer
 * connection. Callers hold the write transaction; nothing here begins or commits one.
 */
export class SqliteWrites {
  /** The search index's writes, on the same connection. */
  readonly search: SqliteSearchWrites;
  readonly #items: SqliteStateItemWrites;
  readonly #queries: SqliteQueries;
  readonly #insertEvent: Database.Statement<EventInsertValues>;
  readonly #redactEvent: Database.Statement<[string, string]>;
  readonly #putSlot: Database.Statement<unknown[]>;
  readonly #appendHistory: Database.Statement<[string, string, string, string]>;
  readonly #putPrompt: Database.Statement<unknown[]>;
  readonly #putMessage: Database.Statement<[string, string, string, string]>;
  readonly #putMeta: Database.Statement<unknown[]>;
  readonly #putDlq: Database.Statement<unknown[]>;
  readonly #clearDerived: () => void;

  constructor(db: Database.Database, queries: SqliteQueries) {
    this.search = new SqliteSearchWrites(db);
    this.#items = new SqliteStateItemWrites(db);
    this.#queries = queries;
    this.#insertEvent = db.prepare(
      `INSERT INTO events
         (event_id, type, entity_id, event_ts, recorded_at, payload, payload_hash, dedupe_key)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.#redactEvent = db.prepare(
      'UPDATE events SET payload = ?, redacted = 1 WHERE event_id = ? AND redacted = 0',
    );
    this.#putSlot = db.prepare(SQLITE_SQL.upsert(ROWS.slots));
    this.#appendHistory = db.prepare(
      'INSERT INTO history (entity_id, field, recorded_at, doc) VALUES (?, ?, ?, ?)',
    );
    this.#putPrompt = db.prepare(SQLITE_SQL.upsert(ROWS.prompts));
    this.#putMessage = db.prepare(
      `INSERT INTO messages (thread_id, message_id, created_at, doc) VALUES (?, ?, ?, ?)
       ON CONFLICT (thread_id, message_id) DO NOTHING`,
    );
    this.#putMeta = db.prepare(SQLITE_SQL.upsert(ROWS.meta));
    this.#putDlq = db.prepare(SQLITE_SQL.upsert(ROWS.dlq));
    const clears = [
      'slots',
      'history',
      'prompts',
      'messages',
      'meta',
      'state_items',
      'extraction_watermarks',
    ].map((table) => db.prepare(`DELETE FROM ${table}`));
    this.#clearDerived = () => {
      for (const clear of clears) clear.run();
      this.search.clear();
    };
  }

  appendEvent(event: NewLedgerEvent): AppendOutcome {
    const byId = this.#queries.eventRow(event.eventId);
    if (byId !== undefined) return outcomeAgainst(byId, event);
    if (event.dedupeKey !== null) {
      const byKey = this.#queries.eventRowByDedupeKey(event.dedupeKey);
      if (byKey !== undefined) return outcomeAgainst(byKey, event);
    }
    const result = this.#insertEvent.run(...eventInsertValues(event));
    return { kind: 'appended', seq: Number(result.lastInsertRowid) };
  }

  putSlot(slot: SlotState): void {
    this.#putSlot.run(...ROWS.slots.values(slot));
  }

  appendHistory(entry: HistoryEntry): void {
    this.#appendHistory.run(entry.entityId, entry.field, entry.recordedAt, JSON.stringify(entry));
  }

  putPrompt(prompt: ReviewPrompt): void {
    this.#putPrompt.run(...ROWS.prompts.values(prompt));
  }

  /** Stores a new message and indexes it for search in the same transaction. */
  putMessage(message: MessageRecord): void {
    const result = this.#putMessage.run(
      message.threadId,
      message.messageId,
      message.createdAt,
      JSON.stringify(message),
    );
    if (result.changes > 0) this.search.indexMessage(message);
  }

  /** Stores a state item and keeps its search index entry in step, in the same transaction. */
  indexDocument(document: SearchDocument): void {
    this.search.indexDocument(document);
  }

  putFactKeys(ref: FactKeyRef, keys: string): void {
    this.search.putFactKeys(ref, keys);
  }

  removeDocuments(kind: SearchKind, threadId: string | null): void {
    this.search.removeDocuments(kind, threadId);
  }

  putStateItem(item: StoredStateItem): void {
    this.#items.putStateItem(item);
    this.search.indexStateItem(item);
  }

  putWatermark(threadId: string, watermark: Watermark): void {
    this.#items.putWatermark(threadId, watermark);
  }

  putMeta(key: string, value: JsonValue): void {
    this.#putMeta.run(...ROWS.meta.values({ key, value }));
  }

  putDlq(item: DlqItem): void {
    this.#putDlq.run(...ROWS.dlq.values(item));
  }

  /** Replaces the payload once; redacting an already redacted event changes nothing. */
  redactEvent(eventId: string, replacement: JsonObject): void {
    const result = this.#redactEvent.run(JSON.stringify(replacement), eventId);
    if (result.changes > 0) return;
    if (this.#queries.eventRow(eventId) === undefined) {
      throw redactMissingEventError(eventId);
    }
  }

  dangerouslyClearDerived(): void {
    this.#clearDerived();
  }
}

function outcomeAgainst(existing: EventRow, event: NewLedgerEvent): AppendOutcome {
  return appendOutcomeAgainst(existing, existing.seq, event, () => fromEventRow(existing));
}
