/**
 * The vault over SQL tables, written once for both adapters: which `ROWS` table each record lives
 * in, the statements both dialects share (rendered by the adapter's `RowSql`), how a query's
 * options become statement parameters, and the filtering left to code. An adapter supplies how a
 * statement runs under its guard (a `RowRunner`) and the statements that are its own dialect.
 * May import: core and the contract files.
 */
import { canonicalJson } from '../core/index.js';
import { vectorFromBytes } from './rows.js';
import { OverRows, ROWS, type RowSql, type RowTable, type SqlStatement } from './sql-rows.js';
import type {
  MemoryQuery,
  MemoryRecord,
  MemoryRevision,
  NoteChunk,
  NoteRecord,
  PredictionError,
  PredictionErrorQuery,
  VaultRoot,
  VaultSnapshot,
  VaultWriter,
} from './vault.js';

/**
 * The tables the ledger derives, in the order a clear deletes them (dependants first). They are
 * also the tables that hold a memory's rows (each has `memory_id`), so forgetting one memory
 * deletes from them in the same order.
 */
export const VAULT_DERIVED_TABLES = ['prediction_errors', 'memory_revisions', 'memories'] as const;

/** The tables that hold a note's rows (each keyed by `path`), dependants first. */
const NOTE_TABLES = ['note_chunks', 'notes'] as const;

/** `MemoryQuery` as statement parameters: null where the query sets no condition. */
export interface MemoryFilter {
  readonly entityId: string | null;
  readonly memoryIds: readonly string[] | null;
}

/** `PredictionErrorQuery` as statement parameters: null where the query sets no condition. */
export interface PredictionErrorFilter {
  readonly types: readonly string[] | null;
  readonly memoryId: string | null;
  readonly unresolvedOnly: boolean;
  /** A whole number of rows, or null for all. */
  readonly limit: number | null;
}

/** The statements that clear the ledger-derived vault rows, in `VAULT_DERIVED_TABLES` order. */
export function clearDerivedStatements(sql: RowSql): SqlStatement[] {
  return VAULT_DERIVED_TABLES.map((table) => ({ sql: sql.deleteAll(table), params: [] }));
}

/**
 * `VaultWriter` over an adapter's `RowRunner`. The adapter's own members are the lists by a filter
 * whose conditions differ by dialect, and the snapshot where an adapter can read it in one step
 * (SQLite, synchronously).
 */
export abstract class RowVault extends OverRows implements VaultWriter {
  /** Memories matching `filter`, ordered by `createdAt`, then `memoryId`. */
  protected abstract memoriesWhere(filter: MemoryFilter): Promise<readonly MemoryRecord[]>;

  /**
   * Prediction errors matching `filter`, ordered by `detectedAt`, then `errorId`. `operation`
   * names the call in errors (default `listPredictionErrors`).
   */
  protected abstract predictionErrorsWhere(
    filter: PredictionErrorFilter,
    operation?: string,
  ): Promise<readonly PredictionError[]>;

