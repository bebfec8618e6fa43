import type Database from 'better-sqlite3';
import { EngineError } from '../../core/index.js';

/** @internal One versioned change of the job tables. A script never changes once released. */
export interface JobMigration {
  readonly version: number;
  readonly description: string;
  readonly sql: string;
}

/**
 * @internal The job tables, in order. They live beside the store's tables in the same file, so
 * they keep their own version table (`jobs_schema_version`) and never touch the store's
 * `schema_migrations`. Times are epoch milliseconds.
 */
export const jobMigrations: readonly JobMigration[] = [
  {
    version: 1,
    description: 'jobs with states, retries, visibility timeout and idempotency keys',
    sql: `
CREATE TABLE jobs (
  seq INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  queue TEXT NOT NULL,
  payload TEXT NOT NULL CHECK (json_valid(payload)),
  state TEXT NOT NULL CHECK (state IN ('created', 'active', 'completed', 'retry', 'failed')),
  priority INTEGER NOT NULL,
  idempotency_key TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  retry_limit INTEGER NOT NULL,
  retry_backoff_seconds INTEGER NOT NULL,
  expire_in_seconds INTEGER NOT NULL,
  run_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  started_at INTEGER,
  expires_at INTEGER,
  completed_at INTEGER,
  last_error TEXT
);
-- One unfinished job per queue and idempotency key.
CREATE UNIQUE INDEX jobs_live_idempotency_key ON jobs (queue, idempotency_key)
  WHERE idempotency_key IS NOT NULL AND state IN ('created', 'active', 'retry');
CREATE INDEX jobs_ready ON jobs (queue, priority DESC, created_at, seq)
  WHERE state IN ('created', 'retry');
CREATE INDEX jobs_expiring ON jobs (expires_at) WHERE state = 'active';
CREATE INDEX jobs_finished ON jobs (completed_at) WHERE state = 'completed';
CREATE INDEX jobs_by_state ON jobs (state, created_at, seq);
`,
  },
];

/** @internal The newest version in `jobMigrations`. */
export const LATEST_JOB_SCHEMA_VERSION = jobMigrations.at(-1)?.version ?? 0;

/**
 * @internal The version of the job tables in `db`, or null when it has none yet. Throws
 * STORE_FAILED when they are newer than this build. Only reads.
 */
export function readJobSchemaVersion(db: Database.Database): number | null {
  const table = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'jobs_schema_version'")
    .get();
  if (table === undefined) return null;
  const row = db.prepare('SELECT MAX(version) AS version FROM jobs_schema_version').get() as
    | { version: number | null }
    | undefined;
  const current = row?.version ?? 0;
  if (current > LATEST_JOB_SCHEMA_VERSION) {
    throw new EngineError(
      'STORE_FAILED',
      `The job tables are at version ${current}, newer than this build (${LATEST_JOB_SCHEMA_VERSION})`,
      { operation: 'migrate', version: current },
    );
  }
  return current;
}

/**
 * @internal Applies the missing job migrations in one `BEGIN IMMEDIATE` transaction, so that
 * several processes opening the same new file apply each one once. Throws SQLITE_BUSY when
 * another connection holds the write lock (the caller retries), and STORE_FAILED when the file's
 * job tables are newer than this build.
 */
export function applyJobMigrations(db: Database.Database, nowMs: number): void {
  db.transaction(() => {
    db.exec(`CREATE TABLE IF NOT EXISTS jobs_schema_version (
      version INTEGER PRIMARY KEY,
      description TEXT NOT NULL,
      applied_at INTEGER NOT NULL
    )`);
    const current = readJobSchemaVersion(db) ?? 0;
    const record = db.prepare(
      'INSERT INTO jobs_schema_version (version, description, applied_at) VALUES (?, ?, ?)',
    );
    for (const migration of jobMigrations) {
      if (migration.version <= current) continue;
      db.exec(migration.sql);
      record.run(migration.version, migration.description, nowMs);
    }
  }).immediate();
}
