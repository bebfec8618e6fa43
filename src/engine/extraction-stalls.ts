import { EngineError } from '../core/index.js';
import type { Job } from '../jobs/index.js';
import { BACKGROUND_QUEUES } from './background-jobs.js';
import type { ExtractionBacklogView } from './state-items-capability.js';
import type { Engine } from './types.js';

/** The after-ingest jobs (item extraction, then vectors) that have not completed. */
export interface ExtractionJobsView {
  /** Jobs that spent their retries: they wait for `retryDead` (the job's last error below). */
  readonly failed: number;
  /** Jobs that failed an attempt and wait for their backoff. */
  readonly retrying: number;
  /** Jobs created or running. */
  readonly queued: number;
  /** Minutes since the oldest unfinished job was created (null when none). */
  readonly oldest_unfinished_minutes: number | null;
  /** The error of the most recently failed (or retrying) job, or null. */
  readonly last_error: string | null;
}

/**
 * Extraction stalls, for the health page and `verity stats --json`: the store's backlog (threads
 * and messages waiting, how long, which are stalled) and the job queue's after-ingest jobs that
 * have not completed (failed, retrying, queued). What a person can act on: a failed job can be
 * retried, a stalled thread extracted with `verity items extract --thread`.
 */
export interface ExtractionStalls extends ExtractionBacklogView {
  /** Null when the job queue cannot be opened (a read-only store); `jobs_error` says why. */
  readonly jobs: ExtractionJobsView | null;
  readonly jobs_error: string | null;
}

const JOB_SCAN = 1000;

function minutesSince(now: number, at: string): number {
  return Math.max(0, Math.floor((now - Date.parse(at)) / 60_000));
}

/** Reads `engine`'s extraction backlog and its after-ingest jobs; records nothing. */
export async function extractionStalls(
  engine: Engine,
  options: { readonly stallAfterMinutes?: number } = {},
): Promise<ExtractionStalls> {
  const backlog = await engine.extractionBacklog(options);
  let jobs: readonly Job[];
  try {
    const queue = await engine.jobs();
    jobs = await queue.listJobs({
      queue: BACKGROUND_QUEUES.afterIngest,
      states: ['created', 'active', 'retry', 'failed'],
      limit: JOB_SCAN,
    });
  } catch (error: unknown) {
    // A store Verity may only read (`verity stats` on a read-only file) cannot open the queue's
    // tables; the backlog is still worth showing, so the jobs part says why it is missing.
    if (!(error instanceof EngineError) || error.code !== 'STORE_FAILED') throw error;
    return { ...backlog, jobs: null, jobs_error: error.message };
  }
  const now = engine.now();
  const unfinished = jobs.filter((job) => job.state !== 'failed');
  const erred = jobs
    .filter((job) => job.lastError !== null)
    .sort((a, b) => (a.completedAt ?? a.runAt).localeCompare(b.completedAt ?? b.runAt));
  const oldest = unfinished.map((job) => job.createdAt).sort()[0];
  return {
    ...backlog,
    jobs: {
      failed: jobs.filter((job) => job.state === 'failed').length,
      retrying: jobs.filter((job) => job.state === 'retry').length,
      queued: jobs.filter((job) => job.state === 'created' || job.state === 'active').length,
      oldest_unfinished_minutes: oldest === undefined ? null : minutesSince(now, oldest),
      last_error: erred.at(-1)?.lastError ?? null,
    },
    jobs_error: null,
  };
}
