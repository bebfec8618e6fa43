import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../../core/index.js';
import { EngineError } from '../../core/index.js';
import { gate } from './gate.js';
import type { StoreHarness } from './register-store-conformance.js';
import {
  currentStore,
  SAMPLE_ENTITY,
  SCOPE,
  sampleDlqItem,
  sampleEvent,
  sampleHistoryEntry,
  sampleSlot,
  write,
} from './sample-records.js';

/** Resolves after pending I/O callbacks have run: a real yield to the event loop, not a sleep. */
function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function asCount(value: JsonValue | null): number {
  return typeof value === 'number' ? value : 0;
}

/**
 * Registers the conformance cases of `withWriteLock` (`stores/store.ts`): commit, rollback,
 * serialisation, isolation, re-entry, durability and capabilities.
 */
function registerWriteLockConformanceCases(harness: () => StoreHarness): void {
  const store = currentStore(harness);
  describe('transactions', () => {
    it('describes itself by capabilities that agree with its other fields', () => {
      expect(store.capabilities.vectorIndex).toBe(store.supportsVectorSearch);
      expect(store.capabilities.writable).toBe(true);
      expect(typeof store.capabilities.concurrentWriters).toBe('boolean');
    });

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
  });
}

function registerIsolationConformance(harness: () => StoreHarness): void {
  const store = currentStore(harness);
  describe('transaction isolation, re-entry and durability', () => {
    it('hides uncommitted writes from readers outside the lock until commit', async (context) => {
      if (harness().singleSession === true) {
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

    it('keeps committed events and derived rows across close and reopen', async (context) => {
      const reopen = harness().reopen;
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
}

/** Registers this concern's cases (see `registerStoreConformance`). */
export function registerWriteLockConformance(harness: () => StoreHarness): void {
  registerWriteLockConformanceCases(harness);
  registerIsolationConformance(harness);
}
