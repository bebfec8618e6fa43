import { describe, expect, it } from 'vitest';
import { EngineError } from '../../core/index.js';
import type { StoreHarness } from './register-store-conformance.js';
import { currentStore, sampleEvent, write } from './sample-records.js';

/**
 * Registers the conformance cases of the ledger (`stores/ledger.ts`): appends, duplicates and
 * conflicts, paging, redaction.
 */
function registerLedgerConformanceCases(harness: () => StoreHarness): void {
  const store = currentStore(harness);
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
        if (outcome.kind !== 'appended') throw new Error(`expected appended, got ${outcome.kind}`);
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

    it('reads the events of several ids at once, in seq order, skipping unknown ids', async () => {
      await write(store, async (tx) => {
        for (const id of ['a', 'b', 'c', 'd']) await tx.appendEvent(sampleEvent(`evt-${id}`));
      });
      const found = await store.getEvents(['evt-d', 'missing', 'evt-b', 'evt-d']);
      expect(found.map((event) => event.eventId)).toEqual(['evt-b', 'evt-d']);
      expect(found[1]).toEqual(await store.getEvent('evt-d'));
      expect(await store.getEvents([])).toEqual([]);
      expect(await store.getEvents(['missing'])).toEqual([]);
      await write(store, async (tx) => {
        expect((await tx.getEvents(['evt-c', 'evt-a'])).map((event) => event.eventId)).toEqual([
          'evt-a',
          'evt-c',
        ]);
      });
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
  });
}

function registerLedgerIdempotencyConformance(harness: () => StoreHarness): void {
  const store = currentStore(harness);
  describe('ledger idempotency and redaction', () => {
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
        tx.appendEvent(sampleEvent('evt-2', { dedupeKey: 'key-1', payload: { different: true } })),
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

    it('reclaims what a redaction left behind without changing anything readable', async () => {
      await write(store, async (tx) => {
        await tx.appendEvent(sampleEvent('evt-1'));
        await tx.appendEvent(sampleEvent('evt-2'));
      });
      await write(store, (tx) => tx.redactEvent('evt-1', { redacted: true, reason: 'forget' }));
      const events = await store.readEvents(0, 10);
      const derived = await store.exportDerived();
      await store.reclaimForgotten();
      await store.reclaimForgotten();
      expect(await store.readEvents(0, 10)).toEqual(events);
      expect(await store.exportDerived()).toEqual(derived);
    });

    it('throws NOT_FOUND when redacting an unknown event', async () => {
      const attempt = write(store, (tx) => tx.redactEvent('missing', { redacted: true }));
      await expect(attempt).rejects.toBeInstanceOf(EngineError);
      await expect(attempt).rejects.toMatchObject({ code: 'NOT_FOUND' });
    });
  });
}

/** Registers this concern's cases (see `registerStoreConformance`). */
export function registerLedgerConformance(harness: () => StoreHarness): void {
  registerLedgerConformanceCases(harness);
  registerLedgerIdempotencyConformance(harness);
}
