// The durable observer and daily jobs.
import { toIso } from '../../core/index.js';
import type { Job, JobWorker } from '../../jobs/index.js';
import { analyzeFriction } from './friction.js';
import { observe } from './observe.js';
import { expireAndReview } from './proposals.js';
import { reflect } from './reflect.js';
import { applyRetention } from './retention.js';
import { DAILY_HOUR, DAY_MS, type ObserverRuntime } from './runtime.js';
import type { DailyReport } from './types.js';
import { DAILY_QUEUE, OBSERVE_QUEUE } from './types.js';

/** Queues the daily job for the next 06:00 UTC (idempotent per day). */
export async function scheduleDaily(rt: ObserverRuntime): Promise<string> {
  const now = rt.clock.now();
  const today = Date.UTC(
    new Date(now).getUTCFullYear(),
    new Date(now).getUTCMonth(),
    new Date(now).getUTCDate(),
    DAILY_HOUR,
  );
  const next = today > now ? today : today + DAY_MS;
  const day = toIso(next).slice(0, 10);
  return (await rt.jobs()).enqueue(
    DAILY_QUEUE,
    { day },
    { idempotencyKey: `${DAILY_QUEUE}:${day}`, runAt: toIso(next) },
  );
}

/** Runs the daily job now: expiry, retention, reflection, friction; then queues the next one. */
export async function runDaily(rt: ObserverRuntime): Promise<DailyReport> {
  const expired = await expireAndReview(rt);
  const retention = await applyRetention(rt);
  const reflected = await reflect(rt);
  const friction = await analyzeFriction(rt);
  const next = await scheduleDaily(rt);
  return { expired, retention, reflect: reflected, friction, next_job_id: next };
}

/** Starts workers on the durable observer and daily queues. */
export async function work(rt: ObserverRuntime): Promise<readonly JobWorker[]> {
  const queue = await rt.jobs();
  return [
    queue.work(OBSERVE_QUEUE, async (job: Job) => {
      await observe(rt, String(job.payload['capture_key']));
    }),
    queue.work(DAILY_QUEUE, async () => {
      await runDaily(rt);
    }),
  ];
}

/** Runs ready observer and daily jobs until none is ready, then stops; returns how many ran. */
export async function drainQueue(rt: ObserverRuntime): Promise<number> {
  const queue = await rt.jobs();
  let ran = 0;
  const workers = [
    queue.work(
      OBSERVE_QUEUE,
      async (job: Job) => {
        ran += 1;
        await observe(rt, String(job.payload['capture_key']));
      },
      { pollIntervalMs: 50 },
    ),
    queue.work(
      DAILY_QUEUE,
      async () => {
        ran += 1;
        await runDaily(rt);
      },
      { pollIntervalMs: 50 },
    ),
  ];
  try {
    for (;;) {
      const open = await queue.listJobs({ states: ['created', 'active', 'retry'] });
      const ready = open.filter(
        (j) =>
          (j.queue === OBSERVE_QUEUE || j.queue === DAILY_QUEUE) &&
          (j.state === 'active' || Date.parse(j.runAt) <= rt.clock.now()),
      );
      if (ready.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    for (const worker of workers) await worker.stop();
  }
  return ran;
}
