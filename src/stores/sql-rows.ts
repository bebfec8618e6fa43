/**
 * The row writes both SQL adapters make, written once: each table's columns, key and conflict
 * rule, and a record's values in column order. An adapter renders them in its dialect with
 * `RowSql` (`?` or `$n` placeholders; tables qualified by a schema on PostgreSQL), so the two
 * differ only where SQL dialect does; `RowWrites` makes the writes over those tables once.
 * May import: core, the contract files and `rows.ts`.
 */
import {
  canonicalJson,
  type JsonValue,
  type ReviewPrompt,
  type SlotState,
  type Task,
} from '../core/index.js';
import type { DlqItem } from './dead-letters.js';
import type { FactKeyRef } from './fact-keys.js';
import type { StoredStateItem } from './items.js';
import { type DocRow, parseDocs, stateItemDocument, vectorToBytes } from './rows.js';
import type { SearchDocument, SearchKind } from './search-index.js';
import { taskRowValues } from './tasks.js';
import type {
  MemoryRecord,
  MemoryRevision,
  NoteRecord,
  PredictionError,
  VaultRoot,
} from './vault.js';

/** Where the two SQL dialects differ for the statements rendered here. */
export interface SqlDialect {
  /** The table as statements name it. */
  table(name: string): string;
  /** The placeholder of the parameter at `position` (from 1). */
  param(position: number): string;
  /** The condition that `column` is one of a list given as the parameter at `position`. */
  inList(column: string, position: number): string;
  /** A list of strings as the parameter `inList` reads. */
  list(values: readonly string[]): unknown;
}

/** One statement and its parameters. */
export interface SqlStatement {
  readonly sql: string;
  readonly params: readonly unknown[];
}

/**
 * How an adapter runs the statements written once over `ROWS` (the vault, the tasks): in its
 * dialect, under its guard (an open store, or a live transaction) and error mapping.
 */
export interface RowRunner {
  /** The dialect the shared statements are rendered in. */
  readonly sql: RowSql;
  /** The rows `sql` selects; `operation` names the call in errors. */
  select<R>(operation: string, sql: string, params?: readonly unknown[]): Promise<R[]>;
  /** Runs `statements` in order, as one step. */
  exec(operation: string, statements: readonly SqlStatement[]): Promise<void>;
}

/** One table's row as a record writes it. */
export interface RowTable<R> {
  readonly table: string;
  readonly columns: readonly string[];
  /** The unique key a conflict is detected on (a prefix of `columns`). */
  readonly key: readonly string[];
  /** On a key conflict: overwrite the other columns, or keep the stored row. */
  readonly onConflict: 'update' | 'keep';
  /** The record's values, in `columns` order. */
  values(record: R): unknown[];
}

/** What the row classes written once (`RowVault`, `RowTasks`) stand on: an adapter's runner. */
export abstract class OverRows {
  /** How the statements run, in the adapter's dialect and under its guard. */
  protected readonly run: RowRunner;
  /** The dialect the shared statements are rendered in (`run.sql`). */
  protected readonly sql: RowSql;

  constructor(run: RowRunner) {
    this.run = run;
    this.sql = run.sql;
  }

  /** The documents of the rows `sql` selects (a `doc` column), parsed. */
  protected async docs<T>(
    operation: string,
    sql: string,
    params: readonly unknown[] = [],
  ): Promise<T[]> {
    return parseDocs<T>(await this.run.select<DocRow>(operation, sql, params));
  }
}

/** The shared statements over `RowTable`s, rendered in one dialect. */
export class RowSql {
  readonly #dialect: SqlDialect;

  constructor(dialect: SqlDialect) {
    this.#dialect = dialect;
  }

  /** The table as statements name it. */
  table(name: string): string {
    return this.#dialect.table(name);
  }

  /** The placeholder of the parameter at `position` (from 1). */
  param(position: number): string {
    return this.#dialect.param(position);
  }

  /** The condition that `column` is one of the list at `position` (pass it through `list`). */
  inList(column: string, position: number): string {
    return this.#dialect.inList(column, position);
  }

  /** A list of strings as the parameter `inList` reads. */
  list(values: readonly string[]): unknown {
    return this.#dialect.list(values);
  }