  /** Every row of `rows`, in key order. */
  #allRows<T>(operation: string, rows: RowTable<T>): Promise<T[]> {
    return this.docs<T>(operation, this.sql.docsInKeyOrder(rows));
  }

  /** The row of `rows` with `key`, or null. */
  async #rowByKey<T>(operation: string, rows: RowTable<T>, key: string): Promise<T | null> {
    const [doc] = await this.docs<T>(operation, this.sql.docByKey(rows), [key]);
    return doc ?? null;
  }

  /** Inserts `record` into `rows`, or updates (or keeps) the row it meets. */
  #upsertRow<R>(operation: string, rows: RowTable<R>, record: R): Promise<void> {
    return this.run.exec(operation, [this.sql.upsertOf(rows, record)]);
  }

  /** Deletes the rows whose `column` is `value` from each of `tables`, in order, in one step. */
  #deleteRows(
    operation: string,
    tables: readonly string[],
    column: 'memory_id' | 'path',
    value: string,
  ): Promise<void> {
    const deletes = tables.map((table) => ({
      sql: this.sql.deleteWhere(table, column),
      params: [value],
    }));
    return this.run.exec(operation, deletes);
  }

  listChunks(paths: readonly string[]): Promise<readonly NoteChunk[]> {
    return this.docs(
      'listChunks',
      `SELECT doc FROM ${this.sql.table('note_chunks')} WHERE ${this.sql.inList('path', 1)}
       ORDER BY path, ordinal`,
      [this.sql.list(paths)],
    );
  }

  async getVectors(
    model: string,
    keys: readonly string[],
  ): Promise<ReadonlyMap<string, Float32Array>> {
    const rows = await this.run.select<{ vector_key: string; vector: Uint8Array }>(
      'getVectors',
      `SELECT vector_key, vector FROM ${this.sql.table('vault_vectors')}
       WHERE model = ${this.sql.param(1)} AND ${this.sql.inList('vector_key', 2)}`,
      [model, this.sql.list(keys)],
    );
    return new Map(rows.map((row) => [row.vector_key, vectorFromBytes(row.vector)]));
  }

  listRevisions(memoryId: string): Promise<readonly MemoryRevision[]> {
    return this.docs(
      'listRevisions',
      `SELECT doc FROM ${this.sql.table('memory_revisions')}
       WHERE memory_id = ${this.sql.param(1)} ORDER BY revision`,
      [memoryId],
    );
  }

  /** Writes a note and replaces its chunks, in one step. */
  putNote(note: NoteRecord, chunks: readonly NoteChunk[]): Promise<void> {
    return this.run.exec('putNote', [
      this.sql.upsertOf(ROWS.notes, note),
      {
        sql: `DELETE FROM ${this.sql.table('note_chunks')} WHERE path = ${this.sql.param(1)}`,
        params: [note.path],
      },
      ...this.chunkInserts(note.path, chunks),
    ]);
  }

  /** The inserts of a note's chunks: one per chunk, unless the adapter batches them. */
  protected chunkInserts(path: string, chunks: readonly NoteChunk[]): SqlStatement[] {
    const table = this.sql.table('note_chunks');
    const [first, second, third] = [1, 2, 3].map((n) => this.sql.param(n));
    const sql = `INSERT INTO ${table} (path, ordinal, doc) VALUES (${first}, ${second}, ${third})`;
    return chunks.map((chunk) => ({ sql, params: [path, chunk.ordinal, canonicalJson(chunk)] }));
  }

  putVectors(model: string, vectors: ReadonlyMap<string, Float32Array>): Promise<void> {
    return this.run.exec(
      'putVectors',
      [...vectors].map(([key, vector]) =>
        this.sql.upsertOf(ROWS.vaultVectors, { model, key, vector }),
      ),
    );
  }

  clearDerived(): Promise<void> {
    return this.run.exec('clearDerived', clearDerivedStatements(this.sql));
  }

  /** The derived vault rows, one table after the other (an adapter may read them in one step). */
  async exportSnapshot(): Promise<VaultSnapshot> {
    return {
      memories: await this.#allRows('exportSnapshot', ROWS.memories),
      revisions: await this.#allRows('exportSnapshot', ROWS.revisions),
      predictionErrors: await this.#allRows('exportSnapshot', ROWS.predictionErrors),
    };
  }

  /** A note and its chunks, chunks first. */
  deleteNote(path: string): Promise<void> {
    return this.#deleteRows('deleteNote', NOTE_TABLES, 'path', path);
  }

  /** A memory with its revisions and prediction errors, dependants first. */
  deleteMemory(memoryId: string): Promise<void> {
    return this.#deleteRows('deleteMemory', VAULT_DERIVED_TABLES, 'memory_id', memoryId);
  }

  /**
   * Sets `resolvedAt` on the memory's unresolved prediction errors (column and record) and
   * answers how many there were. Runs inside the caller's write transaction.
   */
  async resolvePredictionErrors(memoryId: string, resolvedAt: string): Promise<number> {
    const operation = 'resolvePredictionErrors';
    const open = await this.predictionErrorsWhere(
      { types: null, memoryId, unresolvedOnly: true, limit: null },
      operation,
    );
    for (const error of open) {
      await this.#upsertRow(operation, ROWS.predictionErrors, { ...error, resolvedAt });
    }
    return open.length;
  }

  listRoots(): Promise<readonly VaultRoot[]> {
    return this.#allRows('listRoots', ROWS.vaultRoots);
  }

  getNote(path: string): Promise<NoteRecord | null> {
    return this.#rowByKey('getNote', ROWS.notes, path);
  }

  listNotes(): Promise<readonly NoteRecord[]> {
    return this.#allRows('listNotes', ROWS.notes);
  }

  getMemory(memoryId: string): Promise<MemoryRecord | null> {
    return this.#rowByKey('getMemory', ROWS.memories, memoryId);
  }

  /** The statement filters by entity and ids; the tag and the limit apply here. */
  async listMemories(query: MemoryQuery = {}): Promise<readonly MemoryRecord[]> {
    const all = await this.memoriesWhere({
      entityId: query.entityId ?? null,
      memoryIds: query.memoryIds ?? null,
    });
    const tag = query.tag;
    const kept = tag === undefined ? all : all.filter((m) => m.tags.includes(tag));
    return query.limit === undefined ? kept : kept.slice(0, Math.max(0, query.limit));
  }

  getPredictionError(errorId: string): Promise<PredictionError | null> {
    return this.#rowByKey('getPredictionError', ROWS.predictionErrors, errorId);
  }

  listPredictionErrors(query: PredictionErrorQuery = {}): Promise<readonly PredictionError[]> {
    return this.predictionErrorsWhere({
      types: query.types ?? null,
      memoryId: query.memoryId ?? null,
      unresolvedOnly: query.unresolved === true,
      limit: query.limit === undefined ? null : Math.max(0, Math.floor(query.limit)),
    });
  }

  putRoot(root: VaultRoot): Promise<void> {
    return this.#upsertRow('putRoot', ROWS.vaultRoots, root);
  }

  putMemory(memory: MemoryRecord): Promise<void> {
    return this.#upsertRow('putMemory', ROWS.memories, memory);
  }

  appendRevision(revision: MemoryRevision): Promise<void> {
    return this.#upsertRow('appendRevision', ROWS.revisions, revision);
  }

  putPredictionError(error: PredictionError): Promise<void> {
    return this.#upsertRow('putPredictionError', ROWS.predictionErrors, error);
  }
}
