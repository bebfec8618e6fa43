/**
 * Jobs: the durable job queue and its workers. `queue/` holds one contract, an embedded SQLite
 * implementation and one on pg-boss, so background work follows the store; `scheduleJobs` runs
 * recurring jobs through it. The engine's `startBackgroundJobs` says which work runs as jobs.
 * May import: core, ledger, schemas, the store and provider contracts, earlier services; the
 * package croner (recurring jobs), and in `queue/` only, the drivers better-sqlite3 and pg-boss
 * (ADR 2026-11-26-background-jobs).
 */

export * from './queue/create-job-queue.js';
export type * from './queue/job-queue.js';
export * from './queue/sqlite-job-queue.js';
export * from './schedule-jobs.js';
