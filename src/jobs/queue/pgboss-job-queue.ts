import { randomBytes } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { IdSource, JsonObject } from '../../core/index.js';
import { EngineError, errorCodeOf, rethrowAs, uuidV7 } from '../../core/index.js';
import {
  isJobId,
  type ResolvedEnqueueOptions,
  type ResolvedListJobsFilter,
  storeFailed,
} from './job-options.js';
import type { Job, JobState } from './job-queue.js';
import { PollingJobQueue } from './polling-job-queue.js';

/** Options of `createPgBossJobQueue`. */
interface PgBossJobQueueOptions {
  /** `postgres://…` connection string, normally the PostgreSQL store's database. */
  readonly url: string;
  /** Schema holding pg-boss's tables, created when missing (`verity_jobs`). */
  readonly schema?: string;
  /** Source of job ids (UUID v7 from the system clock and crypto). */
  readonly ids?: IdSource;
  /**
   * Seconds between pg-boss maintenance runs, which move attempts past `expireInSeconds` to
   * `retry` and archive old jobs (120, pg-boss's default). Expiry is noticed this late at worst.
   */
  readonly maintenanceIntervalSeconds?: number;
  /** Connections in pg-boss's pool (10). */
  readonly maxConnections?: number;
  /** Receives worker and pool failures that have no caller to throw to (ignored). */
  readonly onError?: (error: EngineError) => void;
}

const DEFAULT_SCHEMA = 'verity_jobs';
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,49}$/;
/** Dead jobs stay in pg-boss's live table, and so stay retryable, this long. */
const FAILED_RETENTION_SECONDS = 30 * 86_400;
/** PostgreSQL's unique_violation, raised here by the idempotency index. */
const UNIQUE_VIOLATION = '23505';

function noop(): void {}

/**
 * Serialises this adapter's DDL on one schema across sessions until the end of the (implicit)
 * transaction: a statement list sent without parameters runs as one transaction.
 */
function ddlLock(schema: string): string {
  return `SELECT pg_advisory_xact_lock(hashtext('verity.jobs.ddl.${schema}'))`;
}

function toQueueError(operation: string, error: unknown): EngineError {
  return storeFailed('pg-boss job queue', operation, error);
}

function isUniqueViolation(error: unknown): boolean {
  return errorCodeOf(error) === UNIQUE_VIOLATION;
}

/** Columns of pg-boss's `job` and `archive` tables, named as `fetch({ includeMetadata })` names them. */
const JOB_COLUMNS = `id, name, data, state::text AS state, priority,
  singleton_key AS "singletonKey", retry_count AS "retryCount", retry_limit AS "retryLimit",
  start_after AS "startAfter", started_on AS "startedOn", created_on AS "createdOn",
  completed_on AS "completedOn", output`;

/** The fields of a pg-boss job row this adapter reads. */
interface BossJobRow {
  readonly id: string;
  readonly name: string;
  readonly data: unknown;
  readonly state: string;
  readonly priority: number;
  readonly singletonKey: string | null;
  readonly retryCount: number;
  readonly retryLimit: number;
  readonly startAfter: Date;
  readonly startedOn: Date | null;
  readonly createdOn: Date;
  readonly completedOn: Date | null;
  readonly output: unknown;
}

/**
 * pg-boss states onto the contract's: the same names, except `cancelled` (which this adapter
 * never produces) reads as `failed`.
 */
function toJobState(state: string): JobState {
  switch (state) {
    case 'created':
    case 'retry':
    case 'active':
    case 'completed':
    case 'failed':
      return state;
    default:
      return 'failed';
  }
}

function messageOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  if ('message' in value && typeof value.message === 'string') return value.message;
  // pg-boss's expiry stores its reason as { value: { message } }.
  return 'value' in value ? messageOf(value.value) : null;
}

function fromBossRow(row: BossJobRow): Job {
  const state = toJobState(row.state);
  const payload =
    typeof row.data === 'object' && row.data !== null && !Array.isArray(row.data)
      ? (row.data as JsonObject)
      : {};
  return {
    id: row.id,
    queue: row.name,
    payload,
    state,
    priority: row.priority,
    idempotencyKey: row.singletonKey,
    // pg-boss counts retries, bumped when a job that has started before is fetched again.
    attempts: row.startedOn === null ? 0 : row.retryCount + 1,
    retryLimit: row.retryLimit,
    runAt: row.startAfter.toISOString(),
    createdAt: row.createdOn.toISOString(),
    startedAt: row.startedOn?.toISOString() ?? null,
    completedAt:
      state === 'completed' || state === 'failed' ? (row.completedOn?.toISOString() ?? null) : null,
    lastError: state === 'completed' ? null : messageOf(row.output),
  };
}

