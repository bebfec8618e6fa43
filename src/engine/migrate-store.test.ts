import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { spawnCli } from '../interfaces/cli/__fixtures__/run-cli.js';
import { ingest, withPipelineTx } from '../pipeline/index.js';
import { createPostgresStore } from '../stores/postgres/index.js';
import { createSqliteStore, type SqliteStore } from '../stores/sqlite/index.js';
import {
  createManualClock,
  createSequentialIds,
  mixedRecords,
  observation,
} from '../testing/index.js';
import { migrateStore, parseStoreLocation } from './migrate-store.js';

let dir: string;
let source: SqliteStore;
let pglite: PGlite;

beforeAll(async () => {
  pglite = await PGlite.create({ extensions: { vector } });
});

afterAll(async () => {
  await pglite.close();
});

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'verity-migrate-store-'));
  source = await createSqliteStore({ path: join(dir, 'source.db') });
  const deps = {
    store: source,
    clock: createManualClock('2026-03-01T00:00:00Z'),
    ids: createSequentialIds(),
  };
  await ingest(deps, mixedRecords({ count: 600, seed: 3, entities: 12 }));
  // One invalid line for the DLQ, and one forgotten payload (a redaction) to carry over.
  await ingest(deps, ['{"type":"observation","event_id":"not-a-uuid"}']);
  const target = (await source.readEvents(0, 5))[2];
  await withPipelineTx(source, { entities: [], global: true }, (tx) =>
    tx.redactEvent(target?.eventId ?? '', { redacted: true }),
  );
});

afterEach(async () => {
  await source.close();
  rmSync(dir, { recursive: true, force: true });
});

let schemaCounter = 0;

describe('migrateStore', () => {
  it('copies a SQLite ledger into PostgreSQL (PGlite) and proves the replayed state identical', async () => {
    const target = await createPostgresStore({ pglite, schema: `migrate_${++schemaCounter}` });
    try {
      // The source's live state after the redaction is not a replay yet: rebuild it first, as
      // `forget` would have.
      const { rebuild } = await import('../pipeline/index.js');
      await rebuild(source, {});
      const report = await migrateStore(source, target);
      expect(report.identical).toBe(true);
      expect(report.sourceHash).toBe(report.targetHash);
      expect(report.copied).toBe(await source.lastSeq());
      expect(report.events).toBe(report.copied);
      expect(report.deadLetters).toBe(1);
      const redacted = (await target.readEvents(0, 5))[2];
      expect(redacted?.redacted).toBe(true);
      expect(redacted?.payload).toEqual({ redacted: true });
      expect(await target.listDlq()).toEqual(await source.listDlq());
    } finally {
      await target.close();
    }
  });

  it('copies the delivery records, so a bot on the target pushes nothing a chat already has', async () => {
    const sent = { channel: 'telegram', recipient: '4242', item: 'prompt:p-1', version: '' };
    const sending = { ...sent, item: 'task:t-1', version: '2026-03-01T08:00:00.000Z' };
    await source.deliveries.claim(sent, '2026-03-01T09:00:00.000Z', '');
    await source.deliveries.confirm(sent, '2026-03-01T09:00:01.000Z', '17');
    await source.deliveries.claim(sending, '2026-03-01T09:30:00.000Z', '');
    const { rebuild } = await import('../pipeline/index.js');
    await rebuild(source, {});
    const target = await createPostgresStore({ pglite, schema: `migrate_${++schemaCounter}` });
    try {
      const report = await migrateStore(source, target);
      expect(report).toMatchObject({ deliveries: 2, identical: true });
      expect(await target.deliveries.list(null, 10)).toEqual(
        await source.deliveries.list(null, 10),
      );
      // The bot's claim on the target is refused for what was delivered from the source.
      expect(await target.deliveries.claim(sent, '2026-03-02T00:00:00.000Z', '')).toBe(false);
      // A resumed copy keeps the target's records as they are.
      await target.deliveries.confirm(sending, '2026-03-02T00:00:00.000Z', '18');
      expect((await migrateStore(source, target)).deliveries).toBe(0);
      expect(await target.deliveries.get(sending)).toMatchObject({ receipt: '18' });
    } finally {
      await target.close();
    }
  });

  it('resumes into a target that holds a prefix, and refuses one that diverges', async () => {
    const { rebuild } = await import('../pipeline/index.js');
    await rebuild(source, {});
    const prefix = await createSqliteStore({ path: ':memory:' });
    try {
      const first = await source.readEvents(0, 100);
      await prefix.withWriteLock({ entities: [], global: true }, async (tx) => {
        for (const { seq: _s, redacted, ...event } of first) {
          await tx.appendEvent(event);
          if (redacted) await tx.redactEvent(event.eventId, event.payload);
        }
      });
      const report = await migrateStore(source, prefix);
      expect(report).toMatchObject({ skipped: 100, identical: true });
      expect(report.copied + report.skipped).toBe(await source.lastSeq());
    } finally {
      await prefix.close();
    }
    const diverged = await createSqliteStore({ path: ':memory:' });
    try {
      await ingest(
        {
          store: diverged,
          clock: createManualClock('2026-03-01T00:00:00Z'),
          ids: createSequentialIds(),
        },
        [observation({ id: 999_999, entity: 'user:other' })],
      );
      await expect(migrateStore(source, diverged)).rejects.toMatchObject({ code: 'CONFLICT' });
      expect(await diverged.lastSeq()).toBe(1);
    } finally {
      await diverged.close();
    }
  });
});

