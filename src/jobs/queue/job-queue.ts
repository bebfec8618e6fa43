import type { JsonObject } from '../../core/index.js';

/**
 * The life of a job: `created` → `active` → `completed`, or on a failed attempt `active` →
 * `retry` → `active` → … until the retry limit, then `failed`, the dead-letter state, which keeps
 * the last error and waits for `retryDead`.
 */
export type JobState = 'created' | 'active' | 'completed' | 'retry' | 'failed';

/** Every job state, in lifecycle order. */
export const JOB_STATES: readonly JobState[] = [
  'created',
  'active',
  'completed',
  'retry',
  'failed',
];

/** One job as stored. Timestamps are RFC 3339 UTC strings. */
export interface Job {
  readonly id: string;
  readonly queue: string;
  readonly payload: JsonObject;
  readonly state: JobState;
  /** Higher runs first among ready jobs of one queue. */
  readonly priority: number;
  readonly idempotencyKey: string | null;
  /** Attempts started so far, including a running one (0 until first claimed). */
  readonly attempts: number;
  /** Retries allowed after the first attempt; a job runs at most `retryLimit + 1` times. */
  readonly retryLimit: number;
  /** Not claimed before this instant: the requested `runAt`, or the end of a retry backoff. */
  readonly runAt: string;
  readonly createdAt: string;
  /** When the latest attempt started. */
  readonly startedAt: string | null;
  /** When the job completed or went to `failed`; null while it may still run. */
  readonly completedAt: string | null;
  /**
   * The error message of the latest failed attempt (a handler's throw, or expiry of an attempt
   * whose worker stopped answering). Kept in `retry` and `failed`; cleared on completion.
   */
  readonly lastError: string | null;
}

/** Options of `JobQueue.enqueue`. Every field is optional; defaults are in parentheses. */
export interface EnqueueOptions {
  /**
   * At most one unfinished job per queue and key: while a job with this key is `created`,
   * `active` or `retry`, `enqueue` returns its id and stores nothing. Once it has completed or
   * failed, the key is free again.
   */
  readonly idempotencyKey?: string;
  /** RFC 3339 instant before which the job is not claimed (now). */
  readonly runAt?: string;
  /** Retries after the first attempt, a non-negative integer (2). */
  readonly retryLimit?: number;
  /**
   * Base of the exponential backoff between attempts, in whole seconds (30). Retry n (1-based)
   * waits at least `retryBackoffSeconds × 2^(n−1)` seconds and less than twice that (an
   * implementation may add jitter); 0 retries at once.
   */
  readonly retryBackoffSeconds?: number;
  /** Integer; higher runs first (0). */
  readonly priority?: number;
  /**
   * Visibility timeout, in whole seconds from 1 to 86,399 (900). An attempt still `active` this
   * long after it started counts as failed ("expired") and is retried like a throw, so a job
   * whose worker died is not lost. Handlers must finish well within it.
   */
  readonly expireInSeconds?: number;
}

/** Runs one claimed job. Resolving completes the job; throwing fails this attempt. */
export type JobHandler = (job: Job) => Promise<void>;

/** Options of `JobQueue.work`. */
export interface WorkOptions {
  /** Jobs of this queue this worker runs at once, a positive integer (1). */
  readonly concurrency?: number;
  /**
   * Milliseconds between polls while the queue is idle (1,000). `enqueue` on the same `JobQueue`
   * instance wakes its workers at once; jobs enqueued elsewhere wait for the next poll.
   */
  readonly pollIntervalMs?: number;
}

/** A running worker, as returned by `JobQueue.work`. */
export interface JobWorker {
  readonly queue: string;
  /**
   * Stops claiming jobs, then resolves once every job this worker started has finished and its
   * outcome is stored. Idempotent.
   */
  stop(): Promise<void>;
}

/** Filter of `JobQueue.listJobs`. */
export interface ListJobsFilter {
  readonly queue?: string;
  /** Only jobs in one of these states (all states). */
  readonly states?: readonly JobState[];
  /** At most this many jobs, from 1 to 1,000 (100). */
  readonly limit?: number;
}

/**
 * Durable background jobs in named queues, shared by every process on the same storage. Delivery
 * is at least once: an attempt may run again after its worker died or overran `expireInSeconds`,
 * so handlers must be idempotent. Implementations must pass `registerJobQueueConformance`.
 *
 * Every method throws `EngineError`: `VALIDATION_FAILED` for bad arguments, `STORE_FAILED` when
 * the storage fails or the queue has been stopped, and the codes listed on the method.
 */
export interface JobQueue {
  readonly kind: 'sqlite' | 'postgres';
  /**
   * Stores a job in `queue` and returns its id. Queue names are 1–100 characters of letters,
   * digits, `_`, `.` and `-`, starting with a letter or digit; `payload` is a JSON object. With
   * an `idempotencyKey` matching an unfinished job of the same queue, returns that job's id
   * instead and changes nothing.
   */
  enqueue(queue: string, payload: JsonObject, options?: EnqueueOptions): Promise<string>;
  /**
   * Starts a worker that claims ready jobs of `queue` (highest priority, then oldest first) and
   * runs `handler` on each, up to `concurrency` at a time. A claim is exclusive across processes.
   * A handler that resolves completes its job; one that throws sends it to `retry` with backoff,
   * or to `failed` once its retries are spent. The worker reports storage failures through the
   * queue's `onError` and keeps polling.
   */
  work(queue: string, handler: JobHandler, options?: WorkOptions): JobWorker;
  /** The job with this id, or null when there is none (or it has aged out of retention). */
  getJob(id: string): Promise<Job | null>;
  /** Jobs matching `filter`, oldest first. */
  listJobs(filter?: ListJobsFilter): Promise<readonly Job[]>;
  /**
   * Gives a `failed` job one more attempt, runnable now (`retryLimit` grows by one). Throws
   * `NOT_FOUND` for an unknown id and `CONFLICT` when the job is not `failed`, or when its
   * idempotency key now belongs to another unfinished job.
   */
  retryDead(id: string): Promise<void>;
  /**
   * Stops every worker of this instance gracefully (each drains as `JobWorker.stop` does), then
   * releases the connection. Jobs stay stored. Idempotent.
   */
  stop(): Promise<void>;
}
