import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../core/index.js';
import type { Store, WriteScope } from '../store.js';
import { SAMPLE_ENTITY, sampleEvent } from './sample-records.js';

/** The part of a `StoreHarness` the observer cases use. */
interface ObserverHarness {
  readonly store: Store;
}

const SCOPE: WriteScope = { entities: [SAMPLE_ENTITY], global: true };

function capture(eventId: string, trigger: string, entries: number) {
  const key = sha256Hex(`session-1${trigger}2026-03-02T09:00:00.000Z`);
  return sampleEvent(eventId, {
    type: 'session.captured',
    dedupeKey: key,
    payload: { capture_key: key, session_id: 'session-1', trigger, entries },
  });
}

/**
 * Session capture relies on the store for its dedupe key (seed 002: sha256 of session, trigger and
 * first entry time): a redelivered capture must be a no-op however its event id was minted, a
 * different transcript under the same key must be refused, and another trigger must not collide.
 * The observer's derived state lives in `meta` and must round-trip exactly, emoji included.
 */
export function registerObserverConformance(current: () => ObserverHarness): void {
  const store = (): Store => current().store;

  describe('observer: capture dedupe keys and derived state', () => {
    it('treats a redelivered capture under the same dedupe key as a duplicate', async () => {
      const first = await store().withWriteLock(SCOPE, (tx) =>
        tx.appendEvent(capture('e-1', 'shutdown', 5)),
      );
      expect(first.kind).toBe('appended');
      const before = await store().lastSeq();
      const again = await store().withWriteLock(SCOPE, (tx) =>
        tx.appendEvent(capture('e-2', 'shutdown', 5)),
      );
      expect(again.kind).toBe('duplicate');
      expect(await store().lastSeq()).toBe(before);
      expect(await store().getEvent('e-2')).toBeNull();
    });

    it('refuses a different transcript under a taken dedupe key and keeps the first', async () => {
      await store().withWriteLock(SCOPE, (tx) => tx.appendEvent(capture('e-1', 'shutdown', 5)));
      const other = await store().withWriteLock(SCOPE, (tx) =>
        tx.appendEvent(capture('e-3', 'shutdown', 9)),
      );
      expect(other.kind).toBe('conflict');
      expect((await store().getEvent('e-1'))?.payload['entries']).toBe(5);
    });

    it('keeps a compaction and a shutdown capture of one session as two events', async () => {
      const a = await store().withWriteLock(SCOPE, (tx) =>
        tx.appendEvent(capture('e-1', 'compaction', 5)),
      );
      const b = await store().withWriteLock(SCOPE, (tx) =>
        tx.appendEvent(capture('e-4', 'shutdown', 5)),
      );
      expect([a.kind, b.kind]).toEqual(['appended', 'appended']);
    });

    it('round-trips observer state kept in meta, emoji and order intact', async () => {
      const proposals = [
        {
          proposal_id: 'p-20260302-001',
          text: '🔴 keep `nginx -t` — before reload',
          status: 'pending',
        },
        { proposal_id: 'p-20260302-002', text: 'Redis streams', status: 'approved' },
      ];
      await store().withWriteLock(SCOPE, (tx) => tx.putMeta('observer:proposals', proposals));
      expect(await store().getMeta('observer:proposals')).toEqual(proposals);
      const exported = await store().exportDerived();
      expect(exported.meta.find((m) => m.key === 'observer:proposals')?.value).toEqual(proposals);
    });
  });
}
