import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Clock } from '../../core/index.js';
import { EngineError } from '../../core/index.js';
import { createSqliteStore } from '../../stores/sqlite/index.js';
import { useTempFolder } from '../../testing/__fixtures__/temp-folder.js';
import {
  gate,
  registerJobQueueConformance,
  waitFor,
  waitForState,
} from './__fixtures__/job-queue-conformance.js';
import { createSqliteJobQueue, type SqliteJobQueue } from './sqlite-job-queue.js';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const WORKER_PROCESS = fileURLToPath(
  new URL('./__fixtures__/job-worker-process.mjs', import.meta.url),
);
const START = Date.parse('2026-03-01T09:00:00.000Z');

interface ManualClock extends Clock {
  advance(ms: number): void;
}

function manualClock(start = START): ManualClock {
  let now = start;
  return {
    now: () => now,
    advance: (ms) => {
      now += ms;
    },
  };
}

function temporaryDirectory(): string {
  return mkdtempSync(join(tmpdir(), 'verity-jobs-'));
}

registerJobQueueConformance('SqliteJobQueue (temporary file, manual clock)', async () => {
  const directory = temporaryDirectory();
  const clock = manualClock();
  return {
    open: () => createSqliteJobQueue({ path: join(directory, 'verity.db'), clock }),
    now: () => clock.now(),
    advance: (ms) => clock.advance(ms),
    cleanup: async () => rmSync(directory, { recursive: true, force: true }),
  };
});

