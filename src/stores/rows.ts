/**
 * Row helpers both adapters use: records stored as JSON text in a `doc` column, ledger event
 * rows, watermark columns, and vectors stored as raw little-endian float32 bytes.
 * May import: core, ledger.
 */
import type { JsonValue, Watermark } from '../core/index.js';
import type { LedgerEvent, NewLedgerEvent } from '../ledger/index.js';
import type { ExtractionBacklog, StoredStateItem } from './items.js';
import type { AppendOutcome } from './ledger.js';
import type { SearchDocument, SearchFilters, SearchKind } from './search-index.js';

/** The columns of `events`, in `EventRow` order (both adapters' tables share them). */
export const EVENT_COLUMNS =
  'seq, event_id, type, entity_id, event_ts, recorded_at, payload, payload_hash, dedupe_key, redacted';

/** The columns of an `events` row both drivers return alike; `seq` and `redacted` differ. */
export interface EventRowColumns {
  readonly event_id: string;
  readonly type: string;
  readonly entity_id: string | null;
  readonly event_ts: string;
  readonly recorded_at: string;
  readonly payload: string;
  readonly payload_hash: string;
  readonly dedupe_key: string | null;
}

/** A ledger event from its row, with `seq` and `redacted` already read in the driver's types. */
export function toLedgerEvent(row: EventRowColumns, seq: number, redacted: boolean): LedgerEvent {
  return {
    seq,
    eventId: row.event_id,
    type: row.type,
    entityId: row.entity_id,
    eventTs: row.event_ts,
    recordedAt: row.recorded_at,
    payload: JSON.parse(row.payload),
    payloadHash: row.payload_hash,
    dedupeKey: row.dedupe_key,
    redacted,
  };
}

/**
 * What appending `event` does when `existing` holds its id or dedupe key: a duplicate when the
 * payload hashes match, else a conflict with the existing event (read only then).
 */
export function appendOutcomeAgainst(
  existing: EventRowColumns,
  seq: number,
  event: NewLedgerEvent,
  toEvent: () => LedgerEvent,
): AppendOutcome {
  if (existing.payload_hash === event.payloadHash) {
    return { kind: 'duplicate', seq, eventId: existing.event_id };
  }
  return { kind: 'conflict', existing: toEvent() };
}

/** A row of a thread's extraction watermark. */
export interface WatermarkRow {
  readonly thread_id: string;
  readonly created_at: string;
  readonly message_id: string;
}

/** A thread's watermark from its two columns. */
export function toWatermark(row: {
  readonly created_at: string;
  readonly message_id: string;
}): Watermark {
  return { createdAt: row.created_at, messageId: row.message_id };
}

/** A row of the `meta` table: a key and its value as JSON text. */
export interface MetaRow {
  readonly key: string;
  readonly value: string;
}

/** The value of a meta row, parsed, or null when there is no row. */
export function metaValue(row: MetaRow | undefined): JsonValue | null {
  return row === undefined ? null : (JSON.parse(row.value) as JsonValue);
}

/** A meta row as the derived snapshot lists it. */
export function fromMetaRow(row: MetaRow): { readonly key: string; readonly value: JsonValue } {
  return { key: row.key, value: JSON.parse(row.value) as JsonValue };
}

/**
 * A thread's extraction backlog as both adapters' query returns it: the thread, the entity of its
 * newest message, how many messages lie after the watermark, and the watermark's columns (both
 * null when the thread has none). `pending` is already a number (PostgreSQL counts in bigint).
 */
export interface BacklogRow {
  readonly thread_id: string;
  readonly entity_id: string | null;
  readonly pending: number;
  readonly watermark_at: string | null;
  readonly watermark_id: string | null;
}

/** A backlog row as the contract's record: no watermark unless both its columns are set. */
export function toExtractionBacklog(row: BacklogRow): ExtractionBacklog {
  return {
    threadId: row.thread_id,
    entityId: row.entity_id ?? '',
    pending: row.pending,
    watermark:
      row.watermark_at === null || row.watermark_id === null
        ? null
        : { createdAt: row.watermark_at, messageId: row.watermark_id },
  };
}

/** A row holding one record as JSON text. */
export interface DocRow {
  readonly doc: string;
}

/** The records of `rows`, parsed, in row order. */
export function parseDocs<T>(rows: readonly DocRow[]): T[] {
  return rows.map((row) => JSON.parse(row.doc) as T);
}

