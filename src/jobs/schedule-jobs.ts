import { Cron } from 'croner';
import type { JsonObject } from '../core/index.js';
import type { JobHandler, JobQueue, JobWorker } from './queue/job-queue.js';

/** One recurring job: a cron pattern (UTC), the durable queue its runs go through, the handler. */
interface ScheduledJob {
  readonly queue: string;
  /** Five-field cron pattern, read in UTC (`*\/30 8-22 * * *`). */
  readonly pattern: string;
  readonly handler: JobHandler;
}

/** Running schedules and their workers. */
export interface JobSchedule {
  /** Stops the timers, then the workers (waiting for running jobs). Idempotent. */
  stop(): Promise<void>;
}

/** Options of `scheduleJobs`. */
interface ScheduleJobsOptions {
  readonly queue: JobQueue;
  readonly jobs: readonly ScheduledJob[];
  /** Called when enqueueing a run fails (the schedule keeps going). */
  readonly onError?: (error: unknown) => void;
}

/** The cron pattern of a run every `everyMinutes` minutes within UTC hours `[first, last]`. */
export function withinHours(everyMinutes: number, first: number, last: number): string {
  return `*/${everyMinutes} ${first}-${last} * * *`;
}

/** The instants `pattern` fires at in `(from, until]`, in order (UTC). */
export function runsBetween(pattern: string, from: Date, until: Date): Date[] {
  const cron = new Cron(pattern, { timezone: 'Etc/UTC', paused: true });
  const out: Date[] = [];
  let cursor: Date | null = from;
  while (cursor !== null) {
    cursor = cron.nextRun(cursor);
    if (cursor === null || cursor > until) break;
    out.push(cursor);
  }
  cron.stop();
  return out;
}

/**
 * Runs recurring jobs through the durable queue: at each tick a job is enqueued under an
 * idempotency key naming its slot (`<queue>@<instant>`), so processes sharing the storage enqueue
 * a slot once while it is unfinished, and a run survives a restart of the process that enqueued
 * it. A worker per queue runs the handler (which must be idempotent: delivery is at least once).
 */
export function scheduleJobs(options: ScheduleJobsOptions): JobSchedule {
  const timers: Cron[] = [];
  const workers: JobWorker[] = [];
  for (const job of options.jobs) {
    workers.push(options.queue.work(job.queue, job.handler));
    timers.push(
      new Cron(job.pattern, { timezone: 'Etc/UTC' }, (self: Cron) => {
        const slot = (self.currentRun() ?? new Date()).toISOString();
        const payload: JsonObject = { slot };
        options.queue
          .enqueue(job.queue, payload, { idempotencyKey: `${job.queue}@${slot}` })
          .catch((error: unknown) => options.onError?.(error));
      }),
    );
  }
  let stopped: Promise<void> | null = null;
  return {
    stop() {
      stopped ??= (async () => {
        for (const timer of timers) timer.stop();
        await Promise.all(workers.map((w) => w.stop()));
      })();
      return stopped;
    },
  };
}
