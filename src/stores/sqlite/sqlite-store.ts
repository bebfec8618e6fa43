import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { EngineError } from '../../core/index.js';
import {
  createDeliveryStore,
  LiveWriteTx,
  type SearchCommands,
  SearchQueryReader,
  SQLITE_SQL,
  StoreGate,
  type WriteTurn,
} from '../index.js';
import type {
  DeliveryStore,
  DerivedSnapshot,
  Store,
  StoreCapabilities,
  WriteScope,
  WriteTx,
} from '../store.js';
import { applyMigrations, assertMigrated } from './migrations.js';
import { type BusyWait, retryWhileBusy, toStoreError, WAIT_FOREVER } from './sqlite-errors.js';
import { SqliteQueries } from './sqlite-queries.js';
import { canWrite, openReadOnly } from './sqlite-read-only.js';
import { SqliteSearchQueries } from './sqlite-search-queries.js';
import { SqliteTasks } from './sqlite-tasks.js';
import { SqliteVault } from './sqlite-vault.js';
import { SqliteWrites } from './sqlite-writes.js';

/** Options for `createSqliteStore`. */
export interface SqliteStoreOptions {
  /**
   * The database file (its directory is created when missing), or `':memory:'`. An in-memory
   * store has a single connection, so its reads outside `withWriteLock` also see the writes of a
   * transaction still in progress; only a file gives committed-snapshot reads.
   */
  readonly path: string;
  /**
   * How long one SQLite call may block the thread waiting for another process's lock before the
   * store waits asynchronously instead (and keeps waiting: contention is never an error).
   * Default 100.
   */
  readonly busyTimeoutMs?: number;
  /**
   * What the store does past `busyTimeoutMs` while another process holds a lock it needs (to open,
   * migrate, read or begin a write): by default it waits without limit and says nothing. A
   * command line sets a notice (`onWaiting`) and a limit, after which the call fails with
   * STORE_FAILED and `details.busy`.
   */
  readonly busyWait?: BusyWait;
  /**
   * `FULL` (default) makes every commit durable before `withWriteLock` resolves. `NORMAL` is faster
   * but may lose the last commits on power loss (never on a process crash).
   */
  readonly synchronous?: 'FULL' | 'NORMAL';
  /**
   * Open an existing file for reading only: nothing is migrated, reads work, and every write
   * fails with a STORE_FAILED error that says the store is read-only (a transaction that only
   * reads still succeeds). Default: only when this process cannot write the file or its folder.
   */
  readonly readOnly?: boolean;
}

const DEFAULT_OPTIONS = {
  busyTimeoutMs: 100,
  busyWait: WAIT_FOREVER,
  synchronous: 'FULL',
} as const satisfies Required<Omit<SqliteStoreOptions, 'path' | 'readOnly'>>;

function noop(): void {}

/** The `tx` handed to a `withWriteLock` callback: the writer connection, usable only meanwhile. */
class SqliteWriteTx extends LiveWriteTx<SqliteQueries, SqliteWrites> {
  readonly vault: SqliteVault;
  readonly tasks: SqliteTasks;

  constructor(
    queries: SqliteQueries,
    writes: SqliteWrites,
    turn: WriteTurn,
    db: Database.Database,
  ) {
    super(queries, writes, turn);
    this.vault = new SqliteVault(db, (operation, work) => this.run(operation, work));
    this.tasks = new SqliteTasks(db, (operation, work) => this.run(operation, work));
  }

  protected override toError(operation: string, error: unknown): Error {
    return toStoreError(operation, error);
  }

  /** SQLite has one writer at a time: every transaction already holds the commit order. */
  joinCommitOrder(): Promise<void> {
    return this.run('joinCommitOrder', noop);
  }

  dangerouslyClearDerived(): Promise<void> {
    return this.run('dangerouslyClearDerived', () => {
      this.writes.dangerouslyClearDerived();
      this.vault.clearDerivedNow();
      this.tasks.clearDerivedNow();
    });
  }
}

