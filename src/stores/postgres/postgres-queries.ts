import type {
  HistoryEntry,
  JsonValue,
  ReviewPrompt,
  SlotState,
  Watermark,
} from '../../core/index.js';
import {
  type BacklogRow,
  type DocRow,
  EVENT_COLUMNS,
  type EventRowColumns,
  fromMetaRow,
  type MetaRow,
  metaValue,
  parseDocs,
  parseFirstDoc,
  postgresSql,
  ROWS,
  type RowSql,
  toExtractionBacklog,
  toLedgerEvent,
  toWatermark,
  type WatermarkRow,
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
import type { PgSession } from './postgres-driver.js';
import { type SqlNames, toNumber, toSeqBound, toSqlLimit } from './postgres-sql.js';

/** A row of the `events` table, as the drivers return it. */
export interface EventRow extends EventRowColumns {
  readonly seq: unknown;
  readonly redacted: boolean;
}

/** A backlog row as the driver returns it: `COUNT(*)` is a bigint, which may come as text. */
type PgBacklogRow = Omit<BacklogRow, 'pending'> & { readonly pending: unknown };

/** Maps an `events` row to its camelCase record. */
export function fromEventRow(row: EventRow): LedgerEvent {
  return toLedgerEvent(row, toNumber(row.seq), row.redacted);
}

/** A filter list as a `text[]` parameter, or null for no filter. */
function toList(values: readonly string[] | undefined): string[] | null {
  return values === undefined ? null : [...values];
}

/** Every read the store makes, on one session (a pooled connection, the pool, or PGlite's). */
export class PostgresQueries {
  readonly #session: PgSession;
  readonly #s: string;
  readonly #sql: RowSql;

  constructor(session: PgSession, names: SqlNames) {
    this.#session = session;
    this.#s = names.s;
    this.#sql = postgresSql(names.s);
  }

  #docs(sql: string, params: readonly unknown[] = []): Promise<DocRow[]> {
    return this.#session.query<DocRow>(sql, params);
  }

  /** The raw rows of the events holding `eventId` or `dedupeKey`, the id's first. */
  async eventRowsFor(eventId: string, dedupeKey: string | null): Promise<EventRow[]> {
    return this.#session.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM (
         SELECT ${EVENT_COLUMNS}, 0 AS rank FROM ${this.#s}.events WHERE event_id = $1
         UNION ALL
         SELECT ${EVENT_COLUMNS}, 1 AS rank FROM ${this.#s}.events
         WHERE $2::text IS NOT NULL AND dedupe_key = $2
       ) found ORDER BY rank`,
      [eventId, dedupeKey],
    );
  }

  async getEvent(eventId: string): Promise<LedgerEvent | null> {
    const [row] = await this.#session.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM ${this.#s}.events WHERE event_id = $1`,
      [eventId],
    );
    return row === undefined ? null : fromEventRow(row);
  }

  async getEvents(eventIds: readonly string[]): Promise<LedgerEvent[]> {
    if (eventIds.length === 0) return [];
    const rows = await this.#session.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM ${this.#s}.events WHERE event_id = ANY($1::text[]) ORDER BY seq`,
      [[...eventIds]],
    );
    return rows.map(fromEventRow);
  }

  async readEvents(after: number, limit: number): Promise<LedgerEvent[]> {
    const rows = await this.#session.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM ${this.#s}.events WHERE seq > $1::bigint ORDER BY seq LIMIT $2`,
      [toSeqBound(after), toSqlLimit(limit)],
    );
    return rows.map(fromEventRow);
  }

  async lastSeq(): Promise<number> {
    const [row] = await this.#session.query<{ readonly seq: unknown }>(
      `SELECT COALESCE(MAX(seq), 0) AS seq FROM ${this.#s}.events`,
    );
    return toNumber(row?.seq);
  }

  async countEventsSince(since: string): Promise<number> {
    const [row] = await this.#session.query<{ readonly count: unknown }>(
      `SELECT COUNT(*) AS count FROM ${this.#s}.events WHERE recorded_at >= $1`,
      [since],
    );
    return toNumber(row?.count);
  }

  async getSlot(entityId: string, field: string): Promise<SlotState | null> {
    return parseFirstDoc<SlotState>(
      await this.#docs(this.#sql.docByKey(ROWS.slots), [entityId, field]),
    );
  }

  async listSlots(entityId?: string): Promise<SlotState[]> {
    const rows =
      entityId === undefined
        ? await this.#docs(this.#sql.docsInKeyOrder(ROWS.slots))
        : await this.#docs(`SELECT doc FROM ${this.#s}.slots WHERE entity_id = $1 ORDER BY field`, [
            entityId,
          ]);
    return parseDocs<SlotState>(rows);
  }

  async listDomainSlots(entityId: string, domain: string): Promise<SlotState[]> {
    const rows = await this.#docs(
      `SELECT doc FROM ${this.#s}.slots
       WHERE entity_id = $1 AND left(field, length($2::text)) = $2::text ORDER BY field`,
      [entityId, `${domain}.`],
    );
    return parseDocs<SlotState>(rows);
  }

  async listHistory(query: HistoryQuery): Promise<HistoryEntry[]> {
    const rows = await this.#docs(
      `SELECT doc FROM ${this.#s}.history
       WHERE entity_id = $1 AND ($2::text IS NULL OR field = $2)
         AND ($3::text IS NULL OR recorded_at <= $3)
       ORDER BY id LIMIT $4`,
      [query.entityId, query.field ?? null, query.upTo ?? null, toSqlLimit(query.limit)],
    );
    return parseDocs<HistoryEntry>(rows);
  }

  async getPrompt(promptId: string): Promise<ReviewPrompt | null> {
    return parseFirstDoc<ReviewPrompt>(
      await this.#docs(this.#sql.docByKey(ROWS.prompts), [promptId]),
    );
  }

  async listPrompts(query: PromptQuery): Promise<ReviewPrompt[]> {
    const rows = await this.#docs(
      `SELECT doc FROM ${this.#s}.prompts
       WHERE ($1::text[] IS NULL OR status = ANY ($1::text[]))
         AND ($2::text IS NULL OR entity_id = $2)
       ORDER BY created_at, sequence, prompt_id LIMIT $3`,
      [toList(query.status), query.entityId ?? null, toSqlLimit(query.limit)],
    );
    return parseDocs<ReviewPrompt>(rows);
  }

  async getMessage(threadId: string, messageId: string): Promise<MessageRecord | null> {
    return parseFirstDoc<MessageRecord>(
      await this.#docs(
        `SELECT doc FROM ${this.#s}.messages WHERE thread_id = $1 AND message_id = $2`,
        [threadId, messageId],
      ),
    );
  }

  async listMessages(query: MessageQuery): Promise<MessageRecord[]> {
    const direction = query.order === 'desc' ? 'DESC' : 'ASC';
    const after = query.after ?? null;
    const before = query.before ?? null;
    const rows = await this.#docs(
      `SELECT doc FROM ${this.#s}.messages
       WHERE thread_id = $1
         AND ($2::text IS NULL OR (created_at, message_id) > ($2::text, $3::text))
         AND ($5::text IS NULL OR (created_at, message_id) < ($5::text, $6::text))
       ORDER BY created_at ${direction}, message_id ${direction} LIMIT $4`,
      [
        query.threadId,
        after?.createdAt ?? null,
        after?.messageId ?? null,
        toSqlLimit(query.limit),
        before?.createdAt ?? null,
        before?.messageId ?? null,
      ],
    );
    return parseDocs<MessageRecord>(rows);
  }

  async hasMessageOutside(threadId: string, entityIds: readonly string[]): Promise<boolean> {
    // A skip scan over `messages_by_entity`: each step seeks the thread's next entity, so a
    // thread of one speaker costs two index seeks however many messages it holds.
    const rows = await this.#session.query<{ readonly found: number }>(
      `WITH RECURSIVE entities(entity_id) AS (
         (SELECT entity_id FROM ${this.#s}.messages WHERE thread_id = $1
          ORDER BY entity_id LIMIT 1)
         UNION ALL
         SELECT (SELECT m.entity_id FROM ${this.#s}.messages m
                 WHERE m.thread_id = $1 AND m.entity_id > e.entity_id
                 ORDER BY m.entity_id LIMIT 1)
         FROM entities e WHERE e.entity_id IS NOT NULL
       )
       SELECT 1 AS found FROM entities
       WHERE entity_id IS NOT NULL AND NOT (entity_id = ANY($2::text[]))
       LIMIT 1`,
      [threadId, [...entityIds]],
    );
    return rows.length > 0;
  }

  async getWatermark(threadId: string): Promise<Watermark | null> {
    const [row] = await this.#session.query<WatermarkRow>(
      `SELECT thread_id, created_at, message_id FROM ${this.#s}.watermarks WHERE thread_id = $1`,
      [threadId],
    );
    return row === undefined ? null : toWatermark(row);
  }

  async listExtractionBacklog(limit: number): Promise<ExtractionBacklog[]> {
    const rows = await this.#session.query<PgBacklogRow>(
      `SELECT m.thread_id, COUNT(*) AS pending,
         w.created_at AS watermark_at, w.message_id AS watermark_id,
         (SELECT newest.entity_id FROM ${this.#s}.messages newest
          WHERE newest.thread_id = m.thread_id
          ORDER BY newest.created_at DESC, newest.message_id DESC LIMIT 1) AS entity_id
       FROM ${this.#s}.messages m
       LEFT JOIN ${this.#s}.watermarks w ON w.thread_id = m.thread_id
       WHERE w.thread_id IS NULL OR (m.created_at, m.message_id) > (w.created_at, w.message_id)
       GROUP BY m.thread_id, w.created_at, w.message_id
       ORDER BY m.thread_id LIMIT $1`,
      [toSqlLimit(limit)],
    );
    return rows.map((row) => toExtractionBacklog({ ...row, pending: toNumber(row.pending) }));
  }

  async getStateItem(threadId: string, uid: string): Promise<StoredStateItem | null> {
    return parseFirstDoc<StoredStateItem>(
      await this.#docs(`SELECT doc FROM ${this.#s}.state_items WHERE thread_id = $1 AND uid = $2`, [
        threadId,
        uid,
      ]),
    );
  }

  async listStateItems(query: StateItemQuery): Promise<StoredStateItem[]> {
    const rows = await this.#docs(
      `SELECT doc FROM ${this.#s}.state_items
       WHERE ($1::text IS NULL OR thread_id = $1)
         AND ($2::text IS NULL OR entity_id = $2)
         AND ($3::text IS NULL OR uid = $3)
         AND ($4::text[] IS NULL OR type = ANY ($4::text[]))
         AND ($5::text[] IS NULL OR status = ANY ($5::text[]))
       ORDER BY thread_id, uid LIMIT $6`,
      [
        query.threadId ?? null,
        query.entityId ?? null,
        query.uid ?? null,
        toList(query.types),
        toList(query.statuses),
        toSqlLimit(query.limit),
      ],
    );
    return parseDocs<StoredStateItem>(rows);
  }

  async getMeta(key: string): Promise<JsonValue | null> {
    const [row] = await this.#session.query<MetaRow>(
      `SELECT key, value FROM ${this.#s}.meta WHERE key = $1`,
      [key],
    );
    return metaValue(row);
  }

  async getDlq(dlqId: string): Promise<DlqItem | null> {
    return parseFirstDoc<DlqItem>(await this.#docs(this.#sql.docByKey(ROWS.dlq), [dlqId]));
  }

  async listDlq(statuses?: readonly DlqStatus[]): Promise<DlqItem[]> {
    const rows = await this.#docs(
      `SELECT doc FROM ${this.#s}.dlq
       WHERE ($1::text[] IS NULL OR status = ANY ($1::text[]))
       ORDER BY first_seen_at, dlq_id`,
      [toList(statuses)],
    );
    return parseDocs<DlqItem>(rows);
  }

  /** Every derived row; the caller runs this in one snapshot. */
  async exportDerived(): Promise<Omit<DerivedSnapshot, 'vault' | 'tasks'>> {
    const s = this.#s;
    const slots = parseDocs<SlotState>(await this.#docs(this.#sql.docsInKeyOrder(ROWS.slots)));
    const prompts = parseDocs<ReviewPrompt>(
      await this.#docs(this.#sql.docsInKeyOrder(ROWS.prompts)),
    );
    const history = parseDocs<HistoryEntry>(
      await this.#docs(
        `SELECT doc FROM ${s}.history ORDER BY entity_id COLLATE "C", field COLLATE "C", id`,
      ),
    );
    const messages = parseDocs<MessageRecord>(
      await this.#docs(`SELECT doc FROM ${s}.messages ORDER BY thread_id, message_id`),
    );
    const meta = (
      await this.#session.query<MetaRow>(`SELECT key, value FROM ${s}.meta ORDER BY key`)
    ).map(fromMetaRow);
    const stateItems = parseDocs<StoredStateItem>(
      await this.#docs(`SELECT doc FROM ${s}.state_items ORDER BY thread_id, uid`),
    );
    const watermarks = (
      await this.#session.query<WatermarkRow>(
        `SELECT thread_id, created_at, message_id FROM ${s}.watermarks ORDER BY thread_id`,
      )
    ).map((row) => ({ threadId: row.thread_id, watermark: toWatermark(row) }));
    return { slots, prompts, history, messages, meta, stateItems, watermarks };
  }
}
