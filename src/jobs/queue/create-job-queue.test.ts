import { existsSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { useTempFolder } from '../../testing/__fixtures__/temp-folder.js';
import { createJobQueue } from './create-job-queue.js';
import type { JobQueue } from './job-queue.js';

const PG_URL = process.env['VERITY_TEST_PG_URL'];

describe('createJobQueue', () => {
  const folder = useTempFolder('verity-jobs-factory-');
  const keep = (queue: JobQueue): JobQueue => folder.keep(queue, (q) => q.stop());

  it('opens SQLite job tables in the given file', async () => {
    const path = join(folder.path(), 'home', 'verity.db');
    const queue = await createJobQueue({ kind: 'sqlite', path });
    keep(queue);
    expect(queue.kind).toBe('sqlite');
    expect(existsSync(path)).toBe(true);
  });

  it.skipIf(!PG_URL)('follows a PostgreSQL store into its own schema', async () => {
    const schema = 'verity_jobs_factory_test';
    const queue = await createJobQueue({ kind: 'postgres', url: PG_URL ?? '', schema });
    keep(queue);
    try {
      expect(queue.kind).toBe('postgres');
      const id = await queue.enqueue('poll', {});
      expect((await queue.getJob(id))?.queue).toBe('poll');
    } finally {
      await folder.closeKept();
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    }
  });
});
