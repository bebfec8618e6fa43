import type Database from 'better-sqlite3';
import type { HistoryEntry, JsonObject, Watermark } from '../../core/index.js';
import {
  appendOutcomeAgainst,
  type EventInsertValues,
  eventInsertValues,
  type RowTable,
  RowWrites,
  redactMissingEventError,
  SQLITE_SQL,
} from '../index.js';
import type { AppendOutcome, MessageRecord, NewLedgerEvent, StoredStateItem } from '../store.js';
import { type EventRow, fromEventRow, type SqliteQueries } from './sqlite-queries.js';
import { SqliteSearchWrites } from './sqlite-search-writes.js';
import { SqliteStateItemWrites } from './sqlite-state-items.js';

/**
 * Every write the store makes, as synchronous calls on prepared statements of the writer
 * connection. Callers hold the write transaction; nothing here begins or commits one.
 */
export class SqliteWrites extends RowWrites<void> {
  /** The search index's writes, on the same connection. */
  readonly search: SqliteSearchWrites;
  readonly #items: SqliteStateItemWrites;
  readonly #queries: SqliteQueries;
  readonly #insertEvent: Database.Statement<EventInsertValues>;
  readonly #redactEvent: Database.Statement<[string, string]>;
  #redactions = 0;
  readonly #appendHistory: Database.Statement<[string, string, string, string]>;
  readonly #putMessage: Database.Statement<[string, string, string, string]>;
  /** Each `ROWS` table's upsert, prepared on first use. */
  readonly #upserts = new Map<RowTable<never>, Database.Statement<unknown[]>>();
  readonly #db: Database.Database;
  readonly #clearDerived: () => void;

  constructor(db: Database.Database, queries: SqliteQueries) {
    super();
    this.#db = db;
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
    this.#appendHistory = db.prepare(
      'INSERT INTO history (entity_id, field, recorded_at, doc) VALUES (?, ?, ?, ?)',
    );
    this.#putMessage = db.prepare(
      `INSERT INTO messages (thread_id, message_id, created_at, doc) VALUES (?, ?, ?, ?)
       ON CONFLICT (thread_id, message_id) DO NOTHING`,
    );
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

  appendHistory(entry: HistoryEntry): void {
    this.#appendHistory.run(entry.entityId, entry.field, entry.recordedAt, JSON.stringify(entry));
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
  putStateItem(item: StoredStateItem): void {
    this.#items.putStateItem(item);
    this.indexStateItem(item);
  }

  putWatermark(threadId: string, watermark: Watermark): void {
    this.#items.putWatermark(threadId, watermark);
  }

  /** See `WriterCommands.upsert`. */
  upsert<R>(rows: RowTable<R>, record: R): void {
    let statement = this.#upserts.get(rows);
    if (statement === undefined) {
      statement = this.#db.prepare(SQLITE_SQL.upsert(rows));
      this.#upserts.set(rows, statement);
    }
    statement.run(...rows.values(record));
  }

  /** Replaces the payload once; redacting an already redacted event changes nothing. */
  redactEvent(eventId: string, replacement: JsonObject): void {
    const result = this.#redactEvent.run(JSON.stringify(replacement), eventId);
    if (result.changes > 0) {
      this.#redactions += 1;
      return;
    }
    if (this.#queries.eventRow(eventId) === undefined) {
      throw redactMissingEventError(eventId);
    }
  }
  /**
   * Events redacted since the last call (rolled-back ones included: the caller only uses it to
   * decide whether to clean up after a commit, which is then merely unnecessary).
   */
  takeRedactions(): number {
    const n = this.#redactions;
    this.#redactions = 0;
    return n;
  }

  dangerouslyClearDerived(): void {
    this.#clearDerived();
  }
}

function outcomeAgainst(existing: EventRow, event: NewLedgerEvent): AppendOutcome {
  return appendOutcomeAgainst(existing, existing.seq, event, () => fromEventRow(existing));
}
