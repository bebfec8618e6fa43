import { describe, expect, it } from 'vitest';
import { EngineError, type JsonValue } from '../core/index.js';
import { defineMetaRecord, readMeta, metaShape as s, writeMeta } from './index.js';
import { decodeMeta } from './meta-records.js';
import type { MetaReader, MetaWriter } from './meta-store.js';

interface Visit {
  readonly place: string;
  readonly nights: number;
  readonly tags: readonly string[];
  readonly note: string | null;
}

const VISITS = defineMetaRecord(
  'visits',
  s.record(
    s.object<Visit>({
      place: s.string,
      nights: s.number,
      tags: s.array(s.string),
      note: s.nullable(s.string),
    }),
  ),
);

function memoryMeta(): MetaReader & MetaWriter {
  const values = new Map<string, JsonValue>();
  return {
    getMeta: async (key) => values.get(key) ?? null,
    putMeta: async (key, value) => {
      values.set(key, value);
    },
  };
}

describe('typed meta records', () => {
  it('reads back what was written, typed', async () => {
    const meta = memoryMeta();
    const visits = { a: { place: 'Tahoe', nights: 3, tags: ['ski'], note: null } };
    await writeMeta(meta, VISITS, visits);
    expect(await readMeta(meta, VISITS)).toEqual(visits);
  });

  it('reads an absent or null record as null', async () => {
    const meta = memoryMeta();
    expect(await readMeta(meta, VISITS)).toBeNull();
    await writeMeta(meta, VISITS, null);
    expect(await readMeta(meta, VISITS)).toBeNull();
  });

  it.each([
    [[1, 2], 'the value should be an object'],
    [{ a: { place: 'Tahoe', nights: '3', tags: [], note: null } }, '.a.nights should be a number'],
    [
      { a: { place: 'Tahoe', nights: 3, tags: ['ski', 4], note: null } },
      '.a.tags[1] should be a string',
    ],
    [{ a: { nights: 3, tags: [], note: null } }, '.a.place should be a string'],
  ] as [JsonValue, string][])(
    'refuses %j with STORE_FAILED naming the key and the place',
    (stored, message) => {
      const error = (() => {
        try {
          decodeMeta(VISITS, stored);
          return null;
        } catch (caught: unknown) {
          return caught;
        }
      })();
      expect(error).toBeInstanceOf(EngineError);
      expect((error as EngineError).code).toBe('STORE_FAILED');
      expect((error as EngineError).message).toBe(
        `The stored meta record "visits" is not valid: ${message}`,
      );
      expect((error as EngineError).details['key']).toBe('visits');
    },
  );
});