/**
 * The SQLite `Store`: one writer connection (WAL, `synchronous = FULL`, foreign keys on) and one
 * read-only connection for reads outside `withWriteLock`, which therefore see committed snapshots
 * only. Writes are queued in process and take SQLite's write lock (`BEGIN IMMEDIATE`) across
 * processes. Events are append-only, enforced by triggers; the one permitted change is a redaction.
 * Build it with `createSqliteStore`.
 */
export class SqliteStore
  extends SearchQueryReader<SqliteQueries, SqliteSearchQueries>
  implements Store
{
  /** Identifies the adapter. */
  readonly kind = 'sqlite';
  /** Vectors are searched with sqlite-vec: a binary-quantised scan, then an exact re-rank. */
  readonly supportsVectorSearch = true;
  /** One writer at a time; vectors searched with sqlite-vec; writable unless opened read-only. */
  readonly capabilities: StoreCapabilities;
  /** The writer connection, for escape hatches. Writing through it bypasses the write queue. */
  readonly client: Database.Database;
  readonly #reader: Database.Database;
  /** The vault tables, read through the reader connection. */
  readonly vault: SqliteVault;
  /** The task rows, read through the reader connection. */
  readonly tasks: SqliteTasks;
  /** Outbound deliveries: reads on the reader connection, each write its own transaction. */
  readonly deliveries: DeliveryStore;
  readonly #readQueries: SqliteQueries;
  readonly #writeQueries: SqliteQueries;
  readonly #searchQueries: SqliteSearchQueries;
  readonly #writeSearchQueries: SqliteSearchQueries;
  readonly #writes: SqliteWrites;
  readonly #begin: Database.Statement<[]>;
  readonly #commit: Database.Statement<[]>;
  readonly #rollback: Database.Statement<[]>;
  readonly #gate = new StoreGate('SQLite');
  #tail: Promise<void> = Promise.resolve();
  readonly #busyWait: BusyWait;

  /**
   * Wraps two open, migrated connections to the same database (the same one for `:memory:`).
   * Use `createSqliteStore`, which opens, configures and migrates them.
   */
  constructor(
    writer: Database.Database,
    reader: Database.Database,
    readOnly = false,
    busyWait: BusyWait = WAIT_FOREVER,
  ) {
    super();
    this.#busyWait = busyWait;
    this.capabilities = { concurrentWriters: false, vectorIndex: true, writable: !readOnly };
    this.client = writer;
    this.#reader = reader;
    this.vault = new SqliteVault(reader, (operation, work) => this.read(operation, () => work()));
    this.tasks = new SqliteTasks(reader, (operation, work) => this.read(operation, () => work()));
    this.deliveries = createDeliveryStore(SQLITE_SQL, (operation, mode, sql, params) =>
      mode === 'read'
        ? this.#readCommitted(operation, () => rowsOf(reader, sql, params))
        : this.withWriteLock({ entities: [], global: true }, async () => {
            try {
              return rowsOf(writer, sql, params);
            } catch (error: unknown) {
              throw toStoreError(operation, error);
            }
          }),
    );
    this.#writeQueries = new SqliteQueries(writer);
    this.#readQueries = reader === writer ? this.#writeQueries : new SqliteQueries(reader);
    this.#writeSearchQueries = new SqliteSearchQueries(writer);
    this.#searchQueries =
      reader === writer ? this.#writeSearchQueries : new SqliteSearchQueries(reader);
    this.#writes = new SqliteWrites(writer, this.#writeQueries);
    // A read-only connection cannot take the write lock; its transactions only read, and the
    // first write in one fails as read-only (see toStoreError).
    this.#begin = writer.prepare(readOnly ? 'BEGIN' : 'BEGIN IMMEDIATE');
    this.#commit = writer.prepare('COMMIT');
    this.#rollback = writer.prepare('ROLLBACK');
  }

  protected override read<T>(
    operation: string,
    query: (queries: SqliteQueries) => T | Promise<T>,
  ): Promise<T> {
    return this.#readCommitted(operation, () => query(this.#readQueries));
  }

  /**
   * Runs `fn` inside one `BEGIN IMMEDIATE` transaction on the writer connection. `scope` is not
   * needed: SQLite has one write lock per database, so every call is serialised. Throws CONFLICT
   * when called from inside another `withWriteLock` callback of this store (it would deadlock).
   */
  async withWriteLock<T>(_scope: WriteScope, fn: (tx: WriteTx) => Promise<T>): Promise<T> {
    this.#gate.assertCanBeginWrite();
    const result = this.#tail.then(() => this.#transact(fn));
    this.#tail = result.then(noop, noop);
    return result;
  }

  exportDerived(): Promise<DerivedSnapshot> {
    return this.read('exportDerived', (queries) => ({
      ...queries.exportDerived(),
      vault: this.vault.snapshotNow(),
      tasks: this.tasks.snapshotNow(),
    }));
  }

  /** Nothing to do: `secure_delete` overwrites freed cells and pages as the forget commits. */
  reclaimForgotten(): Promise<void> {
    this.#gate.assertOpen('reclaimForgotten');
    return Promise.resolve();
  }

  /** Waits for queued writes, then closes both connections. Idempotent. */
  async close(): Promise<void> {
    return this.#gate.close(() =>
      this.#tail.then(() => {
        try {
          if (this.#reader !== this.client) this.#reader.close();
          this.client.close();
        } catch (error: unknown) {
          throw toStoreError('close', error);
        }
      }),
    );
  }

  protected override readSearch<T>(
    operation: string,
    _snapshot: boolean,
    query: (search: SqliteSearchQueries) => T | Promise<T>,
  ): Promise<T> {
    return this.#readCommitted(operation, () => query(this.#searchQueries));
  }

  /** A read outside `withWriteLock`, on the reader connection (committed snapshots). */
  async #readCommitted<T>(operation: string, query: () => T | Promise<T>): Promise<T> {
    this.#gate.assertOpen(operation);
    try {
      return await retryWhileBusy(query, this.#busyWait);
    } catch (error: unknown) {
      throw toStoreError(operation, error);
    }
  }

  protected override writeSearch<T>(
    operation: string,
    command: (search: SqliteSearchQueries, writes: SearchCommands) => T | Promise<T>,
  ): Promise<T> {
    return this.withWriteLock({ entities: [], global: true }, async () => {
      try {
        return await command(this.#writeSearchQueries, this.#writes.search);
      } catch (error: unknown) {
        throw toStoreError(operation, error);
      }
    });
  }

  async #transact<T>(fn: (tx: WriteTx) => Promise<T>): Promise<T> {
    try {
      await retryWhileBusy(() => this.#begin.run(), this.#busyWait);
    } catch (error: unknown) {
      throw toStoreError('begin', error);
    }
    const turn: WriteTurn = { active: true };
    const tx = new SqliteWriteTx(this.#writeQueries, this.#writes, turn, this.client);
    let result: T;
    try {
      result = await this.#gate.inTurn(turn, () => fn(tx));
    } catch (error: unknown) {
      turn.active = false;
      this.#rollbackAfter(error);
      throw error;
    }
    turn.active = false;
    try {
      this.#commit.run();
    } catch (error: unknown) {
      this.#rollbackAfter(error);
      throw toStoreError('commit', error);
    }
    if (this.#writes.takeRedactions() > 0) this.#truncateWal();
    return result;
  }

  /**
   * After a redaction commits, the write-ahead log still holds the pages written before it, with
   * the redacted text in them, until a later checkpoint overwrites them. Checkpointing into the
   * database and truncating the log removes them at once. A reader holding an old snapshot can keep
   * the log from being truncated; it is then truncated by the next redaction or on close.
   */
  #truncateWal(): void {
    if (this.client.memory) return;
    try {
      this.client.pragma('wal_checkpoint(TRUNCATE)');
    } catch {
      // The redaction is committed either way; a busy checkpoint only leaves the log for later.
    }
  }

  #rollbackAfter(failure: unknown): void {
    if (!this.client.inTransaction) return;
    try {
      this.#rollback.run();
    } catch (rollbackError: unknown) {
      throw new EngineError(
        'STORE_FAILED',
        'SQLite rollback failed after a failed transaction',
        { operation: 'rollback' },
        { cause: new AggregateError([failure, rollbackError]) },
      );
    }
  }
}

