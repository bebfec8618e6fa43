import type { Clock, EngineError, IdSource } from '../../core/index.js';
import type { JobQueue } from './job-queue.js';
import { createPgBossJobQueue } from './pgboss-job-queue.js';
import { createSqliteJobQueue } from './sqlite-job-queue.js';

/** Where jobs live: the same place as the store, so PostgreSQL deployments create no file. */
type JobQueueTarget =
  | { readonly kind: 'sqlite'; readonly path: string }
  | { readonly kind: 'postgres'; readonly url: string; readonly schema?: string };

/** Seams shared by both implementations. */
interface CreateJobQueueOptions {
  /** Scheduling clock of the SQLite queue; PostgreSQL uses the server's time (system clock). */
  readonly clock?: Clock;
  /** Source of job ids (UUID v7). */
  readonly ids?: IdSource;
  /** Receives worker failures that have no caller to throw to (ignored). */
  readonly onError?: (error: EngineError) => void;
  /**
   * The store is one this process may only read: the SQLite queue opens its file read-only and
   * refuses writes (see `createSqliteJobQueue`). A PostgreSQL store is always writable.
   */
  readonly readOnly?: boolean;
}

/**
 * Opens the job queue for `target`: SQLite tables in the store's file, or pg-boss in its own
 * schema (`verity_jobs` by default) of the store's PostgreSQL database. Throws as
 * `createSqliteJobQueue` and `createPgBossJobQueue` do.
 */
export function createJobQueue(
  target: JobQueueTarget,
  options: CreateJobQueueOptions = {},
): Promise<JobQueue> {
  if (target.kind === 'sqlite') return createSqliteJobQueue({ ...options, path: target.path });
  const { clock: _clock, readOnly: _readOnly, ...rest } = options;
  return createPgBossJobQueue({
    ...rest,
    url: target.url,
    ...(target.schema === undefined ? {} : { schema: target.schema }),
  });
}
