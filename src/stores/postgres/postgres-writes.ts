import type { HistoryEntry, JsonObject, SlotState, Watermark } from '../../core/index.js';
import {
  appendOutcomeAgainst,
  eventInsertValues,
  postgresSql,
  type RowSql,
  type RowTable,
  RowWrites,
  redactMissingEventError,
} from '../index.js';
import type { AppendOutcome, MessageRecord, NewLedgerEvent, StoredStateItem } from '../store.js';
import type { PgSession } from './postgres-driver.js';
import { type EventRow, fromEventRow, type PostgresQueries } from './postgres-queries.js';
import { PostgresSearchWrites } from './postgres-search-writes.js';
import type { SqlNames } from './postgres-sql.js';
import { toNumber } from './postgres-sql.js';

/**
 * Every write the store makes, on the session of one write transaction. Callers hold the
 * transaction; nothing here begins or commits one.
 */
export class PostgresWrites extends RowWrites<Promise<void>> {
  /** The search index's writes, on the same session. */
  readonly search: PostgresSearchWrites;
  readonly #session: PgSession;
  readonly #queries: PostgresQueries;
  readonly #s: string;
  readonly #sql: RowSql;

  constructor(session: PgSession, names: SqlNames, queries: PostgresQueries) {
    super();
    this.search = new PostgresSearchWrites(session, names);
    this.#session = session;
    this.#queries = queries;
    this.#s = names.s;
    this.#sql = postgresSql(names.s);
  }

  /**
   * Looks the event up by id, then by dedupe key, and inserts it only when neither exists, in one
   * statement. `ON CONFLICT DO NOTHING` covers a concurrent writer (of another scope) that
   * committed the same id or key meanwhile: its row is then read afresh.
   */
  async appendEvent(event: NewLedgerEvent): Promise<AppendOutcome> {
    // The common case is a new event: one plain insert. A unique violation on event_id or
    // dedupe_key inserts nothing (waiting for a concurrent inserter to commit first), and the
    // existing row then decides between duplicate and conflict.
    const [row] = await this.#session.query<{ seq: string | number }>(
      `INSERT INTO ${this.#s}.events
         (event_id, type, entity_id, event_ts, recorded_at, payload, payload_hash, dedupe_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT DO NOTHING
       RETURNING seq`,
      eventInsertValues(event),
    );
    if (row !== undefined) return { kind: 'appended', seq: toNumber(row.seq) };
    const [committed] = await this.#queries.eventRowsFor(event.eventId, event.dedupeKey);
    if (committed === undefined) {
      throw new Error(
        'appendEvent: insert skipped on a conflict, yet no conflicting row is visible',
      );
    }
    return outcomeAgainst(committed, event);
  }

  /** Upserts many slots in one statement; at most one per (entityId, field). */
  async putSlots(slots: readonly SlotState[]): Promise<void> {
    if (slots.length === 0) return;
    await this.#session.query(
      `INSERT INTO ${this.#s}.slots (entity_id, field, domain, version, doc)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::float8[], $5::text[])
       ON CONFLICT (entity_id, field) DO UPDATE
       SET domain = EXCLUDED.domain, version = EXCLUDED.version, doc = EXCLUDED.doc`,
      [
        slots.map((slot) => slot.entityId),
        slots.map((slot) => slot.field),
        slots.map((slot) => slot.domain),
        slots.map((slot) => slot.version),
        slots.map((slot) => JSON.stringify(slot)),
      ],
    );
  }

  /** Appends many history entries in one statement, in the given order. */
  async appendHistoryRows(entries: readonly HistoryEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await this.#session.query(
      `INSERT INTO ${this.#s}.history (entity_id, field, recorded_at, doc)
       SELECT entity_id, field, recorded_at, doc
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])
         WITH ORDINALITY AS rows (entity_id, field, recorded_at, doc, position)
       ORDER BY position`,
      [
        entries.map((entry) => entry.entityId),
        entries.map((entry) => entry.field),
        entries.map((entry) => entry.recordedAt),
        entries.map((entry) => JSON.stringify(entry)),
      ],
    );
  }

  async appendHistory(entry: HistoryEntry): Promise<void> {
    await this.#session.query(
      `INSERT INTO ${this.#s}.history (entity_id, field, recorded_at, doc) VALUES ($1, $2, $3, $4)`,
      [entry.entityId, entry.field, entry.recordedAt, JSON.stringify(entry)],
    );
  }

  /** Stores a new message and indexes it for search in the same transaction. */
  async putMessage(message: MessageRecord): Promise<void> {
    await this.search.indexMessage(message, JSON.stringify(message));
  }

  /** Stores a state item and keeps its search entry in step (superseded items leave the index). */
  async putStateItem(item: StoredStateItem): Promise<void> {
    await this.#session.query(
      `INSERT INTO ${this.#s}.state_items (thread_id, uid, entity_id, type, status, doc)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (thread_id, uid) DO UPDATE
       SET entity_id = EXCLUDED.entity_id, type = EXCLUDED.type, status = EXCLUDED.status,
           doc = EXCLUDED.doc`,
      [item.threadId, item.uid, item.entityId, item.typeTag, item.status, JSON.stringify(item)],
    );
    await this.indexStateItem(item);
  }

  async putWatermark(threadId: string, watermark: Watermark): Promise<void> {
    await this.#session.query(
      `INSERT INTO ${this.#s}.watermarks (thread_id, created_at, message_id) VALUES ($1, $2, $3)
       ON CONFLICT (thread_id) DO UPDATE
       SET created_at = EXCLUDED.created_at, message_id = EXCLUDED.message_id`,
      [threadId, watermark.createdAt, watermark.messageId],
    );
  }

  /** See `WriterCommands.upsert`. */
  async upsert<R>(rows: RowTable<R>, record: R): Promise<void> {
    await this.#session.query(this.#sql.upsert(rows), rows.values(record));
  }

  /** Replaces the payload once; redacting an already redacted event changes nothing. */
  async redactEvent(eventId: string, replacement: JsonObject): Promise<void> {
    const changed = await this.#session.query(
      `UPDATE ${this.#s}.events SET payload = $1, redacted = true
       WHERE event_id = $2 AND NOT redacted RETURNING seq`,
      [JSON.stringify(replacement), eventId],
    );
    if (changed.length > 0) return;
    if ((await this.#queries.getEvent(eventId)) === null) {
      throw redactMissingEventError(eventId);
    }
  }

  async dangerouslyClearDerived(): Promise<void> {
    const s = this.#s;
    await this.#session.exec(
      ['slots', 'history', 'prompts', 'messages', 'meta', 'state_items', 'watermarks']
        .map((table) => `DELETE FROM ${s}.${table};`)
        .join('\n'),
    );
    await this.search.clear();
  }
}

function outcomeAgainst(existing: EventRow, event: NewLedgerEvent): AppendOutcome {
  return appendOutcomeAgainst(existing, toNumber(existing.seq), event, () =>
    fromEventRow(existing),
  );
}
