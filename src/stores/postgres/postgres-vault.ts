import { canonicalJson } from '../../core/index.js';
import {
  type DocRow,
  type MemoryFilter,
  type PredictionErrorFilter,
  parseDocs,
  postgresSql,
  ROWS,
  type RowDeletion,
  type RowSql,
  type RowTable,
  RowVault,
  VAULT_DERIVED_TABLES,
  vectorFromBytes,
} from '../index.js';
import type {
  MemoryRecord,
  MemoryRevision,
  NoteChunk,
  NoteRecord,
  PredictionError,
} from '../store.js';
import type { PgSession } from './postgres-driver.js';
import type { SqlNames } from './postgres-sql.js';

/** Runs vault work on a session under the owner's guard (an open store or a live transaction). */
export type PostgresGuard = <T>(
  operation: string,
  work: (session: PgSession) => Promise<T>,
) => Promise<T>;

/** The vault tables of one schema, through whichever session the guard hands out. */
export class PostgresVault extends RowVault {
  readonly #s: string;
  readonly #sql: RowSql;
  readonly #guard: PostgresGuard;

  constructor(names: SqlNames, guard: PostgresGuard) {
    super();
    this.#s = names.s;
    this.#sql = postgresSql(names.s);
    this.#guard = guard;
  }

  #docs<T>(operation: string, sql: string, params: readonly unknown[] = []): Promise<T[]> {
    return this.#guard(operation, async (session) =>
      parseDocs<T>(await session.query<DocRow>(sql, params)),
    );
  }

  protected override allRows<T>(operation: string, rows: RowTable<T>): Promise<T[]> {
    return this.#docs(operation, this.#sql.docsInKeyOrder(rows));
  }

  protected override async rowByKey<T>(
    operation: string,
    rows: RowTable<T>,
    key: string,
  ): Promise<T | null> {
    const [doc] = await this.#docs<T>(operation, this.#sql.docByKey(rows), [key]);
    return doc ?? null;
  }

  listChunks(paths: readonly string[]): Promise<readonly NoteChunk[]> {
    return this.#docs(
      'listChunks',
      `SELECT doc FROM ${this.#s}.note_chunks WHERE path = ANY($1::text[]) ORDER BY path, ordinal`,
      [[...paths]],
    );
  }

  getVectors(model: string, keys: readonly string[]): Promise<ReadonlyMap<string, Float32Array>> {
    return this.#guard('getVectors', async (session) => {
      const rows = await session.query<{ vector_key: string; vector: Uint8Array }>(
        `SELECT vector_key, vector FROM ${this.#s}.vault_vectors
         WHERE model = $1 AND vector_key = ANY($2::text[])`,
        [model, [...keys]],
      );
      return new Map(rows.map((row) => [row.vector_key, vectorFromBytes(row.vector)]));
    });
  }

  protected override memoriesWhere(filter: MemoryFilter): Promise<readonly MemoryRecord[]> {
    return this.#docs<MemoryRecord>(
      'listMemories',
      `SELECT doc FROM ${this.#s}.memories
       WHERE ($1::text IS NULL OR entity_id = $1)
         AND ($2::text[] IS NULL OR memory_id = ANY($2::text[]))
       ORDER BY created_at, memory_id`,
      [filter.entityId, filter.memoryIds === null ? null : [...filter.memoryIds]],
    );
  }

  listRevisions(memoryId: string): Promise<readonly MemoryRevision[]> {
    return this.#docs(
      'listRevisions',
      `SELECT doc FROM ${this.#s}.memory_revisions WHERE memory_id = $1 ORDER BY revision`,
      [memoryId],
    );
  }

  protected override predictionErrorsWhere(
    filter: PredictionErrorFilter,
    operation = 'listPredictionErrors',
  ): Promise<readonly PredictionError[]> {
    return this.#docs(
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

  #exec(operation: string, sql: string, params: readonly unknown[]): Promise<void> {
    return this.#guard(operation, async (session) => {
      await session.query(sql, params);
    });
  }

  protected override upsertRow<R>(operation: string, rows: RowTable<R>, record: R): Promise<void> {
    return this.#exec(operation, this.#sql.upsert(rows), rows.values(record));
  }

  putNote(note: NoteRecord, chunks: readonly NoteChunk[]): Promise<void> {
    const s = this.#s;
    return this.#guard('putNote', async (session) => {
      await session.query(this.#sql.upsert(ROWS.notes), ROWS.notes.values(note));
      await session.query(`DELETE FROM ${s}.note_chunks WHERE path = $1`, [note.path]);
      if (chunks.length === 0) return;
      await session.query(
        `INSERT INTO ${s}.note_chunks (path, ordinal, doc)
         SELECT $1, ordinal, doc FROM unnest($2::integer[], $3::text[]) AS c(ordinal, doc)`,
        [note.path, chunks.map((c) => c.ordinal), chunks.map((c) => canonicalJson(c))],
      );
    });
  }

  putVectors(model: string, vectors: ReadonlyMap<string, Float32Array>): Promise<void> {
    return this.#guard('putVectors', async (session) => {
      const insert = this.#sql.upsert(ROWS.vaultVectors);
      for (const [key, vector] of vectors) {
        await session.query(insert, ROWS.vaultVectors.values({ model, key, vector }));
      }
    });
  }

  protected override deleteRows(operation: string, rows: RowDeletion): Promise<void> {
    return this.#guard(operation, async (session) => {
      for (const table of rows.tables) {
        await session.query(this.#sql.deleteWhere(table, rows.column), [rows.value]);
      }
    });
  }

  clearDerived(): Promise<void> {
    return this.#guard('clearDerived', (session) => clearVaultDerived(session, this.#s));
  }
}

/** Deletes the ledger-derived vault rows on `session` (for `dangerouslyClearDerived`). */
export async function clearVaultDerived(session: PgSession, s: string): Promise<void> {
  for (const table of VAULT_DERIVED_TABLES) {
    await session.query(`DELETE FROM ${s}.${table}`);
  }
}
