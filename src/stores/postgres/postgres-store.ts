/**
 * The PostgreSQL `Store`: node-postgres against a server, or PGlite in process, with the same SQL
 * (PostgreSQL 15 and later, pgvector 0.8 and later). ADR: docs/decisions/2026-11-26-postgres-write-locks.md.
 *
 * Write locking. `withWriteLock(scope, fn)` runs `fn` in one READ COMMITTED transaction on its own
 * pooled connection, so writers of different entities really run in parallel. Locks are taken
 * twice: first in process (`LocalLockTable`: first come, first served, all claims granted at
 * once, so callers of one process run in call order and hold no connection while they wait), then
 * in the database, as transaction-scoped advisory locks, always in this order:
 *   (a) the all-lock: `pg_advisory_xact_lock_shared` for entity-scoped writes,
 *       `pg_advisory_xact_lock` (exclusive) for `global: true` writes, so a global write waits for
 *       every writer in flight and excludes all others until it ends;
 *   (b) entity-scoped writes only: an exclusive lock per distinct scope key, sorted by its key;
 *   (c) the commit-order lock: exclusive, taken by `tx.joinCommitOrder()` (once per transaction)
 *       and by global writes right after (a).
 * A key is two int4s: the first four bytes of SHA-256 of `verity:<schema>:<kind>` (kind `all`,
 * `entity` or `order`) and of the key string. Every writer acquires along the same order
 * (all → entities → order), so no wait-for cycle can form between advisory locks. Writers of one
 * busy entity (or thread) serialise among themselves; a global writer waits for all of them.
 * `useEmbeddingSpace`, `putEmbeddings` and `pruneEmbeddings` run as global writes.
 *
 * Contention waits and is never an error. Row locks can still deadlock two writers of disjoint
 * scopes (both inserting the same two event ids in opposite order, say): when PostgreSQL reports a
 * deadlock (40P01) or a serialization failure (40001), everything has rolled back and `fn` runs
 * again after a jittered backoff, up to `maxAttempts` times. `fn` must therefore be safe to rerun,
 * which it is as long as it only writes through `tx`.
 *
 * PGlite has a single session: its writers queue in process (one transaction at a time for every
 * store on the instance), and reads outside `withWriteLock` wait for the running transaction
 * instead of seeing its uncommitted rows, except reads made from inside a write callback on the
 * same instance, which run inside that transaction.
 *
 * Ledger `seq` values are allocated when an event is appended, not at commit: while entity writers
 * run in parallel, a reader may see seq N+1 committed before seq N. Replays and rebuilds read after
 * the writers are done and are unaffected; see the ADR for tailing readers.
 */