describe('SqliteJobQueue', () => {
  const folder = useTempFolder('verity-jobs-');
  let path: string;
  let clock: ManualClock;

  async function openQueue(
    options: Partial<Parameters<typeof createSqliteJobQueue>[0]> = {},
  ): Promise<SqliteJobQueue> {
    return folder.keep(await createSqliteJobQueue({ path, clock, ...options }), (q) => q.stop());
  }

  beforeEach(() => {
    path = join(folder.path(), 'nested', 'verity.db');
    clock = manualClock();
  });

  it('opens its own WAL connection and versions its tables in jobs_schema_version', async () => {
    const queue = await openQueue();
    expect(queue.client.pragma('journal_mode', { simple: true })).toBe('wal');
    await openQueue();
    const versions = queue.client
      .prepare('SELECT version FROM jobs_schema_version ORDER BY version')
      .all();
    expect(versions).toEqual([{ version: 1 }]);
  });

  it('shares the file with the SQLite store without touching its migrations', async () => {
    const store = await createSqliteStore({ path });
    try {
      const before = store.client.prepare('SELECT * FROM schema_migrations').all();
      const queue = await openQueue();
      const id = await queue.enqueue('mail', { to: 'ada' });
      expect(store.client.prepare('SELECT * FROM schema_migrations').all()).toEqual(before);
      expect((await queue.getJob(id))?.state).toBe('created');
      await store.withWriteLock({ entities: ['user:primary'] }, (tx) => tx.putMeta('k', 1));
    } finally {
      await store.close();
    }
  });

  it('waits for a store write transaction held across awaits instead of blocking the thread', async () => {
    const store = await createSqliteStore({ path });
    const queue = await openQueue();
    const held = gate();
    try {
      const entered = gate();
      const writing = store.withWriteLock({ entities: ['user:primary'] }, async (tx) => {
        await tx.putMeta('held', true);
        entered.open();
        await held.promise;
      });
      await entered.promise;
      let enqueued = false;
      const enqueue = queue.enqueue('mail', {}).then((id) => {
        enqueued = true;
        return id;
      });
      // The event loop keeps turning while the enqueue waits for the store's lock.
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(enqueued).toBe(false);
      held.open();
      await writing;
      expect(await queue.getJob(await enqueue)).not.toBeNull();
    } finally {
      held.open();
      await store.close();
    }
  });

  it('refuses a file whose job tables are newer than this build', async () => {
    await (await openQueue()).stop();
    const raw = new Database(path);
    raw.prepare("INSERT INTO jobs_schema_version VALUES (99, 'future', 0)").run();
    raw.close();
    await expect(openQueue()).rejects.toMatchObject({ code: 'STORE_FAILED' });
  });

  it('rejects an in-memory or empty path with CONFIG_INVALID', async () => {
    for (const bad of [':memory:', '']) {
      await expect(createSqliteJobQueue({ path: bad })).rejects.toMatchObject({
        code: 'CONFIG_INVALID',
      });
    }
    expect(existsSync(path)).toBe(false);
  });

  it('waits exactly base × 2^(n−1) seconds before retry n', async () => {
    const queue = await openQueue();
    queue.work(
      'flaky',
      async (job) => {
        if (job.payload['probe'] !== true) throw new Error('down');
      },
      { pollIntervalMs: 2 },
    );
    const id = await queue.enqueue('flaky', {}, { retryLimit: 3, retryBackoffSeconds: 10 });
    for (const [attempt, waitSeconds] of [
      [1, 10],
      [2, 20],
      [3, 40],
    ] as const) {
      const job = await waitFor(`attempt ${attempt} to fail`, async () => {
        const current = await queue.getJob(id);
        return current?.state === 'retry' && current.attempts === attempt ? current : undefined;
      });
      expect(Date.parse(job.runAt) - clock.now()).toBe(waitSeconds * 1_000);
      clock.advance(waitSeconds * 1_000 - 1);
      // A probe job completing proves a claim ran one millisecond early without taking the retry.
      await waitForState(queue, await queue.enqueue('flaky', { probe: true }), 'completed');
      expect((await queue.getJob(id))?.attempts).toBe(attempt);
      clock.advance(1);
    }
    expect(await waitForState(queue, id, 'failed')).toMatchObject({
      attempts: 4,
      lastError: 'down',
    });
  });

  it('counts an expired attempt as failed and dead-letters a job out of retries', async () => {
    const stalled = await openQueue();
    const held = gate();
    stalled.work('slow', () => held.promise, { pollIntervalMs: 2 });
    const id = await stalled.enqueue('slow', {}, { retryLimit: 0, expireInSeconds: 5 });
    await waitForState(stalled, id, 'active');
    clock.advance(4_999);
    // Any claim, on any queue, first expires overdue attempts.
    const other = await openQueue();
    other.work('anything', async () => {}, { pollIntervalMs: 2 });
    await waitForState(other, await other.enqueue('anything', {}), 'completed');
    expect((await other.getJob(id))?.state).toBe('active');
    clock.advance(1);
    const dead = await waitForState(other, id, 'failed');
    expect(dead.lastError).toMatch(/expired/);
    expect(dead.completedAt).toBe(new Date(clock.now()).toISOString());
    held.open();
  });

  it('deletes completed jobs once they are past retention, and keeps failed ones', async () => {
    const queue = await openQueue({ completedRetentionSeconds: 60 });
    queue.work(
      'mixed',
      async (job) => {
        if (job.payload['fail'] === true) throw new Error('no');
      },
      { pollIntervalMs: 2 },
    );
    const done = await queue.enqueue('mixed', {});
    const dead = await queue.enqueue('mixed', { fail: true }, { retryLimit: 0 });
    await waitForState(queue, done, 'completed');
    await waitForState(queue, dead, 'failed');
    clock.advance(3_600_000);
    await queue.enqueue('mixed', {});
    await waitFor('purge', async () => ((await queue.getJob(done)) === null ? true : undefined));
    expect((await queue.getJob(dead))?.state).toBe('failed');
  });

  it('never runs a job twice across two processes claiming from one file', async () => {
    const queue = await openQueue({ clock: { now: () => Date.now() } });
    const ids: string[] = [];
    for (let n = 0; n < 60; n += 1) ids.push(await queue.enqueue('shared', { n }));
    const children = ['a', 'b'].map(() => {
      const child = spawn(process.execPath, ['--import', 'tsx', WORKER_PROCESS, path, 'shared'], {
        cwd: REPO_ROOT,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
      });
      const ready = new Promise<void>((resolve) => {
        child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
          stdout += chunk;
          if (stdout.includes('ready\n')) resolve();
        });
      });
      const exited = new Promise<string[]>((resolve, reject) => {
        child.on('exit', (code) => {
          if (code !== 0) reject(new Error(`worker exited with ${code}: ${stderr}`));
          else resolve(JSON.parse(stdout.split('\n')[1] ?? '[]') as string[]);
        });
      });
      return { child, ready, exited };
    });
    await Promise.all(children.map((each) => each.ready));
    for (const { child } of children) child.stdin.write('go\n');
    const [first = [], second = []] = await Promise.all(children.map((each) => each.exited));
    expect([...first, ...second].sort()).toEqual([...ids].sort());
    expect(first.length).toBeGreaterThan(0);
    expect(second.length).toBeGreaterThan(0);
    const completed = await queue.listJobs({ queue: 'shared', states: ['completed'], limit: 100 });
    expect(completed.every((job) => job.attempts === 1)).toBe(true);
    expect(completed).toHaveLength(ids.length);
  });

  it('reports a failing claim through onError and keeps polling', async () => {
    const errors: EngineError[] = [];
    const queue = await openQueue({ onError: (error) => errors.push(error) });
    queue.client.exec('ALTER TABLE jobs RENAME TO jobs_elsewhere');
    const worker = queue.work('mail', async () => {}, { pollIntervalMs: 2 });
    await waitFor('two errors', async () => (errors.length >= 2 ? true : undefined));
    expect(errors[0]).toBeInstanceOf(EngineError);
    expect(errors[0]?.code).toBe('STORE_FAILED');
    queue.client.exec('ALTER TABLE jobs_elsewhere RENAME TO jobs');
    const id = await queue.enqueue('mail', {});
    await waitForState(queue, id, 'completed');
    await worker.stop();
  });
});

