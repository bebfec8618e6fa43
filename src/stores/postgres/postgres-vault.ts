import { canonicalJson } from '../../core/index.js';
import {
  type MemoryFilter,
  type PredictionErrorFilter,
  postgresSql,
  type RowRunner,
  RowVault,
  type SqlStatement,
} from '../index.js';
import type { MemoryRecord, NoteChunk, PredictionError } from '../store.js';
import type { PgSession } from './postgres-driver.js';
import type { SqlNames } from './postgres-sql.js';

/** Runs vault work on a session under the owner's guard (an open store or a live transaction). */
export type PostgresGuard = <T>(
  operation: string,
  work: (session: PgSession) => Promise<T>,
) => Promise<T>;

/** The shared row statements of one schema, on whichever session `guard` hands out. */
export function postgresRunner(names: SqlNames, guard: PostgresGuard): RowRunner {
  return {
    sql: postgresSql(names.s),
    select: (operation, sql, params = []) =>
      guard(operation, (session) => session.query(sql, params)),
    exec: (operation, statements) =>
      guard(operation, async (session) => {
        for (const { sql, params } of statements) await session.query(sql, params);
      }),
  };
}

/** The vault tables of one schema, through whichever session the guard hands out. */
export class PostgresVault extends RowVault {
  readonly #s: string;

  constructor(names: SqlNames, guard: PostgresGuard) {
    super(postgresRunner(names, guard));
    this.#s = names.s;
  }

  protected override memoriesWhere(filter: MemoryFilter): Promise<readonly MemoryRecord[]> {
    return this.docs<MemoryRecord>(
      'listMemories',
      `SELECT doc FROM ${this.#s}.memories
       WHERE ($1::text IS NULL OR entity_id = $1)
         AND ($2::text[] IS NULL OR memory_id = ANY($2::text[]))
       ORDER BY created_at, memory_id`,
      [filter.entityId, filter.memoryIds === null ? null : [...filter.memoryIds]],
    );
  }

  protected override predictionErrorsWhere(
    filter: PredictionErrorFilter,
    operation = 'listPredictionErrors',
  ): Promise<readonly PredictionError[]> {
    return this.docs(
      operation,
      `SELECT doc FROM ${this.#s}.prediction_errors
       WHERE ($1::text[] IS NULL OR error_type = ANY($1::text[]))
         AND ($2::text IS NULL OR memory_id = $2)
         AND (NOT $3::boolean OR resolved_at IS NULL)
       ORDER BY detected_at, error_id
       LIMIT $4`,
      [
        filter.types === null ? null : [...filter.types],
        filter.memoryId,
        filter.unresolvedOnly,
        filter.limit,
      ],
    );
  }

  /** All of a note's chunks in one statement, through `unnest`. */
  protected override chunkInserts(path: string, chunks: readonly NoteChunk[]): SqlStatement[] {
    if (chunks.length === 0) return [];
    return [
      {
        sql: `INSERT INTO ${this.#s}.note_chunks (path, ordinal, doc)
         SELECT $1, ordinal, doc FROM unnest($2::integer[], $3::text[]) AS c(ordinal, doc)`,
        params: [path, chunks.map((c) => c.ordinal), chunks.map((c) => canonicalJson(c))],
      },
    ];
  }
}
