import { describe, expect, it } from 'vitest';
import type { JsonValue } from '../../core/index.js';
import { defineMetaRecord, metaShape, readMeta, writeMeta } from '../index.js';
import type { StoreHarness } from './register-store-conformance.js';
import { currentStore, write } from './sample-records.js';

/** Registers the conformance cases of meta records (`stores/meta-store.ts`). */
export function registerMetaConformance(harness: () => StoreHarness): void {
  const store = currentStore(harness);
  describe('meta', () => {
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

    it('reads a typed record back, and refuses one whose stored value does not fit', async () => {
      const record = defineMetaRecord(
        'typed',
        metaShape.object<{ readonly n: number }>({ n: metaShape.number }),
      );
      await write(store, (tx) => writeMeta(tx, record, { n: 2 }));
      expect(await readMeta(store, record)).toEqual({ n: 2 });
      await write(store, (tx) => tx.putMeta('typed', { n: 'two' }));
      await expect(readMeta(store, record)).rejects.toMatchObject({ code: 'STORE_FAILED' });
    });
  });
}
