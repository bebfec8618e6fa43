import { describe, expect, it } from 'vitest';
import type { DeliveryKey } from '../store.js';
import type { StoreHarness } from './register-store-conformance.js';
import { at, currentStore, SAMPLE_ENTITY, sampleSlot, write } from './sample-records.js';

const KEY: DeliveryKey = { channel: 'telegram', recipient: '42', item: 'prompt:p-1', version: '' };
/** A stale-before that no claim in these cases is older than. */
const LONG_AGO = at(0);

/** Registers the conformance cases of outbound deliveries (`stores/deliveries.ts`). */
export function registerDeliveriesConformance(harness: () => StoreHarness): void {
  const store = currentStore(harness);
  describe('deliveries', () => {
    it('claims a key once, then records it as delivered with its receipt', async () => {
      expect(await store.deliveries.get(KEY)).toBeNull();
      expect(await store.deliveries.claim(KEY, at(5), LONG_AGO)).toBe(true);
      expect(await store.deliveries.get(KEY)).toEqual({
        ...KEY,
        claimedAt: at(5),
        deliveredAt: null,
        receipt: null,
      });
      expect(await store.deliveries.claim(KEY, at(6), LONG_AGO)).toBe(false);

      await store.deliveries.confirm(KEY, at(7), '1001');
      expect(await store.deliveries.get(KEY)).toEqual({
        ...KEY,
        claimedAt: at(5),
        deliveredAt: at(7),
        receipt: '1001',
      });
      // A confirmed delivery is never taken over, however old its claim.
      expect(await store.deliveries.claim(KEY, at(50), at(40))).toBe(false);
    });

    it('tells channel, recipient, item and version apart', async () => {
      const others: DeliveryKey[] = [
        { ...KEY, channel: 'webhook' },
        { ...KEY, recipient: '43' },
        { ...KEY, item: 'prompt:p-2' },
        { ...KEY, version: '2025-03-01T09:05:00.000Z' },
      ];
      expect(await store.deliveries.claim(KEY, at(5), LONG_AGO)).toBe(true);
      for (const other of others) {
        expect(await store.deliveries.claim(other, at(5), LONG_AGO)).toBe(true);
      }
    });

    it('releases an unconfirmed claim so the next claim wins, and keeps a confirmed one', async () => {
      expect(await store.deliveries.claim(KEY, at(5), LONG_AGO)).toBe(true);
      await store.deliveries.release(KEY);
      expect(await store.deliveries.get(KEY)).toBeNull();
      expect(await store.deliveries.claim(KEY, at(6), LONG_AGO)).toBe(true);

      await store.deliveries.confirm(KEY, at(7), null);
      await store.deliveries.release(KEY);
      expect((await store.deliveries.get(KEY))?.deliveredAt).toBe(at(7));
    });

    it('takes over an unconfirmed claim only once it is older than stale-before', async () => {
      expect(await store.deliveries.claim(KEY, at(5), LONG_AGO)).toBe(true);
      expect(await store.deliveries.claim(KEY, at(10), at(5))).toBe(false);
      expect(await store.deliveries.claim(KEY, at(20), at(6))).toBe(true);
      expect((await store.deliveries.get(KEY))?.claimedAt).toBe(at(20));
    });

    it('prunes deliveries claimed before a time and counts them', async () => {
      const old = { ...KEY, item: 'prompt:old' };
      await store.deliveries.claim(old, at(1), LONG_AGO);
      await store.deliveries.confirm(old, at(2), '1');
      await store.deliveries.claim(KEY, at(30), LONG_AGO);
      expect(await store.deliveries.prune(at(30))).toBe(1);
      expect(await store.deliveries.get(old)).toBeNull();
      expect(await store.deliveries.get(KEY)).not.toBeNull();
      expect(await store.deliveries.prune(at(30))).toBe(0);
    });

    it('lists claimed and delivered records in key order, a page at a time', async () => {
      const keys: DeliveryKey[] = [
        { ...KEY, item: 'task:t-1', version: '2025-03-01T09:05:00.000Z' },
        { ...KEY, recipient: '-100' },
        KEY,
        { ...KEY, channel: 'webhook' },
      ];
      for (const key of keys) await store.deliveries.claim(key, at(5), LONG_AGO);
      await store.deliveries.confirm(KEY, at(6), '9');
      expect(await store.deliveries.list(null, 10)).toEqual([
        { ...keys[1], claimedAt: at(5), deliveredAt: null, receipt: null },
        { ...KEY, claimedAt: at(5), deliveredAt: at(6), receipt: '9' },
        { ...keys[0], claimedAt: at(5), deliveredAt: null, receipt: null },
        { ...keys[3], claimedAt: at(5), deliveredAt: null, receipt: null },
      ]);
      const first = await store.deliveries.list(null, 2);
      expect(first.map((d) => d.item)).toEqual(['prompt:p-1', 'prompt:p-1']);
      const rest = await store.deliveries.list(first[1] ?? null, 2);
      expect(rest.map((d) => `${d.channel}/${d.item}`)).toEqual([
        'telegram/task:t-1',
        'webhook/prompt:p-1',
      ]);
      expect(await store.deliveries.list(rest[1] ?? null, 2)).toEqual([]);
    });

    it('is not derived state: outside exportDerived and kept by dangerouslyClearDerived', async () => {
      await write(store, (tx) => tx.putSlot(sampleSlot(SAMPLE_ENTITY, 'home_city')));
      const before = await store.exportDerived();
      await store.deliveries.claim(KEY, at(5), LONG_AGO);
      await store.deliveries.confirm(KEY, at(6), '7');
      expect(await store.exportDerived()).toEqual(before);

      await write(store, (tx) => tx.dangerouslyClearDerived(), { entities: [], global: true });
      expect(await store.deliveries.get(KEY)).toMatchObject({ deliveredAt: at(6), receipt: '7' });
    });

    it('gives a key to one of many claimers, on one store and on two over the same storage', async () => {
      const reopen = harness().reopen;
      const second = reopen === undefined ? store : await reopen();
      const claims = await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          (index % 2 === 0 ? store : second).deliveries.claim(KEY, at(5), LONG_AGO),
        ),
      );
      expect(claims.filter((won) => won)).toHaveLength(1);
    });
  });
}
