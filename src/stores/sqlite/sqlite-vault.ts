import type Database from 'better-sqlite3';
import {
  clearDerivedStatements,
  type DocRow,
  type MemoryFilter,
  type PredictionErrorFilter,
  parseDocs,
  ROWS,
  type RowTable,
  RowVault,
  SQLITE_SQL,
  type SqlStatement,
} from '../index.js';
import type { MemoryRecord, PredictionError, VaultSnapshot } from '../store.js';

/** Runs one synchronous statement group under the owner's guard and error mapping. */
export type SqliteGuard = <T>(operation: string, work: () => T) => Promise<T>;

/**
 * The vault tables on one SQLite connection. Used by the store (reader connection, reads only)
 * and by each write transaction (writer connection); the guard decides when it may run.
 */
export class SqliteVault extends RowVault {
  protected override readonly sql = SQLITE_SQL;
  readonly #db: Database.Database;
  readonly #guard: SqliteGuard;

  constructor(db: Database.Database, guard: SqliteGuard) {
    super();
    this.#db = db;
    this.#guard = guard;
  }

  #selectNow<R>(sql: string, params: readonly unknown[]): R[] {
    return this.#db.prepare<unknown[], R>(sql).all(...params);
  }

  /** Runs `statements` in order, synchronously, preparing each distinct text once. */
  #execNow(statements: readonly SqlStatement[]): void {
    const prepared = new Map<string, Database.Statement>();
    for (const { sql, params } of statements) {
      let statement = prepared.get(sql);
      if (statement === undefined) {
        statement = this.#db.prepare(sql);
        prepared.set(sql, statement);
      }
      statement.run(...params);
    }
  }

  protected override select<R>(
    operation: string,
    sql: string,
    params: readonly unknown[] = [],
  ): Promise<R[]> {
    return this.#guard(operation, () => this.#selectNow<R>(sql, params));
  }

  protected override exec(operation: string, statements: readonly SqlStatement[]): Promise<void> {
    return this.#guard(operation, () => this.#execNow(statements));
  }

  /** Every row of `rows`, in key order, synchronously. */
  #allNow<T>(rows: RowTable<T>): T[] {
    return parseDocs<T>(this.#selectNow<DocRow>(SQLITE_SQL.docsInKeyOrder(rows), []));
  }

  protected override memoriesWhere(filter: MemoryFilter): Promise<readonly MemoryRecord[]> {
    return this.docs<MemoryRecord>(
      'listMemories',
      `SELECT doc FROM memories
       WHERE (@entity IS NULL OR entity_id = @entity)
         AND (@ids IS NULL OR memory_id IN (SELECT value FROM json_each(@ids)))
       ORDER BY created_at, memory_id`,
      [
        {
          entity: filter.entityId,
          ids: filter.memoryIds === null ? null : JSON.stringify(filter.memoryIds),
        },
      ],
    );
  }

  protected override predictionErrorsWhere(
    filter: PredictionErrorFilter,
    operation = 'listPredictionErrors',
  ): Promise<readonly PredictionError[]> {
    return this.docs<PredictionError>(
      operation,
      `SELECT doc FROM prediction_errors
       WHERE (@types IS NULL OR error_type IN (SELECT value FROM json_each(@types)))
         AND (@memory IS NULL OR memory_id = @memory)
         AND (@unresolved = 0 OR resolved_at IS NULL)
       ORDER BY detected_at, error_id
       LIMIT @limit`,
      [
        {
          types: filter.types === null ? null : JSON.stringify(filter.types),
          memory: filter.memoryId,
          unresolved: filter.unresolvedOnly ? 1 : 0,
          limit: filter.limit ?? -1,
        },
      ],
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

  /** `clearDerived`, synchronously (for the store's `dangerouslyClearDerived`). */
  clearDerivedNow(): void {
    this.#execNow(clearDerivedStatements(SQLITE_SQL));
  }
}
