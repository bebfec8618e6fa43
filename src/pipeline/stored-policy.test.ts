import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, type JsonObject } from '../core/index.js';
import type { Store } from '../stores/index.js';
import { createSqliteStore } from '../stores/sqlite/index.js';
import { createManualClock, createSequentialIds, observation } from '../testing/index.js';
import { ingest, type PipelineDeps } from './index.js';

let store: Store;
let deps: PipelineDeps;

beforeEach(async () => {
  store = await createSqliteStore({ path: ':memory:' });
  deps = {
    store,
    clock: createManualClock('2026-02-19T16:00:00Z'),
    ids: createSequentialIds(),
    writeMode: 'serial',
  };
});

afterEach(async () => {
  await store.close();
});

/** Writes meta rows as a store created before `family` was registered would hold them. */
type Json = Record<string, unknown>;

async function storeWithout(domain: string, change: (policy: Json) => void = () => {}) {
  const policy = JSON.parse(JSON.stringify(DEFAULT_POLICY)) as Json;
  const domains = policy['domains'] as Json;
  delete domains[domain];
  // Another domain's thresholds were changed, so the stored row is visibly the one in force.
  domains['travel'] = { ...(domains['travel'] as Json), auto: 0.99 };
  change(policy);
  await store.withWriteLock({ entities: [], global: true }, async (tx) => {
    await tx.putMeta('policy', policy as JsonObject);
    await tx.putMeta('learning', { travel: { autoCommits: 0 } } as unknown as JsonObject);
  });
}

describe('a stored policy read on open', () => {
  it('gives a domain missing from it its defaults, and keeps what it holds', async () => {
    await storeWithout('family');
    const report = await ingest(deps, [
      observation({ id: 1, field: 'family.maya.status', value: 'sick' }),
      observation({ id: 2, field: 'travel.status', value: 'in_progress' }),
    ]);
    expect(report).toMatchObject({ applied: 2, rejected: 0 });
    const family = await store.getSlot('user:primary', 'family.maya.status');
    const { ask, auto, margin } = DEFAULT_POLICY.domains.family;
    expect(family?.committed?.value).toBe('sick');
    expect(family?.committed?.thresholds).toEqual({ ask, auto, margin });
    const travel = await store.getSlot('user:primary', 'travel.status');
    expect(travel?.committed?.thresholds.auto).toBe(0.99);
  });

  it('refuses a malformed stored policy with an error naming the value, and changes nothing', async () => {
    await storeWithout('family', (policy) => {
      (policy['domains'] as Json)['travel'] = { ask: 'often' };
    });
    await expect(
      ingest(deps, [observation({ id: 1, field: 'travel.status', value: 'planned' })]),
    ).rejects.toThrow(/stored policy is malformed: domains\.travel\.ask/);
    expect(await store.getSlot('user:primary', 'travel.status')).toBeNull();
    expect(await store.lastSeq()).toBe(0);
  });
});
