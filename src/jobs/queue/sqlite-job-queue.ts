import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { Clock, IdSource, JsonObject } from '../../core/index.js';
import { EngineError, errorCodeOf, toIso, uuidV7 } from '../../core/index.js';
import {
  isJobId,
  MAX_BACKOFF_EXPONENT,
  type ResolvedEnqueueOptions,
  type ResolvedListJobsFilter,
  storeFailed,
} from './job-options.js';
import type { Job, JobHandler, JobState, JobWorker, WorkOptions } from './job-queue.js';
import { PollingJobQueue } from './polling-job-queue.js';
import { applyJobMigrations, readJobSchemaVersion } from './sqlite-job-migrations.js';

/** Options of `createSqliteJobQueue`. */
interface SqliteJobQueueOptions {
  /** The database file, normally the engine's store file; created with its folder if missing. */
  readonly path: string;
  /** Source of "now" for scheduling, backoff and expiry (the system clock). */
  readonly clock?: Clock;
  /** Source of job ids (UUID v7 from `clock` and crypto). */
  readonly ids?: IdSource;
  /**
   * How long one SQLite call may block the thread waiting for another connection's lock before
   * the queue waits asynchronously instead (5). Kept short because the usual holder is the
   * store's writer in this same process, whose transaction spans awaits and so needs this thread
   * to finish.
   */
  readonly busyTimeoutMs?: number;
  /** Completed jobs are deleted this long after completion (7 days). Failed jobs are kept. */
  readonly completedRetentionSeconds?: number;
  /** Receives worker failures that have no caller to throw to (ignored). */
  readonly onError?: (error: EngineError) => void;
  /**
   * Open the existing file for reading only (false): no journal-mode change, no migration, and
   * every write (enqueue, retryDead, work) fails with a read-only STORE_FAILED. For a store this
   * process may not write; a file without job tables reads as holding no jobs.
   */
  readonly readOnly?: boolean;
}

const systemClock: Clock = { now: () => Date.now() };

function noop(): void {}

/** How often, at most, a claim also deletes completed jobs past retention. */
const PURGE_INTERVAL_MS = 3_600_000;

const EXPIRED_MESSAGE = 'job expired while active: its worker stopped or overran expireInSeconds';

/**
 * Columns set when the attempt `attempts` of a job fails at `:now`: back to `retry` after the
 * backoff, or to `failed` once `retry_limit` retries are spent.
 */
const FAIL_ATTEMPT = `
  state = CASE WHEN attempts <= retry_limit THEN 'retry' ELSE 'failed' END,
  run_at = CASE
    WHEN attempts <= retry_limit
      THEN :now + retry_backoff_seconds * 1000 * (1 << MIN(attempts - 1, ${MAX_BACKOFF_EXPONENT}))
    ELSE run_at END,
  completed_at = CASE WHEN attempts <= retry_limit THEN NULL ELSE :now END,
  expires_at = NULL,
  last_error = :message`;

const LIVE_STATES = "('created', 'active', 'retry')";

interface JobRow {
  readonly id: string;
  readonly queue: string;
  readonly payload: string;
  readonly state: JobState;
  readonly priority: number;
  readonly idempotency_key: string | null;
  readonly attempts: number;
  readonly retry_limit: number;
  readonly run_at: number;
  readonly created_at: number;
  readonly started_at: number | null;
  readonly completed_at: number | null;
  readonly last_error: string | null;
}

function fromRow(row: JobRow): Job {
  return {
    id: row.id,
    queue: row.queue,
    payload: JSON.parse(row.payload) as JsonObject,
    state: row.state,
    priority: row.priority,
    idempotencyKey: row.idempotency_key,
    attempts: row.attempts,
    retryLimit: row.retry_limit,
    runAt: toIso(row.run_at),
    createdAt: toIso(row.created_at),
    startedAt: row.started_at === null ? null : toIso(row.started_at),
    completedAt: row.completed_at === null ? null : toIso(row.completed_at),
    lastError: row.last_error,
  };
}

function isBusyError(error: unknown): boolean {
  return error instanceof Error && errorCodeOf(error)?.startsWith('SQLITE_BUSY') === true;
}

/** SQLite could not write: the file, or its folder (for the WAL's `-shm` file), is read-only. */
function isReadOnlyError(error: unknown): boolean {
  return error instanceof Error && errorCodeOf(error)?.startsWith('SQLITE_READONLY') === true;
}

function toQueueError(operation: string, error: unknown): EngineError {
  return storeFailed('SQLite job queue', operation, error);
}

