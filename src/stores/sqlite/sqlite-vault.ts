import type Database from 'better-sqlite3';
import {
  clearDerivedStatements,
  type DocRow,
  type MemoryFilter,
  type PredictionErrorFilter,
  parseDocs,
  ROWS,
  type RowRunner,
  type RowTable,
  RowVault,
  SQLITE_SQL,
  type SqlStatement,
} from '../index.js';
import type { MemoryRecord, PredictionError, VaultSnapshot } from '../store.js';

/** Runs one synchronous statement group under the owner's guard and error mapping. */
export type SqliteGuard = <T>(operation: string, work: () => T) => Promise<T>;

/**
 * The shared row statements on one SQLite connection: synchronously (`selectNow`, `execNow`, for
 * the store's one-step snapshot and clear) or under the owner's guard (`RowRunner`). Each distinct
 * statement text is prepared once: the fold reads and writes one row per event.
 */
export class SqliteRunner implements RowRunner {
  readonly sql = SQLITE_SQL;
  readonly #db: Database.Database;
  readonly #guard: SqliteGuard;
  readonly #statements = new Map<string, Database.Statement<unknown[]>>();

  constructor(db: Database.Database, guard: SqliteGuard) {
    this.#db = db;
    this.#guard = guard;
  }

  #statement(sql: string): Database.Statement<unknown[]> {
    let statement = this.#statements.get(sql);
    if (statement === undefined) {
      statement = this.#db.prepare<unknown[]>(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  /** The rows `sql` selects, synchronously. */
  selectNow<R>(sql: string, params: readonly unknown[] = []): R[] {
    return this.#statement(sql).all(...params) as R[];
  }

  /** The documents of the rows `sql` selects (a `doc` column), parsed, synchronously. */
  docsNow<T>(sql: string, params: readonly unknown[] = []): T[] {
    return parseDocs<T>(this.selectNow<DocRow>(sql, params));
  }

  /** Runs `statements` in order, synchronously. */
  execNow(statements: readonly SqlStatement[]): void {
    for (const { sql, params } of statements) this.#statement(sql).run(...params);
  }

  select<R>(operation: string, sql: string, params: readonly unknown[] = []): Promise<R[]> {
    return this.#guard(operation, () => this.selectNow<R>(sql, params));
  }

  exec(operation: string, statements: readonly SqlStatement[]): Promise<void> {
    return this.#guard(operation, () => this.execNow(statements));
  }
}

/**
 * The vault tables on one SQLite connection. Used by the store (reader connection, reads only)
 * and by each write transaction (writer connection); the guard decides when it may run.
 */
export class SqliteVault extends RowVault {
  readonly #now: SqliteRunner;
  readonly #guard: SqliteGuard;

  constructor(db: Database.Database, guard: SqliteGuard) {
    const runner = new SqliteRunner(db, guard);
    super(runner);
    this.#now = runner;
    this.#guard = guard;
  }

  /** Every row of `rows`, in key order, synchronously. */
  #allNow<T>(rows: RowTable<T>): T[] {
    return this.#now.docsNow<T>(SQLITE_SQL.docsInKeyOrder(rows));
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
    this.#now.execNow(clearDerivedStatements(SQLITE_SQL));
  }
}
