import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import type { WriteTurn } from '../index.js';
import { toStoreError } from './postgres-errors.js';
import { ALL_RESOURCE, LocalLockTable } from './postgres-locks.js';

/** What a query returns: its rows. */
export interface QueryResult {
  readonly rows: readonly unknown[];
}

/** A statement node-postgres prepares once per connection under `name` and reuses. */
export interface NamedQuery {
  readonly name: string;
  readonly text: string;
  readonly values: unknown[];
}

/**
 * The part of a node-postgres `PoolClient` the store uses; `pg.PoolClient` satisfies it.
 */
export interface PostgresPoolClient {
  query(text: string, values?: unknown[]): Promise<QueryResult>;
  query(config: NamedQuery): Promise<QueryResult>;
  release(error?: Error | boolean): void;
}

/** The part of a node-postgres `Pool` the store uses; `pg.Pool` satisfies it. */
export interface PostgresPool {
  connect(): Promise<PostgresPoolClient>;
  query(text: string, values?: unknown[]): Promise<QueryResult>;
  query(config: NamedQuery): Promise<QueryResult>;
  end(): Promise<void>;
  readonly options?: { readonly max?: number };
}

/** The part of a PGlite instance the store uses; `PGlite` satisfies it. */
export interface PgliteDatabase {
  query(text: string, params?: unknown[]): Promise<QueryResult>;
  exec(text: string): Promise<unknown>;
}

/** One PostgreSQL session as the store's SQL sees it. */
export interface PgSession {
  /** Runs one statement with `$n` parameters and returns its rows. */
  query<R>(text: string, params?: readonly unknown[]): Promise<R[]>;
  /** Runs several statements without parameters in one round trip. */
  exec(text: string): Promise<void>;
  /** True inside an explicit transaction (so `set_config(..., true)` lasts until its end). */
  inTransaction: boolean;
}

/**
 * The difference between a node-postgres pool and PGlite, behind one small interface. A pool runs
 * write transactions in parallel on their own connections; PGlite has one session, so its writers
 * are queued in process and its reads wait for the running writer (see `PgliteDriver`).
 */
export interface PgDriver {
  /** True when write transactions may run at the same time (a pool). */
  readonly parallel: boolean;
  /** In-process locks writers take before touching the database. */
  readonly locks: LocalLockTable;
  /** The raw client, for escape hatches. */
  readonly client: PostgresPool | PgliteDatabase;
  /**
   * Runs `fn` with a session for reads outside write transactions. With `snapshot`, every
   * statement of `fn` sees the same committed state.
   */
  read<T>(snapshot: boolean, fn: (session: PgSession) => Promise<T>): Promise<T>;
  /** Runs `fn` on a session reserved for one write transaction, which `fn` begins and ends. */
  write<T>(fn: (session: PgSession, release: (broken: boolean) => void) => Promise<T>): Promise<T>;
  /** Runs `fn` as the given write turn (PGlite tracks it to let nested reads through). */
  inTurn<T>(turn: WriteTurn, fn: () => Promise<T>): Promise<T>;
  /** True when called from inside an active write callback on the same database session(s). */
  inActiveTurn(): boolean;
  close(): Promise<void>;
}

/** A pooled connection or the pool itself as a `PgSession`. */
class PoolSession implements PgSession {
  readonly #target: PostgresPool | PostgresPoolClient;
  inTransaction = false;

  constructor(target: PostgresPool | PostgresPoolClient) {
    this.#target = target;
  }

  async query<R>(text: string, params: readonly unknown[] = []): Promise<R[]> {
    // Statements with parameters are prepared once per connection (parse and plan skipped on
    // reuse); the store's SQL texts are a fixed set per schema, so the cache stays small.
    const result =
      params.length === 0
        ? await this.#target.query(text, [])
        : await this.#target.query({ name: statementName(text), text, values: [...params] });
    return result.rows as R[];
  }

  async exec(text: string): Promise<void> {
    await this.#target.query(text);
  }
}

const statementNames = new Map<string, string>();

