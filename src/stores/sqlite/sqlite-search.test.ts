import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { putMessages, sampleMessage } from '../conformance/index.js';
import type { EmbeddingSpace, MessageRecord } from '../store.js';
import { createSqliteStore, type SqliteStore } from './index.js';

const DIMENSION = 64;
const SPACE: EmbeddingSpace = { model: 'random@1', dimension: DIMENSION };

/** A seeded generator, so every run sees the same vectors. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648 - 0.5;
  };
}

function unitVector(next: () => number): Float32Array {
  const vector = Float32Array.from({ length: DIMENSION }, next);
  const norm = Math.hypot(...vector);
  return vector.map((value) => value / norm);
}

function dot(a: Float32Array, b: Float32Array): number {
  return a.reduce((sum, value, index) => sum + value * (b[index] ?? 0), 0);
}

/** The search index of the SQLite adapter beyond the shared contract: the binary scan. */
describe('SqliteStore vector search', () => {
  let directory: string;
  let store: SqliteStore;

  beforeEach(async () => {
    directory = mkdtempSync(join(tmpdir(), 'verity-sqlite-search-'));
    store = await createSqliteStore({ path: join(directory, 'verity.db') });
  });

  afterEach(async () => {
    await store.close();
    rmSync(directory, { recursive: true, force: true });
  });

  async function seed(count: number, threads: number): Promise<Map<string, Float32Array>> {
    const next = random(7);
    const vectors = new Map<string, Float32Array>();
    const messages: MessageRecord[] = [];
    for (let index = 0; index < count; index += 1) {
      const message = sampleMessage(`t-${index % threads}`, `m-${index}`, {
        content: `item ${index}`,
        createdAt: new Date(Date.UTC(2025, 0, 1, 0, index)).toISOString(),
      });
      messages.push(message);
      vectors.set(message.messageId, unitVector(next));
    }
    await putMessages(store, messages, { entities: [] });
    await store.useEmbeddingSpace(SPACE);
    await store.putEmbeddings(
      SPACE,
      messages.map((m) => ({
        item: { kind: 'message', threadId: m.threadId, itemId: m.messageId },
        contentHash: m.messageId,
        vector: vectors.get(m.messageId) ?? new Float32Array(DIMENSION),
      })),
    );
    return vectors;
  }

  it('returns the exact nearest neighbours among a thousand items despite the binary scan', async () => {
    const vectors = await seed(1000, 10);
    const next = random(99);
    for (let trial = 0; trial < 5; trial += 1) {
      const query = unitVector(next);
      const exact = [...vectors.entries()]
        .map(([id, vector]) => ({ id, similarity: dot(query, vector) }))
        .sort((a, b) => b.similarity - a.similarity)
        .slice(0, 10);
      const hits = await store.searchVectors(SPACE, query, {}, 10);
      expect(hits.map((hit) => hit.document.itemId)).toEqual(exact.map((e) => e.id));
      hits.forEach((hit, index) => {
        expect(hit.similarity).toBeCloseTo(exact[index]?.similarity ?? 0, 5);
      });
    }
  });

  it('answers the same with a thread filter (SQL scan) as with other filters (memory scan)', async () => {
    const vectors = await seed(300, 3);
    const query = vectors.get('m-42') ?? new Float32Array(DIMENSION);
    const byThread = await store.searchVectors(SPACE, query, { threadIds: ['t-0'] }, 20);
    const all = await store.searchVectors(SPACE, query, {}, 300);
    const expected = all.filter((hit) => hit.document.threadId === 't-0').slice(0, 20);
    expect(byThread.map((hit) => hit.document.itemId)).toEqual(
      expected.map((hit) => hit.document.itemId),
    );
    expect(byThread[0]?.document.itemId).toBe('m-42');
  });

  it('follows vectors attached and removed by the writer between searches', async () => {
    await seed(50, 5);
    const query = unitVector(random(3));
    expect(await store.searchVectors(SPACE, query, {}, 100)).toHaveLength(50);

    await store.withWriteLock({ entities: [] }, (tx) =>
      tx.putMessage(sampleMessage('t-new', 'late', { content: 'late item' })),
    );
    await store.putEmbeddings(SPACE, [
      {
        item: { kind: 'message', threadId: 't-new', itemId: 'late' },
        contentHash: 'late',
        vector: query,
      },
    ]);
    const [best] = await store.searchVectors(SPACE, query, {}, 1);
    expect(best?.document.itemId).toBe('late');

    await store.useEmbeddingSpace({ model: 'other@1', dimension: DIMENSION });
    await store.useEmbeddingSpace(SPACE);
    expect(await store.searchVectors(SPACE, query, {}, 100)).toEqual([]);
    await store.putEmbeddings(SPACE, [
      { item: { kind: 'message', threadId: 't-new', itemId: 'late' }, contentHash: 'late' },
    ]);
    const again = await store.searchVectors(SPACE, query, {}, 100);
    expect(again.map((hit) => hit.document.itemId)).toEqual(['late']);
  });
});
