import type { EngineError } from '../../core/index.js';
import { assertQueueName, errorMessage, resolveWorkOptions, storeFailed } from './job-options.js';
import type { Job, JobHandler, JobWorker, WorkOptions } from './job-queue.js';

/** @internal What a `PollingJobWorker` needs from its queue implementation. */
export interface JobClaims {
  /** Atomically marks up to `limit` ready jobs of `queue` active for this worker. */
  claim(queue: string, limit: number): Promise<readonly Job[]>;
  /** Records success of the attempt `job` describes; a no-op if that attempt is no longer active. */
  complete(job: Job): Promise<void>;
  /** Records failure of the attempt `job` describes; a no-op if it is no longer active. */
  fail(job: Job, message: string): Promise<void>;
}

/** @internal Settings of one `PollingJobWorker`. */
export interface PollingJobWorkerOptions {
  readonly queue: string;
  readonly handler: JobHandler;
  readonly concurrency: number;
  readonly pollIntervalMs: number;
  readonly claims: JobClaims;
  readonly onError: (error: EngineError) => void;
  /** Called once the worker has stopped and drained. */
  readonly onStopped: (worker: PollingJobWorker) => void;
}

function toEngineError(operation: string, error: unknown): EngineError {
  return storeFailed('Job worker', operation, error);
}

/**
 * @internal The worker loop both implementations share: claim as many jobs as there are free
 * slots, run each handler without waiting for the others, record the outcome, and sleep for the
 * poll interval only when nothing was ready. `wake()` cuts the sleep short.
 */
export class PollingJobWorker implements JobWorker {
  readonly queue: string;
  readonly #options: PollingJobWorkerOptions;
  readonly #inFlight = new Set<Promise<void>>();
  #running = true;
  /** A wake-up that arrived while the loop was not sleeping; the next sleep returns at once. */
  #woken = false;
  #interruptSleep: (() => void) | null = null;
  readonly #loop: Promise<void>;
  #stopping: Promise<void> | null = null;

  constructor(options: PollingJobWorkerOptions) {
    this.queue = options.queue;
    this.#options = options;
    this.#loop = this.#run();
  }

  /** Makes the loop poll now instead of after the rest of its interval. */
  wake(): void {
    this.#woken = true;
    this.#interruptSleep?.();
  }

  stop(): Promise<void> {
    this.#stopping ??= this.#drain();
    return this.#stopping;
  }

  async #drain(): Promise<void> {
    this.#running = false;
    this.wake();
    await this.#loop;
    while (this.#inFlight.size > 0) await Promise.all(this.#inFlight);
    this.#options.onStopped(this);
  }

  async #run(): Promise<void> {
    const { queue, concurrency, pollIntervalMs, claims, onError } = this.#options;
    while (this.#running) {
      this.#woken = false;
      const free = concurrency - this.#inFlight.size;
      if (free > 0) {
        let claimed: readonly Job[] = [];
        try {
          claimed = await claims.claim(queue, free);
        } catch (error: unknown) {
          onError(toEngineError('claim', error));
        }
        // Claimed jobs run even when stop() arrived meanwhile: they are ours until recorded.
        for (const job of claimed) this.#start(job);
        if (claimed.length === free) continue;
      }
      if (this.#running) await this.#sleep(pollIntervalMs);
    }
  }

  #sleep(ms: number): Promise<void> {
    // Even a woken loop yields to the event loop, so a backlog of quick jobs cannot starve I/O.
    if (this.#woken) return new Promise((resolve) => setImmediate(resolve));
    return new Promise((resolve) => {
      const finish = (): void => {
        clearTimeout(timer);
        this.#interruptSleep = null;
        resolve();
      };
      const timer = setTimeout(finish, ms);
      this.#interruptSleep = finish;
    });
  }

  #start(job: Job): void {
    const { handler, claims, onError } = this.#options;
    const run = (async () => {
      let failure: string | null = null;
      try {
        await handler(job);
      } catch (error: unknown) {
        failure = errorMessage(error);
      }
      try {
        if (failure === null) await claims.complete(job);
        else await claims.fail(job, failure);
      } catch (error: unknown) {
        // The attempt stays active in storage and is retried once it expires.
        onError(toEngineError(failure === null ? 'complete' : 'fail', error));
      }
    })().finally(() => {
      this.#inFlight.delete(run);
      this.wake();
    });
    this.#inFlight.add(run);
  }
}

/**
 * @internal The running workers of one queue instance, which both implementations share: `start`
 * is `JobQueue.work` (it validates the queue name and options), `wake` cuts the idle sleep of a
 * queue's workers after an enqueue, and `stop` drains them all.
 */
export class JobWorkers {
  readonly #claims: JobClaims;
  readonly #onError: (error: EngineError) => void;
  readonly #running = new Set<PollingJobWorker>();

  constructor(claims: JobClaims, onError: (error: EngineError) => void) {
    this.#claims = claims;
    this.#onError = onError;
  }

  start(queue: string, handler: JobHandler, options: WorkOptions | undefined): JobWorker {
    assertQueueName('work', queue);
    const { concurrency, pollIntervalMs } = resolveWorkOptions(options);
    const worker = new PollingJobWorker({
      queue,
      handler,
      concurrency,
      pollIntervalMs,
      claims: this.#claims,
      onError: this.#onError,
      onStopped: (stopped) => this.#running.delete(stopped),
    });
    this.#running.add(worker);
    return worker;
  }

  wake(queue: string): void {
    for (const worker of this.#running) if (worker.queue === queue) worker.wake();
  }

  async stop(): Promise<void> {
    await Promise.all([...this.#running].map((worker) => worker.stop()));
  }
}
