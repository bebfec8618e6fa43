import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { EngineError } from '../../core/index.js';
import {
  derivedHash,
  ingest,
  type PipelineDeps,
  rebuild,
  replayInto,
  withPipelineTx,
} from '../../pipeline/index.js';
import { createManualClock, createSequentialIds, observation } from '../../testing/index.js';
import {
  gate,
  putMessages,
  registerMigrationListCase,
  registerStoreConformance,
  SAMPLE_ENTITY,
  sampleDlqItem,
  sampleEvent,
  sampleHistoryEntry,
  sampleMessage,
  samplePrompt,
  sampleSlot,
  sampleStateItem,
} from '../conformance/index.js';
import { createSqliteStore } from '../sqlite/index.js';
import type { DerivedSnapshot, Store, WriteScope, WriteTx } from '../store.js';
import { createPostgresStore, type PostgresStore } from './index.js';
import { postgresMigrations } from './migrations.js';
import { LocalLockTable } from './postgres-locks.js';

const SERVER_URL = process.env['VERITY_TEST_PG_URL'];

let sharedPglite: Promise<PGlite> | null = null;

/** One PGlite per file (it takes seconds to start); every case gets a schema of its own. */
function pglite(): Promise<PGlite> {
  sharedPglite ??= PGlite.create({ extensions: { vector } });
  return sharedPglite;
}

const adminPool = SERVER_URL === undefined ? null : new pg.Pool({ connectionString: SERVER_URL });

afterAll(async () => {
  await (await sharedPglite)?.close();
  await adminPool?.end();
});

let schemas = 0;

/** A schema name no other case, run or process uses. */
function freshSchema(): string {
  schemas += 1;
  return `verity_test_${process.pid}_${Date.now().toString(36)}_${schemas}`;
}

/** A database the store runs on: PGlite always, a real server when VERITY_TEST_PG_URL is set. */
interface Target {
  readonly name: string;
  /** True when writers of different entities run in parallel (a server). */
  readonly parallel: boolean;
  open(schema: string, options?: { readonly maxAttempts?: number }): Promise<PostgresStore>;
  sql<R>(text: string, params?: unknown[]): Promise<R[]>;
}

const pgliteTarget: Target = {
  name: 'PGlite',
  parallel: false,
  async open(schema, options = {}) {
    return createPostgresStore({ pglite: await pglite(), schema, ...options });
  },
  async sql<R>(text: string, params: unknown[] = []) {
    return (await (await pglite()).query<R>(text, params)).rows;
  },
};

const serverTarget: Target | null =
  SERVER_URL === undefined || adminPool === null
    ? null
    : {
        name: 'server',
        parallel: true,
        open: (schema, options = {}) =>
          createPostgresStore({ url: SERVER_URL, schema, maxConnections: 20, ...options }),
        async sql<R>(text: string, params: unknown[] = []) {
          return (await adminPool.query(text, params)).rows as R[];
        },
      };

const targets: readonly Target[] =
  serverTarget === null ? [pgliteTarget] : [pgliteTarget, serverTarget];