  /** Insert-or-update (or insert-or-keep) of one row. */
  upsert<R>(rows: RowTable<R>): string {
    const params = rows.columns.map((_, index) => this.#dialect.param(index + 1));
    const insert = `INSERT INTO ${this.#dialect.table(rows.table)} (${rows.columns.join(', ')})
       VALUES (${params.join(', ')})
       ON CONFLICT (${rows.key.join(', ')})`;
    if (rows.onConflict === 'keep') return `${insert} DO NOTHING`;
    const updates = rows.columns
      .filter((column) => !rows.key.includes(column))
      .map((column) => `${column} = excluded.${column}`);
    return `${insert} DO UPDATE SET ${updates.join(', ')}`;
  }

  /** The `doc` of the row with a given key (one parameter per key column, in key order). */
  docByKey<R>(rows: RowTable<R>): string {
    const match = rows.key.map((column, index) => `${column} = ${this.#dialect.param(index + 1)}`);
    return `SELECT doc FROM ${this.#dialect.table(rows.table)} WHERE ${match.join(' AND ')}`;
  }

  /** Every `doc` of the table, in key order. */
  docsInKeyOrder<R>(rows: RowTable<R>): string {
    return `SELECT doc FROM ${this.#dialect.table(rows.table)} ORDER BY ${rows.key.join(', ')}`;
  }

  /** Deletes the rows of `table` whose `column` equals the one parameter. */
  deleteWhere(table: string, column: string): string {
    return `DELETE FROM ${this.#dialect.table(table)} WHERE ${column} = ${this.#dialect.param(1)}`;
  }

  /** Deletes every row of `table`. */
  deleteAll(table: string): string {
    return `DELETE FROM ${this.#dialect.table(table)}`;
  }

  /** The upsert of `record` into `rows`, with its parameters. */
  upsertOf<R>(rows: RowTable<R>, record: R): SqlStatement {
    return { sql: this.upsert(rows), params: rows.values(record) };
  }
}

/** SQLite: bare table names, `?` placeholders, lists as a JSON array read by `json_each`. */
export const SQLITE_SQL = new RowSql({
  table: (name) => name,
  param: () => '?',
  inList: (column) => `${column} IN (SELECT value FROM json_each(?))`,
  list: (values) => JSON.stringify(values),
});

/** PostgreSQL: tables in `schema` (already quoted), `$n` placeholders, lists as `text[]`. */
export function postgresSql(schema: string): RowSql {
  return new RowSql({
    table: (name) => `${schema}.${name}`,
    param: (position) => `$${position}`,
    inList: (column, position) => `${column} = ANY($${position}::text[])`,
    list: (values) => [...values],
  });
}

/** `slots`: one row per (entity, field). */
const SLOT_ROWS: RowTable<SlotState> = {
  table: 'slots',
  columns: ['entity_id', 'field', 'domain', 'version', 'doc'],
  key: ['entity_id', 'field'],
  onConflict: 'update',
  values: (slot) => [slot.entityId, slot.field, slot.domain, slot.version, JSON.stringify(slot)],
};

/** `prompts`: review prompts by id. */
const PROMPT_ROWS: RowTable<ReviewPrompt> = {
  table: 'prompts',
  columns: ['prompt_id', 'status', 'entity_id', 'created_at', 'sequence', 'doc'],
  key: ['prompt_id'],
  onConflict: 'update',
  values: (prompt) => [
    prompt.promptId,
    prompt.status,
    prompt.entityId,
    prompt.createdAt,
    prompt.sequence,
    JSON.stringify(prompt),
  ],
};

/** `meta`: JSON values by key. */
const META_ROWS: RowTable<{ readonly key: string; readonly value: JsonValue }> = {
  table: 'meta',
  columns: ['key', 'value'],
  key: ['key'],
  onConflict: 'update',
  values: (row) => [row.key, JSON.stringify(row.value)],
};

/** `dlq`: dead letters by id. */
const DLQ_ROWS: RowTable<DlqItem> = {
  table: 'dlq',
  columns: ['dlq_id', 'status', 'first_seen_at', 'doc'],
  key: ['dlq_id'],
  onConflict: 'update',
  values: (item) => [item.dlqId, item.status, item.firstSeenAt, JSON.stringify(item)],
};

/** `vault_roots`: a root, once. */
const VAULT_ROOT_ROWS: RowTable<VaultRoot> = {
  table: 'vault_roots',
  columns: ['root', 'doc'],
  key: ['root'],
  onConflict: 'keep',
  values: (root) => [root.root, canonicalJson(root)],
};

/** `notes`: a note by path (its chunks are written apart). */
const NOTE_ROWS: RowTable<NoteRecord> = {
  table: 'notes',
  columns: ['path', 'doc'],
  key: ['path'],
  onConflict: 'update',
  values: (note) => [note.path, canonicalJson(note)],
};

/** `memories`: a memory by id. */
const MEMORY_ROWS: RowTable<MemoryRecord> = {
  table: 'memories',
  columns: ['memory_id', 'entity_id', 'created_at', 'doc'],
  key: ['memory_id'],
  onConflict: 'update',
  values: (memory) => [memory.memoryId, memory.entityId, memory.createdAt, canonicalJson(memory)],
};

/** `memory_revisions`: a revision, once. */
const REVISION_ROWS: RowTable<MemoryRevision> = {
  table: 'memory_revisions',
  columns: ['memory_id', 'revision', 'doc'],
  key: ['memory_id', 'revision'],
  onConflict: 'keep',
  values: (revision) => [revision.memoryId, revision.revision, canonicalJson(revision)],
};

/** `prediction_errors`: a prediction error by id. */
const PREDICTION_ERROR_ROWS: RowTable<PredictionError> = {
  table: 'prediction_errors',
  columns: ['error_id', 'error_type', 'memory_id', 'detected_at', 'resolved_at', 'doc'],
  key: ['error_id'],
  onConflict: 'update',
  values: (error) => [
    error.errorId,
    error.errorType,
    error.memoryId,
    error.detectedAt,
    error.resolvedAt,
    canonicalJson(error),
  ],
};

/** A vault vector under its model and key, as `putVectors` writes it. */
export interface VaultVectorRow {
  readonly model: string;
  readonly key: string;
  readonly vector: Float32Array;
}

/** `vault_vectors`: a vector per (model, key), once. */
const VAULT_VECTOR_ROWS: RowTable<VaultVectorRow> = {
  table: 'vault_vectors',
  columns: ['model', 'vector_key', 'vector'],
  key: ['model', 'vector_key'],
  onConflict: 'keep',
  values: (row) => [row.model, row.key, vectorToBytes(row.vector)],
};

/** `tasks`: a task view by id, with the columns the listings filter on. */
const TASK_ROWS: RowTable<Task> = {
  table: 'tasks',
  columns: ['task_id', 'entity_id', 'state', 'priority', 'next_check', 'due', 'doc'],
  key: ['task_id'],
  onConflict: 'update',
  values: (task) => [...taskRowValues(task)],
};

/**
 * Every row table both adapters write alike, by name. What stays in an adapter is dialect:
 * batched writes (`unnest` on PostgreSQL), tables only one of them has, and search.
 */
export const ROWS = {
  slots: SLOT_ROWS,
  prompts: PROMPT_ROWS,
  meta: META_ROWS,
  dlq: DLQ_ROWS,
  vaultRoots: VAULT_ROOT_ROWS,
  notes: NOTE_ROWS,
  memories: MEMORY_ROWS,
  revisions: REVISION_ROWS,
  predictionErrors: PREDICTION_ERROR_ROWS,
  vaultVectors: VAULT_VECTOR_ROWS,
  tasks: TASK_ROWS,
} as const;

/** An adapter's search-index writes, answering `Done` (see `RowWrites`). */
export interface IndexWrites<Done extends void | Promise<void>> {
  /** See `WriteTx.indexDocument`. */
  indexDocument(document: SearchDocument): Done;
  /** See `WriteTx.removeDocuments`. */
  removeDocuments(kind: SearchKind, threadId: string | null): Done;
  /** See `WriteTx.putFactKeys`. */
  putFactKeys(ref: FactKeyRef, keys: string): Done;
  /** Removes one indexed item (with its full-text entry and vector link), if it is there. */
  removeDocument(kind: SearchKind, threadId: string, itemId: string): Done;
}

/**
 * The writes both adapters make alike, written once over what each supplies: `upsert` (a `ROWS`
 * table rendered in its dialect) and its search-index writes. `Done` is `void` for an adapter that
 * writes synchronously (SQLite), `Promise<void>` for one that awaits its driver (PostgreSQL).
 */
export abstract class RowWrites<Done extends void | Promise<void>> {
  /** The search index's writes, in the same transaction. */
  abstract readonly search: IndexWrites<Done>;