import type { HistoryEntry, SlotState } from '../../core/index.js';
import { EngineError, rethrowAs } from '../../core/index.js';
import {
  createDeliveryStore,
  LiveWriteTx,
  postgresSql,
  type SearchCommands,
  SearchQueryReader,
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
import { applyPostgresMigrations } from './migrations.js';
import {
  type PgDriver,
  type PgliteDatabase,
  PgliteDriver,
  type PgSession,
  PoolDriver,
  type PostgresPool,
} from './postgres-driver.js';
import { delay, isRetryable, retryDelayMs, sqlStateOf, toStoreError } from './postgres-errors.js';
import { type AdvisoryPlan, ALL_RESOURCE, advisoryPlan, localClaims } from './postgres-locks.js';
import { PostgresQueries } from './postgres-queries.js';
import { PostgresSearchQueries } from './postgres-search-queries.js';
import { assertSchemaName, quoteIdent, type SqlNames } from './postgres-sql.js';
import { PostgresTasks } from './postgres-tasks.js';
import { PostgresVault } from './postgres-vault.js';
import { PostgresWrites } from './postgres-writes.js';

/** Where the store's database is: a server URL, a node-postgres pool, or a PGlite instance. */
export type PostgresConnection =
  | {
      /** A `postgres://` connection string; the store opens (and closes) its own pool. */
      readonly url: string;
      /** Size of that pool. Default 10. */
      readonly maxConnections?: number;
    }
  | {
      /** A node-postgres `Pool` owned by the caller; `close()` leaves it open. */
      readonly pool: PostgresPool;
    }
  | {
      /**
       * A PGlite instance (with the pgvector extension loaded) owned by the caller; `close()`
       * leaves it open. Several stores may share one instance with different schemas.
       */
      readonly pglite: PgliteDatabase;
    };

/** Options for `createPostgresStore`. */
export type PostgresStoreOptions = PostgresConnection & {
  /** The schema every table lives in; created when missing. Default `verity`. */
  readonly schema?: string;
  /**
   * How many times a write transaction runs before a deadlock or serialization failure is
   * surfaced (as STORE_FAILED). Default 5.
   */
  readonly maxAttempts?: number;
};

/** How long a forget's vacuum waits for older transactions to end, and how often it looks. */
const RECLAIM_WAIT_MS = 10_000;
const RECLAIM_POLL_MS = 100;

const DEFAULTS = {
  schema: 'verity',
  maxAttempts: 5,
  maxConnections: 10,
} as const;

/** The reads of the slots table: buffered slot writes are sent before any of them. */
const SLOT_READS: ReadonlySet<string> = new Set(['getSlot', 'listSlots', 'listDomainSlots']);

/** Rows per statement when buffered history is written (four parameters each). */
const WRITE_BEHIND_CHUNK = 5000;

/** The `tx` handed to a `withWriteLock` callback: one transaction's session, usable only meanwhile. */
class PostgresWriteTx extends LiveWriteTx<PostgresQueries, PostgresWrites> {
  /** The first database error a statement of this transaction raised, if any. */
  failure: unknown = null;
  readonly #session: PgSession;
  readonly #plan: AdvisoryPlan;
  #joined: boolean;
  /** The vault tables, written in this transaction. */
  readonly vault: PostgresVault;
  /** The task rows, written in this transaction. */
  readonly tasks: PostgresTasks;

  constructor(session: PgSession, names: SqlNames, turn: WriteTurn, plan: AdvisoryPlan) {
    const queries = new PostgresQueries(session, names);
    super(queries, new PostgresWrites(session, names, queries), turn);
    this.#session = session;
    this.vault = new PostgresVault(names, (operation, work) =>
      this.run(operation, () => work(session)),
    );
    this.tasks = new PostgresTasks(names, (operation, work) =>
      this.run(operation, () => work(session)),
    );
    this.#plan = plan;
    this.#joined = plan.holdsCommitOrder;
  }

  /** The transaction's session. */
  get session(): PgSession {
    return this.#session;
  }

  /** Keeps the first database error: the transaction then rolls back even if the callback goes on. */
  protected override toError(operation: string, error: unknown): Error {
    if (sqlStateOf(error) !== null) this.failure ??= error;
    return toStoreError(operation, error);
  }

  protected override read<T>(
    operation: string,
    query: (queries: PostgresQueries) => T | Promise<T>,
  ): Promise<T> {
    return this.run(operation, async () => {
      if (SLOT_READS.has(operation)) await this.#flushSlots();
      if (operation === 'listHistory') await this.#flushHistory();
      return query(this.queries);
    });
  }

  // Slots and history rows are written behind: buffered, then sent in one statement each before
  // a read of their table, before clearing derived state, and before commit. A pipeline batch
  // writes thousands of them, and one round trip per row was most of its time on a server.
  readonly #pendingSlots = new Map<string, SlotState>();
  #pendingHistory: HistoryEntry[] = [];

  async #flushSlots(): Promise<void> {
    if (this.#pendingSlots.size === 0) return;
    const slots = [...this.#pendingSlots.values()];
    this.#pendingSlots.clear();
    await this.writes.putSlots(slots);
  }

  async #flushHistory(): Promise<void> {
    if (this.#pendingHistory.length === 0) return;
    const entries = this.#pendingHistory;
    this.#pendingHistory = [];
    for (let start = 0; start < entries.length; start += WRITE_BEHIND_CHUNK) {
      await this.writes.appendHistoryRows(entries.slice(start, start + WRITE_BEHIND_CHUNK));
    }
  }

  /** Sends every buffered row; the store calls it before COMMIT. */
  flush(): Promise<void> {
    return this.run('flush', async () => {
      await this.#flushSlots();
      await this.#flushHistory();
    });
  }

  override putSlot(slot: SlotState): Promise<void> {
    return this.run('putSlot', async () => {
      this.#pendingSlots.set(`${slot.entityId}\u0000${slot.field}`, slot);
    });
  }

  override appendHistory(entry: HistoryEntry): Promise<void> {
    return this.run('appendHistory', async () => {
      this.#pendingHistory.push(entry);
    });
  }

  joinCommitOrder(): Promise<void> {
    return this.run('joinCommitOrder', async () => {
      if (this.#joined) return;
      const [key1, key2] = this.#plan.commitOrder;
      await this.#session.query('SELECT pg_catalog.pg_advisory_xact_lock($1, $2)', [key1, key2]);
      this.#joined = true;
    });
  }

  dangerouslyClearDerived(): Promise<void> {
    return this.run('dangerouslyClearDerived', async () => {
      this.#pendingSlots.clear();
      this.#pendingHistory = [];
      await this.writes.dangerouslyClearDerived();
      await this.vault.clearDerived();
      await this.tasks.clearDerived();
    });
  }
}

/** The write scope of delivery writes: they touch no table any other writer does. */
const DELIVERIES_SCOPE = 'store:deliveries';

/**
 * The PostgreSQL `Store` (see the file header for locking). Build it with `createPostgresStore`.
 */
export class PostgresStore
  extends SearchQueryReader<PostgresQueries, PostgresSearchQueries>
  implements Store
{
  /** Identifies the adapter. */
  readonly kind = 'postgres';
  /** Vectors are searched with pgvector: an HNSW index, exact distances. */
  readonly supportsVectorSearch = true;
  /**
   * Writers of disjoint scopes run in parallel on a server (PGlite queues them, but keeps the
   * same scoped-write contract, so callers treat both alike); vectors in a pgvector HNSW index.
   */
  readonly capabilities: StoreCapabilities = {
    concurrentWriters: true,
    vectorIndex: true,
    writable: true,
  };
  /** The pool or PGlite instance, for escape hatches. Writing through it bypasses the locks. */
  readonly client: PostgresPool | PgliteDatabase;
  /** The schema the tables live in. */
  readonly schema: string;
  readonly #driver: PgDriver;
  readonly #names: SqlNames;
  readonly #maxAttempts: number;
  readonly #gate: StoreGate;
  readonly #inFlight = new Set<Promise<unknown>>();
  /** The vault tables, read in committed snapshots. */
  readonly vault: PostgresVault;
  /** The task rows, read in committed snapshots. */
  readonly tasks: PostgresTasks;
  /**
   * Outbound deliveries: reads in committed snapshots; each write is its own transaction, scoped
   * to deliveries alone (the key's unique index, not the lock, keeps two claims from both winning).
   */
  readonly deliveries: DeliveryStore;

  /** Wraps an open, migrated database. Use `createPostgresStore`. */
  constructor(driver: PgDriver, names: SqlNames, maxAttempts: number) {
    super();
    this.#driver = driver;
    this.#gate = new StoreGate('PostgreSQL', () => driver.inActiveTurn());
    this.#names = names;
    this.vault = new PostgresVault(names, (operation, work) => this.#read(operation, false, work));
    this.tasks = new PostgresTasks(names, (operation, work) => this.#read(operation, false, work));
    this.deliveries = createDeliveryStore(postgresSql(names.s), (operation, mode, sql, params) =>
      mode === 'read'
        ? this.#read(operation, false, (session) => session.query(sql, params))
        : this.withWriteLock({ entities: [DELIVERIES_SCOPE] }, (tx) => {
            const writeTx = tx as PostgresWriteTx;
            return writeTx.run(operation, () => writeTx.session.query(sql, params));
          }),
    );
    this.#maxAttempts = maxAttempts;
    this.client = driver.client;
    this.schema = names.schemaName;
  }

  protected override async read<T>(
    operation: string,
    query: (queries: PostgresQueries) => T | Promise<T>,
  ): Promise<T> {
    return this.#read(operation, false, async (session) =>
      query(new PostgresQueries(session, this.#names)),
    );
  }

  /**
   * Runs `fn` as the writer for `scope` in one READ COMMITTED transaction, after taking the
   * scope's locks in process and in the database (see the file header). Throws CONFLICT when
   * called from inside a write callback of this store (or, on PGlite, of any store on the same
   * instance): it would wait for itself.
   */
  withWriteLock<T>(scope: WriteScope, fn: (tx: WriteTx) => Promise<T>): Promise<T> {
    this.#gate.assertCanBeginWrite();
    const run = this.#write(scope, fn);
    const tracked = run.then(
      () => undefined,
      () => undefined,
    );
    this.#inFlight.add(tracked);
    void tracked.then(() => this.#inFlight.delete(tracked));
    return run;
  }

  exportDerived(): Promise<DerivedSnapshot> {
    return this.#read('exportDerived', true, async (session) => ({
      ...(await new PostgresQueries(session, this.#names).exportDerived()),
      vault: await new PostgresVault(this.#names, (_operation, work) =>
        work(session),
      ).exportSnapshot(),
      tasks: await new PostgresTasks(this.#names, (_operation, work) =>
        work(session),
      ).exportTasks(),
    }));
  }

  /**
   * `VACUUM (FULL)` of every table of the schema. A plain VACUUM frees the dead row versions, but
   * leaves their bytes in the page's free space and a forgotten word's key in the full-text GIN
   * index; a full vacuum rewrites each table and its indexes into new files.
   *
   * A row version that a transaction open elsewhere in the database may still see survives even
   * a full vacuum (it is copied into the new file), so the vacuum first waits, up to
   * `RECLAIM_WAIT_MS`, for the transactions that began before the forget to end. One that stays
   * open longer (a stuck session) keeps the old bytes until the next forget's vacuum.
   */
  reclaimForgotten(): Promise<void> {
    return this.#read('reclaimForgotten', false, async (session) => {
      const tables = await session.query<{ name: string }>(
        'SELECT tablename AS name FROM pg_catalog.pg_tables WHERE schemaname = $1 ORDER BY tablename',
        [this.#names.schemaName],
      );
      if (tables.length === 0) return;
      const [now] = await session.query<{ readonly at: string }>(
        'SELECT clock_timestamp()::text AS at',
      );
      for (let waited = 0; waited < RECLAIM_WAIT_MS; waited += RECLAIM_POLL_MS) {
        const [older] = await session.query<{ readonly n: unknown }>(
          `SELECT count(*) AS n FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()
              AND backend_xmin IS NOT NULL AND xact_start < $1::timestamptz`,
          [now?.at],
        );
        if (Number(older?.n ?? 0) === 0) break;
        await new Promise((resolve) => setTimeout(resolve, RECLAIM_POLL_MS));
      }
      const names = tables.map((table) => `${this.#names.s}.${quoteIdent(table.name)}`);
      await session.exec(`VACUUM (FULL) ${names.join(', ')}`);
    });
  }

  /** Waits for this store's writes in flight, then closes the pool it opened. Idempotent. */
  close(): Promise<void> {
    return this.#gate.close(async () => {
      await Promise.all([...this.#inFlight]);
      try {
        await this.#driver.close();
      } catch (error: unknown) {
        throw toStoreError('close', error);
      }
    });
  }

  #search(session: PgSession): PostgresSearchQueries {
    return new PostgresSearchQueries(session, this.#names);
  }

  async #read<T>(
    operation: string,
    snapshot: boolean,
    fn: (session: PgSession) => Promise<T>,
  ): Promise<T> {
    this.#gate.assertOpen(operation);
    try {
      return await this.#driver.read(snapshot, fn);
    } catch (error: unknown) {
      throw toStoreError(operation, error);
    }
  }

  protected override readSearch<T>(
    operation: string,
    snapshot: boolean,
    query: (search: PostgresSearchQueries) => T | Promise<T>,
  ): Promise<T> {
    return this.#read(operation, snapshot, async (session) => query(this.#search(session)));
  }

  protected override writeSearch<T>(
    operation: string,
    command: (search: PostgresSearchQueries, writes: SearchCommands) => T | Promise<T>,
  ): Promise<T> {
    return this.withWriteLock({ entities: [], global: true }, (tx) => {
      const writeTx = tx as PostgresWriteTx;
      return writeTx.run(operation, async () =>
        command(this.#search(writeTx.session), writeTx.writes.search),
      );
    });
  }

  async #write<T>(scope: WriteScope, fn: (tx: WriteTx) => Promise<T>): Promise<T> {
    const claims = this.#driver.parallel
      ? localClaims(scope)
      : [{ resource: ALL_RESOURCE, mode: 'exclusive' as const }];
    const unlock = await this.#driver.locks.acquire(claims);
    try {
      return await this.#driver.write((session, release) =>
        this.#transact(session, release, advisoryPlan(this.schema, scope), fn),
      );
    } finally {
      unlock();
    }
  }

  /** One transaction, rerun after a deadlock or serialization failure (see the file header). */
  async #transact<T>(
    session: PgSession,
    release: (broken: boolean) => void,
    plan: AdvisoryPlan,
    fn: (tx: WriteTx) => Promise<T>,
  ): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      const turn: WriteTurn = { active: true };
      const tx = new PostgresWriteTx(session, this.#names, turn, plan);
      let outcome:
        | { readonly ok: true; readonly value: T }
        | { readonly ok: false; error: unknown };
      try {
        await session.exec(
          ['BEGIN ISOLATION LEVEL READ COMMITTED', ...plan.statements].join(';\n'),
        );
        session.inTransaction = true;
        try {
          const value = await this.#gate.inTurn(turn, () =>
            this.#driver.inTurn(turn, async () => {
              const result = await fn(tx);
              await tx.flush();
              return result;
            }),
          );
          outcome = { ok: true, value };
        } catch (error: unknown) {
          outcome = { ok: false, error };
        }
        turn.active = false;
        if (outcome.ok && tx.failure !== null) {
          outcome = {
            ok: false,
            error: new EngineError(
              'STORE_FAILED',
              'A statement of this transaction failed and the callback carried on; rolled back',
              { operation: 'commit' },
              { cause: tx.failure },
            ),
          };
        }
        if (outcome.ok) {
          await session.exec('COMMIT');
          session.inTransaction = false;
          return outcome.value;
        }
      } catch (error: unknown) {
        // BEGIN, a lock or COMMIT failed: the transaction is gone or must be rolled back.
        turn.active = false;
        outcome = { ok: false, error: toStoreError('transaction', error) };
      }
      const rolledBack = await this.#rollback(session);
      session.inTransaction = false;
      if (!rolledBack) {
        release(true);
        throw outcome.error;
      }
      const retry = isRetryable(outcome.error) || isRetryable(tx.failure);
      if (!retry || attempt >= this.#maxAttempts) throw outcome.error;
      await delay(retryDelayMs(attempt));
    }
  }

  /** Rolls back; false when the session is unusable (it is then discarded, not pooled). */
  async #rollback(session: PgSession): Promise<boolean> {
    try {
      await session.exec('ROLLBACK');
      return true;
    } catch {
      // The connection broke; the caller discards it and rethrows the original failure.
      return false;
    }
  }
}