function readOnlyError(operation: string, cause?: unknown): EngineError {
  return new EngineError(
    'STORE_FAILED',
    `The SQLite job queue is read-only (its store has no write permission for this process): ${operation} cannot write. Commands that only read work; give write access to change it.`,
    { operation, readOnly: true },
    cause === undefined ? undefined : { cause },
  );
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Runs `attempt` until it stops failing with SQLITE_BUSY, waiting asynchronously between tries:
 * the store holds its write transaction across awaits, so blocking this thread until it ends
 * could wait for a commit that needs this very thread.
 */
async function retryWhileBusy<T>(attempt: () => T): Promise<T> {
  for (let tries = 0; ; tries += 1) {
    try {
      return attempt();
    } catch (error: unknown) {
      if (!isBusyError(error)) throw error;
    }
    await delay(5 + Math.random() * Math.min(45, 5 * 2 ** Math.min(tries, 4)));
  }
}

/**
 * Durable jobs in the engine's SQLite file, on a connection of their own (WAL). Claims run as one
 * `UPDATE … WHERE id IN (SELECT … LIMIT n) RETURNING` inside `BEGIN IMMEDIATE`, so two processes
 * never claim the same attempt; an attempt is identified by its `attempts` count, so the outcome
 * of an attempt that expired and was claimed again is ignored.
 */
export class SqliteJobQueue extends PollingJobQueue {
  readonly kind = 'sqlite' as const;
  /** The queue's own better-sqlite3 connection, for escape hatches. */
  readonly client: Database.Database;
  readonly #clock: Clock;
  readonly #ids: IdSource;
  readonly #retentionMs: number;
  readonly #readOnly: boolean;
  /**
   * False while a read-only file has no job tables: it holds no jobs. Looked at again on each read
   * until they exist, since a writer beside this reader may create them later.
   */
  #hasTables: boolean;
  readonly #statements = new Map<string, Database.Statement>();
  #lastPurgeMs = Number.NEGATIVE_INFINITY;

  /** @internal Use `createSqliteJobQueue`. */
  constructor(
    client: Database.Database,
    settings: Required<Omit<SqliteJobQueueOptions, 'path'>>,
    hasTables = true,
  ) {
    super(settings.onError);
    this.client = client;
    this.#clock = settings.clock;
    this.#ids = settings.ids;
    this.#retentionMs = settings.completedRetentionSeconds * 1_000;
    this.#readOnly = settings.readOnly;
    this.#hasTables = hasTables;
  }

  /** Whether the job tables exist; once they do, they stay (nothing drops them). */
  #tablesExist(): boolean {
    if (!this.#hasTables) this.#hasTables = readJobSchemaVersion(this.client) !== null;
    return this.#hasTables;
  }

  /** Refuses `work` on a read-only file at once, rather than in every poll of the worker. */
  override work(queue: string, handler: JobHandler, options?: WorkOptions): JobWorker {
    if (this.#readOnly) throw readOnlyError('work');
    return super.work(queue, handler, options);
  }

  /** @internal */
  protected async storeJob(
    queue: string,
    payload: JsonObject,
    resolved: ResolvedEnqueueOptions,
  ): Promise<string> {
    const text = JSON.stringify(payload);
    const id = await this.#write('enqueue', () => {
      const now = this.#clock.now();
      if (resolved.idempotencyKey !== null) {
        const existing = this.#sql(
          `SELECT id FROM jobs WHERE queue = ? AND idempotency_key = ? AND state IN ${LIVE_STATES}`,
        ).get(queue, resolved.idempotencyKey) as { id: string } | undefined;
        if (existing) return existing.id;
      }
      const newId = this.#ids.uuid();
      this.#sql(
        `INSERT INTO jobs (id, queue, payload, state, priority, idempotency_key, retry_limit,
             retry_backoff_seconds, expire_in_seconds, run_at, created_at)
           VALUES (?, ?, ?, 'created', ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        newId,
        queue,
        text,
        resolved.priority,
        resolved.idempotencyKey,
        resolved.retryLimit,
        resolved.retryBackoffSeconds,
        resolved.expireInSeconds,
        resolved.runAtMs ?? now,
        now,
      );
      return newId;
    });
    this.wake(queue);
    return id;
  }

  /** @internal */
  protected async findJob(id: string): Promise<Job | null> {
    if (!this.#tablesExist()) return null;
    const row = this.#read('getJob', () => this.#sql('SELECT * FROM jobs WHERE id = ?').get(id)) as
      | JobRow
      | undefined;
    return row ? fromRow(row) : null;
  }

  /** @internal */
  protected async findJobs({
    queue,
    states,
    limit,
  }: ResolvedListJobsFilter): Promise<readonly Job[]> {
    if (!this.#tablesExist()) return [];
    const rows = this.#read('listJobs', () =>
      this.#sql(
        `SELECT * FROM jobs
           WHERE (:queue IS NULL OR queue = :queue)
             AND state IN (SELECT value FROM json_each(:states))
           ORDER BY created_at, seq LIMIT :limit`,
      ).all({ queue, states: JSON.stringify(states), limit }),
    ) as JobRow[];
    return rows.map(fromRow);
  }

  /** @internal */
  protected retryFailed(id: string): Promise<string> {
    return this.#write('retryDead', () => {
      const row = isJobId(id)
        ? (this.#sql('SELECT state, queue, idempotency_key FROM jobs WHERE id = ?').get(id) as
            | Pick<JobRow, 'state' | 'queue' | 'idempotency_key'>
            | undefined)
        : undefined;
      if (!row)
        throw new EngineError('NOT_FOUND', 'No job has this id', { operation: 'retryDead' });
      if (row.state !== 'failed') {
        throw new EngineError(
          'CONFLICT',
          `Only a failed job can be retried; this one is ${row.state}`,
          {
            operation: 'retryDead',
            state: row.state,
          },
        );
      }
      if (row.idempotency_key !== null) {
        const holder = this.#sql(
          `SELECT id FROM jobs WHERE queue = ? AND idempotency_key = ? AND state IN ${LIVE_STATES}`,
        ).get(row.queue, row.idempotency_key) as { id: string } | undefined;
        if (holder) {
          throw new EngineError('CONFLICT', 'Another unfinished job holds this idempotency key', {
            operation: 'retryDead',
            holder: holder.id,
          });
        }
      }
      this.#sql(
        `UPDATE jobs SET state = 'retry', retry_limit = retry_limit + 1, run_at = ?,
             completed_at = NULL
           WHERE id = ?`,
      ).run(this.#clock.now(), id);
      return row.queue;
    });
  }

  /** @internal */
  protected async closeStorage(): Promise<void> {
    this.client.close();
  }

  /** @internal */
  protected async claimJobs(queue: string, limit: number): Promise<readonly Job[]> {
    const rows = await this.#write('claim', () => {
      const now = this.#clock.now();
      this.#sql(
        `UPDATE jobs SET ${FAIL_ATTEMPT} WHERE state = 'active' AND expires_at <= :now`,
      ).run({ now, message: EXPIRED_MESSAGE });
      if (now - this.#lastPurgeMs >= PURGE_INTERVAL_MS) {
        this.#sql("DELETE FROM jobs WHERE state = 'completed' AND completed_at < ?").run(
          now - this.#retentionMs,
        );
        this.#lastPurgeMs = now;
      }
      return this.#sql(
        `UPDATE jobs SET state = 'active', attempts = attempts + 1, started_at = :now,
             expires_at = :now + expire_in_seconds * 1000
           WHERE id IN (
             SELECT id FROM jobs
             WHERE queue = :queue AND state IN ('created', 'retry') AND run_at <= :now
             ORDER BY priority DESC, created_at, seq
             LIMIT :limit
           )
           RETURNING *`,
      ).all({ now, queue, limit }) as (JobRow & { readonly seq: number })[];
    });
    rows.sort((a, b) => b.priority - a.priority || a.created_at - b.created_at || a.seq - b.seq);
    return rows.map(fromRow);
  }

  /** @internal */
  protected async finishJob(job: Job, message: string | null): Promise<void> {
    if (message === null) await this.#complete(job);
    else await this.#fail(job, message);
  }

  async #complete(job: Job): Promise<void> {
    await this.#write('complete', () =>
      this.#sql(
        `UPDATE jobs SET state = 'completed', completed_at = ?, expires_at = NULL,
             last_error = NULL
           WHERE id = ? AND state = 'active' AND attempts = ?`,
      ).run(this.#clock.now(), job.id, job.attempts),
    );
  }

  async #fail(job: Job, message: string): Promise<void> {
    await this.#write('fail', () =>
      this.#sql(
        `UPDATE jobs SET ${FAIL_ATTEMPT} WHERE id = :id AND state = 'active' AND attempts = :attempts`,
      ).run({ now: this.#clock.now(), message, id: job.id, attempts: job.attempts }),
    );
  }

  #sql(text: string): Database.Statement {
    let statement = this.#statements.get(text);
    if (!statement) {
      statement = this.client.prepare(text);
      this.#statements.set(text, statement);
    }
    return statement;
  }

  #read<T>(operation: string, query: () => T): T {
    try {
      return query();
    } catch (error: unknown) {
      throw toQueueError(operation, error);
    }
  }

  /**
   * Runs `work` as one `BEGIN IMMEDIATE` transaction, waiting out other writers. Workers still
   * draining after `stop()` use it too, so it checks only that the connection is open.
   */
  async #write<T>(operation: string, work: () => T): Promise<T> {
    if (!this.client.open) {
      throw new EngineError('STORE_FAILED', 'The job queue is stopped', { operation });
    }
    if (this.#readOnly) throw readOnlyError(operation);
    try {
      return await retryWhileBusy(() => this.client.transaction(work).immediate());
    } catch (error: unknown) {
      throw toQueueError(operation, error);
    }
  }
}

/**
 * Opens the job tables in the SQLite file at `path` (creating and migrating them when needed)
 * on a new WAL connection. Safe to call from several processes on the same file at once. Throws
 * CONFIG_INVALID for bad options and STORE_FAILED when the file cannot be opened or its job
 * tables are newer than this build.
 */
export async function createSqliteJobQueue(
  options: SqliteJobQueueOptions,
): Promise<SqliteJobQueue> {
  const clock = options.clock ?? systemClock;
  const settings: Required<Omit<SqliteJobQueueOptions, 'path'>> = {
    clock,
    ids: { uuid: () => uuidV7(clock.now(), randomBytes(10)) },
    busyTimeoutMs: 5,
    completedRetentionSeconds: 7 * 86_400,
    onError: noop,
    readOnly: false,
    ...options,
  };
  if (typeof options.path !== 'string' || options.path === '' || options.path === ':memory:') {
    throw new EngineError('CONFIG_INVALID', 'path must name a database file', {
      operation: 'open',
    });
  }
  for (const [field, value] of [
    ['busyTimeoutMs', settings.busyTimeoutMs],
    ['completedRetentionSeconds', settings.completedRetentionSeconds],
  ] as const) {
    if (!Number.isInteger(value) || value < 0) {
      throw new EngineError('CONFIG_INVALID', `${field} must be a non-negative integer`, {
        operation: 'open',
        field,
      });
    }
  }
  if (settings.readOnly) return openReadOnlyQueue(options.path, settings);
  let client: Database.Database | null = null;
  try {
    mkdirSync(dirname(options.path), { recursive: true });
    const db = new Database(options.path, { timeout: settings.busyTimeoutMs });
    client = db;
    const mode = await retryWhileBusy(() => db.pragma('journal_mode = WAL', { simple: true }));
    if (mode !== 'wal') {
      throw new EngineError('STORE_FAILED', `SQLite refused WAL journal mode (${String(mode)})`, {
        operation: 'open',
      });
    }
    db.pragma('synchronous = FULL');
    await retryWhileBusy(() => applyJobMigrations(db, clock.now()));
    return new SqliteJobQueue(db, settings);
  } catch (error: unknown) {
    client?.close();
    throw isReadOnlyError(error) ? readOnlyError('open', error) : toQueueError('open', error);
  }
}

/**
 * Opens an existing file for reading only, writing nothing: the store made the file (and its WAL
 * mode), so only the job tables' version is checked. A WAL file in a folder this process may not
 * write can only be read while its `-shm` file exists; without it the open fails as read-only.
 */
function openReadOnlyQueue(
  path: string,
  settings: Required<Omit<SqliteJobQueueOptions, 'path'>>,
): SqliteJobQueue {
  let db: Database.Database | null = null;
  try {
    db = new Database(path, {
      readonly: true,
      fileMustExist: true,
      timeout: settings.busyTimeoutMs,
    });
    const hasTables = readJobSchemaVersion(db) !== null;
    return new SqliteJobQueue(db, settings, hasTables);
  } catch (error: unknown) {
    db?.close();
    if (error instanceof EngineError) throw error;
    if (!isReadOnlyError(error)) throw toQueueError('open', error);
    throw new EngineError(
      'STORE_FAILED',
      "The SQLite job queue cannot read its tables: the store's folder is read-only for this process and holds no -shm file for the WAL (one appears while a writer has the store open)",
      { operation: 'open', readOnly: true },
      { cause: error },
    );
  }
}
