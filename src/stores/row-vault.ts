/**
 * The vault over SQL tables, written once for both adapters: which `ROWS` table each record lives
 * in, how a query's options become statement parameters, and the filtering left to code. An
 * adapter supplies how a statement runs under its guard (`allRows`, `rowByKey`, `upsertRow`) and
 * the statements that are its own dialect. May import: core and the contract files.
 */
import { ROWS, type RowTable } from './sql-rows.js';
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

/** Rows to delete: those whose `column` is `value`, from each of `tables` in order. */
export interface RowDeletion {
  readonly tables: readonly string[];
  readonly column: 'memory_id' | 'path';
  readonly value: string;
}

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

/**
 * `VaultWriter` over an adapter's statements. The adapter's own members are the dialect: lists by
 * a filter, chunks and vectors, deleting rows by one column, and the snapshot where an adapter
 * can read it in one step (SQLite, synchronously).
 */
export abstract class RowVault implements VaultWriter {
  /** Every row of `rows`, in key order. */
  protected abstract allRows<T>(operation: string, rows: RowTable<T>): Promise<T[]>;

  /** The row of `rows` with `key`, or null. */
  protected abstract rowByKey<T>(
    operation: string,
    rows: RowTable<T>,
    key: string,
  ): Promise<T | null>;

  /** Inserts `record` into `rows`, or updates (or keeps) the row it meets. */
  protected abstract upsertRow<R>(operation: string, rows: RowTable<R>, record: R): Promise<void>;

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

  /** Deletes `rows` (`RowSql.deleteWhere` per table, in order) in one step. */
  protected abstract deleteRows(operation: string, rows: RowDeletion): Promise<void>;

  abstract listChunks(paths: readonly string[]): Promise<readonly NoteChunk[]>;
  abstract getVectors(
    model: string,
    keys: readonly string[],
  ): Promise<ReadonlyMap<string, Float32Array>>;
  abstract listRevisions(memoryId: string): Promise<readonly MemoryRevision[]>;
  abstract putNote(note: NoteRecord, chunks: readonly NoteChunk[]): Promise<void>;
  abstract putVectors(model: string, vectors: ReadonlyMap<string, Float32Array>): Promise<void>;
  abstract clearDerived(): Promise<void>;

  /** The derived vault rows, one table after the other (an adapter may read them in one step). */
  async exportSnapshot(): Promise<VaultSnapshot> {
    return {
      memories: await this.allRows('exportSnapshot', ROWS.memories),
      revisions: await this.allRows('exportSnapshot', ROWS.revisions),
      predictionErrors: await this.allRows('exportSnapshot', ROWS.predictionErrors),
    };
  }

  /** A note and its chunks, chunks first. */
  deleteNote(path: string): Promise<void> {
    return this.deleteRows('deleteNote', { tables: NOTE_TABLES, column: 'path', value: path });
  }

  /** A memory with its revisions and prediction errors, dependants first. */
  deleteMemory(memoryId: string): Promise<void> {
    const rows = { tables: VAULT_DERIVED_TABLES, column: 'memory_id', value: memoryId } as const;
    return this.deleteRows('deleteMemory', rows);
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
      await this.upsertRow(operation, ROWS.predictionErrors, { ...error, resolvedAt });
    }
    return open.length;
  }

  listRoots(): Promise<readonly VaultRoot[]> {
    return this.allRows('listRoots', ROWS.vaultRoots);
  }

  getNote(path: string): Promise<NoteRecord | null> {
    return this.rowByKey('getNote', ROWS.notes, path);
  }

  listNotes(): Promise<readonly NoteRecord[]> {
    return this.allRows('listNotes', ROWS.notes);
  }

  getMemory(memoryId: string): Promise<MemoryRecord | null> {
    return this.rowByKey('getMemory', ROWS.memories, memoryId);
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
    return this.rowByKey('getPredictionError', ROWS.predictionErrors, errorId);
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
    return this.upsertRow('putRoot', ROWS.vaultRoots, root);
  }

  putMemory(memory: MemoryRecord): Promise<void> {
    return this.upsertRow('putMemory', ROWS.memories, memory);
  }

  appendRevision(revision: MemoryRevision): Promise<void> {
    return this.upsertRow('appendRevision', ROWS.revisions, revision);
  }

  putPredictionError(error: PredictionError): Promise<void> {
    return this.upsertRow('putPredictionError', ROWS.predictionErrors, error);
  }
}
