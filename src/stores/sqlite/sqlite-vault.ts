import type Database from 'better-sqlite3';
import { canonicalJson } from '../../core/index.js';
import {
  type DocRow,
  type MemoryFilter,
  type PredictionErrorFilter,
  parseDocs,
  ROWS,
  type RowDeletion,
  type RowTable,
  RowVault,
  SQLITE_SQL,
  VAULT_DERIVED_TABLES,
  vectorFromBytes,
} from '../index.js';
import type {
  MemoryRecord,
  MemoryRevision,
  NoteChunk,
  NoteRecord,
  PredictionError,
  VaultSnapshot,
} from '../store.js';

/** Runs one synchronous statement group under the owner's guard and error mapping. */
export type SqliteGuard = <T>(operation: string, work: () => T) => Promise<T>;

/**
 * The vault tables on one SQLite connection. Used by the store (reader connection, reads only)
 * and by each write transaction (writer connection); the guard decides when it may run.
 */
export class SqliteVault extends RowVault {
  readonly #db: Database.Database;
  readonly #guard: SqliteGuard;

  constructor(db: Database.Database, guard: SqliteGuard) {
    super();
    this.#db = db;
    this.#guard = guard;
  }

  #docs(sql: string, ...params: unknown[]): DocRow[] {
    return this.#db.prepare<unknown[], DocRow>(sql).all(...params);
  }

  /** Every row of `rows`, in key order, synchronously. */
  #allNow<T>(rows: RowTable<T>): T[] {
    return parseDocs<T>(this.#docs(SQLITE_SQL.docsInKeyOrder(rows)));
  }

  protected override allRows<T>(operation: string, rows: RowTable<T>): Promise<T[]> {
    return this.#guard(operation, () => this.#allNow(rows));
  }

  protected override rowByKey<T>(
    operation: string,
    rows: RowTable<T>,
    key: string,
  ): Promise<T | null> {
    return this.#guard(
      operation,
      () => parseDocs<T>(this.#docs(SQLITE_SQL.docByKey(rows), key))[0] ?? null,
    );
  }

  listChunks(paths: readonly string[]): Promise<readonly NoteChunk[]> {
    return this.#guard('listChunks', () =>
      parseDocs<NoteChunk>(
        this.#docs(
          `SELECT doc FROM note_chunks WHERE path IN (SELECT value FROM json_each(?))
           ORDER BY path, ordinal`,
          JSON.stringify(paths),
        ),
      ),
    );
  }

  getVectors(model: string, keys: readonly string[]): Promise<ReadonlyMap<string, Float32Array>> {
    return this.#guard('getVectors', () => {
      const rows = this.#db
        .prepare<[string, string], { vector_key: string; vector: Buffer }>(
          `SELECT vector_key, vector FROM vault_vectors
           WHERE model = ? AND vector_key IN (SELECT value FROM json_each(?))`,
        )
        .all(model, JSON.stringify(keys));
      return new Map(rows.map((row) => [row.vector_key, vectorFromBytes(row.vector)]));
    });
  }

  protected override memoriesWhere(filter: MemoryFilter): Promise<readonly MemoryRecord[]> {
    return this.#guard('listMemories', () =>
      parseDocs<MemoryRecord>(
        this.#docs(
          `SELECT doc FROM memories
           WHERE (@entity IS NULL OR entity_id = @entity)
             AND (@ids IS NULL OR memory_id IN (SELECT value FROM json_each(@ids)))
           ORDER BY created_at, memory_id`,
          {
            entity: filter.entityId,
            ids: filter.memoryIds === null ? null : JSON.stringify(filter.memoryIds),
          },
        ),
      ),
    );
  }

  listRevisions(memoryId: string): Promise<readonly MemoryRevision[]> {
    return this.#guard('listRevisions', () =>
      parseDocs<MemoryRevision>(
        this.#docs(
          'SELECT doc FROM memory_revisions WHERE memory_id = ? ORDER BY revision',
          memoryId,
        ),
      ),
    );
  }

  protected override predictionErrorsWhere(
    filter: PredictionErrorFilter,
    operation = 'listPredictionErrors',
  ): Promise<readonly PredictionError[]> {
    return this.#guard(operation, () =>
      parseDocs<PredictionError>(
        this.#docs(
          `SELECT doc FROM prediction_errors
           WHERE (@types IS NULL OR error_type IN (SELECT value FROM json_each(@types)))
             AND (@memory IS NULL OR memory_id = @memory)
             AND (@unresolved = 0 OR resolved_at IS NULL)
           ORDER BY detected_at, error_id
           LIMIT @limit`,
          {
            types: filter.types === null ? null : JSON.stringify(filter.types),
            memory: filter.memoryId,
            unresolved: filter.unresolvedOnly ? 1 : 0,
            limit: filter.limit ?? -1,
          },
        ),
      ),
    );
  }

  override exportSnapshot(): Promise<VaultSnapshot> {
    return this.#guard('exportSnapshot', () => this.snapshotNow());
  }

  /** The snapshot, synchronously (for the store's `exportDerived`). */
  snapshotNow(): VaultSnapshot {
    return {
      memories: this.#allNow(ROWS.memories),
      revisions: this.#allNow(ROWS.revisions),
      predictionErrors: this.#allNow(ROWS.predictionErrors),
    };
  }

  #upsertNow<R>(rows: RowTable<R>, record: R): void {
    this.#db.prepare(SQLITE_SQL.upsert(rows)).run(...rows.values(record));
  }

  protected override upsertRow<R>(operation: string, rows: RowTable<R>, record: R): Promise<void> {
    return this.#guard(operation, () => this.#upsertNow(rows, record));
  }

  putNote(note: NoteRecord, chunks: readonly NoteChunk[]): Promise<void> {
    return this.#guard('putNote', () => {
      this.#upsertNow(ROWS.notes, note);
      this.#db.prepare('DELETE FROM note_chunks WHERE path = ?').run(note.path);
      const insert = this.#db.prepare(
        'INSERT INTO note_chunks (path, ordinal, doc) VALUES (?, ?, ?)',
      );
      for (const chunk of chunks) insert.run(note.path, chunk.ordinal, canonicalJson(chunk));
    });
  }

  putVectors(model: string, vectors: ReadonlyMap<string, Float32Array>): Promise<void> {
    return this.#guard('putVectors', () => {
      const insert = this.#db.prepare(SQLITE_SQL.upsert(ROWS.vaultVectors));
      for (const [key, vector] of vectors) {
        insert.run(...ROWS.vaultVectors.values({ model, key, vector }));
      }
    });
  }

  protected override deleteRows(operation: string, rows: RowDeletion): Promise<void> {
    return this.#guard(operation, () => {
      for (const table of rows.tables) {
        this.#db.prepare(SQLITE_SQL.deleteWhere(table, rows.column)).run(rows.value);
      }
    });
  }

  clearDerived(): Promise<void> {
    return this.#guard('clearDerived', () => this.clearDerivedNow());
  }

  /** `clearDerived`, synchronously (for the store's `dangerouslyClearDerived`). */
  clearDerivedNow(): void {
    for (const table of VAULT_DERIVED_TABLES) {
      this.#db.prepare(`DELETE FROM ${table}`).run();
    }
  }
}