/**
 * Durable jobs on PostgreSQL through pg-boss 10, in their own schema of the store's database.
 *
 * The contract maps onto pg-boss as follows. A contract queue is a pg-boss queue (`standard`
 * policy, created on first use). `idempotencyKey` is pg-boss's `singletonKey`, made unique among
 * unfinished jobs (`created`, `retry`, `active`) by a partial unique index this adapter adds to
 * pg-boss's `job` table, since no pg-boss policy has exactly that scope; `send` then returns null
 * on a duplicate and the existing id is looked up. `retryLimit` is `retryLimit`;
 * `retryBackoffSeconds` is `retryDelay` with `retryBackoff: true` (pg-boss's jittered exponential
 * backoff), or an immediate retry when 0. The dead-letter state is pg-boss's own `failed` state
 * (no dead-letter queue), which keeps the job's id, its data and its error in `output`;
 * `retryDead` resets it to `retry` with one more allowed retry. Expiry is pg-boss's: maintenance
 * fails attempts that outlived `expireInSeconds`, which counts as a failed attempt. Claims use
 * pg-boss's `fetch` (`FOR UPDATE SKIP LOCKED`); the polling loop is this package's own, so
 * `pollIntervalMs` and `concurrency` mean the same as on SQLite.
 */
export class PgBossJobQueue extends PollingJobQueue {
  readonly kind = 'postgres' as const;
  /** The pg-boss instance, for escape hatches. */
  readonly client: PgBoss;
  /** The schema holding the job tables. */
  readonly schema: string;
  readonly #ids: IdSource;
  readonly #queues = new Map<string, Promise<void>>();

  /** @internal Use `createPgBossJobQueue`. */
  constructor(
    client: PgBoss,
    settings: { schema: string; ids: IdSource; onError: (error: EngineError) => void },
  ) {
    super(settings.onError);
    this.client = client;
    this.schema = settings.schema;
    this.#ids = settings.ids;
  }

  /** @internal */
  protected async storeJob(
    queue: string,
    payload: JsonObject,
    resolved: ResolvedEnqueueOptions,
  ): Promise<string> {
    const send: PgBoss.SendOptions = {
      priority: resolved.priority,
      retryLimit: resolved.retryLimit,
      retryDelay: resolved.retryBackoffSeconds,
      retryBackoff: resolved.retryBackoffSeconds > 0,
      expireInSeconds: resolved.expireInSeconds,
      ...(resolved.idempotencyKey === null ? {} : { singletonKey: resolved.idempotencyKey }),
      ...(resolved.runAtMs === null ? {} : { startAfter: new Date(resolved.runAtMs) }),
    };
    try {
      await this.#ensureQueue(queue);
      // A duplicate key makes `send` return null; the holder may finish before we look it up,
      // in which case the key is free again and the next send succeeds.
      for (let round = 0; round < 5; round += 1) {
        const id = await this.client.send(queue, payload, { ...send, id: this.#ids.uuid() });
        if (id !== null) {
          this.wake(queue);
          return id;
        }
        if (resolved.idempotencyKey === null) {
          throw new EngineError('STORE_FAILED', 'pg-boss stored no job', { operation: 'enqueue' });
        }
        const { rows } = await this.#sql(
          `SELECT id FROM ${this.schema}.job
           WHERE name = $1 AND singleton_key = $2 AND state < 'completed' LIMIT 1`,
          [queue, resolved.idempotencyKey],
        );
        const existing = rows[0] as { id: string } | undefined;
        if (existing) return existing.id;
      }
      throw new EngineError('CONFLICT', 'The idempotency key kept changing hands; try again', {
        operation: 'enqueue',
      });
    } catch (error: unknown) {
      throw toQueueError('enqueue', error);
    }
  }

  /** @internal */
  protected async findJob(id: string): Promise<Job | null> {
    try {
      const { rows } = await this.#sql(
        `SELECT ${JOB_COLUMNS} FROM ${this.schema}.job WHERE id = $1
         UNION ALL
         SELECT ${JOB_COLUMNS} FROM ${this.schema}.archive WHERE id = $1
         LIMIT 1`,
        [id],
      );
      const row = rows[0] as BossJobRow | undefined;
      return row ? fromBossRow(row) : null;
    } catch (error: unknown) {
      throw toQueueError('getJob', error);
    }
  }

