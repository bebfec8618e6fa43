import type { Config } from '../config/index.js';
import { type LogFields, type Logger, type LogLevel, noopLogger } from '../core/index.js';
import type { JobHandler, JobSchedule } from '../jobs/index.js';
import type { CalendarSource } from '../pipeline/index.js';
import type { TaskScheduleOptions } from './tasks-capability.js';
import type { Engine } from './types.js';

/** Queue names of the work `verity serve` runs as durable jobs. */
export const BACKGROUND_QUEUES = {
  /** Retries the dead letters that are due. */
  dlqRetry: 'verity.dlq.retry',
  /** Extracts state items, then fills vectors, for whatever ingest left pending. */
  afterIngest: 'verity.ingest.index',
  /** Reads the configured ICS calendars and ingests their events. */
  calendars: 'verity.calendars.poll',
} as const;

/** Options of `startBackgroundJobs`. */
export interface BackgroundJobsOptions {
  /** Where the workers report (nothing). */
  readonly logger?: Logger;
  /** Calendars to poll; none starts no poller. */
  readonly calendars?: readonly CalendarSource[];
  /** Cron pattern (UTC) of the calendar polls: every 15 minutes. */
  readonly pollPattern?: string;
  /** Cron pattern (UTC, seconds first) of the dead-letter retries: every 30 seconds. */
  readonly dlqPattern?: string;
  /** Cron pattern (UTC) of the sweep for work other processes left pending: every 5 minutes. */
  readonly sweepPattern?: string;
  /** When the task reconciler and the improvement loop run. */
  readonly tasks?: Omit<TaskScheduleOptions, 'onError'>;
}

/** What `startBackgroundJobs` started. */
export interface BackgroundJobs {
  /** Stops the schedules and workers (waiting for running jobs); ingest works inline again. */
  stop(): Promise<void>;
}

function errorFields(error: unknown): LogFields {
  return { error: error instanceof Error ? error : new Error(String(error)) };
}

/** Logs a handler's start, outcome and duration; a throw is logged and rethrown (the job retries). */
function logged(logger: Logger, handler: () => Promise<LogFields>): JobHandler {
  return async (job) => {
    const fields = { queue: job.queue, job_id: job.id, attempt: job.attempts };
    const started = Date.now();
    logger.debug('job started', fields);
    try {
      const report = await handler();
      logger.info('job completed', { ...fields, ...report, duration_ms: Date.now() - started });
    } catch (error: unknown) {
      logger.warn('job attempt failed', { ...fields, ...errorFields(error) });
      throw error;
    }
  };
}

/**
 * The handlers, one per queue. Each is idempotent, so an attempt that ran again after a crash
 * changes nothing twice: item extraction moves a per-thread watermark under the write lock and
 * drops a run whose watermark moved; vectors fill only items that lack one; calendar events and
 * dead-letter retries reach the ledger with ids it deduplicates.
 */
function handlers(engine: Engine, options: BackgroundJobsOptions) {
  const calendars = options.calendars ?? [];
  return {
    async afterIngest(): Promise<LogFields> {
      const items = await engine.extractItems();
      const index = await engine.indexEmbeddings();
      if (index.outcome === 'space_mismatch') {
        throw new Error(
          'the store holds vectors of another embedding model; run `verity reindex` to switch',
        );
      }
      return {
        item_runs: items.runs.length,
        stale_runs: items.stale,
        embedded: index.embedded,
        reused: index.reused,
        pending: index.pending,
      };
    },
    async dlqRetry(): Promise<LogFields> {
      return { ...(await engine.retryDlq()) };
    },
    async calendars(): Promise<LogFields> {
      const report = await engine.poll(calendars);
      const failed = report.calendars.filter((c) => c.error !== null);
      // An unreadable calendar is reported, not retried: the next slot polls it again.
      for (const c of failed) options.logger?.warn('calendar unreadable', { ...c });
      return {
        calendars: report.calendars.length,
        applied: report.calendars.reduce((n, c) => n + c.applied, 0),
        duplicate: report.calendars.reduce((n, c) => n + c.duplicate, 0),
        rejected: report.calendars.reduce((n, c) => n + c.rejected, 0),
        unreadable: failed.length,
      };
    },
  };
}

/**
 * Runs the background work of `verity serve` as durable jobs in the engine's queue (tables in
 * the SQLite file, pg-boss on PostgreSQL): dead-letter retries, item extraction and vectors after
 * each ingest (ingest enqueues a job instead of doing them inline), calendar polls, the task
 * reconciler and improvement loop, the observer run after each session capture and the daily
 * observer job (06:00 UTC). A job killed mid-run is claimed again once its attempt
 * expires, and its handler is idempotent, so it completes once in effect.
 */
