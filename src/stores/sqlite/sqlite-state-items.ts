import type Database from 'better-sqlite3';
import { canonicalJson, toSnakeCaseKey, type Watermark } from '../../core/index.js';
import { type BacklogRow, toExtractionBacklog, toWatermark, type WatermarkRow } from '../index.js';
import type {
  ExtractionBacklog,
  MessageQuery,
  MessageRecord,
  StateItemQuery,
  StoredStateItem,
} from '../store.js';
import { toJsonList, toSqlLimit } from './sqlite-sql.js';

/** A `state_items` row, as the driver returns it: one column per `ITEM_CODECS` field. */
type StateItemRow = Readonly<Record<string, string | number | null>>;

interface MessageParameters {
  readonly threadId: string;
  readonly afterAt: string | null;
  readonly afterId: string | null;
  readonly beforeAt: string | null;
  readonly beforeId: string | null;
  readonly limit: number;
}

interface ItemParameters {
  readonly threadId: string | null;
  readonly entityId: string | null;
  readonly uid: string | null;
  readonly types: string | null;
  readonly statuses: string | null;
  readonly limit: number;
}

/**
 * How each `StoredStateItem` field is kept in its column (the field's name in snake_case): as
 * is, as canonical JSON (null stays NULL), or as a 0/1 flag. Listed in the record's key order,
 * which the rows read back keep, so both adapters export the same bytes.
 */
const ITEM_CODECS: Readonly<Record<keyof StoredStateItem, 'text' | 'json' | 'flag'>> = {
  threadId: 'text',
  entityId: 'text',
  uid: 'text',
  text: 'text',
  status: 'text',
  typeTag: 'text',
  topicTags: 'json',
  refs: 'json',
  confidence: 'text',
  replacedBy: 'text',
  supersessionEvidence: 'json',
  conflict: 'flag',
  pinned: 'flag',
  source: 'text',
  createdAt: 'text',
  lastSeenAt: 'text',
  updatedAt: 'text',
};

const ITEM_FIELDS = Object.entries(ITEM_CODECS).map(([field, codec]) => ({
  field,
  column: toSnakeCaseKey(field),
  codec,
}));

const ITEM_COLUMNS = ITEM_FIELDS.map(({ column }) => column).join(', ');

function fromItemRow(row: StateItemRow): StoredStateItem {
  const item: Record<string, unknown> = {};
  for (const { field, column, codec } of ITEM_FIELDS) {
    const value = row[column] ?? null;
    if (codec === 'flag') item[field] = value === 1;
    else if (codec === 'json') item[field] = value === null ? null : JSON.parse(String(value));
    else item[field] = value;
  }
  return item as unknown as StoredStateItem;
}

function toItemRow(item: StoredStateItem): StateItemRow {
  const row: Record<string, string | number | null> = {};
  for (const { field, column, codec } of ITEM_FIELDS) {
    const value = item[field as keyof StoredStateItem];
    if (codec === 'flag') row[column] = value === true ? 1 : 0;
    else if (codec === 'json') row[column] = value === null ? null : canonicalJson(value);
    else row[column] = value as string | null;
  }
  return row;
}

/**
 * Reads of a thread's messages in watermark order, its extraction watermark and its state items,
 * as synchronous calls on prepared statements of one connection.
 */
export class SqliteStateItemQueries {
  readonly #messagesAsc: Database.Statement<[MessageParameters], { readonly doc: string }>;
  readonly #messagesDesc: Database.Statement<[MessageParameters], { readonly doc: string }>;
  readonly #outside: Database.Statement<
    [{ readonly threadId: string; readonly entityIds: string }],
    { readonly found: number }
  >;
  readonly #watermark: Database.Statement<[string], WatermarkRow>;
  readonly #allWatermarks: Database.Statement<[], WatermarkRow>;
  readonly #backlog: Database.Statement<[{ readonly limit: number }], BacklogRow>;
  readonly #item: Database.Statement<[string, string], StateItemRow>;
  readonly #items: Database.Statement<[ItemParameters], StateItemRow>;