function harnessFor(target: Target) {
  return async () => {
    const schema = freshSchema();
    const opened: PostgresStore[] = [];
    const open = async (): Promise<PostgresStore> => {
      const store = await target.open(schema);
      opened.push(store);
      return store;
    };
    return {
      store: await open(),
      reopen: open,
      singleSession: !target.parallel,
      cleanup: async () => {
        for (const store of opened) await store.close();
        await target.sql(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      },
    };
  };
}

for (const target of targets) {
  registerStoreConformance(`PostgresStore (${target.name})`, harnessFor(target));
}

/** Runs a writer for `scope` on `store` that logs `<name> enter`, runs `work`, logs `<name> exit`. */
function loggedWriter(
  store: Store,
  scope: WriteScope,
  name: string,
  log: string[],
  work: (tx: WriteTx) => Promise<void> = async () => {},
): Promise<void> {
  return store.withWriteLock(scope, async (tx) => {
    log.push(`${name} enter`);
    await work(tx);
    log.push(`${name} exit`);
  });
}

/** A writer holding its transaction open until `release()`; `done` settles once it commits. */
interface HeldWriter {
  readonly done: Promise<void>;
  readonly release: () => void;
}

/**
 * Starts a `loggedWriter` whose work runs `first`, then holds the transaction open until
 * released, then runs `last`. Resolves once the writer is inside its transaction.
 */
async function holdWriter(
  store: Store,
  scope: WriteScope,
  name: string,
  log: string[],
  steps: {
    readonly first?: (tx: WriteTx) => Promise<void>;
    readonly last?: (tx: WriteTx) => Promise<void>;
  } = {},
): Promise<HeldWriter> {
  const held = gate();
  const entered = gate();
  const done = loggedWriter(store, scope, name, log, async (tx) => {
    await steps.first?.(tx);
    entered.open();
    await held.promise;
    await steps.last?.(tx);
  });
  await entered.promise;
  return { done, release: held.open };
}

/**
 * Checks that writer `b` is still waiting while `a` holds its transaction, then releases `a` and
 * checks that `b` ran only after `a` committed.
 */
async function expectRunsAfter(a: HeldWriter, b: Promise<void>, log: string[]): Promise<void> {
  expect(log).toEqual(['a enter']);
  a.release();
  await Promise.all([a.done, b]);
  expect(log).toEqual(['a enter', 'a exit', 'b enter', 'b exit']);
}

/** Lets other callbacks run: several turns of the event loop, no timer. */
async function settle(turns = 20): Promise<void> {
  for (let turn = 0; turn < turns; turn += 1) {
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Polls `condition` (a database observation) until it holds; fails after about five seconds. */
async function waitUntil(condition: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('condition never held');
}

function asCount(value: unknown): number {
  return typeof value === 'number' ? value : 0;
}

async function increment(tx: WriteTx, key: string): Promise<void> {
  await tx.putMeta(key, asCount(await tx.getMeta(key)) + 1);
}

describe('LocalLockTable', () => {
  it('grants disjoint exclusive claims at once and queues overlapping ones in call order', async () => {
    const table = new LocalLockTable();
    const log: string[] = [];
    const a = await table.acquire([{ resource: 'a', mode: 'exclusive' }]);
    const b = await table.acquire([{ resource: 'b', mode: 'exclusive' }]);
    const waiting = [
      table.acquire([{ resource: 'a', mode: 'exclusive' }]).then((release) => {
        log.push('a again');
        return release;
      }),
      table.acquire([{ resource: 'c', mode: 'exclusive' }]).then((release) => {
        log.push('c');
        return release;
      }),
    ];
    await settle();
    expect(log).toEqual(['c']);
    a();
    const releases = await Promise.all(waiting);
    expect(log).toEqual(['c', 'a again']);
    for (const release of [b, ...releases]) release();
    expect(table.size).toEqual({ held: 0, waiting: 0 });
  });

  it('lets shared claims overlap, and makes later callers queue behind a waiting exclusive one', async () => {
    const table = new LocalLockTable();
    const log: string[] = [];
    const first = await table.acquire([{ resource: '*', mode: 'shared' }]);
    const exclusive = table.acquire([{ resource: '*', mode: 'exclusive' }]).then((release) => {
      log.push('exclusive');
      return release;
    });
    const later = table.acquire([{ resource: '*', mode: 'shared' }]).then((release) => {
      log.push('later shared');
      return release;
    });
    await settle();
    expect(log).toEqual([]);
    first();
    (await exclusive)();
    (await later)();
    expect(log).toEqual(['exclusive', 'later shared']);
  });
});

for (const target of targets) {
  describe(`PostgresStore (${target.name})`, () => {
    const opened: PostgresStore[] = [];
    const schemasUsed: string[] = [];

    async function openStore(
      schema = freshSchema(),
      options: { readonly maxAttempts?: number } = {},
    ): Promise<PostgresStore> {
      if (!schemasUsed.includes(schema)) schemasUsed.push(schema);
      const store = await target.open(schema, options);
      opened.push(store);
      return store;
    }

    afterEach(async () => {
      for (const store of opened.splice(0)) await store.close();
      for (const schema of schemasUsed.splice(0)) {
        await target.sql(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      }
    });

    describe('opening and migrations', () => {
      registerMigrationListCase(postgresMigrations);

      it('creates every table in its own schema and records each migration once', async () => {
        const schema = freshSchema();
        const store = await openStore(schema);
        expect(store.kind).toBe('postgres');
        expect(store.supportsVectorSearch).toBe(true);
        expect(store.schema).toBe(schema);
        const tables = await target.sql<{ readonly table_name: string }>(
          `SELECT table_name FROM information_schema.tables WHERE table_schema = $1
           ORDER BY table_name COLLATE "C"`,
          [schema],
        );
        expect(tables.map((row) => row.table_name)).toEqual([
          'deliveries',
          'dlq',
          'embedding_space',
          'embeddings',
          'events',
          'history',
          'memories',
          'memory_revisions',
          'messages',
          'meta',
          'note_chunks',
          'notes',
          'prediction_errors',
          'prompts',
          'redactions',
          'schema_migrations',
          'search_documents',
          'search_keys',
          'search_stats',
          'search_vectors',
          'slots',
          'state_items',
          'tasks',
          'vault_roots',
          'vault_vectors',
          'watermarks',
        ]);
        const versions = async () =>
          (
            await target.sql<{ readonly version: number }>(
              `SELECT version FROM "${schema}".schema_migrations ORDER BY version`,
            )
          ).map((row) => row.version);
        expect(await versions()).toEqual([1, 2, 3, 4, 5, 6, 7]);

        await store.withWriteLock({ entities: [SAMPLE_ENTITY] }, (tx) =>
          tx.appendEvent(sampleEvent('evt-1')),
        );
        await store.close();
        const again = await openStore(schema);
        expect(await versions()).toEqual([1, 2, 3, 4, 5, 6, 7]);
        expect(await again.lastSeq()).toBe(1);
      });

      it('migrates once when several stores open the same new schema at once', async () => {
        const schema = freshSchema();
        const stores = await Promise.all([openStore(schema), openStore(schema), openStore(schema)]);
        const rows = await target.sql<{ readonly count: string | number }>(
          `SELECT COUNT(*) AS count FROM "${schema}".schema_migrations`,
        );
        expect(Number(rows[0]?.count)).toBe(postgresMigrations.length);
        for (const store of stores) expect(await store.lastSeq()).toBe(0);
      });

      it('refuses a schema newer than this build with STORE_FAILED', async () => {
        const schema = freshSchema();
        await openStore(schema);
        await target.sql(
          `INSERT INTO "${schema}".schema_migrations (version, description, applied_at)
           VALUES (99, 'from the future', 'now')`,
        );
        await expect(openStore(schema)).rejects.toMatchObject({
          code: 'STORE_FAILED',
          details: { operation: 'migrate' },
        });
      });

      it('rejects invalid options with CONFIG_INVALID', async () => {
        const db = await pglite();
        await expect(createPostgresStore({ pglite: db, schema: 'Bad-Name' })).rejects.toMatchObject(
          { code: 'CONFIG_INVALID' },
        );
        await expect(
          createPostgresStore({ pglite: db, schema: freshSchema(), maxAttempts: 0 }),
        ).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
        await expect(createPostgresStore({ url: '' })).rejects.toMatchObject({
          code: 'CONFIG_INVALID',
        });
      });
    });

    describe('write-behind of slots and history', () => {
      it('shows buffered rows to reads in the transaction, keeps their order, and drops them on rollback', async () => {
        const store = await openStore();
        const entries = ['e1', 'e2', 'e3'].map((id, index) =>
          sampleHistoryEntry(
            SAMPLE_ENTITY,
            'travel.status',
            id,
            `2025-01-0${3 - index}T00:00:00.000Z`,
          ),
        );
        await expect(
          store.withWriteLock({ entities: [SAMPLE_ENTITY] }, async (tx) => {
            await tx.putSlot(sampleSlot(SAMPLE_ENTITY, 'travel.status'));
            for (const entry of entries) await tx.appendHistory(entry);
            expect(await tx.getSlot(SAMPLE_ENTITY, 'travel.status')).not.toBeNull();
            expect(await tx.listHistory({ entityId: SAMPLE_ENTITY })).toEqual(entries);
            throw new Error('abandon');
          }),
        ).rejects.toThrow('abandon');
        expect(await store.listSlots()).toEqual([]);
        expect(await store.listHistory({ entityId: SAMPLE_ENTITY })).toEqual([]);

        const slot = sampleSlot(SAMPLE_ENTITY, 'travel.status');
        await store.withWriteLock({ entities: [SAMPLE_ENTITY] }, async (tx) => {
          await tx.putSlot({ ...slot, version: 1 });
          await tx.putSlot({ ...slot, version: 2 });
          for (const entry of entries) await tx.appendHistory(entry);
        });
        expect(await store.getSlot(SAMPLE_ENTITY, 'travel.status')).toMatchObject({ version: 2 });
        expect(await store.listHistory({ entityId: SAMPLE_ENTITY })).toEqual(entries);
      });
    });

    describe('append-only ledger', () => {
      it('refuses UPDATE, DELETE and TRUNCATE of events except the one redaction', async () => {
        const schema = freshSchema();
        const store = await openStore(schema);
        await store.withWriteLock({ entities: [SAMPLE_ENTITY] }, (tx) =>
          tx.appendEvent(sampleEvent('evt-1')),
        );
        const events = `"${schema}".events`;
        for (const statement of [
          `UPDATE ${events} SET payload = '{}'`,
          `UPDATE ${events} SET type = 'other', redacted = true`,
          `UPDATE ${events} SET redacted = true, payload_hash = 'forged'`,
          `DELETE FROM ${events}`,
          `TRUNCATE ${events} CASCADE`,
          `INSERT INTO ${events} (seq, event_id, type, event_ts, recorded_at, payload, payload_hash)
           VALUES (1, 'evt-x', 't', 'x', 'x', '{}', 'h')`,
        ]) {
          await expect(target.sql(statement)).rejects.toThrow();
        }
        expect((await store.readEvents(0, 10)).map((event) => event.payload)).toEqual([
          sampleEvent('evt-1').payload,
        ]);

        await store.withWriteLock({ entities: [SAMPLE_ENTITY] }, (tx) =>
          tx.redactEvent('evt-1', { redacted: true }),
        );
        const redactions = `"${schema}".redactions`;
        const recorded = await target.sql<{ readonly event_id: string }>(
          `SELECT event_id FROM ${redactions}`,
        );
        expect(recorded.map((row) => row.event_id)).toEqual(['evt-1']);
        await expect(target.sql(`DELETE FROM ${redactions}`)).rejects.toThrow();
        await expect(target.sql(`UPDATE ${redactions} SET redacted_at = 'x'`)).rejects.toThrow();
        await expect(target.sql(`UPDATE ${events} SET redacted = false`)).rejects.toThrow();
      });
    });

    describe('write locks', () => {
      it('serialises writers of one entity across stores, in the database', async () => {
        const schema = freshSchema();
        const first = await openStore(schema);
        const second = await openStore(schema);
        const log: string[] = [];
        const a = await holdWriter(first, { entities: ['user:a'] }, 'a', log, {
          last: (tx) => increment(tx, 'count'),
        });
        const b = loggedWriter(second, { entities: ['user:a'] }, 'b', log, (tx) =>
          increment(tx, 'count'),
        );
        if (target.parallel) await waitUntil(() => advisoryWaiters(target, 1));
        else await settle();
        await expectRunsAfter(a, b, log);
        expect(await first.getMeta('count')).toBe(2);
      });

      it('runs writers of different entities in parallel on a server, one after the other on PGlite', async () => {
        const store = await openStore();
        const log: string[] = [];
        const a = await holdWriter(store, { entities: ['user:a'] }, 'a', log, {
          first: (tx) => tx.putMeta('a', 1),
        });
        const b = loggedWriter(store, { entities: ['user:b'] }, 'b', log, (tx) =>
          tx.putMeta('b', 1),
        );
        if (target.parallel) {
          // B commits while A still holds its transaction open.
          await b;
          expect(log).toEqual(['a enter', 'b enter', 'b exit']);
          expect(await store.getMeta('b')).toBe(1);
          expect(await store.getMeta('a')).toBeNull();
          a.release();
          await a.done;
        } else {
          await settle();
          await expectRunsAfter(a, b, log);
        }
        expect(await store.getMeta('a')).toBe(1);
      });

      it('makes a global writer wait for an entity writer in flight, and later writers wait for it', async () => {
        const schema = freshSchema();
        const store = await openStore(schema);
        const other = await openStore(schema);
        const log: string[] = [];
        const entity = await holdWriter(store, { entities: ['user:a'] }, 'entity', log);
        const global = other.withWriteLock({ entities: [], global: true }, async () => {
          log.push('global');
        });
        if (target.parallel) await waitUntil(() => advisoryWaiters(target, 1));
        else await settle();
        const later = store.withWriteLock({ entities: ['user:b'] }, async () => {
          log.push('later entity');
        });
        await settle();
        expect(log).toEqual(['entity enter']);
        entity.release();
        await Promise.all([entity.done, global, later]);
        expect(log.slice(0, 3)).toEqual(['entity enter', 'entity exit', 'global']);
        expect(log).toContain('later entity');
      });

      it.skipIf(!target.parallel)(
        'serialises writers of different entities from joinCommitOrder to commit',
        async () => {
          const store = await openStore();
          const log: string[] = [];
          const held = gate();
          const joined = gate();
          const a = store.withWriteLock({ entities: ['user:a'] }, async (tx) => {
            await tx.joinCommitOrder();
            await tx.joinCommitOrder();
            log.push('a joined');
            joined.open();
            await held.promise;
            await increment(tx, 'shared');
            log.push('a exit');
          });
          await joined.promise;
          const b = store.withWriteLock({ entities: ['user:b'] }, async (tx) => {
            await tx.putMeta('b', 1);
            log.push('b before join');
            await tx.joinCommitOrder();
            log.push('b joined');
            await increment(tx, 'shared');
          });
          await waitUntil(() => advisoryWaiters(target, 1));
          expect(log).toEqual(['a joined', 'b before join']);
          held.open();
          await Promise.all([a, b]);
          expect(log).toEqual(['a joined', 'b before join', 'a exit', 'b joined']);
          expect(await store.getMeta('shared')).toBe(2);
        },
      );

      it('never deadlocks on crossing scopes under many concurrent writers', async () => {
        const schema = freshSchema();
        const stores = [await openStore(schema), await openStore(schema), await openStore(schema)];
        const scopes: WriteScope[] = [
          { entities: ['user:a', 'user:b'] },
          { entities: ['user:b', 'user:a'] },
          { entities: ['user:b', 'user:c'] },
          { entities: ['user:c', 'user:a'] },
        ];
        const calls = Array.from({ length: 48 }, (_, index) => {
          const store = stores[index % stores.length] as Store;
          const scope = scopes[index % scopes.length] as WriteScope;
          const global = index % 16 === 15;
          return store.withWriteLock(
            global ? { entities: [], global: true } : scope,
            async (tx) => {
              for (const key of global ? ['user:a', 'user:b', 'user:c'] : scope.entities) {
                await increment(tx, `count:${key}`);
                await settle(1);
              }
              await tx.joinCommitOrder();
              await increment(tx, 'count:shared');
            },
          );
        });
        await Promise.all(calls);
        const expected = (key: string) =>
          Array.from({ length: 48 }, (_, index) => index).filter((index) => {
            if (index % 16 === 15) return true;
            return (scopes[index % scopes.length] as WriteScope).entities.includes(key);
          }).length;
        const reader = stores[0] as Store;
        for (const key of ['user:a', 'user:b', 'user:c']) {
          expect(await reader.getMeta(`count:${key}`)).toBe(expected(key));
        }
        expect(await reader.getMeta('count:shared')).toBe(48);
      });

      it.skipIf(!target.parallel)(
        'reruns a transaction PostgreSQL aborted as a deadlock victim',
        async () => {
          const store = await openStore();
          const runs = { a: 0, b: 0 };
          const bothInserted = { a: gate(), b: gate() };
          const crossing = (name: 'a' | 'b', first: string, second: string) =>
            store.withWriteLock({ entities: [`user:${name}`] }, async (tx) => {
              runs[name] += 1;
              await tx.appendEvent(sampleEvent(first));
              bothInserted[name].open();
              await bothInserted[name === 'a' ? 'b' : 'a'].promise;
              return tx.appendEvent(sampleEvent(second));
            });
          const [a, b] = await Promise.all([
            crossing('a', 'evt-x', 'evt-y'),
            crossing('b', 'evt-y', 'evt-x'),
          ]);
          expect(runs.a + runs.b).toBe(3);
          expect([a.kind, b.kind].sort()).toEqual(['appended', 'duplicate']);
          expect((await store.readEvents(0, 10)).map((event) => event.eventId).sort()).toEqual([
            'evt-x',
            'evt-y',
          ]);
        },
      );

      it('rolls back and reports a callback that swallowed a failed statement', async () => {
        const store = await openStore();
        const attempt = store.withWriteLock({ entities: [SAMPLE_ENTITY] }, async (tx) => {
          await tx.putMeta('kept', 'no');
          await tx.putSlot({
            ...sampleSlot(SAMPLE_ENTITY, 'travel.status'),
            version: 'not a number' as unknown as number,
          });
          return 'carried on';
        });
        // A version that is not a number fails its double precision column.
        await expect(attempt).rejects.toMatchObject({ code: 'STORE_FAILED' });
        const swallowed = store.withWriteLock({ entities: [SAMPLE_ENTITY] }, async (tx) => {
          await tx.putMeta('kept', 'no');
          await tx
            .putSlot({
              ...sampleSlot(SAMPLE_ENTITY, 'travel.status'),
              version: 'not a number' as unknown as number,
            })
            .catch(() => undefined);
          return 'carried on';
        });
        await expect(swallowed).rejects.toMatchObject({ code: 'STORE_FAILED' });
        expect(await store.getMeta('kept')).toBeNull();
        await store.withWriteLock({ entities: [SAMPLE_ENTITY] }, (tx) => tx.putMeta('kept', 'yes'));
        expect(await store.getMeta('kept')).toBe('yes');
      });

      it.skipIf(target.parallel)(
        'makes reads outside the lock wait for the running transaction on PGlite',
        async () => {
          const store = await openStore();
          await store.withWriteLock({ entities: [SAMPLE_ENTITY] }, (tx) => tx.putMeta('k', 'old'));
          const held = gate();
          const entered = gate();
          const transaction = store.withWriteLock({ entities: [SAMPLE_ENTITY] }, async (tx) => {
            await tx.putMeta('k', 'new');
            // A read through the store from inside the callback runs in the transaction.
            const inside = await store.getMeta('k');
            entered.open();
            await held.promise;
            return inside;
          });
          await entered.promise;
          let outside: unknown = 'pending';
          const read = store.getMeta('k').then((value) => {
            outside = value;
          });
          await settle();
          expect(outside).toBe('pending');
          held.open();
          expect(await transaction).toBe('new');
          await read;
          expect(outside).toBe('new');
        },
      );

      it('rejects a write on another store of the same session from inside a callback', async () => {
        const schema = freshSchema();
        const store = await openStore(schema);
        const other = await openStore();
        const nested = store.withWriteLock({ entities: ['user:a'] }, () =>
          other.withWriteLock({ entities: ['user:b'] }, async () => 'inner'),
        );
        if (target.parallel) await expect(nested).resolves.toBe('inner');
        else await expect(nested).rejects.toMatchObject({ code: 'CONFLICT' });
      });
    });

    describe('search', () => {
      const at = (minute: number) => new Date(Date.UTC(2025, 2, 1, 9, minute)).toISOString();

      it('ranks by term weight, rarity and context, and honours filters', async () => {
        const store = await openStore();
        const messages = [
          sampleMessage('t-1', 'm-1', {
            content: 'Lisbon trip: flights to Lisbon booked',
            createdAt: at(1),
          }),
          sampleMessage('t-1', 'm-2', { content: 'the hotel is near the river', createdAt: at(2) }),
          sampleMessage('t-2', 'm-1', {
            content: 'a trip to Porto, and the trip after that',
            createdAt: at(3),
            entityId: 'family:smith',
          }),
          sampleMessage('t-3', 'm-1', { content: 'lisbon', createdAt: at(4) }),
          ...Array.from({ length: 6 }, (_, index) =>
            sampleMessage('t-4', `m-${index}`, {
              content: `another trip, number ${index}`,
              createdAt: at(10 + index),
            }),
          ),
        ];
        await putMessages(store, messages);
        const ids = async (
          terms: readonly string[],
          filters: Parameters<Store['searchText']>[1] = {},
          contextWeight?: number,
        ) =>
          (
            await store.searchText(
              contextWeight === undefined ? { terms } : { terms, contextWeight },
              filters,
              20,
            )
          ).map((hit) => `${hit.document.threadId}/${hit.document.itemId}`);

        // A rare term outweighs a common one; text outweighs the context column.
        const both = await ids(['lisbon', 'trip']);
        expect(both.slice(0, 2).sort()).toEqual(['t-1/m-1', 't-3/m-1']);
        expect(both).toContain('t-1/m-2');
        expect((await ids(['lisbon'])).at(-1)).toBe('t-1/m-2');
        const scores = await store.searchText({ terms: ['river', 'lisbon'] }, {}, 20);
        expect(scores.every((hit) => hit.score > 0)).toBe(true);
        for (let index = 1; index < scores.length; index += 1) {
          expect(scores[index - 1]?.score).toBeGreaterThanOrEqual(scores[index]?.score ?? 0);
        }
        const noContext = await store.searchText({ terms: ['lisbon'] }, {}, 20);
        const contextOnly = noContext.find((hit) => hit.document.itemId === 'm-2');
        const zeroWeight = await store.searchText({ terms: ['lisbon'], contextWeight: 0 }, {}, 20);
        expect(zeroWeight.find((hit) => hit.document.itemId === 'm-2')?.score).toBe(0);
        expect(contextOnly?.score).toBeGreaterThan(0);
        const heavy = await store.searchText({ terms: ['lisbon'], contextWeight: 4 }, {}, 20);
        expect(heavy[0]?.document.itemId).toBe('m-2');

        expect(await ids(['trip'], { entityIds: ['family:smith'] })).toEqual(['t-2/m-1']);
        expect(await ids(['trip'], { threadIds: ['t-4'], since: at(12), until: at(14) })).toEqual([
          't-4/m-2',
          't-4/m-3',
        ]);
        expect(await ids(['trip'], { kinds: ['state_item'] })).toEqual([]);
        expect(await ids(['stop', 'the'])).toContain('t-1/m-2');
      });

      it('matches exact nearest neighbours on a few hundred vectors, with and without filters', async () => {
        const store = await openStore();
        const space = { model: 'random@1', dimension: 16 };
        let seed = 7;
        const random = () => {
          seed = (seed * 1103515245 + 12345) % 2147483648;
          return seed / 2147483648 - 0.5;
        };
        const count = 300;
        const vectors = Array.from({ length: count }, () =>
          Float32Array.from({ length: space.dimension }, random),
        );
        await store.withWriteLock({ entities: [SAMPLE_ENTITY] }, async (tx) => {
          for (let index = 0; index < count; index += 1) {
            await tx.putMessage(
              sampleMessage(`t-${index % 7}`, `m-${index}`, {
                content: `item ${index}`,
                createdAt: at(index % 60),
                entityId: index % 3 === 0 ? 'family:smith' : SAMPLE_ENTITY,
              }),
            );
          }
        });
        await store.useEmbeddingSpace(space);
        await store.putEmbeddings(
          space,
          vectors.map((vector, index) => ({
            item: { kind: 'message', threadId: `t-${index % 7}`, itemId: `m-${index}` },
            contentHash: `h-${index}`,
            vector,
          })),
        );
        const cosine = (a: Float32Array, b: Float32Array) => {
          let dot = 0;
          let na = 0;
          let nb = 0;
          for (let i = 0; i < a.length; i += 1) {
            dot += (a[i] ?? 0) * (b[i] ?? 0);
            na += (a[i] ?? 0) ** 2;
            nb += (b[i] ?? 0) ** 2;
          }
          return dot / Math.sqrt(na * nb);
        };
        const query = Float32Array.from({ length: space.dimension }, random);
        const brute = (keep: (index: number) => boolean, limit: number) =>
          vectors
            .map((vector, index) => ({ index, similarity: cosine(vector, query) }))
            .filter((entry) => keep(entry.index))
            .sort((a, b) => b.similarity - a.similarity)
            .slice(0, limit);

        const hits = await store.searchVectors(space, query, {}, 10);
        const expected = brute(() => true, 10);
        expect(hits.map((hit) => hit.document.itemId)).toEqual(
          expected.map((entry) => `m-${entry.index}`),
        );
        for (const [index, hit] of hits.entries()) {
          expect(hit.similarity).toBeCloseTo(expected[index]?.similarity ?? 2, 5);
        }

        const filters = { entityIds: ['family:smith'], threadIds: ['t-2', 't-5'], since: at(10) };
        const filtered = await store.searchVectors(space, query, filters, 5);
        const keep = (index: number) =>
          index % 3 === 0 && [2, 5].includes(index % 7) && index % 60 >= 10;
        expect(filtered.map((hit) => hit.document.itemId)).toEqual(
          brute(keep, 5).map((entry) => `m-${entry.index}`),
        );
        const everything = await store.searchVectors(
          space,
          query,
          filters,
          Number.POSITIVE_INFINITY,
        );
        expect(everything).toHaveLength(vectors.filter((_, index) => keep(index)).length);
        const zero = await store.searchVectors(space, new Float32Array(space.dimension), {}, 3);
        expect(zero.map((hit) => hit.similarity)).toEqual([0, 0, 0]);
      });

      it('switches the vector table to a new dimension and back', async () => {
        const store = await openStore();
        await store.withWriteLock({ entities: [SAMPLE_ENTITY] }, (tx) =>
          tx.putMessage(sampleMessage('t-1', 'm-1', { content: 'x' })),
        );
        const small = { model: 'small@1', dimension: 2 };
        const large = { model: 'large@1', dimension: 3 };
        const item = { kind: 'message' as const, threadId: 't-1', itemId: 'm-1' };
        await store.useEmbeddingSpace(small);
        await store.putEmbeddings(small, [
          { item, contentHash: 'h', vector: Float32Array.from([1, 0]) },
        ]);
        await store.useEmbeddingSpace(large);
        await store.putEmbeddings(large, [
          { item, contentHash: 'h', vector: Float32Array.from([0, 0, 1]) },
        ]);
        const [hit] = await store.searchVectors(large, Float32Array.from([0, 0, 1]), {}, 1);
        expect(hit?.similarity).toBeCloseTo(1, 6);
        await store.useEmbeddingSpace(small);
        expect(await store.putEmbeddings(small, [{ item, contentHash: 'h' }])).toEqual({
          attached: 1,
          missing: [],
        });
        expect((await store.searchIndexStatus()).cachedVectors).toBe(2);
      });
    });

    it('exports the same derived rows as SQLite for the same writes', async () => {
      const directory = mkdtempSync(join(tmpdir(), 'verity-parity-'));
      const sqlite = await createSqliteStore({ path: join(directory, 'verity.db') });
      try {
        const postgres = await openStore();
        const writes = async (tx: WriteTx) => {
          await tx.putSlot(sampleSlot('user:zed', 'travel.status', { version: 3 }));
          await tx.putSlot(sampleSlot('family:smith', 'profile.name'));
          await tx.putSlot(sampleSlot('family:Smith', 'profile.name'));
          await tx.putPrompt(
            samplePrompt('p-b', '2025-01-01T00:00:00.000Z', { confidence: 0.1 + 0.2 }),
          );
          await tx.putPrompt(samplePrompt('P-a', '2025-01-01T00:00:00.000Z', { sequence: 1e21 }));
          await tx.appendHistory(
            sampleHistoryEntry('user:zed', 'travel.status', 'e-2', '2025-01-02T00:00:00.000Z', {
              details: { z: 1, a: [1.5, -0, 'é'], m: { '': null } },
            }),
          );
          await tx.appendHistory(
            sampleHistoryEntry('family:smith', 'travel.status', 'e-1', '2025-01-01T00:00:00+02:00'),
          );
          for (const [thread, id, content] of [
            ['t-é', 'm-2', 'Ünïcödé 🚀 text'],
            ['t-a', 'M-1', 'upper'],
            ['t-a', 'm-1', 'lower'],
            ['t-a', 'm-0', 'zero\u0000byte'],
          ] as const) {
            await tx.putMessage(sampleMessage(thread, id, { content }));
          }
          await tx.putMeta('zeta', { b: 2, a: 1 });
          await tx.putMeta('Alpha', [0.30000000000000004, 1e-7]);
          await tx.putStateItem(sampleStateItem('t-b', 'd_000000000002'));
          await tx.putStateItem(
            sampleStateItem('t-a', 'q_000000000001', { typeTag: 'question', status: 'open' }),
          );
          await tx.putWatermark('t-b', { createdAt: '2025-01-01T00:00:00.000Z', messageId: 'm-1' });
          await tx.putWatermark('t-a', { createdAt: '2025-01-01T00:00:00.000Z', messageId: 'M-1' });
          await tx.putDlq(sampleDlqItem('d-1', '2025-01-01T00:00:00.000Z'));
        };
        await sqlite.withWriteLock({ entities: [], global: true }, writes);
        await postgres.withWriteLock({ entities: [], global: true }, writes);
        const fromSqlite = await sqlite.exportDerived();
        const fromPostgres = await postgres.exportDerived();
        expect(fromPostgres).toStrictEqual(fromSqlite);
        expect(JSON.stringify(fromPostgres)).toBe(JSON.stringify(fromSqlite));
      } finally {
        await sqlite.close();
        rmSync(directory, { recursive: true, force: true });
      }
    });
  });
}

/** Observations and messages of one writer, about its own entities and thread. */
function writerRecords(writer: number, count: number): Record<string, unknown>[] {
  const sources = ['user_statement', 'calendar', 'static_markdown', 'webhook'];
  return Array.from({ length: count }, (_, i) => {
    const entity = `user:w${writer}e${i % 3}`;
    const at = new Date(Date.parse('2026-03-01T00:00:00Z') + i * 60_000).toISOString();
    if (i % 7 === 3) {
      return {
        type: 'message',
        thread_id: `w${writer}-thread`,
        message_id: `w${writer}m${i}`,
        entity_id: entity,
        role: 'user',
        content: `we are travelling to Lisbon ${i} (writer ${writer})`,
        created_at: at,
      };
    }
    return observation({
      id: writer * 10_000 + i,
      entity,
      field:
        i % 37 === 5
          ? 'profile.preference.seat'
          : i % 2 === 0
            ? 'travel.status'
            : 'project.verity.status',
      value: `v${(i * 7 + writer) % 4}`,
      source: sources[(i + writer) % sources.length] ?? 'user_statement',
      at,
    });
  });
}

for (const target of targets) {
  describe(`PostgresStore with the pipeline (${target.name})`, () => {
    const opened: Store[] = [];
    const schemasUsed: string[] = [];

    afterEach(async () => {
      for (const store of opened.splice(0)) await store.close();
      for (const schema of schemasUsed.splice(0)) {
        await target.sql(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      }
    });

    async function stores(): Promise<{ readonly postgres: Store; readonly sqlite: Store }> {
      const schema = freshSchema();
      schemasUsed.push(schema);
      const postgres = await target.open(schema);
      const sqlite = await createSqliteStore({ path: ':memory:' });
      opened.push(postgres, sqlite);
      return { postgres, sqlite };
    }

    function deps(store: Store, writeMode: 'serial' | 'parallel'): PipelineDeps {
      return {
        store,
        clock: createManualClock('2026-03-02T00:00:00Z'),
        ids: createSequentialIds(),
        writeMode,
      };
    }

    it('derives the same state as SQLite from the same input, and replays it identically', async () => {
      const { postgres, sqlite } = await stores();
      const records = [0, 1].flatMap((writer) => writerRecords(writer, 60));
      await ingest(deps(sqlite, 'serial'), records);
      await ingest(deps(postgres, 'serial'), records);
      const fromPostgres = await postgres.exportDerived();
      expect(fromPostgres.slots.length).toBeGreaterThan(0);
      expect(fromPostgres).toStrictEqual(await sqlite.exportDerived());
      expect(derivedHash(fromPostgres)).toBe(derivedHash(await sqlite.exportDerived()));
      const verified = await rebuild(postgres, {
        verify: true,
        scratch: () => createSqliteStore({ path: ':memory:' }),
      });
      expect(verified.verified).toBe(true);
    });

    it.skipIf(!target.parallel)(
      'replays the state that parallel entity-scoped writers committed, but for the order of history',
      async () => {
        const { postgres, sqlite } = await stores();
        const writers = [0, 1, 2, 3].map(async (writer) => {
          const records = writerRecords(writer, 80);
          for (let start = 0; start < records.length; start += 10) {
            await ingest(deps(postgres, 'parallel'), records.slice(start, start + 10));
          }
        });
        await Promise.all(writers);
        expect((await postgres.listSlots()).length).toBe(4 * 3 * 3);
        const live = await postgres.exportDerived();
        await postgres.withWriteLock({ entities: [], global: true }, (ledger) =>
          withPipelineTx(sqlite, { entities: [], global: true }, (tx) => replayInto(tx, ledger)),
        );
        const replayed = await sqlite.exportDerived();
        // `DerivedSnapshot.history` is ordered by insertion, which interleaves entities in commit
        // timing while replay inserts in seq order: the same entries, in another order across
        // entities (each slot's own order is the same). See the ADR 2026-11-26-postgres-write-locks.
        expect({ ...live, history: [] }).toStrictEqual({ ...replayed, history: [] });
        const bySlot = (entries: DerivedSnapshot['history']) =>
          [...entries].sort((a, b) =>
            `${a.entityId}\u0000${a.field}`.localeCompare(`${b.entityId}\u0000${b.field}`),
          );
        expect(bySlot(live.history)).toStrictEqual(bySlot(replayed.history));
      },
    );
  });
}

/** True once at least `count` advisory lock requests wait in the database. */
async function advisoryWaiters(target: Target, count: number): Promise<boolean> {
  const rows = await target.sql<{ readonly waiting: string | number }>(
    `SELECT COUNT(*) AS waiting FROM pg_catalog.pg_locks
     WHERE locktype = 'advisory' AND NOT granted
       AND database = (SELECT oid FROM pg_catalog.pg_database WHERE datname = current_database())`,
  );
  return Number(rows[0]?.waiting) >= count;
}

describe('PostgresStore errors', () => {
  it('wraps an unreachable server in STORE_FAILED with the cause', async () => {
    const attempt = createPostgresStore({ url: 'postgres://nobody@127.0.0.1:1/none', schema: 'x' });
    await expect(attempt).rejects.toBeInstanceOf(EngineError);
    await expect(attempt).rejects.toMatchObject({ code: 'STORE_FAILED', cause: expect.anything() });
  });
});
