/**
 * Jobs: the I/O around the pure services — reading ICS calendars into signals (`verity poll`),
 * reading and atomically writing projection files with legacy-mode backups, watching files
 * (`verity watch`) — and the durable job queue (`queue/`): one contract, an embedded SQLite
 * implementation and one on pg-boss, so background work follows the store. May import: core,
 * ledger, schemas, the store and provider contracts, earlier services; the packages node-ical,
 * better-sqlite3, pg-boss and croner (recurring jobs).
 */

export type { Watching } from './files.js';
export { backupFile, readTextFile, watchFiles, writeTextFile } from './files.js';
export type { CalendarSource, IcsOptions } from './ics.js';
export { icsToSignals, readCalendar } from './ics.js';
export type { CreateJobQueueOptions, JobQueueTarget } from './queue/create-job-queue.js';
export { createJobQueue } from './queue/create-job-queue.js';
export type {
  EnqueueOptions,
  Job,
  JobHandler,
  JobQueue,
  JobState,
  JobWorker,
  ListJobsFilter,
  WorkOptions,
} from './queue/job-queue.js';
export { JOB_STATES } from './queue/job-queue.js';
export type { PgBossJobQueueOptions } from './queue/pgboss-job-queue.js';
export { createPgBossJobQueue, PgBossJobQueue } from './queue/pgboss-job-queue.js';
export type { SqliteJobQueueOptions } from './queue/sqlite-job-queue.js';
export { createSqliteJobQueue, SqliteJobQueue } from './queue/sqlite-job-queue.js';
export type { JobSchedule, ScheduledJob, ScheduleJobsOptions } from './schedule-jobs.js';
export { runsBetween, scheduleJobs, withinHours } from './schedule-jobs.js';
