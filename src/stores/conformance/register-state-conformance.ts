import { describe, expect, it } from 'vitest';
import type { Store } from '../store.js';
import type { StoreHarness } from './register-store-conformance.js';
import {
  currentStore,
  putEach,
  SAMPLE_ENTITY,
  sampleDlqItem,
  sampleEvent,
  sampleHistoryEntry,
  sampleMessage,
  samplePrompt,
  sampleSlot,
  write,
} from './sample-records.js';

/**
 * Registers the conformance cases of derived state (`stores/state.ts`): slots, history and
 * prompts; messages; the derived snapshot and clearing it.
 */
function registerStateConformanceCases(harness: () => StoreHarness): void {
  const store = currentStore(harness);
  describe('derived state', () => {
    registerSlotCases(store);
    registerHistoryAndPromptCases(store);
  });
}

/** Slots: round trip, replacement, listing order, one domain of one entity. */
function registerSlotCases(store: Store): void {
  it('round-trips slots, replaces on put and lists them by entity then field', async () => {
    const slots = [
      sampleSlot('user:primary', 'travel.status'),
      sampleSlot('family:smith', 'profile.name'),
      sampleSlot('user:primary', 'profile.city'),
      sampleSlot('family:smith', 'family.pets'),
    ];
    await putEach(store, slots, (tx, slot) => tx.putSlot(slot));
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

  it('lists the slots of one entity in one domain only, by field', async () => {
    const slots = [
      sampleSlot('family:smith', 'family.schedule.swim'),
      sampleSlot('family:smith', 'profile.name'),
      sampleSlot('family:smith', 'family.leo.status'),
      sampleSlot('family:smith', 'familyish.note'),
      sampleSlot('user:primary', 'family.schedule.judo'),
    ];
    await putEach(store, slots, (tx, slot) => tx.putSlot(slot));
    const fields = (list: readonly { field: string }[]) => list.map((slot) => slot.field);
    // The domain is a whole first segment: "familyish.note" is another domain's field.
    expect(fields(await store.listDomainSlots('family:smith', 'family'))).toEqual([
      'family.leo.status',
      'family.schedule.swim',
    ]);
    expect(await store.listDomainSlots('family:smith', 'travel')).toEqual([]);
    expect(await store.listDomainSlots('family:none', 'family')).toEqual([]);
    // Inside a write, a slot put earlier in the same transaction is read back.
    const read = await write(store, async (tx) => {
      await tx.putSlot(sampleSlot('family:smith', 'family.schedule.chess'));
      return fields(await tx.listDomainSlots('family:smith', 'family'));
    });
    expect(read).toEqual(['family.leo.status', 'family.schedule.chess', 'family.schedule.swim']);
  });
}

/** History (insertion order, filters) and prompts (round trip, listing order, closing). */
function registerHistoryAndPromptCases(store: Store): void {
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
      ids(await store.listHistory({ entityId: SAMPLE_ENTITY, upTo: '2025-01-01T00:00:00.000Z' })),
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
    await putEach(store, prompts, (tx, prompt) => tx.putPrompt(prompt));
    const ids = (list: readonly { promptId: string }[]) => list.map((prompt) => prompt.promptId);

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
}

function registerSnapshotConformance(harness: () => StoreHarness): void {
  const store = currentStore(harness);
  describe('derived snapshot', () => {
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
        tasks: [],
      });
      expect(await store.getMeta('cursor')).toBeNull();
      expect((await store.readEvents(0, 10)).map((event) => event.eventId)).toEqual(['evt-1']);
      expect((await store.listDlq()).map((item) => item.dlqId)).toEqual(['d-1']);
    });
  });
}

/** Registers this concern's cases (see `registerStoreConformance`). */
export function registerStateConformance(harness: () => StoreHarness): void {
  registerStateConformanceCases(harness);
  registerSnapshotConformance(harness);
}
