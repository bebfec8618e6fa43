import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EngineError } from '../../core/index.js';
import { SAMPLE_ENTITY, sampleEvent, sampleSlot } from '../conformance/index.js';
import { createSqliteStore, type SqliteStore } from './index.js';
import { applyMigrations, migrations } from './migrations.js';

const SCOPE = { entities: [SAMPLE_ENTITY] };
const runningAsRoot = process.getuid?.() === 0;

let directory: string;
let path: string;
const opened: SqliteStore[] = [];

async function open(options: { readonly readOnly?: boolean } = {}): Promise<SqliteStore> {
  const store = await createSqliteStore({ path, ...options });
  opened.push(store);
  return store;
}

/** A store with one event and one slot, closed so that its WAL is checkpointed away. */
async function seed(): Promise<void> {
  const store = await createSqliteStore({ path });
  await store.withWriteLock(SCOPE, async (tx) => {
    await tx.appendEvent(sampleEvent('e1'));
    await tx.putSlot(sampleSlot(SAMPLE_ENTITY, 'travel.status'));
  });
  await store.close();
}

async function expectReadOnlyRefusal(write: Promise<unknown>): Promise<void> {
  const error = await write.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(EngineError);
  expect((error as EngineError).code).toBe('STORE_FAILED');
  expect((error as EngineError).details['readOnly']).toBe(true);
  expect((error as EngineError).message).toContain('read-only');
}

/** Reads work, a reading transaction commits, and every kind of write fails clearly. */
async function expectReadableNotWritable(store: SqliteStore): Promise<void> {
  expect(store.capabilities.writable).toBe(false);
  expect(await store.lastSeq()).toBe(1);
  expect((await store.getEvent('e1'))?.eventId).toBe('e1');
  expect(await store.listSlots(SAMPLE_ENTITY)).toHaveLength(1);
  expect(await store.searchIndexStatus()).toMatchObject({ documents: 0 });
  expect(await store.withWriteLock(SCOPE, (tx) => tx.lastSeq())).toBe(1);
  await expectReadOnlyRefusal(
    store.withWriteLock(SCOPE, (tx) => tx.appendEvent(sampleEvent('e2'))),
  );
  await expectReadOnlyRefusal(store.withWriteLock(SCOPE, (tx) => tx.putMeta('k', 1)));
  await expectReadOnlyRefusal(store.useEmbeddingSpace({ model: 'm@1', dimension: 4 }));
  expect(await store.lastSeq()).toBe(1);
}

beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'verity-sqlite-ro-'));
  path = join(directory, 'verity.db');
});

afterEach(async () => {
  for (const store of opened.splice(0)) await store.close();
  chmodSync(directory, 0o755);
  rmSync(directory, { recursive: true, force: true });
});

describe('a SQLite store opened read-only', () => {
  it('reads and refuses writes with a clear error (readonly open flag)', async () => {
    await seed();
    await expectReadableNotWritable(await open({ readOnly: true }));
  });

  it('is writable by default where the process may write', async () => {
    await seed();
    expect((await open()).capabilities.writable).toBe(true);
  });

  it('refuses a store whose schema it would have to migrate, naming what to do', async () => {
    const db = new Database(path);
    await applyMigrations(db, migrations.slice(0, -1));
    db.close();
    await expect(open({ readOnly: true })).rejects.toThrow(/read-only store cannot do/);
  });

  it.skipIf(runningAsRoot)(
    'opens read-only on its own when the file and folder lack write permission',
    async () => {
      await seed();
      chmodSync(path, 0o444);
      chmodSync(directory, 0o555);
      const before = statSync(path).mtimeMs;
      await expectReadableNotWritable(await open());
      expect(statSync(path).mtimeMs).toBe(before);
    },
  );
});
