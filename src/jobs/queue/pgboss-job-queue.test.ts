import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerJobQueueConformance } from './__fixtures__/job-queue-conformance.js';
import { createPgBossJobQueue, type PgBossJobQueue } from './pgboss-job-queue.js';

// pg-boss needs a real server; CI sets this (see .ci/run), local runs skip these tests without it.
const PG_URL = process.env['VERITY_TEST_PG_URL'];

function freshSchema(): string {
  return `verity_jobs_test_${randomBytes(6).toString('hex')}`;
}

async function sql<T>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

describe.skipIf(!PG_URL)('PgBossJobQueue (real PostgreSQL)', () => {
  registerJobQueueConformance('PgBossJobQueue (fresh schema, server time)', async () => {
    const schema = freshSchema();
    return {
      open: () =>
        createPgBossJobQueue({ url: PG_URL ?? '', schema, maintenanceIntervalSeconds: 1 }),
      now: () => Date.now(),
      advance: () => {},
      cleanup: async () => {
        await sql(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      },
    };
  });

  describe('PgBossJobQueue', () => {
    let schema: string;
    const opened: PgBossJobQueue[] = [];

    async function openQueue(): Promise<PgBossJobQueue> {
      const queue = await createPgBossJobQueue({ url: PG_URL ?? '', schema });
      opened.push(queue);
      return queue;
    }

    beforeEach(() => {
      schema = freshSchema();
    });

    afterEach(async () => {
      await Promise.all(opened.splice(0).map((queue) => queue.stop()));
      await sql(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    });

    it('keeps its tables in its own schema, with the idempotency index on pg-boss jobs', async () => {
      const queue = await openQueue();
      expect(queue.schema).toBe(schema);
      const tables = await sql<{ table_name: string }>(
        `SELECT table_name FROM information_schema.tables
         WHERE table_schema = $1 AND table_name IN ('job', 'queue', 'version')
         ORDER BY table_name`,
        [schema],
      );
      expect(tables.map((row) => row.table_name)).toEqual(['job', 'queue', 'version']);
      const indexes = await sql<{ indexdef: string }>(
        `SELECT indexdef FROM pg_indexes WHERE schemaname = $1 AND indexname = $2`,
        [schema, 'job_verity_idempotency_key'],
      );
      expect(indexes[0]?.indexdef).toMatch(/UNIQUE INDEX .* \(name, singleton_key\) WHERE/);
    });

    it('maps the enqueue options onto pg-boss columns', async () => {
      const queue = await openQueue();
      const backoff = await queue.enqueue(
        'mapped',
        { a: 1 },
        {
          retryLimit: 4,
          retryBackoffSeconds: 7,
          priority: 2,
          expireInSeconds: 30,
          idempotencyKey: 'k',
          runAt: '2030-01-01T00:00:00.000Z',
        },
      );
      const immediate = await queue.enqueue('mapped', {}, { retryBackoffSeconds: 0 });
      const rows = await sql<Record<string, unknown>>(
        `SELECT id, retry_limit, retry_delay, retry_backoff, priority,
           EXTRACT(epoch FROM expire_in)::int AS expire_seconds, singleton_key, start_after, policy
         FROM ${schema}.job WHERE id = ANY($1::uuid[]) ORDER BY created_on`,
        [[backoff, immediate]],
      );
      expect(rows[0]).toMatchObject({
        retry_limit: 4,
        retry_delay: 7,
        retry_backoff: true,
        priority: 2,
        expire_seconds: 30,
        singleton_key: 'k',
        start_after: new Date('2030-01-01T00:00:00.000Z'),
        policy: 'standard',
      });
      expect(rows[1]).toMatchObject({ retry_delay: 0, retry_backoff: false, singleton_key: null });
    });

    it('lets several queues open one new schema at once', async () => {
      const queues = await Promise.all([openQueue(), openQueue(), openQueue()]);
      const id = await queues[0]?.enqueue('together', {}, { idempotencyKey: 'one' });
      expect(await queues[2]?.enqueue('together', {}, { idempotencyKey: 'one' })).toBe(id);
    });

    it('creates queues from several sessions at once without deadlocking', async () => {
      const queues = await Promise.all([openQueue(), openQueue(), openQueue()]);
      const names = ['alpha', 'beta', 'gamma', 'delta'];
      const ids = await Promise.all(
        queues.flatMap((queue) => names.map((name) => queue.enqueue(name, {}))),
      );
      expect(new Set(ids).size).toBe(queues.length * names.length);
      const created = await sql<{ name: string }>(`SELECT name FROM ${schema}.queue ORDER BY name`);
      expect(created.map((row) => row.name)).toEqual([...names].sort());
    });

    it('refuses an unsafe schema name with CONFIG_INVALID before connecting', async () => {
      await expect(
        createPgBossJobQueue({ url: PG_URL ?? '', schema: 'jobs; DROP TABLE x' }),
      ).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
    });

    it('reports an unreachable server as STORE_FAILED', async () => {
      await expect(
        createPgBossJobQueue({ url: 'postgres://nobody@127.0.0.1:1/none', schema }),
      ).rejects.toMatchObject({ code: 'STORE_FAILED' });
    });
  });
});