describe('parseStoreLocation', () => {
  it('reads sqlite:PATH and postgres URLs and refuses anything else', () => {
    expect(parseStoreLocation('sqlite:data/v.db', 'verity', '/srv')).toEqual({
      kind: 'sqlite',
      path: '/srv/data/v.db',
    });
    expect(parseStoreLocation('postgres://u@h:5432/db', 'team_a')).toEqual({
      kind: 'postgres',
      url: 'postgres://u@h:5432/db',
      schema: 'team_a',
    });
    expect(() => parseStoreLocation('mysql://h/db')).toThrow(/sqlite:PATH or a postgres/);
    expect(() => parseStoreLocation('sqlite:')).toThrow(/file path/);
    expect(() => parseStoreLocation('postgres://h/db', 'Bad-Name')).toThrow(/identifier/);
  });
});

const url = process.env['VERITY_TEST_PG_URL'];

describe.skipIf(url === undefined)('verity migrate-store (child process, real PostgreSQL)', () => {
  it('moves a SQLite home into a PostgreSQL schema with an identical state hash', async () => {
    const home = join(dir, 'home');
    const schema = `migrate_cli_${process.pid}`;
    const env = { VERITY_HOME: home, VERITY_NOW: '2026-03-02T00:00:00Z' };
    const file = join(dir, 'in.jsonl');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(
      file,
      `${mixedRecords({ count: 200, seed: 9, entities: 5 })
        .map((r) => JSON.stringify(r))
        .join('\n')}\n`,
    );
    // Only init creates a store; every other command refuses a missing one.
    expect((await spawnCli(['init'], env)).code).toBe(0);
    expect((await spawnCli(['ingest', file, '--no-wait'], env)).code).toBe(0);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const run = await spawnCli(
        [
          'migrate-store',
          '--from',
          `sqlite:${join(home, 'verity.db')}`,
          '--to',
          url ?? '',
          '--to-schema',
          schema,
          '--json',
        ],
        env,
      );
      expect(run.code, run.stderr).toBe(0);
      const report = JSON.parse(run.stdout) as { identical: boolean; copied: number };
      expect(report.identical).toBe(true);
      expect(report.copied).toBeGreaterThanOrEqual(200);
      // The PostgreSQL home answers the same as the SQLite one.
      const state = await spawnCli(['state', 'get', 'user:u1', '--json'], {
        ...env,
        VERITY_DATABASE_URL: url ?? '',
        VERITY_DATABASE_SCHEMA: schema,
      });
      const local = await spawnCli(['state', 'get', 'user:u1', '--json'], env);
      expect(state.code, state.stderr).toBe(0);
      expect(state.stdout).toBe(local.stdout);
    } finally {
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    }
  }, 120_000);
});