/** A stable prepared-statement name for a SQL text (a hash: names are limited to 63 bytes). */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `verity_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    if (statementNames.size < 10_000) statementNames.set(text, name);
  }
  return name;
}

/**
 * Runs `fn` on `session` between `begin` and COMMIT, rolling back (and rethrowing) when it
 * throws; `onBroken` runs when the rollback fails too, the connection then being unusable.
 */
export async function inTransaction<T>(
  session: PgSession,
  begin: string,
  fn: (session: PgSession) => Promise<T>,
  onBroken: () => void,
): Promise<T> {
  await session.exec(begin);
  session.inTransaction = true;
  try {
    const result = await fn(session);
    await session.exec('COMMIT');
    return result;
  } catch (error: unknown) {
    await session.exec('ROLLBACK').catch(onBroken);
    throw error;
  } finally {
    session.inTransaction = false;
  }
}

/** A node-postgres pool: every write transaction on its own connection, in parallel. */
export class PoolDriver implements PgDriver {
  readonly parallel = true;
  readonly locks = new LocalLockTable();
  readonly client: PostgresPool;
  readonly #autocommit: PoolSession;
  readonly #ownsPool: boolean;

  constructor(pool: PostgresPool, ownsPool: boolean) {
    this.client = pool;
    this.#autocommit = new PoolSession(pool);
    this.#ownsPool = ownsPool;
  }

  async read<T>(snapshot: boolean, fn: (session: PgSession) => Promise<T>): Promise<T> {
    if (!snapshot) return fn(this.#autocommit);
    const client = await this.client.connect();
    const session = new PoolSession(client);
    let broken = false;
    try {
      return await inTransaction(
        session,
        'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY',
        fn,
        () => {
          // The connection is unusable; it is destroyed below instead of going back to the pool.
          broken = true;
        },
      );
    } finally {
      client.release(broken);
    }
  }

  async write<T>(
    fn: (session: PgSession, release: (broken: boolean) => void) => Promise<T>,
  ): Promise<T> {
    let client: PostgresPoolClient;
    try {
      client = await this.client.connect();
    } catch (error: unknown) {
      throw toStoreError('connect', error);
    }
    const session = new PoolSession(client);
    let released = false;
    const release = (broken: boolean): void => {
      if (released) return;
      released = true;
      client.release(broken);
    };
    try {
      return await fn(session, release);
    } finally {
      release(false);
    }
  }

  inTurn<T>(_turn: WriteTurn, fn: () => Promise<T>): Promise<T> {
    return fn();
  }

  inActiveTurn(): boolean {
    return false;
  }

  async close(): Promise<void> {
    if (this.#ownsPool) await this.client.end();
  }
}

/** PGlite's only session. */
class PgliteSession implements PgSession {
  readonly #db: PgliteDatabase;
  inTransaction = false;

  constructor(db: PgliteDatabase) {
    this.#db = db;
  }

  async query<R>(text: string, params: readonly unknown[] = []): Promise<R[]> {
    const result = await this.#db.query(text, [...params]);
    return result.rows as R[];
  }

  async exec(text: string): Promise<void> {
    await this.#db.exec(text);
  }
}

/** What every store on one PGlite instance shares: the session, its queue and its turns. */
interface PgliteShared {
  readonly session: PgliteSession;
  readonly locks: LocalLockTable;
  readonly turns: AsyncLocalStorage<WriteTurn>;
}

const pgliteInstances = new WeakMap<PgliteDatabase, PgliteShared>();

function sharedFor(db: PgliteDatabase): PgliteShared {
  let shared = pgliteInstances.get(db);
  if (shared === undefined) {
    shared = {
      session: new PgliteSession(db),
      locks: new LocalLockTable(),
      turns: new AsyncLocalStorage<WriteTurn>(),
    };
    pgliteInstances.set(db, shared);
  }
  return shared;
}

/**
 * PGlite: one session for every store opened on the instance (whatever their schemas). Writers take
 * the instance's lock exclusively, so one transaction runs at a time. Reads take it shared, so they
 * wait for a running transaction instead of seeing its uncommitted rows; a read made from inside a
 * write callback (on any store of the instance) runs at once, inside that transaction.
 */
export class PgliteDriver implements PgDriver {
  readonly parallel = false;
  readonly locks: LocalLockTable;
  readonly client: PgliteDatabase;
  readonly #shared: PgliteShared;

  constructor(db: PgliteDatabase) {
    this.client = db;
    this.#shared = sharedFor(db);
    this.locks = this.#shared.locks;
  }

  async read<T>(_snapshot: boolean, fn: (session: PgSession) => Promise<T>): Promise<T> {
    if (this.inActiveTurn()) return fn(this.#shared.session);
    const release = await this.locks.acquire([{ resource: ALL_RESOURCE, mode: 'shared' }]);
    try {
      return await fn(this.#shared.session);
    } finally {
      release();
    }
  }

  write<T>(fn: (session: PgSession, release: (broken: boolean) => void) => Promise<T>): Promise<T> {
    return fn(this.#shared.session, () => {});
  }

  inTurn<T>(turn: WriteTurn, fn: () => Promise<T>): Promise<T> {
    return this.#shared.turns.run(turn, fn);
  }

  inActiveTurn(): boolean {
    return this.#shared.turns.getStore()?.active === true;
  }

  async close(): Promise<void> {
    // The instance belongs to the caller, who may have other stores open on it.
  }
}
