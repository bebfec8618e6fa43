import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JsonValue } from '../../core/index.js';
import { EngineError } from '../../core/index.js';
import type { Store, WriteScope, WriteTx } from '../store.js';
import { registerItemsConformance } from './register-items-conformance.js';
import { registerObserverConformance } from './register-observer-conformance.js';
import { registerSearchConformance } from './register-search-conformance.js';
import { registerVaultConformance } from './register-vault-conformance.js';
import {
  SAMPLE_ENTITY,
  sampleDlqItem,
  sampleEvent,
  sampleHistoryEntry,
  sampleMessage,
  samplePrompt,
  sampleSlot,
} from './sample-records.js';

/** A store under test, opened on fresh, empty storage. */
export interface StoreHarness {
  readonly store: Store;
  /**
   * Opens a new store on the same storage, for durability checks. The suite closes `store` first.
   * Omit it when the storage does not outlive its store.
   */
  readonly reopen?: () => Promise<Store>;
  /**
   * True when the store has a single database session (PGlite): reads outside `withWriteLock` then
   * wait for a transaction in progress, so the case that reads while one is held open is skipped.
   */
  readonly singleSession?: boolean;
  /**
   * Closes every store opened through this harness (some may already be closed) and removes the
   * storage.
   */
  readonly cleanup: () => Promise<void>;
}

const SCOPE: WriteScope = { entities: [SAMPLE_ENTITY] };

function write<T>(store: Store, fn: (tx: WriteTx) => Promise<T>): Promise<T> {
  return store.withWriteLock(SCOPE, fn);
}