export async function startBackgroundJobs(
  engine: Engine,
  options: BackgroundJobsOptions = {},
): Promise<BackgroundJobs> {
  const logger = (options.logger ?? noopLogger).child({ component: 'jobs' });
  const queue = await engine.jobs();
  // The scheduler (croner) loads with the servers that run it, not with every engine import.
  const { scheduleJobs } = await import('../jobs/index.js');
  const run = handlers(engine, { ...options, logger });
  const onError = (error: unknown): void => logger.error('job schedule failed', errorFields(error));
  const afterIngest = async (): Promise<void> => {
    const after = await engine.lastSequence();
    try {
      await queue.enqueue(
        BACKGROUND_QUEUES.afterIngest,
        { after_seq: after },
        {
          idempotencyKey: `after:${after}`,
        },
      );
    } catch (error: unknown) {
      // The work stays pending in the store; the next ingest or sweep picks it up.
      logger.error('could not enqueue after-ingest job', {
        after_seq: after,
        ...errorFields(error),
      });
    }
  };
  const schedules: JobSchedule[] = [
    scheduleJobs({
      queue,
      onError,
      jobs: [
        {
          queue: BACKGROUND_QUEUES.dlqRetry,
          pattern: options.dlqPattern ?? '*/30 * * * * *',
          handler: logged(logger, run.dlqRetry),
        },
        {
          queue: BACKGROUND_QUEUES.afterIngest,
          pattern: options.sweepPattern ?? '*/5 * * * *',
          handler: logged(logger, run.afterIngest),
        },
        ...((options.calendars ?? []).length === 0
          ? []
          : [
              {
                queue: BACKGROUND_QUEUES.calendars,
                pattern: options.pollPattern ?? '*/15 * * * *',
                handler: logged(logger, run.calendars),
              },
            ]),
      ],
    }),
    await engine.tasks.startSchedule({ ...options.tasks, onError }),
  ];
  // Captures queue an `observer.observe` job (MCP, HTTP and the CLI without --sync); the daily
  // job (expiry, retention, reflection, friction) queues the next one itself once it has run.
  let observerWorkers: Awaited<ReturnType<typeof engine.observer.work>>;
  try {
    observerWorkers = await engine.observer.work();
  } catch (error: unknown) {
    // Nothing may keep running when serving cannot start: stop what was already scheduled.
    await Promise.all(schedules.map((s) => s.stop()));
    throw error;
  }
  try {
    await engine.observer.scheduleDaily();
  } catch (error: unknown) {
    // Without it the daily work waits for `verity observer schedule`; serving goes on.
    logger.error('could not queue the daily observer job', errorFields(error));
  }
  const restore = engine.attachBackgroundJobs({
    afterIngest,
    onJobError: (error) => logger.error('job queue failed', errorFields(error)),
  });
  // Whatever an earlier run (or another process) left pending is picked up at once.
  await afterIngest();
  logger.info('background jobs started', {
    queue_kind: queue.kind,
    calendars: (options.calendars ?? []).length,
  });
  let stopped: Promise<void> | null = null;
  return {
    stop() {
      stopped ??= (async () => {
        restore();
        await Promise.all([
          ...schedules.map((s) => s.stop()),
          ...observerWorkers.map((w) => w.stop()),
        ]);
        logger.info('background jobs stopped');
      })();
      return stopped;
    },
  };
}

/** The ICS calendars of the config file (`calendars`), as the engine reads them. */
export function calendarSourcesOf(config: Config): CalendarSource[] {
  return (config.file.calendars ?? []).map((c) => ({
    location: c.location,
    entityId: c.entity_id,
    ...(c.name === undefined ? {} : { name: c.name }),
    ...(c.time_zone === undefined ? {} : { timeZone: c.time_zone }),
  }));
}

/** What `verity serve` runs as durable jobs, from the config file. */
export function backgroundJobOptionsFromConfig(
  config: Config,
  logger: Logger,
): BackgroundJobsOptions {
  const tasks = config.file.tasks;
  return {
    logger,
    calendars: calendarSourcesOf(config),
    ...(config.file.calendars_poll === undefined
      ? {}
      : { pollPattern: config.file.calendars_poll }),
    tasks: {
      ...(tasks?.reconcile_hours === undefined ? {} : { reconcile_hours: tasks.reconcile_hours }),
      ...(tasks?.improve_hour === undefined ? {} : { improve_hour: tasks.improve_hour }),
    },
  };
}

/**
 * The structured logger of the servers: JSON lines on standard error from `level` up. pino is
 * loaded here, on first use, so commands that log nothing do not load it.
 */
export async function createServerLogger(level: LogLevel): Promise<Logger> {
  const { createPinoLogger } = await import('../providers/pino/index.js');
  return createPinoLogger({ level });
}