/** Runs one statement and returns its rows (none for a statement that returns no data). */
function rowsOf(db: Database.Database, sql: string, params: readonly unknown[]): unknown[] {
  const statement = db.prepare(sql);
  if (statement.reader) return statement.all(...params);
  statement.run(...params);
  return [];
}

function openReadOnlyStore(settings: Required<SqliteStoreOptions>): SqliteStore {
  let db: Database.Database | null = null;
  try {
    db = openReadOnly(settings.path, settings.busyTimeoutMs);
    sqliteVec.load(db);
    assertMigrated(db);
    return new SqliteStore(db, db, true, settings.busyWait);
  } catch (error: unknown) {
    db?.close();
    throw toStoreError('open', error);
  }
}

function assertValidOptions(options: Required<SqliteStoreOptions>): void {
  if (typeof options.path !== 'string' || options.path === '') {
    throw new EngineError('CONFIG_INVALID', 'path must name a file or be :memory:', {
      operation: 'open',
    });
  }
  if (options.synchronous !== 'FULL' && options.synchronous !== 'NORMAL') {
    throw new EngineError('CONFIG_INVALID', 'synchronous must be FULL or NORMAL', {
      operation: 'open',
    });
  }
  if (!Number.isInteger(options.busyTimeoutMs) || options.busyTimeoutMs < 0) {
    throw new EngineError('CONFIG_INVALID', 'busyTimeoutMs must be a non-negative integer', {
      operation: 'open',
    });
  }
}

