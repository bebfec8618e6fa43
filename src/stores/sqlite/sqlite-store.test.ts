import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EngineError } from '../../core/index.js';
import { useTempFolder } from '../../testing/__fixtures__/temp-folder.js';
import {
  registerMigrationListCase,
  registerStoreConformance,
  SAMPLE_ENTITY,
  sampleEvent,
  sampleSlot,
} from '../conformance/index.js';
import type { WriteTx } from '../store.js';
import { createSqliteStore, type SqliteStore } from './index.js';
import { applyMigrations, migrations } from './migrations.js';

const SCOPE = { entities: [SAMPLE_ENTITY] };
const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const COUNTER_WRITER = fileURLToPath(new URL('./__fixtures__/counter-writer.mjs', import.meta.url));

function temporaryDirectory(): string {
  return mkdtempSync(join(tmpdir(), 'verity-sqlite-'));
}

registerStoreConformance('SqliteStore (temporary file)', async () => {
  const directory = temporaryDirectory();
  const path = join(directory, 'verity.db');
  const opened: SqliteStore[] = [];
  const openStore = async (): Promise<SqliteStore> => {
    const store = await createSqliteStore({ path });
    opened.push(store);
    return store;
  };
  return {
    store: await openStore(),
    reopen: openStore,
    cleanup: async () => {
      for (const store of opened) await store.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
});

describe('SqliteStore', () => {
  const folder = useTempFolder('verity-sqlite-');
  let directory: string;
  let path: string;

  async function openStore(
    options: Partial<Parameters<typeof createSqliteStore>[0]> = {},
  ): Promise<SqliteStore> {
    return folder.keep(await createSqliteStore({ path, ...options }), (store) => store.close());
  }

  beforeEach(() => {
    directory = folder.path();
    path = join(directory, 'verity.db');
  });

  describe('opening', () => {
    it('uses WAL, FULL synchronous and foreign keys by default', async () => {
      const store = await openStore();
      expect(store.kind).toBe('sqlite');
      expect(store.supportsVectorSearch).toBe(true);
      expect(store.client.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(store.client.pragma('synchronous', { simple: true })).toBe(2);
      expect(store.client.pragma('foreign_keys', { simple: true })).toBe(1);
    });

    it('uses NORMAL synchronous when asked', async () => {
      const store = await openStore({ synchronous: 'NORMAL' });
      expect(store.client.pragma('synchronous', { simple: true })).toBe(1);
    });

    it('creates a missing parent directory', async () => {
      const store = await openStore({ path: join(directory, 'nested', 'deeper', 'verity.db') });
      await store.withWriteLock(SCOPE, (tx) => tx.putMeta('k', 1));
      expect(await store.getMeta('k')).toBe(1);
    });

    it('rejects invalid options with CONFIG_INVALID', async () => {
      await expect(createSqliteStore({ path: '' })).rejects.toMatchObject({
        code: 'CONFIG_INVALID',
      });
      await expect(createSqliteStore({ path, busyTimeoutMs: -1 })).rejects.toMatchObject({
        code: 'CONFIG_INVALID',
      });
    });

    it('wraps a file that cannot be opened in STORE_FAILED with the cause', async () => {
      const blocker = join(directory, 'a-file');
      writeFileSync(blocker, 'not a directory');
      const attempt = createSqliteStore({ path: join(blocker, 'verity.db') });
      await expect(attempt).rejects.toBeInstanceOf(EngineError);
      await expect(attempt).rejects.toMatchObject({
        code: 'STORE_FAILED',
        details: { operation: 'open' },
        cause: expect.any(Error),
      });
    });

    it('works in memory on a single connection', async () => {
      const store = await openStore({ path: ':memory:' });
      await store.withWriteLock(SCOPE, async (tx) => {
        await tx.appendEvent(sampleEvent('evt-1'));
        await tx.putSlot(sampleSlot(SAMPLE_ENTITY, 'travel.status'));
      });
      expect(await store.lastSeq()).toBe(1);
      expect((await store.exportDerived()).slots).toHaveLength(1);
    });
  });

  describe('migrations', () => {
    registerMigrationListCase(migrations);

    it('applies each migration once and is idempotent across reopen', async () => {
      const first = await openStore();
      const applied = first.client
        .prepare('SELECT * FROM schema_migrations ORDER BY version')
        .all();
      expect(applied).toHaveLength(migrations.length);
      await first.withWriteLock(SCOPE, (tx) => tx.appendEvent(sampleEvent('evt-1')));
      await first.close();

      const second = await openStore();
      expect(
        second.client.prepare('SELECT * FROM schema_migrations ORDER BY version').all(),
      ).toEqual(applied);
      expect(await applyMigrations(second.client)).toBe(migrations.length);
      expect(second.client.prepare('SELECT COUNT(*) AS n FROM schema_migrations').get()).toEqual({
        n: migrations.length,
      });
      expect(await second.lastSeq()).toBe(1);
    });

    it('refuses a database whose schema is newer than this build', async () => {
      const store = await openStore();
      store.client
        .prepare("INSERT INTO schema_migrations VALUES (999, 'from the future', '2099-01-01')")
        .run();
      await store.close();
      await expect(createSqliteStore({ path })).rejects.toMatchObject({
        code: 'STORE_FAILED',
        details: { operation: 'migrate' },
      });
    });
  });

  describe('append-only ledger', () => {
    async function storeWithEvent(): Promise<SqliteStore> {
      const store = await openStore();
      await store.withWriteLock(SCOPE, (tx) =>
        tx.appendEvent(sampleEvent('evt-1', { dedupeKey: 'key-1' })),
      );
      return store;
    }

    it('refuses UPDATE and DELETE of events through raw SQL', async () => {
      const { client } = await storeWithEvent();
      const refusals = [
        "UPDATE events SET type = 'changed'",
        `UPDATE events SET payload = '{"changed":true}'`,
        `UPDATE events SET payload = '{}', redacted = 1, payload_hash = 'forged'`,
        `UPDATE events SET payload = '{}', redacted = 1, recorded_at = '2030-01-01T00:00:00.000Z'`,
        'UPDATE events SET seq = 99',
        'DELETE FROM events',
        `INSERT OR REPLACE INTO events
           (event_id, type, entity_id, event_ts, recorded_at, payload, payload_hash, dedupe_key)
         VALUES ('evt-1', 't', NULL, 'x', 'x', '{}', 'h', NULL)`,
        `INSERT OR REPLACE INTO events
           (event_id, type, entity_id, event_ts, recorded_at, payload, payload_hash, dedupe_key)
         VALUES ('evt-2', 't', NULL, 'x', 'x', '{}', 'h', 'key-1')`,
      ];
      for (const sql of refusals) {
        expect(() => client.prepare(sql).run(), sql).toThrow(/append-only/);
      }
      expect(client.prepare('SELECT COUNT(*) AS n FROM events').get()).toEqual({ n: 1 });
    });

    it('allows exactly one redaction through raw SQL and records it', async () => {
      const { client } = await storeWithEvent();
      client.prepare(`UPDATE events SET payload = '{"redacted":true}', redacted = 1`).run();
      expect(client.prepare('SELECT event_id FROM redactions').all()).toEqual([
        { event_id: 'evt-1' },
      ]);
      expect(() => client.prepare(`UPDATE events SET payload = '{"again":1}'`).run()).toThrow(
        /append-only/,
      );
      expect(() => client.prepare('DELETE FROM redactions').run()).toThrow(/append-only/);
    });

    it('keeps the first replacement when an event is redacted twice', async () => {
      const store = await storeWithEvent();
      await store.withWriteLock(SCOPE, (tx) => tx.redactEvent('evt-1', { first: true }));
      await store.withWriteLock(SCOPE, (tx) => tx.redactEvent('evt-1', { second: true }));
      expect((await store.getEvent('evt-1'))?.payload).toEqual({ first: true });
      const redactions = store.client.prepare('SELECT event_id, redacted_at FROM redactions').all();
      expect(redactions).toEqual([
        { event_id: 'evt-1', redacted_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) },
      ]);
    });
  });

  describe('errors', () => {
    it('wraps driver failures in STORE_FAILED naming the operation', async () => {
      const store = await openStore();
      store.client.exec('DROP TABLE meta');
      const attempt = store.getMeta('k');
      await expect(attempt).rejects.toBeInstanceOf(EngineError);
      await expect(attempt).rejects.toMatchObject({
        code: 'STORE_FAILED',
        details: { operation: 'getMeta' },
        cause: expect.any(Error),
      });
      await expect(store.withWriteLock(SCOPE, (tx) => tx.putMeta('k', 1))).rejects.toMatchObject({
        code: 'STORE_FAILED',
        details: { operation: 'putMeta' },
      });
    });

    it('refuses a tx used after its callback returned', async () => {
      const store = await openStore();
      const leaked = await store.withWriteLock(SCOPE, async (tx) => tx);
      await expect(leaked.putMeta('k', 1)).rejects.toMatchObject({ code: 'CONFLICT' });
      expect(await store.getMeta('k')).toBeNull();
    });

    it('refuses reads and writes after close, and closes idempotently', async () => {
      const store = await openStore();
      await store.close();
      await store.close();
      expect(store.client.open).toBe(false);
      await expect(store.getMeta('k')).rejects.toMatchObject({ code: 'STORE_FAILED' });
      await expect(store.withWriteLock(SCOPE, async () => 1)).rejects.toMatchObject({
        code: 'STORE_FAILED',
      });
    });
  });

  describe('writing', () => {
    it('appends and upserts thousands of rows in one transaction', async () => {
      const store = await openStore();
      const count = 5_000;
      await store.withWriteLock(SCOPE, async (tx) => {
        for (let index = 0; index < count; index += 1) {
          const outcome = await tx.appendEvent(sampleEvent(`evt-${index}`));
          expect(outcome.kind).toBe('appended');
          await tx.putSlot(sampleSlot(SAMPLE_ENTITY, `travel.field${index % 50}`));
        }
      });
      expect(await store.lastSeq()).toBe(count);
      expect(await store.listSlots(SAMPLE_ENTITY)).toHaveLength(50);
    });

    it('waits for a lock held by another connection instead of failing', async () => {
      const store = await openStore({ busyTimeoutMs: 0 });
      const other = new Database(path);
      try {
        other.exec('BEGIN IMMEDIATE');
        vi.useFakeTimers({ toFake: ['setTimeout'] });
        let settled = false;
        const transaction = store
          .withWriteLock(SCOPE, (tx: WriteTx) => tx.putMeta('k', 'written'))
          .finally(() => {
            settled = true;
          });
        await vi.advanceTimersByTimeAsync(2_000);
        expect(settled).toBe(false);

        other.exec('COMMIT');
        await vi.advanceTimersByTimeAsync(100);
        await transaction;
        expect(await store.getMeta('k')).toBe('written');
      } finally {
        vi.useRealTimers();
        other.close();
      }
    });

    it('says once that it waits for the lock, gives up at the limit, and reads meanwhile', async () => {
      const waits: number[] = [];
      const store = await openStore({
        busyTimeoutMs: 0,
        busyWait: { noticeAfterMs: 50, limitMs: 400, onWaiting: (ms) => waits.push(ms) },
      });
      await store.withWriteLock(SCOPE, (tx: WriteTx) => tx.putMeta('k', 'before'));
      const other = new Database(path);
      try {
        other.exec('BEGIN IMMEDIATE');
        // WAL: a read outside the write lock sees the last commit without waiting for the writer.
        expect(await store.getMeta('k')).toBe('before');
        expect(waits).toEqual([]);
        const started = Date.now();
        const failure = await store
          .withWriteLock(SCOPE, (tx: WriteTx) => tx.putMeta('k', 'after'))
          .catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(EngineError);
        expect(failure).toMatchObject({
          code: 'STORE_FAILED',
          message: expect.stringMatching(/^the SQLite store is busy: .* write lock for 0\.\d s/),
          details: { busy: true },
        });
        expect(Date.now() - started).toBeGreaterThanOrEqual(400);
        expect(waits).toHaveLength(1);
        expect(waits[0]).toBeGreaterThanOrEqual(50);
      } finally {
        other.close();
      }
      // The lock is gone with the other connection: the store writes again.
      await store.withWriteLock(SCOPE, (tx: WriteTx) => tx.putMeta('k', 'after'));
      expect(await store.getMeta('k')).toBe('after');
    });
  });

  describe('two processes', () => {
    interface ChildRun {
      readonly child: ChildProcessWithoutNullStreams;
      readonly ready: Promise<void>;
      readonly exited: Promise<{ readonly code: number | null; readonly stderr: string }>;
    }

    function startWriter(tag: string, transactions: number): ChildRun {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', COUNTER_WRITER, path, String(transactions), tag],
        { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'pipe'] },
      );
      let stdout = '';
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
      });
      const ready = new Promise<void>((resolve, reject) => {
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          stdout += chunk;
          if (stdout.includes('ready\n')) resolve();
        });
        child.once('exit', () => reject(new Error(`${tag} exited before ready: ${stderr}`)));
      });
      const exited = new Promise<{ code: number | null; stderr: string }>((resolve) => {
        child.once('close', (code) => resolve({ code, stderr }));
      });
      return { child, ready, exited };
    }

    it('serialises read-modify-write transactions from two processes on one file', async () => {
      const writers = [startWriter('a', 200), startWriter('b', 200)];
      await Promise.all(writers.map((writer) => writer.ready));
      for (const writer of writers) writer.child.stdin.end('go\n');
      const results = await Promise.all(writers.map((writer) => writer.exited));
      expect(results).toEqual([
        { code: 0, stderr: '' },
        { code: 0, stderr: '' },
      ]);

      const store = await openStore();
      expect(await store.getMeta('counter')).toBe(400);
      const events = await store.readEvents(0, 1_000);
      expect(events).toHaveLength(400);
      expect(new Set(events.map((event) => event.seq)).size).toBe(400);
      expect(events.filter((event) => event.eventId.startsWith('a-'))).toHaveLength(200);
      expect(events.filter((event) => event.eventId.startsWith('b-'))).toHaveLength(200);
      const switches = events.filter(
        (event, index) => index > 0 && event.eventId[0] !== events[index - 1]?.eventId[0],
      );
      expect(switches.length, 'the two processes interleaved').toBeGreaterThan(0);
    });
  });
});