  constructor(db: Database.Database) {
    const after = `(@afterAt IS NULL OR (created_at, message_id) > (@afterAt, @afterId))
      AND (@beforeAt IS NULL OR (created_at, message_id) < (@beforeAt, @beforeId))`;
    this.#messagesAsc = db.prepare(
      `SELECT doc FROM messages WHERE thread_id = @threadId AND ${after}
       ORDER BY created_at, message_id LIMIT @limit`,
    );
    this.#messagesDesc = db.prepare(
      `SELECT doc FROM messages WHERE thread_id = @threadId AND ${after}
       ORDER BY created_at DESC, message_id DESC LIMIT @limit`,
    );
    // A skip scan over `messages_by_entity`: each step seeks the thread's next entity, so a
    // thread of one speaker costs two index seeks however many messages it holds.
    this.#outside = db.prepare(
      `WITH RECURSIVE entities(entity_id) AS (
         SELECT MIN(json_extract(doc, '$.entityId')) FROM messages WHERE thread_id = @threadId
         UNION ALL
         SELECT (SELECT MIN(json_extract(doc, '$.entityId')) FROM messages
                 WHERE thread_id = @threadId AND json_extract(doc, '$.entityId') > entities.entity_id)
         FROM entities WHERE entities.entity_id IS NOT NULL
       )
       SELECT 1 AS found FROM entities
       WHERE entity_id IS NOT NULL AND entity_id NOT IN (SELECT value FROM json_each(@entityIds))
       LIMIT 1`,
    );
    this.#watermark = db.prepare(
      'SELECT thread_id, created_at, message_id FROM extraction_watermarks WHERE thread_id = ?',
    );
    this.#allWatermarks = db.prepare(
      'SELECT thread_id, created_at, message_id FROM extraction_watermarks ORDER BY thread_id',
    );
    this.#backlog = db.prepare(
      `SELECT m.thread_id, COUNT(*) AS pending,
              w.created_at AS watermark_at, w.message_id AS watermark_id,
              (SELECT json_extract(n.doc, '$.entityId') FROM messages n
               WHERE n.thread_id = m.thread_id
               ORDER BY n.created_at DESC, n.message_id DESC LIMIT 1) AS entity_id
       FROM messages m LEFT JOIN extraction_watermarks w ON w.thread_id = m.thread_id
       WHERE w.thread_id IS NULL OR (m.created_at, m.message_id) > (w.created_at, w.message_id)
       GROUP BY m.thread_id ORDER BY m.thread_id LIMIT @limit`,
    );
    this.#item = db.prepare(
      `SELECT ${ITEM_COLUMNS} FROM state_items WHERE thread_id = ? AND uid = ?`,
    );
    this.#items = db.prepare(
      `SELECT ${ITEM_COLUMNS} FROM state_items
       WHERE (@threadId IS NULL OR thread_id = @threadId)
         AND (@entityId IS NULL OR entity_id = @entityId)
         AND (@uid IS NULL OR uid = @uid)
         AND (@types IS NULL OR type_tag IN (SELECT value FROM json_each(@types)))
         AND (@statuses IS NULL OR status IN (SELECT value FROM json_each(@statuses)))
       ORDER BY thread_id, uid LIMIT @limit`,
    );
  }

  listMessages(query: MessageQuery): MessageRecord[] {
    const statement = query.order === 'desc' ? this.#messagesDesc : this.#messagesAsc;
    const rows = statement.all({
      threadId: query.threadId,
      afterAt: query.after?.createdAt ?? null,
      afterId: query.after?.messageId ?? null,
      beforeAt: query.before?.createdAt ?? null,
      beforeId: query.before?.messageId ?? null,
      limit: toSqlLimit(query.limit),
    });
    return rows.map((row) => JSON.parse(row.doc) as MessageRecord);
  }

  hasMessageOutside(threadId: string, entityIds: readonly string[]): boolean {
    return this.#outside.get({ threadId, entityIds: JSON.stringify(entityIds) }) !== undefined;
  }

  getWatermark(threadId: string): Watermark | null {
    const row = this.#watermark.get(threadId);
    return row === undefined ? null : toWatermark(row);
  }

  allWatermarks(): { readonly threadId: string; readonly watermark: Watermark }[] {
    return this.#allWatermarks
      .all()
      .map((row) => ({ threadId: row.thread_id, watermark: toWatermark(row) }));
  }

  listExtractionBacklog(limit: number): ExtractionBacklog[] {
    return this.#backlog.all({ limit: toSqlLimit(limit) }).map(toExtractionBacklog);
  }

  getStateItem(threadId: string, uid: string): StoredStateItem | null {
    const row = this.#item.get(threadId, uid);
    return row === undefined ? null : fromItemRow(row);
  }

  listStateItems(query: StateItemQuery): StoredStateItem[] {
    return this.#items
      .all({
        threadId: query.threadId ?? null,
        entityId: query.entityId ?? null,
        uid: query.uid ?? null,
        types: toJsonList(query.types),
        statuses: toJsonList(query.statuses),
        limit: toSqlLimit(query.limit),
      })
      .map(fromItemRow);
  }

  /** Every item, ordered by thread, then uid (for `exportDerived`). */
  allStateItems(): StoredStateItem[] {
    return this.listStateItems({});
  }
}

/**
 * Writes of state items and watermarks on the writer connection. Callers hold the write
 * transaction and keep the search index in step.
 */
export class SqliteStateItemWrites {
  readonly #putItem: Database.Statement<[StateItemRow]>;
  readonly #putWatermark: Database.Statement<[WatermarkRow]>;

  constructor(db: Database.Database) {
    const columns = ITEM_COLUMNS.split(', ');
    const updates = columns
      .filter((column) => column !== 'thread_id' && column !== 'uid')
      .map((column) => `${column} = excluded.${column}`)
      .join(', ');
    this.#putItem = db.prepare(
      `INSERT INTO state_items (${ITEM_COLUMNS})
       VALUES (${columns.map((column) => `@${column}`).join(', ')})
       ON CONFLICT (thread_id, uid) DO UPDATE SET ${updates}`,
    );
    this.#putWatermark = db.prepare(
      `INSERT INTO extraction_watermarks (thread_id, created_at, message_id)
       VALUES (@thread_id, @created_at, @message_id)
       ON CONFLICT (thread_id) DO UPDATE
       SET created_at = excluded.created_at, message_id = excluded.message_id`,
    );
  }

  putStateItem(item: StoredStateItem): void {
    this.#putItem.run(toItemRow(item));
  }

  putWatermark(threadId: string, watermark: Watermark): void {
    this.#putWatermark.run({
      thread_id: threadId,
      created_at: watermark.createdAt,
      message_id: watermark.messageId,
    });
  }
}