/** Resolves after pending I/O callbacks have run: a real yield to the event loop, not a sleep. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function asCount(value: JsonValue | null): number {
  return typeof value === 'number' ? value : 0;
}

/** A promise with its resolver exposed, for holding a transaction open. */
function gate(): { readonly promise: Promise<void>; readonly open: () => void } {
  let open: () => void = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

/**
 * Registers the Vitest cases every `Store` must pass. `open` is called before each case and must
 * return a store on fresh, empty storage.
 */
export function registerStoreConformance(name: string, open: () => Promise<StoreHarness>): void {
  describe(`Store conformance: ${name}`, () => {
    let harness: StoreHarness;
    let store: Store;

    beforeEach(async () => {
      harness = await open();
      store = harness.store;
    });

    afterEach(async () => {
      await harness.cleanup();
    });

    registerSearchConformance(() => harness);
    registerItemsConformance(() => harness);
    registerVaultConformance(() => harness);
    registerObserverConformance(() => harness);

    describe('ledger', () => {
      it('starts empty with lastSeq 0', async () => {
        expect(await store.lastSeq()).toBe(0);
        expect(await store.readEvents(0, 10)).toEqual([]);
        expect(await store.getEvent('missing')).toBeNull();
      });

      it('appends events with strictly increasing seqs and reads them back in order', async () => {
        const events = ['a', 'b', 'c', 'd', 'e'].map((id) => sampleEvent(`evt-${id}`));
        const outcomes = await write(store, async (tx) => {
          const results = [];
          for (const event of events) results.push(await tx.appendEvent(event));
          return results;
        });
        const seqs = outcomes.map((outcome) => {
          if (outcome.kind !== 'appended')
            throw new Error(`expected appended, got ${outcome.kind}`);
          return outcome.seq;
        });
        for (let i = 1; i < seqs.length; i += 1) {
          expect(seqs[i]).toBeGreaterThan(seqs[i - 1] ?? Number.POSITIVE_INFINITY);
        }

        const read = await store.readEvents(0, 100);
        expect(read.map((event) => event.eventId)).toEqual(events.map((event) => event.eventId));
        expect(read.map((event) => event.seq)).toEqual(seqs);
        expect(await store.lastSeq()).toBe(seqs[seqs.length - 1]);
      });

      it('pages events after a seq, at most limit at a time', async () => {
        await write(store, async (tx) => {
          for (const id of ['a', 'b', 'c', 'd', 'e']) await tx.appendEvent(sampleEvent(id));
        });
        const all = await store.readEvents(0, 100);
        const second = all[1];
        if (second === undefined) throw new Error('expected five events');
        const page = await store.readEvents(second.seq, 2);
        expect(page.map((event) => event.eventId)).toEqual(['c', 'd']);
        expect(await store.readEvents(all[4]?.seq ?? 0, 10)).toEqual([]);
        expect(await store.readEvents(0, 0)).toEqual([]);
      });

      it('counts events recorded at or after a time', async () => {
        const times = [
          '2025-01-01T00:00:00.000Z',
          '2025-01-02T00:00:00.000Z',
          '2025-01-02T00:00:00.001Z',
          '2025-01-03T00:00:00.000Z',
        ];
        await write(store, async (tx) => {
          for (const [index, recordedAt] of times.entries()) {
            await tx.appendEvent(sampleEvent(`evt-${index}`, { recordedAt }));
          }
          expect(await tx.countEventsSince('2025-01-02T00:00:00.000Z')).toBe(3);
        });
        expect(await store.countEventsSince('2025-01-02T00:00:00.000Z')).toBe(3);
        expect(await store.countEventsSince('2025-01-02T00:00:00.002Z')).toBe(1);
        expect(await store.countEventsSince('0000')).toBe(4);
        expect(await store.countEventsSince('2026-01-01T00:00:00.000Z')).toBe(0);
      });

      it('round-trips every field of an event', async () => {
        const withKey = sampleEvent('evt-key', {
          type: 'fact.asserted',
          entityId: 'family:smith',
          eventTs: '2025-02-01T08:00:00.000Z',
          recordedAt: '2025-02-02T08:00:00.000Z',
          payload: { text: 'héllo ✓', nested: { list: [1, 2.5, true, null, 'x'] } },
          dedupeKey: 'fingerprint-1',
        });
        const withoutEntity = sampleEvent('evt-global', { entityId: null });
        await write(store, async (tx) => {
          await tx.appendEvent(withKey);
          await tx.appendEvent(withoutEntity);
        });
        const stored = await store.getEvent('evt-key');
        expect(stored).toEqual({ ...withKey, seq: stored?.seq, redacted: false });
        expect(await store.getEvent('evt-global')).toMatchObject({
          entityId: null,
          dedupeKey: null,
          redacted: false,
        });
      });

      it('reports the same event id with the same hash as a duplicate and writes nothing', async () => {
        const event = sampleEvent('evt-1');
        const first = await write(store, (tx) => tx.appendEvent(event));
        if (first.kind !== 'appended') throw new Error('expected appended');
        const again = await write(store, (tx) => tx.appendEvent(event));
        expect(again).toEqual({ kind: 'duplicate', seq: first.seq, eventId: 'evt-1' });
        expect(await store.readEvents(0, 10)).toHaveLength(1);
        expect(await store.lastSeq()).toBe(first.seq);
      });

      it('reports the same event id with a different hash as a conflict and writes nothing', async () => {
        await write(store, (tx) => tx.appendEvent(sampleEvent('evt-1')));
        const original = await store.getEvent('evt-1');
        const outcome = await write(store, (tx) =>
          tx.appendEvent(sampleEvent('evt-1', { payload: { other: 'payload' } })),
        );
        expect(outcome).toEqual({ kind: 'conflict', existing: original });
        expect(await store.readEvents(0, 10)).toEqual([original]);
      });

      it('reports a repeated dedupe key with the same hash as a duplicate of the first event', async () => {
        const payload = { field: 'travel.status', value: 'in_progress' };
        const first = await write(store, (tx) =>
          tx.appendEvent(sampleEvent('evt-1', { payload, dedupeKey: 'key-1' })),
        );
        if (first.kind !== 'appended') throw new Error('expected appended');
        const outcome = await write(store, (tx) =>
          tx.appendEvent(sampleEvent('evt-2', { payload, dedupeKey: 'key-1' })),
        );
        expect(outcome).toEqual({ kind: 'duplicate', seq: first.seq, eventId: 'evt-1' });
        expect(await store.getEvent('evt-2')).toBeNull();
        expect(await store.readEvents(0, 10)).toHaveLength(1);
      });

      it('reports a repeated dedupe key with a different hash as a conflict', async () => {
        await write(store, (tx) => tx.appendEvent(sampleEvent('evt-1', { dedupeKey: 'key-1' })));
        const original = await store.getEvent('evt-1');
        const outcome = await write(store, (tx) =>
          tx.appendEvent(
            sampleEvent('evt-2', { dedupeKey: 'key-1', payload: { different: true } }),
          ),
        );
        expect(outcome).toEqual({ kind: 'conflict', existing: original });
        expect(await store.getEvent('evt-2')).toBeNull();
        expect(await store.lastSeq()).toBe(original?.seq);
      });

      it('sees its own appends inside the transaction, including for duplicate detection', async () => {
        const event = sampleEvent('evt-1');
        const outcomes = await write(store, async (tx) => {
          const first = await tx.appendEvent(event);
          const seen = await tx.getEvent('evt-1');
          const second = await tx.appendEvent(event);
          return { first, seen, second, lastSeq: await tx.lastSeq() };
        });
        expect(outcomes.first.kind).toBe('appended');
        expect(outcomes.seen?.eventId).toBe('evt-1');
        expect(outcomes.second.kind).toBe('duplicate');
        expect(outcomes.lastSeq).toBe(outcomes.seen?.seq);
      });

      it('redacts an event: payload replaced, marked redacted, hash and position kept', async () => {
        const event = sampleEvent('evt-1', { dedupeKey: 'key-1' });
        await write(store, async (tx) => {
          await tx.appendEvent(event);
          await tx.appendEvent(sampleEvent('evt-2'));
        });
        const before = await store.getEvent('evt-1');
        await write(store, (tx) => tx.redactEvent('evt-1', { redacted: true, reason: 'forget' }));

        const after = await store.getEvent('evt-1');
        expect(after).toEqual({
          ...before,
          payload: { redacted: true, reason: 'forget' },
          redacted: true,
        });
        expect(after?.payloadHash).toBe(event.payloadHash);
        expect((await store.readEvents(0, 10)).map((e) => e.eventId)).toEqual(['evt-1', 'evt-2']);
        const again = await write(store, (tx) => tx.appendEvent(event));
        expect(again).toEqual({ kind: 'duplicate', seq: before?.seq, eventId: 'evt-1' });
      });

      it('throws NOT_FOUND when redacting an unknown event', async () => {
        const attempt = write(store, (tx) => tx.redactEvent('missing', { redacted: true }));
        await expect(attempt).rejects.toBeInstanceOf(EngineError);
        await expect(attempt).rejects.toMatchObject({ code: 'NOT_FOUND' });
      });
    });

    describe('derived state', () => {
      it('round-trips slots, replaces on put and lists them by entity then field', async () => {
        const slots = [
          sampleSlot('user:primary', 'travel.status'),
          sampleSlot('family:smith', 'profile.name'),
          sampleSlot('user:primary', 'profile.city'),
          sampleSlot('family:smith', 'family.pets'),
        ];
        await write(store, async (tx) => {
          for (const slot of slots) await tx.putSlot(slot);
        });
        expect(await store.getSlot('user:primary', 'travel.status')).toEqual(slots[0]);
        expect(await store.getSlot('user:primary', 'missing')).toBeNull();

        const replaced = sampleSlot('user:primary', 'travel.status', { version: 2, pending: null });
        await write(store, (tx) => tx.putSlot({ ...replaced, committed: null }));
        expect(await store.getSlot('user:primary', 'travel.status')).toEqual({
          ...replaced,
          committed: null,
        });

        const keys = (list: readonly { entityId: string; field: string }[]) =>
          list.map((slot) => `${slot.entityId} ${slot.field}`);
        expect(keys(await store.listSlots())).toEqual([
          'family:smith family.pets',
          'family:smith profile.name',
          'user:primary profile.city',
          'user:primary travel.status',
        ]);
        expect(keys(await store.listSlots('user:primary'))).toEqual([
          'user:primary profile.city',
          'user:primary travel.status',
        ]);
        expect(await store.listSlots('team:none')).toEqual([]);
      });

      it('lists history in insertion order, filtered by field, upTo and limit', async () => {
        const entries = [
          sampleHistoryEntry(SAMPLE_ENTITY, 'travel.status', 'e1', '2025-01-03T00:00:00.000Z'),
          sampleHistoryEntry(SAMPLE_ENTITY, 'profile.city', 'e2', '2025-01-01T00:00:00.000Z'),
          sampleHistoryEntry(SAMPLE_ENTITY, 'travel.status', 'e3', '2025-01-02T00:00:00.000Z'),
          sampleHistoryEntry('family:smith', 'travel.status', 'e4', '2025-01-01T00:00:00.000Z'),
          sampleHistoryEntry(SAMPLE_ENTITY, 'travel.status', 'e5', '2025-01-04T00:00:00.000Z'),
        ];
        await write(store, async (tx) => {
          for (const entry of entries) await tx.appendHistory(entry);
        });
        const ids = (list: readonly { eventId: string }[]) => list.map((entry) => entry.eventId);

        const all = await store.listHistory({ entityId: SAMPLE_ENTITY });
        expect(ids(all)).toEqual(['e1', 'e2', 'e3', 'e5']);
        expect(all[0]).toStrictEqual(entries[0]);
        expect(
          ids(await store.listHistory({ entityId: SAMPLE_ENTITY, field: 'travel.status' })),
        ).toEqual(['e1', 'e3', 'e5']);
        expect(
          ids(
            await store.listHistory({
              entityId: SAMPLE_ENTITY,
              field: 'travel.status',
              upTo: '2025-01-03T00:00:00.000Z',
            }),
          ),
        ).toEqual(['e1', 'e3']);
        expect(ids(await store.listHistory({ entityId: SAMPLE_ENTITY, limit: 2 }))).toEqual([
          'e1',
          'e2',
        ]);
        expect(
          ids(
            await store.listHistory({ entityId: SAMPLE_ENTITY, upTo: '2025-01-01T00:00:00.000Z' }),
          ),
        ).toEqual(['e2']);
        expect(await store.listHistory({ entityId: 'team:none' })).toEqual([]);
      });

      it('round-trips prompts, replaces on put and lists them by createdAt, sequence, promptId', async () => {
        const prompts = [
          samplePrompt('p-b', '2025-01-02T00:00:00.000Z', { sequence: 3 }),
          samplePrompt('p-c', '2025-01-01T00:00:00.000Z', { status: 'queued' }),
          samplePrompt('p-a', '2025-01-02T00:00:00.000Z', {
            entityId: 'family:smith',
            sequence: 2,
          }),
          samplePrompt('p-z', '2025-01-02T00:00:00.000Z', { status: 'rejected', sequence: 2 }),
          samplePrompt('p-d', '2025-01-03T00:00:00.000Z', { status: 'confirmed' }),
        ];
        await write(store, async (tx) => {
          for (const prompt of prompts) await tx.putPrompt(prompt);
        });
        const ids = (list: readonly { promptId: string }[]) =>
          list.map((prompt) => prompt.promptId);

        expect(await store.getPrompt('p-b')).toEqual(prompts[0]);
        expect(await store.getPrompt('missing')).toBeNull();
        expect(ids(await store.listPrompts({}))).toEqual(['p-c', 'p-a', 'p-z', 'p-b', 'p-d']);
        expect(ids(await store.listPrompts({ status: ['open', 'queued'] }))).toEqual([
          'p-c',
          'p-a',
          'p-b',
        ]);
        expect(ids(await store.listPrompts({ entityId: SAMPLE_ENTITY }))).toEqual([
          'p-c',
          'p-z',
          'p-b',
          'p-d',
        ]);
        expect(ids(await store.listPrompts({ status: ['open'], limit: 1 }))).toEqual(['p-a']);

        const closed = {
          ...samplePrompt('p-b', '2025-01-02T00:00:00.000Z'),
          status: 'expired' as const,
          closedBy: 'evt-9',
          closedAt: '2025-01-05T00:00:00.000Z',
        };
        await write(store, (tx) => tx.putPrompt(closed));
        expect(await store.getPrompt('p-b')).toEqual(closed);
        expect(ids(await store.listPrompts({ status: ['open'] }))).toEqual(['p-a']);
      });

      it('stores a message once and keeps the first on a duplicate', async () => {
        const first = sampleMessage('thread-1', 'm-1');
        await write(store, async (tx) => {
          await tx.putMessage(first);
          await tx.putMessage({ ...first, content: 'a different text' });
        });
        await write(store, (tx) => tx.putMessage({ ...first, content: 'yet another text' }));
        expect(await store.getMessage('thread-1', 'm-1')).toEqual(first);
        expect(await store.getMessage('thread-1', 'm-2')).toBeNull();
        expect(await store.getMessage('thread-2', 'm-1')).toBeNull();
      });

      it('round-trips meta values of every JSON kind and overwrites on put', async () => {
        const values: readonly [string, JsonValue][] = [
          ['object', { a: 1, b: [true, null, 'x'], c: { d: 2.5 } }],
          ['array', [1, 'two', { three: 3 }]],
          ['number', 42],
          ['string', 'text'],
          ['boolean', false],
        ];
        await write(store, async (tx) => {
          for (const [key, value] of values) await tx.putMeta(key, value);
        });
        for (const [key, value] of values) expect(await store.getMeta(key)).toEqual(value);
        expect(await store.getMeta('missing')).toBeNull();

        await write(store, (tx) => tx.putMeta('number', 43));
        expect(await store.getMeta('number')).toBe(43);
      });

      it('round-trips DLQ items, replaces on put and lists them oldest first', async () => {
        const items = [
          sampleDlqItem('d-b', '2025-01-02T00:00:00.000Z'),
          sampleDlqItem('d-c', '2025-01-01T00:00:00.000Z', { status: 'resolved' }),
          sampleDlqItem('d-a', '2025-01-02T00:00:00.000Z', { inputId: 'evt-7', domain: 'travel' }),
        ];
        await write(store, async (tx) => {
          for (const item of items) await tx.putDlq(item);
        });
        const ids = (list: readonly { dlqId: string }[]) => list.map((item) => item.dlqId);

        expect(await store.getDlq('d-a')).toEqual(items[2]);
        expect(await store.getDlq('missing')).toBeNull();
        expect(ids(await store.listDlq())).toEqual(['d-c', 'd-a', 'd-b']);
        expect(ids(await store.listDlq(['pending']))).toEqual(['d-a', 'd-b']);

        const failed = sampleDlqItem('d-b', '2025-01-02T00:00:00.000Z', {
          status: 'permanently_failed',
          retryCount: 5,
          needsReview: true,
        });
        await write(store, (tx) => tx.putDlq(failed));
        expect(await store.getDlq('d-b')).toEqual(failed);
        expect(ids(await store.listDlq(['pending']))).toEqual(['d-a']);
        expect(ids(await store.listDlq(['permanently_failed', 'resolved']))).toEqual([
          'd-c',
          'd-b',
        ]);
      });

      it('exports derived rows in canonical order without store row ids', async () => {
        const history = [
          sampleHistoryEntry('user:zed', 'travel.status', 'e1', '2025-01-02T00:00:00.000Z'),
          sampleHistoryEntry('family:smith', 'travel.status', 'e2', '2025-01-01T00:00:00.000Z'),
          // Within one slot, insertion order (not recordedAt) decides.
          sampleHistoryEntry('user:zed', 'travel.status', 'e3', '2025-01-01T00:00:00.000Z'),
        ];
        await write(store, async (tx) => {
          await tx.putSlot(sampleSlot('user:zed', 'travel.status'));
          await tx.putSlot(sampleSlot('family:smith', 'travel.status'));
          await tx.putSlot(sampleSlot('family:smith', 'profile.name'));
          await tx.putPrompt(samplePrompt('p-2', '2025-01-01T00:00:00.000Z'));
          await tx.putPrompt(samplePrompt('p-1', '2025-01-02T00:00:00.000Z'));
          for (const entry of history) await tx.appendHistory(entry);
          await tx.putMessage(sampleMessage('t-2', 'm-1'));
          await tx.putMessage(sampleMessage('t-1', 'm-2'));
          await tx.putMessage(sampleMessage('t-1', 'm-1'));
          await tx.putMeta('zeta', 1);
          await tx.putMeta('alpha', { on: true });
        });

        const snapshot = await store.exportDerived();
        expect(snapshot.slots.map((slot) => `${slot.entityId} ${slot.field}`)).toEqual([
          'family:smith profile.name',
          'family:smith travel.status',
          'user:zed travel.status',
        ]);
        expect(snapshot.prompts.map((prompt) => prompt.promptId)).toEqual(['p-1', 'p-2']);
        // By slot, then insertion: writers of different entities may interleave in any order.
        expect(snapshot.history).toStrictEqual([history[1], history[0], history[2]]);
        expect(snapshot.messages.map((m) => `${m.threadId} ${m.messageId}`)).toEqual([
          't-1 m-1',
          't-1 m-2',
          't-2 m-1',
        ]);
        expect(snapshot.meta).toEqual([
          { key: 'alpha', value: { on: true } },
          { key: 'zeta', value: 1 },
        ]);
      });

      it('clears every derived row but keeps the ledger and the DLQ', async () => {
        await write(store, async (tx) => {
          await tx.appendEvent(sampleEvent('evt-1'));
          await tx.putSlot(sampleSlot(SAMPLE_ENTITY, 'travel.status'));
          await tx.appendHistory(
            sampleHistoryEntry(SAMPLE_ENTITY, 'travel.status', 'evt-1', '2025-01-01T00:00:00.000Z'),
          );
          await tx.putPrompt(samplePrompt('p-1', '2025-01-01T00:00:00.000Z'));
          await tx.putMessage(sampleMessage('t-1', 'm-1'));
          await tx.putMeta('cursor', 1);
          await tx.putDlq(sampleDlqItem('d-1', '2025-01-01T00:00:00.000Z'));
        });
        await write(store, (tx) => tx.dangerouslyClearDerived());

        expect(await store.exportDerived()).toEqual({
          slots: [],
          prompts: [],
          history: [],
          messages: [],
          meta: [],
          stateItems: [],
          watermarks: [],
          vault: { memories: [], revisions: [], predictionErrors: [] },
        });
        expect(await store.getMeta('cursor')).toBeNull();
        expect((await store.readEvents(0, 10)).map((event) => event.eventId)).toEqual(['evt-1']);
        expect((await store.listDlq()).map((item) => item.dlqId)).toEqual(['d-1']);
      });
    });

    describe('transactions', () => {
      it('returns the callback result after committing', async () => {
        const result = await write(store, async (tx) => {
          await tx.putMeta('k', 'v');
          return 'done';
        });
        expect(result).toBe('done');
        expect(await store.getMeta('k')).toBe('v');
      });

      it('rolls back every write of a throwing callback and rethrows its error', async () => {
        await write(store, (tx) => tx.putMeta('kept', 'before'));
        const boom = new Error('boom');
        const attempt = write(store, async (tx) => {
          await tx.appendEvent(sampleEvent('evt-1'));
          await tx.putSlot(sampleSlot(SAMPLE_ENTITY, 'travel.status'));
          await tx.putMeta('kept', 'after');
          await tx.putDlq(sampleDlqItem('d-1', '2025-01-01T00:00:00.000Z'));
          throw boom;
        });
        await expect(attempt).rejects.toBe(boom);

        expect(await store.lastSeq()).toBe(0);
        expect(await store.getEvent('evt-1')).toBeNull();
        expect(await store.getSlot(SAMPLE_ENTITY, 'travel.status')).toBeNull();
        expect(await store.getMeta('kept')).toBe('before');
        expect(await store.getDlq('d-1')).toBeNull();

        const after = await write(store, (tx) => tx.appendEvent(sampleEvent('evt-1')));
        expect(after.kind).toBe('appended');
      });

      it('serialises concurrent calls in call order without interleaving', async () => {
        const log: string[] = [];
        const calls = Array.from({ length: 20 }, (_, index) =>
          write(store, async (tx) => {
            log.push(`enter ${index}`);
            const current = asCount(await tx.getMeta('counter'));
            await yieldToEventLoop();
            await tx.putMeta('counter', current + 1);
            await yieldToEventLoop();
            log.push(`exit ${index}`);
            return index;
          }),
        );
        const results = await Promise.all(calls);

        const indexes = Array.from({ length: 20 }, (_, index) => index);
        expect(results).toEqual(indexes);
        expect(log).toEqual(indexes.flatMap((index) => [`enter ${index}`, `exit ${index}`]));
        expect(await store.getMeta('counter')).toBe(20);
      });

      it('keeps serving queued calls after one of them fails', async () => {
        const failing = write(store, async () => {
          throw new Error('first fails');
        });
        const succeeding = write(store, (tx) => tx.putMeta('k', 'second ran'));
        await expect(failing).rejects.toThrow('first fails');
        await succeeding;
        expect(await store.getMeta('k')).toBe('second ran');
      });

      it('hides uncommitted writes from readers outside the lock until commit', async (context) => {
        if (harness.singleSession === true) {
          context.skip();
          return;
        }
        await write(store, (tx) => tx.putMeta('k', 'old'));
        const held = gate();
        const entered = gate();
        const transaction = write(store, async (tx) => {
          await tx.putMeta('k', 'new');
          await tx.appendEvent(sampleEvent('evt-1'));
          await tx.putSlot(sampleSlot(SAMPLE_ENTITY, 'travel.status'));
          const ownView = await tx.getMeta('k');
          entered.open();
          await held.promise;
          return ownView;
        });
        await entered.promise;

        try {
          expect(await store.getMeta('k')).toBe('old');
          expect(await store.getEvent('evt-1')).toBeNull();
          expect(await store.lastSeq()).toBe(0);
          expect(await store.getSlot(SAMPLE_ENTITY, 'travel.status')).toBeNull();
          expect((await store.exportDerived()).slots).toEqual([]);
        } finally {
          held.open();
        }
        expect(await transaction).toBe('new');
        expect(await store.getMeta('k')).toBe('new');
        expect(await store.getEvent('evt-1')).not.toBeNull();
      });

      it('rejects a re-entrant call with CONFLICT instead of deadlocking', async () => {
        const nested = write(store, () => write(store, async () => 'inner'));
        await expect(nested).rejects.toBeInstanceOf(EngineError);
        await expect(nested).rejects.toMatchObject({ code: 'CONFLICT' });
        expect(await write(store, async () => 'still usable')).toBe('still usable');
      });
    });

    describe('durability', () => {
      it('keeps committed events and derived rows across close and reopen', async (context) => {
        const reopen = harness.reopen;
        if (reopen === undefined) {
          context.skip();
          return;
        }
        await write(store, async (tx) => {
          await tx.appendEvent(sampleEvent('evt-1', { dedupeKey: 'key-1' }));
          await tx.putSlot(sampleSlot(SAMPLE_ENTITY, 'travel.status'));
          await tx.appendHistory(
            sampleHistoryEntry(SAMPLE_ENTITY, 'travel.status', 'evt-1', '2025-01-01T00:00:00.000Z'),
          );
          await tx.putMeta('cursor', 1);
          await tx.putDlq(sampleDlqItem('d-1', '2025-01-01T00:00:00.000Z'));
        });
        const events = await store.readEvents(0, 10);
        const snapshot = await store.exportDerived();
        await store.close();

        const reopened = await reopen();
        expect(await reopened.readEvents(0, 10)).toEqual(events);
        expect(await reopened.exportDerived()).toEqual(snapshot);
        expect(await reopened.getDlq('d-1')).not.toBeNull();
        const outcome = await reopened.withWriteLock(SCOPE, (tx) =>
          tx.appendEvent(sampleEvent('evt-2')),
        );
        expect(outcome.kind).toBe('appended');
        if (outcome.kind === 'appended') {
          expect(outcome.seq).toBeGreaterThan(events[0]?.seq ?? Number.POSITIVE_INFINITY);
        }
      });
    });
  });
}
