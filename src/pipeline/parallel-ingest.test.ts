import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store, WriteScope } from '../stores/index.js';
import { createSqliteStore } from '../stores/sqlite/index.js';
import { createManualClock, createSequentialIds, observation } from '../testing/index.js';
import { ingest, type PipelineDeps, rebuild } from './index.js';

/** Counts the scopes the pipeline asked for, to show which path each batch took. */
function countingStore(store: Store): { store: Store; scopes: WriteScope[] } {
  const scopes: WriteScope[] = [];
  const counted = new Proxy(store, {
    get(target, property, receiver) {
      if (property === 'withWriteLock') {
        return (scope: WriteScope, fn: Parameters<Store['withWriteLock']>[1]) => {
          scopes.push(scope);
          return target.withWriteLock(scope, fn);
        };
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { store: counted, scopes };
}

/** Records of one writer: observations and messages about its own entities. */
function writerRecords(writer: number, count: number): Record<string, unknown>[] {
  const sources = ['user_statement', 'calendar', 'static_markdown', 'webhook'];
  const records: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const entity = `user:w${writer}e${i % 3}`;
    const at = new Date(Date.parse('2026-03-01T00:00:00Z') + i * 60_000).toISOString();
    if (i % 37 === 5) {
      // A profile change goes to review: shared state, so this batch falls back to global.
      records.push(
        observation({
          id: writer * 10_000 + i,
          entity,
          field: 'profile.preference.seat',
          value: `seat-${i}`,
          at,
        }),
      );
      continue;
    }
    if (i % 7 === 3) {
      records.push({
        type: 'message',
        thread_id: `w${writer}-thread`,
        message_id: `w${writer}m${i}`,
        entity_id: entity,
        role: 'user',
        content: `note ${i} from writer ${writer}`,
        created_at: at,
      });
      continue;
    }
    records.push(
      observation({
        id: writer * 10_000 + i,
        entity,
        field: i % 2 === 0 ? 'travel.status' : 'project.verity.status',
        value: `v${(i * 7 + writer) % 4}`,
        source: sources[(i + writer) % sources.length] ?? 'user_statement',
        at,
      }),
    );
  }
  return records;
}

let store: Store;

beforeEach(async () => {
  store = await createSqliteStore({ path: ':memory:' });
});

afterEach(async () => {
  await store.close();
});

describe('entity-scoped (parallel) ingest', () => {
  it('runs clean batches entity-scoped, falls back to the global scope, and replays identically', async () => {
    const counted = countingStore(store);
    const deps: PipelineDeps = {
      store: counted.store,
      clock: createManualClock('2026-03-02T00:00:00Z'),
      ids: createSequentialIds(),
      writeMode: 'parallel',
    };
    const writers = [0, 1, 2, 3].map(async (writer) => {
      const records = writerRecords(writer, 120);
      for (let start = 0; start < records.length; start += 10) {
        await ingest(deps, records.slice(start, start + 10));
      }
    });
    await Promise.all(writers);

    const entityScoped = counted.scopes.filter((s) => s.global !== true);
    const global = counted.scopes.filter((s) => s.global === true);
    // Every batch tried the entity scope first; the contested ones (review prompts) fell back.
    expect(entityScoped).toHaveLength(48);
    expect(global.length).toBeGreaterThan(0);
    expect(global.length).toBeLessThan(48);
    for (const scope of entityScoped) {
      expect(scope.entities.every((k) => /^(user:w\d+e\d|thread:w\d+-thread)$/.test(k))).toBe(true);
    }
    const slots = await store.listSlots();
    expect(slots.length).toBe(36);
    const verified = await rebuild(store, {
      verify: true,
      scratch: () => createSqliteStore({ path: ':memory:' }),
    });
    expect(verified.verified).toBe(true);
  });

  it('leaves nothing behind from an entity-scoped attempt that had to fall back', async () => {
    const deps: PipelineDeps = {
      store,
      clock: createManualClock('2026-03-02T00:00:00Z'),
      ids: createSequentialIds(),
      writeMode: 'parallel',
    };
    // A profile change raises a review prompt: shared state, so the batch is redone globally. Had the
    // first attempt committed anything, the ledger would hold its events twice or conflict.
    const records = [
      observation({ id: 1, entity: 'user:a', field: 'profile.preference.seat', value: 'aisle' }),
      observation({
        id: 2,
        entity: 'user:a',
        field: 'profile.preference.seat',
        value: 'window',
        at: '2026-02-19T16:00:00Z',
      }),
    ];
    const report = await ingest(deps, records);
    expect(report).toMatchObject({ applied: 2, rejected: 0, duplicate: 0 });
    expect(await store.lastSeq()).toBe(2);
    const serial = await createSqliteStore({ path: ':memory:' });
    try {
      await ingest({ ...deps, store: serial, writeMode: 'serial' }, records);
      expect(await serial.listPrompts({})).toHaveLength(1);
      expect(await store.exportDerived()).toEqual(await serial.exportDerived());
    } finally {
      await serial.close();
    }
  });
});