async function configureWriter(
  writer: Database.Database,
  options: Required<SqliteStoreOptions>,
  inMemory: boolean,
): Promise<void> {
  if (!inMemory) {
    const mode = await retryWhileBusy(
      () => writer.pragma('journal_mode = WAL', { simple: true }),
      options.busyWait,
    );
    if (mode !== 'wal') {
      throw new EngineError('STORE_FAILED', `SQLite refused WAL journal mode (${String(mode)})`, {
        operation: 'open',
      });
    }
  }
  writer.pragma(`synchronous = ${options.synchronous}`);
  writer.pragma('foreign_keys = ON');
  // Freed space is overwritten with zeros: text that `verity forget` redacts must not stay readable
  // in the file's free pages or cells.
  writer.pragma('secure_delete = ON');
  // Checkpoint the WAL every ~40 MiB instead of every ~4 MiB: fewer, larger checkpoints measured
  // 4,580 → 4,950 events/s at 100k events in bench/ingest.bench.ts (single runs, ±5 % noise).
  writer.pragma('wal_autocheckpoint = 10000');
  sqliteVec.load(writer);
}

/**
 * Opens (creating and migrating when needed) a SQLite store. Safe to call from several processes
 * on the same new file at once. Throws CONFIG_INVALID for bad options and STORE_FAILED when the
 * file cannot be opened or its schema is newer than this build.
 */
export async function createSqliteStore(options: SqliteStoreOptions): Promise<SqliteStore> {
  const settings: Required<SqliteStoreOptions> = {
    ...DEFAULT_OPTIONS,
    readOnly: options.path !== ':memory:' && !canWrite(options.path),
    ...options,
  };
  assertValidOptions(settings);
  const inMemory = settings.path === ':memory:';
  if (settings.readOnly && !inMemory) return openReadOnlyStore(settings);
  const opened: Database.Database[] = [];
  try {
    if (!inMemory) mkdirSync(dirname(settings.path), { recursive: true });
    const writer = new Database(settings.path, { timeout: settings.busyTimeoutMs });
    opened.push(writer);
    await configureWriter(writer, settings, inMemory);
    await applyMigrations(writer, undefined, settings.busyWait);
    if (inMemory) return new SqliteStore(writer, writer, false, settings.busyWait);
    const reader = new Database(settings.path, {
      readonly: true,
      fileMustExist: true,
      timeout: settings.busyTimeoutMs,
    });
    opened.unshift(reader);
    sqliteVec.load(reader);
    return new SqliteStore(writer, reader, false, settings.busyWait);
  } catch (error: unknown) {
    for (const connection of opened) connection.close();
    throw toStoreError('open', error);
  }
}