function assertPositiveInteger(value: number, name: string): void {
  if (!Number.isInteger(value) || value < 1) {
    throw new EngineError('CONFIG_INVALID', `${name} must be a positive integer`, {
      operation: 'open',
    });
  }
}

async function openPool(url: string, maxConnections: number): Promise<PoolDriver> {
  const { Pool } = await rethrowAs(
    'CONFIG_INVALID',
    'The PostgreSQL store needs the pg package: npm install pg',
    { operation: 'open' },
    async () => (await import('pg')).default,
  );
  const pool = new Pool({ connectionString: url, max: maxConnections });
  pool.on('error', () => {
    // An idle connection failed (the server restarted, say): the pool has already dropped it and
    // the next query opens a new one. Without a listener the event would crash the process.
  });
  return new PoolDriver(pool, true);
}

async function openDriver(options: PostgresStoreOptions): Promise<PgDriver> {
  if ('pglite' in options) return new PgliteDriver(options.pglite);
  if ('pool' in options) return new PoolDriver(options.pool, false);
  if ('url' in options && typeof options.url === 'string' && options.url !== '') {
    const maxConnections = options.maxConnections ?? DEFAULTS.maxConnections;
    assertPositiveInteger(maxConnections, 'maxConnections');
    return openPool(options.url, maxConnections);
  }
  throw new EngineError('CONFIG_INVALID', 'Give the PostgreSQL store a url, a pool or a pglite', {
    operation: 'open',
  });
}

/**
 * Opens a PostgreSQL store: connects, creates the schema and the pgvector extension when missing,
 * and migrates (safe when several processes open the same schema at once). Throws CONFIG_INVALID
 * for bad options (or when `pg` is not installed) and STORE_FAILED when the database cannot be
 * reached, lacks pgvector, or holds a schema newer than this build.
 */
export async function createPostgresStore(options: PostgresStoreOptions): Promise<PostgresStore> {
  const schema = options.schema ?? DEFAULTS.schema;
  const maxAttempts = options.maxAttempts ?? DEFAULTS.maxAttempts;
  assertSchemaName(schema);
  assertPositiveInteger(maxAttempts, 'maxAttempts');
  const driver = await openDriver(options);
  try {
    if (driver.inActiveTurn()) {
      throw new EngineError(
        'CONFLICT',
        'A PGlite store cannot be opened inside a withWriteLock callback on the same instance',
        { operation: 'open' },
      );
    }
    const names = await applyPostgresMigrations(driver, schema);
    return new PostgresStore(driver, names, maxAttempts);
  } catch (error: unknown) {
    await driver.close().catch(() => {
      // The open failure is what the caller needs to see; a failing close adds nothing.
    });
    throw toStoreError('open', error);
  }
}