  /** @internal */
  protected async findJobs({
    queue,
    states,
    limit,
  }: ResolvedListJobsFilter): Promise<readonly Job[]> {
    const bossStates = states.includes('failed') ? [...states, 'cancelled'] : [...states];
    const where = 'WHERE ($1::text IS NULL OR name = $1) AND state::text = ANY($2::text[])';
    try {
      const { rows } = await this.#sql(
        `SELECT * FROM (
           SELECT ${JOB_COLUMNS} FROM ${this.schema}.job ${where}
           UNION ALL
           SELECT ${JOB_COLUMNS} FROM ${this.schema}.archive ${where}
         ) AS jobs
         ORDER BY "createdOn", id LIMIT $3`,
        [queue, bossStates, limit],
      );
      return (rows as BossJobRow[]).map(fromBossRow);
    } catch (error: unknown) {
      throw toQueueError('listJobs', error);
    }
  }

  /** @internal */
  protected async retryFailed(id: string): Promise<string> {
    const notFound = new EngineError('NOT_FOUND', 'No job has this id', {
      operation: 'retryDead',
    });
    if (!isJobId(id)) throw notFound;
    let queue: string;
    try {
      const found = await this.#sql(
        `SELECT name, state::text AS state FROM ${this.schema}.job WHERE id = $1`,
        [id],
      );
      const row = found.rows[0] as { name: string; state: string } | undefined;
      if (!row) {
        const archived = await this.#sql(`SELECT 1 FROM ${this.schema}.archive WHERE id = $1`, [
          id,
        ]);
        if (archived.rows.length === 0) throw notFound;
        throw new EngineError('CONFLICT', 'This job has been archived and cannot be retried', {
          operation: 'retryDead',
        });
      }
      queue = row.name;
      // pg-boss's own retry() keeps the old start_after and keep_until, so a job dead for longer
      // than its retention would be archived before it ran again.
      const updated = await this.#sql(
        `UPDATE ${this.schema}.job SET state = 'retry', retry_limit = retry_limit + 1,
           start_after = now(), completed_on = NULL,
           keep_until = GREATEST(keep_until, now() + interval '14 days')
         WHERE name = $1 AND id = $2 AND state = 'failed'
         RETURNING id`,
        [queue, id],
      );
      if (updated.rows.length === 0) {
        throw new EngineError(
          'CONFLICT',
          `Only a failed job can be retried; this one is ${toJobState(row.state)}`,
          { operation: 'retryDead', state: toJobState(row.state) },
        );
      }
    } catch (error: unknown) {
      if (isUniqueViolation(error)) {
        throw new EngineError(
          'CONFLICT',
          'Another unfinished job holds this idempotency key',
          { operation: 'retryDead' },
          { cause: error },
        );
      }
      throw toQueueError('retryDead', error);
    }
    return queue;
  }

  /** @internal */
  protected async closeStorage(): Promise<void> {
    try {
      await this.client.stop({ graceful: true, close: true, wait: true });
    } catch (error: unknown) {
      throw toQueueError('stop', error);
    }
  }

  /** @internal */
  protected async claimJobs(queue: string, limit: number): Promise<readonly Job[]> {
    const jobs = await this.client.fetch<JsonObject>(queue, {
      batchSize: limit,
      includeMetadata: true,
    });
    return jobs.map((job) => fromBossRow(job));
  }

  /**
   * Completes (`message` null) or fails the attempt `job` describes, unless that attempt is no
   * longer the active one: after it expired and another worker claimed the job, its outcome is
   * dropped. The check and the pg-boss call are two statements, so a re-claim landing exactly
   * between them can still be overwritten; delivery stays at least once either way.
   */
  /** @internal */
  protected async finishJob(job: Job, message: string | null): Promise<void> {
    const current = await this.#sql(
      `SELECT 1 FROM ${this.schema}.job
       WHERE name = $1 AND id = $2 AND state = 'active' AND retry_count = $3`,
      [job.queue, job.id, job.attempts - 1],
    );
    if (current.rows.length === 0) return;
    if (message === null) await this.client.complete(job.queue, job.id);
    else await this.client.fail(job.queue, job.id, { message });
  }

  /**
   * Creates the pg-boss queue on first use. pg-boss's `createQueue` deadlocks when two sessions
   * create queues at once (it inserts the queue row, then adds a partition with foreign keys to
   * that table), so this calls pg-boss's `create_queue` function under the adapter's DDL lock.
   * The queue name is inlined: `assertQueueName` admits only letters, digits, `_`, `.` and `-`.
   */
  #ensureQueue(queue: string): Promise<void> {
    let created = this.#queues.get(queue);
    if (!created) {
      created = this.#sql(
        `${ddlLock(this.schema)};
         SELECT ${this.schema}.create_queue('${queue}', '{"policy":"standard"}'::json)`,
        [],
      ).then(() => undefined);
      // A failed creation is retried by the next enqueue rather than cached.
      created.catch(() => this.#queues.delete(queue));
      this.#queues.set(queue, created);
    }
    return created;
  }

  #sql(text: string, values: unknown[]): Promise<{ rows: unknown[] }> {
    return this.client.getDb().executeSql(text, values);
  }
}