/** The record of the first row, or null when there is none. */
export function parseFirstDoc<T>(rows: readonly DocRow[] | DocRow | undefined): T | null {
  const row = Array.isArray(rows) ? rows[0] : (rows as DocRow | undefined);
  return row === undefined ? null : (JSON.parse(row.doc) as T);
}

/**
 * A contract limit as a row count: null for all (absent or infinite), 0 for NaN, otherwise its
 * floor and never negative. Each dialect spells "all" its own way (`LIMIT NULL`, `LIMIT -1`).
 */
export function rowLimit(limit: number | undefined): number | null {
  if (limit === undefined || limit === Number.POSITIVE_INFINITY) return null;
  if (Number.isNaN(limit)) return 0;
  return Math.max(0, Math.floor(limit));
}

/** A vector's bytes, for a binary column (no copy). */
export function vectorToBytes(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}

/** A vector read from a binary column, copied so that it owns aligned memory. */
export function vectorFromBytes(bytes: Uint8Array): Float32Array {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return new Float32Array(copy.buffer);
}

/** The columns of a `search_documents` row that make a `SearchDocument` (both adapters). */
export interface SearchDocumentRow {
  readonly kind: string;
  readonly thread_id: string;
  readonly item_id: string;
  readonly message_id: string | null;
  readonly entity_id: string;
  readonly created_at: string;
  readonly text: string;
}

/** Maps a `search_documents` row to its record; an empty thread id is stored for none. */
export function fromSearchDocumentRow(row: SearchDocumentRow): SearchDocument {
  return {
    kind: row.kind as SearchKind,
    threadId: row.thread_id === '' ? null : row.thread_id,
    itemId: row.item_id,
    messageId: row.message_id,
    entityId: row.entity_id,
    createdAt: row.created_at,
    text: row.text,
  };
}

/**
 * The search-index entry of a state item that is not superseded: kind `state_item`, the uid as
 * item id, and its last ref as the message.
 */
export function stateItemDocument(item: StoredStateItem): SearchDocument {
  return {
    kind: 'state_item',
    threadId: item.threadId,
    itemId: item.uid,
    messageId: item.refs.at(-1) ?? null,
    entityId: item.entityId,
    createdAt: item.createdAt,
    text: item.text,
  };
}

/** The values of a new `events` row, in `EventInsertValues` column order (both adapters). */
export type EventInsertValues = [
  eventId: string,
  type: string,
  entityId: string | null,
  eventTs: string,
  recordedAt: string,
  payload: string,
  payloadHash: string,
  dedupeKey: string | null,
];

/**
 * The values of `INSERT INTO events (event_id, type, entity_id, event_ts, recorded_at, payload,
 * payload_hash, dedupe_key)` for `event`, the payload as JSON text.
 */
export function eventInsertValues(event: NewLedgerEvent): EventInsertValues {
  return [
    event.eventId,
    event.type,
    event.entityId,
    event.eventTs,
    event.recordedAt,
    JSON.stringify(event.payload),
    event.payloadHash,
    event.dedupeKey,
  ];
}

/**
 * One condition of `SearchFilters` on a table with `kind`, `entity_id`, `thread_id` and
 * `created_at` columns: a column in a list, or a bound on the creation time. `name` is the
 * filter's own name (adapters that name parameters use it).
 */
export type SearchCondition =
  | {
      readonly test: 'in';
      readonly name: 'kinds' | 'entityIds' | 'threadIds';
      readonly column: 'kind' | 'entity_id' | 'thread_id';
      readonly values: readonly string[];
    }
  | {
      readonly test: 'bound';
      readonly name: 'since' | 'until';
      readonly operator: '>=' | '<';
      readonly value: string;
    };

/** The conditions `filters` sets, in the order both adapters render them; empty for none. */
export function searchConditions(filters: SearchFilters): SearchCondition[] {
  const conditions: SearchCondition[] = [];
  const lists = [
    ['kinds', 'kind', filters.kinds],
    ['entityIds', 'entity_id', filters.entityIds],
    ['threadIds', 'thread_id', filters.threadIds],
  ] as const;
  for (const [name, column, values] of lists) {
    if (values !== undefined) conditions.push({ test: 'in', name, column, values });
  }
  if (filters.since !== undefined) {
    conditions.push({ test: 'bound', name: 'since', operator: '>=', value: filters.since });
  }
  if (filters.until !== undefined) {
    conditions.push({ test: 'bound', name: 'until', operator: '<', value: filters.until });
  }
  return conditions;
}
