import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, emptyStats, type JsonValue } from '../core/index.js';
import { createSqliteStore } from '../stores/sqlite/index.js';
import { openSession } from './apply.js';
import { PENDING_BUNDLE, STATS } from './meta-records.js';

async function sessionOver(stored: Record<string, JsonValue>) {
  const store = await createSqliteStore({ path: ':memory:' });
  try {
    return await store.withWriteLock({ entities: [], global: true }, async (tx) => {
      for (const [key, value] of Object.entries(stored)) await tx.putMeta(key, value);
      return openSession(tx);
    });
  } finally {
    await store.close();
  }
}

describe('the fold reads its meta records checked', () => {
  it('gives fresh counters to a domain the stored counters lack, keeping the others', async () => {
    const fresh = emptyStats(DEFAULT_POLICY);
    const [first, ...rest] = Object.keys(fresh) as (keyof typeof fresh)[];
    if (first === undefined) throw new Error('no domains');
    const travelled = { ...fresh[first], autoCommits: 7 };
    const stored = Object.fromEntries(rest.slice(1).map((d) => [d, fresh[d]]));
    const session = await sessionOver({ [STATS.key]: { ...stored, [first]: travelled } as never });
    expect(session.stats[first].autoCommits).toBe(7);
    for (const domain of rest) expect(session.stats[domain]).toEqual(fresh[domain]);
  });

  it('refuses corrupt learning counters with an error naming the record', async () => {
    const fresh = emptyStats(DEFAULT_POLICY);
    const [first] = Object.keys(fresh) as (keyof typeof fresh)[];
    if (first === undefined) throw new Error('no domains');
    const corrupt = { ...fresh, [first]: { ...fresh[first], asks: 'many' } };
    await expect(sessionOver({ [STATS.key]: corrupt as never })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: `stored learning counters are malformed at ${first}.asks`,
    });
  });

  it('checks a pending bundle for the fields that identify its members', () => {
    expect(PENDING_BUNDLE.key).toBe('bundle:pending');
    expect(() =>
      PENDING_BUNDLE.shape({ id: 'b', size: 2, now: 1, members: [{ eventId: 'e' }] }, ''),
    ).toThrow('.members[0].entityId should be a string');
  });
});