/**
 * Connects pg-boss to `url`, creating or migrating its tables in `schema`, and adds the
 * idempotency index. pg-boss is an optional peer dependency, loaded only here. Safe to call from
 * several processes at once. Throws CONFIG_INVALID for bad options or a missing pg-boss, and
 * STORE_FAILED when the database cannot be reached.
 */
export async function createPgBossJobQueue(
  options: PgBossJobQueueOptions,
): Promise<PgBossJobQueue> {
  const schema = options.schema ?? DEFAULT_SCHEMA;
  if (typeof options.url !== 'string' || options.url === '') {
    throw new EngineError('CONFIG_INVALID', 'url must be a postgres:// connection string', {
      operation: 'open',
    });
  }
  if (!SCHEMA_NAME.test(schema)) {
    throw new EngineError(
      'CONFIG_INVALID',
      'schema must be 1-50 lowercase letters, digits or "_", not starting with a digit',
      { operation: 'open' },
    );
  }
  const PgBossClass: typeof PgBoss = await rethrowAs(
    'CONFIG_INVALID',
    'PostgreSQL jobs need the pg-boss package: npm install pg-boss@10',
    { operation: 'open' },
    async () => (await import('pg-boss')).default,
  );
  const onError = options.onError ?? noop;
  const boss = new PgBossClass({
    connectionString: options.url,
    schema,
    application_name: 'verity-jobs',
    schedule: false,
    supervise: true,
    archiveFailedAfterSeconds: FAILED_RETENTION_SECONDS,
    ...(options.maintenanceIntervalSeconds === undefined
      ? {}
      : { maintenanceIntervalSeconds: options.maintenanceIntervalSeconds }),
    ...(options.maxConnections === undefined ? {} : { max: options.maxConnections }),
  });
  boss.on('error', (error: Error) => onError(toQueueError('background', error)));
  try {
    await boss.start();
    // One statement list is one implicit transaction: the advisory lock serialises concurrent
    // openers and is released (or the whole thing rolled back) when it ends.
    await boss.getDb().executeSql(
      `SELECT pg_advisory_xact_lock(hashtext('verity.jobs.idempotency.${schema}'));
         CREATE UNIQUE INDEX IF NOT EXISTS job_verity_idempotency_key
           ON ${schema}.job (name, singleton_key)
           WHERE singleton_key IS NOT NULL AND state < 'completed'`,
      [],
    );
  } catch (error: unknown) {
    // The open failure is what the caller needs to see; a failing stop on top of it adds nothing.
    await boss.stop({ graceful: false, close: true }).catch(noop);
    throw toQueueError('open', error);
  }
  const ids: IdSource = options.ids ?? { uuid: () => uuidV7(Date.now(), randomBytes(10)) };
  return new PgBossJobQueue(boss, { schema, ids, onError });
}
