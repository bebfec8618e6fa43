import { EngineError, type JsonObject } from '../../core/index.js';
import {
  assertPayload,
  assertQueueName,
  isJobId,
  type ResolvedEnqueueOptions,
  type ResolvedListJobsFilter,
  resolveEnqueueOptions,
  resolveListJobsFilter,
} from './job-options.js';
import type {
  EnqueueOptions,
  Job,
  JobHandler,
  JobQueue,
  JobWorker,
  ListJobsFilter,
  WorkOptions,
} from './job-queue.js';
import { JobWorkers } from './polling-job-worker.js';

/**
 * @internal What both queue implementations share, written once: the argument checks, the
 * stopped guard, the polling workers and the stop sequence (workers drain, then storage closes).
 * A subclass supplies how each operation reads and writes its storage.
 */
export abstract class PollingJobQueue implements JobQueue {
  abstract readonly kind: JobQueue['kind'];
  readonly #workers: JobWorkers;
  #stopping: Promise<void> | null = null;

  constructor(onError: (error: EngineError) => void) {
    this.#workers = new JobWorkers(
      {
        claim: (queue, limit) => this.claimJobs(queue, limit),
        complete: (job) => this.finishJob(job, null),
        fail: (job, message) => this.finishJob(job, message),
      },
      onError,
    );
  }

  async enqueue(queue: string, payload: JsonObject, options?: EnqueueOptions): Promise<string> {
    assertQueueName('enqueue', queue);
    assertPayload('enqueue', payload);
    const resolved = resolveEnqueueOptions(options);
    this.assertOpen('enqueue');
    return this.storeJob(queue, payload, resolved);
  }

  work(queue: string, handler: JobHandler, options?: WorkOptions): JobWorker {
    this.assertOpen('work');
    return this.#workers.start(queue, handler, options);
  }

  async getJob(id: string): Promise<Job | null> {
    this.assertOpen('getJob');
    return isJobId(id) ? this.findJob(id) : null;
  }

  async listJobs(filter?: ListJobsFilter): Promise<readonly Job[]> {
    const resolved = resolveListJobsFilter(filter);
    this.assertOpen('listJobs');
    return this.findJobs(resolved);
  }

  async retryDead(id: string): Promise<void> {
    this.assertOpen('retryDead');
    this.wake(await this.retryFailed(id));
  }

  stop(): Promise<void> {
    this.#stopping ??= (async () => {
      await this.#workers.stop();
      await this.closeStorage();
    })();
    return this.#stopping;
  }

  /** @internal Stores a checked job (or finds the live one holding its key); returns its id. */
  protected abstract storeJob(
    queue: string,
    payload: JsonObject,
    options: ResolvedEnqueueOptions,
  ): Promise<string>;

  /** @internal The job with a well-formed `id`, or null. */
  protected abstract findJob(id: string): Promise<Job | null>;

  /** @internal Jobs matching a checked filter, oldest first. */
  protected abstract findJobs(filter: ResolvedListJobsFilter): Promise<readonly Job[]>;

  /** @internal Moves a failed job back to `retry`; returns its queue (see `JobQueue.retryDead`). */
  protected abstract retryFailed(id: string): Promise<string>;

  /** @internal Marks up to `limit` ready jobs of `queue` active (see `JobClaims.claim`). */
  protected abstract claimJobs(queue: string, limit: number): Promise<readonly Job[]>;

  /** @internal Completes (`message` null) or fails the attempt `job` describes, if still active. */
  protected abstract finishJob(job: Job, message: string | null): Promise<void>;

  /** @internal Closes the storage once every worker has drained. */
  protected abstract closeStorage(): Promise<void>;

  /** @internal Makes the workers of `queue` poll now. */
  protected wake(queue: string): void {
    this.#workers.wake(queue);
  }

  /** @internal Throws STORE_FAILED once `stop()` has been called. */
  protected assertOpen(operation: string): void {
    if (this.#stopping !== null) {
      throw new EngineError('STORE_FAILED', 'The job queue is stopped', { operation });
    }
  }
}
