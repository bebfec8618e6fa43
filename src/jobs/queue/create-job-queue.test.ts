import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createJobQueue } from './create-job-queue.js';
import type { JobQueue } from './job-queue.js';

const PG_URL = process.env['VERITY_TEST_PG_URL'];

describe('createJobQueue', () => {
  let directory: string;
  const opened: JobQueue[] = [];

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'verity-jobs-factory-'));
  });

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((queue) => queue.stop()));
    rmSync(directory, { recursive: true, force: true });
  });

  it('opens SQLite job tables in the given file', async () => {
    const path = join(directory, 'home', 'verity.db');
    const queue = await createJobQueue({ kind: 'sqlite', path });
    opened.push(queue);
    expect(queue.kind).toBe('sqlite');
    expect(existsSync(path)).toBe(true);
  });

  it.skipIf(!PG_URL)('follows a PostgreSQL store into its own schema', async () => {
    const schema = 'verity_jobs_factory_test';
    const queue = await createJobQueue({ kind: 'postgres', url: PG_URL ?? '', schema });
    opened.push(queue);
    try {
      expect(queue.kind).toBe('postgres');
      const id = await queue.enqueue('poll', {});
      expect((await queue.getJob(id))?.queue).toBe('poll');
    } finally {
      await Promise.all(opened.splice(0).map((each) => each.stop()));
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    }
  });
});