describe('SqliteJobQueue opened read-only', () => {
  const folder = useTempFolder('verity-jobs-ro-');
  let path: string;

  beforeEach(() => {
    path = join(folder.path(), 'verity.db');
  });

  function readOnly(): Promise<SqliteJobQueue> {
    return createSqliteJobQueue({ path, clock: manualClock(), readOnly: true }).then((queue) =>
      folder.keep(queue, (q) => q.stop()),
    );
  }

  async function refusal(attempt: () => Promise<unknown>): Promise<EngineError> {
    const error = await attempt().then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(EngineError);
    return error as EngineError;
  }

  it('reads the jobs a writer left and writes nothing to the file', async () => {
    const writer = await createSqliteJobQueue({ path, clock: manualClock() });
    const id = await writer.enqueue('mail', { to: 'ada' });
    await writer.stop();
    const before = readFileSync(path);
    const queue = await readOnly();
    expect((await queue.getJob(id))?.state).toBe('created');
    expect((await queue.listJobs({ queue: 'mail' })).map((job) => job.id)).toEqual([id]);
    await queue.stop();
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it('refuses every write with a read-only error, and a writable open of the file still writes', async () => {
    const writer = await createSqliteJobQueue({ path, clock: manualClock() });
    const id = await writer.enqueue('mail', {});
    await writer.stop();
    const queue = await readOnly();
    for (const attempt of [
      () => queue.enqueue('mail', {}),
      () => queue.retryDead(id),
      async () => queue.work('mail', async () => undefined),
    ]) {
      const error = await refusal(attempt);
      expect(error.code).toBe('STORE_FAILED');
      expect(error.details['readOnly']).toBe(true);
      expect(error.message).toMatch(/read-only .* cannot write/);
    }
    expect(await queue.listJobs()).toHaveLength(1);
    const again = folder.keep(await createSqliteJobQueue({ path }), (q) => q.stop());
    await again.enqueue('mail', {});
    expect(await again.listJobs()).toHaveLength(2);
  });

  it('reads a store file without job tables as holding no jobs, and adds none', async () => {
    await (await createSqliteStore({ path })).close();
    const tables = (): unknown[] => {
      const raw = new Database(path, { readonly: true });
      try {
        return raw.prepare("SELECT name FROM sqlite_master WHERE name LIKE 'job%'").all();
      } finally {
        raw.close();
      }
    };
    expect(tables()).toEqual([]);
    const queue = await readOnly();
    expect(await queue.listJobs()).toEqual([]);
    expect(await queue.getJob('0190f5a4-0000-7000-8000-000000000000')).toBeNull();
    expect(tables()).toEqual([]);
  });

  it('sees the jobs of a writer that creates the job tables after it opened', async () => {
    await (await createSqliteStore({ path })).close();
    const queue = await readOnly();
    expect(await queue.listJobs()).toEqual([]);
    const writer = folder.keep(await createSqliteJobQueue({ path, clock: manualClock() }), (q) =>
      q.stop(),
    );
    const id = await writer.enqueue('mail', { to: 'grace' });
    expect((await queue.listJobs()).map((job) => job.id)).toEqual([id]);
    expect((await queue.getJob(id))?.state).toBe('created');
  });

  it('refuses job tables newer than this build, as a writable open does', async () => {
    await (await createSqliteJobQueue({ path })).stop();
    const raw = new Database(path);
    raw.prepare("INSERT INTO jobs_schema_version VALUES (99, 'future', 0)").run();
    raw.close();
    const error = await refusal(readOnly);
    expect(error.message).toMatch(/newer than this build/);
  });

  it('does not create a missing file', async () => {
    const error = await refusal(readOnly);
    expect(error.code).toBe('STORE_FAILED');
    expect(existsSync(path)).toBe(false);
  });
});