  /** Inserts `record` into the table `rows` describes, or updates (or keeps) the row it meets. */
  abstract upsert<R>(rows: RowTable<R>, record: R): Done;

  /** See `WriteTx.putSlot`. */
  putSlot(slot: SlotState): Done {
    return this.upsert(ROWS.slots, slot);
  }

  /** See `WriteTx.putPrompt`. */
  putPrompt(prompt: ReviewPrompt): Done {
    return this.upsert(ROWS.prompts, prompt);
  }

  /** See `WriteTx.putMeta`. */
  putMeta(key: string, value: JsonValue): Done {
    return this.upsert(ROWS.meta, { key, value });
  }

  /** See `WriteTx.putDlq`. */
  putDlq(item: DlqItem): Done {
    return this.upsert(ROWS.dlq, item);
  }

  /** See `WriteTx.indexDocument`. */
  indexDocument(document: SearchDocument): Done {
    return this.search.indexDocument(document);
  }

  /** See `WriteTx.removeDocuments`. */
  removeDocuments(kind: SearchKind, threadId: string | null): Done {
    return this.search.removeDocuments(kind, threadId);
  }

  /** See `WriteTx.putFactKeys`. */
  putFactKeys(ref: FactKeyRef, keys: string): Done {
    return this.search.putFactKeys(ref, keys);
  }

  /**
   * Keeps a stored state item's search entry in step with it: a superseded item leaves the index;
   * any other is indexed as `stateItemDocument` says (replacing its entry when that changed).
   */
  protected indexStateItem(item: StoredStateItem): Done {
    return item.status === 'superseded'
      ? this.search.removeDocument('state_item', item.threadId, item.uid)
      : this.search.indexDocument(stateItemDocument(item));
  }
}
