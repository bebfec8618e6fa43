import { describe, expect, it } from 'vitest';
import { createFakeEmbeddingModel } from '../providers/fake/index.js';
import type { Store } from '../stores/index.js';
import { createManualClock, createSequentialIds } from '../testing/index.js';
import { useBothStores } from './__fixtures__/both-stores.js';
import { createEngine } from './create-engine.js';

const onBothStores = useBothStores('verity-forget-entity-');

const MESSAGES = [
  ['m1', 'My son Theo has the flu today.'],
  ['m2', 'The plumber comes to fix the boiler on Thursday.'],
]
  .map(([id, content], i) =>
    JSON.stringify({
      type: 'message',
      thread_id: 'home',
      message_id: id,
      role: 'user',
      content,
      created_at: `2026-04-0${i + 1}T09:00:00Z`,
    }),
  )
  .join('\n');

/** Ingests two messages, forgets the entity the first one named, and reports what search finds. */
async function forgetTheo(store: Store, home: string) {
  const engine = await createEngine({
    home,
    store,
    clock: createManualClock('2026-04-05T12:00:00Z'),
    ids: createSequentialIds(),
    items: { extractor: null },
    embeddings: { model: createFakeEmbeddingModel({ dimension: 64 }) },
  });
  try {
    await engine.ingest(MESSAGES);
    const entities = await engine.listEntities();
    const before = await engine.searchStatus();
    const forgotten = await engine.forget({ kind: 'entity', entityId: 'user:theo' });
    const after = await engine.searchStatus();
    const hits = async (query: string, mode: 'text' | 'hybrid') =>
      (await engine.search(query, { mode })).hits.map((hit) => hit.text);
    return {
      entities,
      covered: forgotten.covered_events,
      fluText: await hits('flu', 'text'),
      theoHybrid: (await hits('Theo flu', 'hybrid')).filter((text) => text.includes('Theo')),
      boilerText: await hits('boiler', 'text'),
      dropped: {
        documents: before.documents - after.documents,
        embedded: before.embedded - after.embedded,
        cached_vectors: before.cached_vectors - after.cached_vectors,
      },
      verified: (await engine.rebuild({ verify: true })).verified,
    };
  } finally {
    await engine.close();
  }
}

describe('forget --entity', () => {
  it('redacts the message that named the entity from full text and vectors, on both stores', async () => {
    const outcome = await onBothStores('theo', forgetTheo);
    for (const result of [outcome.sqlite, outcome.postgres]) {
      expect(result.entities).toContain('user:theo');
      // The observation about Theo and the message it was read from.
      expect(result.covered).toBe(2);
      expect(result.fluText).toEqual([]);
      expect(result.theoHybrid).toEqual([]);
      expect(result.dropped).toEqual({ documents: 1, embedded: 1, cached_vectors: 1 });
      expect(result.boilerText).toEqual(['The plumber comes to fix the boiler on Thursday.']);
      expect(result.verified).toBe(true);
    }
  });
});
