import { describe, expect, it } from 'vitest';
import type { StoreHarness } from './register-store-conformance.js';
import { currentStore, putEach, sampleDlqItem, write } from './sample-records.js';

/** Registers the conformance cases of the dead-letter queue (`stores/dead-letters.ts`). */
export function registerDeadLettersConformance(harness: () => StoreHarness): void {
  const store = currentStore(harness);
  describe('dead letters', () => {
    it('round-trips DLQ items, replaces on put and lists them oldest first', async () => {
      const items = [
        sampleDlqItem('d-b', '2025-01-02T00:00:00.000Z'),
        sampleDlqItem('d-c', '2025-01-01T00:00:00.000Z', { status: 'resolved' }),
        sampleDlqItem('d-a', '2025-01-02T00:00:00.000Z', { inputId: 'evt-7', domain: 'travel' }),
      ];
      await putEach(store, items, (tx, item) => tx.putDlq(item));
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
      expect(ids(await store.listDlq(['permanently_failed', 'resolved']))).toEqual(['d-c', 'd-b']);
    });
  });
}
