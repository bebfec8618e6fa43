import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCli } from '../../src/interfaces/cli/__fixtures__/run-cli.js';
import { observation } from '../../src/testing/index.js';

const url = process.env['VERITY_TEST_PG_URL'];

const WORKERS = 4;
const BATCHES = 6;
const PER_BATCH = 40;

/**
 * One worker's input: its own entities, plus one entity every worker writes (so the per-entity
 * lock is contended across processes), messages in its own thread, and now and then a profile
 * change that goes to review (a batch that must fall back to the global scope).
 */
function workerBatch(worker: number, batch: number): Record<string, unknown>[] {
  const records: Record<string, unknown>[] = [];
  for (let i = 0; i < PER_BATCH; i++) {
    const n = batch * PER_BATCH + i;
    const at = new Date(Date.parse('2026-05-01T00:00:00Z') + n * 60_000 + worker).toISOString();
    const entity = i % 10 === 0 ? 'family:shared' : `user:p${worker}x${n % 5}`;
    if (i % 9 === 4) {
      records.push({
        type: 'message',
        thread_id: `worker-${worker}`,
        message_id: `w${worker}-${n}`,
        entity_id: entity,
        role: 'user',
        content: `status update ${n} from worker ${worker}`,
        created_at: at,
      });
    } else {
      const profile = batch % 3 === 1 && i === 17;
      records.push(
        observation({
          id: 100_000 * (worker + 1) + n,
          entity,
          field: profile
            ? 'profile.preference.seat'
            : i % 2 === 0
              ? 'travel.status'
              : 'project.verity.status',
          value: profile ? `seat-${n}` : `v${(n * 3 + worker) % 5}`,
          at,
        }),
      );
    }
  }
  return records;
}

describe.skipIf(url === undefined)('several processes writing to one PostgreSQL database', () => {
  const schema = `verity_writers_${process.pid}`;
  let dir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'verity-pg-writers-'));
    const home = join(dir, 'home');
    mkdirSync(home);
    // No embedding model: the workers only ingest, and loading the bundled model four times
    // would only slow the test down.
    writeFileSync(join(home, 'config.json'), JSON.stringify({ embeddings: { provider: 'none' } }));
    env = {
      VERITY_HOME: home,
      VERITY_DATABASE_URL: url ?? '',
      VERITY_DATABASE_SCHEMA: schema,
      // A pinned clock a day after the inputs, so their recency (and so the decisions) is fixed.
      VERITY_NOW: '2026-05-02T00:00:00Z',
    };
  });

  afterAll(async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.query(`drop schema if exists ${schema}_jobs cascade`);
    await client.end();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serialises per entity, runs in parallel across entities, and equals a sequential replay', async () => {
    // The schema is created once up front, so the workers do not all race to migrate it.
    const init = await spawnCli(['stats', '--json'], env);
    expect(init.code, init.stderr).toBe(0);
    const runs = Array.from({ length: WORKERS }, async (_, worker) => {
      for (let batch = 0; batch < BATCHES; batch++) {
        const file = join(dir, `w${worker}-b${batch}.jsonl`);
        writeFileSync(
          file,
          `${workerBatch(worker, batch)
            .map((r) => JSON.stringify(r))
            .join('\n')}\n`,
        );
        const run = await spawnCli(['ingest', file, '--json'], env);
        expect(run.code, run.stderr).toBe(0);
        expect(JSON.parse(run.stdout)).toMatchObject({ applied: PER_BATCH, rejected: 0 });
      }
    });
    await Promise.all(runs);

    const verify = await spawnCli(['rebuild', '--verify', '--json'], env);
    expect(verify.code, verify.stderr).toBe(0);
    const result = JSON.parse(verify.stdout) as { events: number; verified: boolean };
    expect(result.verified).toBe(true);
    // Every input line, plus one `extraction.completed` per ingest: each batch has messages in
    // its worker's thread, and item extraction reads them after the batch commits.
    expect(result.events).toBe(WORKERS * BATCHES * (PER_BATCH + 1));

    // Everything followed the store: the home holds the config file and no SQLite database.
    expect(readdirSync(env['VERITY_HOME'] ?? '')).toEqual(['config.json']);

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const prompts = await client.query(`select count(*)::int as n from ${schema}.prompts`);
      expect(prompts.rows[0].n).toBeGreaterThan(0);
      const shared = await client.query(
        `select count(*)::int as n from ${schema}.events where entity_id = 'family:shared'`,
      );
      expect(shared.rows[0].n).toBe(WORKERS * BATCHES * 4);
    } finally {
      await client.end();
    }
  }, 240_000);
});
