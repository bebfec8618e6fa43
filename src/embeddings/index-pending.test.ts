import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeEmbeddingModel, type FakeEmbeddingModel } from '../providers/fake/index.js';
import type { EmbeddingModel } from '../providers/index.js';
import type { MessageRecord, Store } from '../stores/index.js';
import { createSqliteStore } from '../stores/sqlite/index.js';
import { createEmbedder, type IndexProgress } from './index.js';
import { indexPending } from './index-pending.js';

function message(
  threadId: string,
  messageId: string,
  content: string,
  minute: number,
): MessageRecord {
  return {
    threadId,
    messageId,
    eventId: `evt-${threadId}-${messageId}`,
    entityId: 'user:primary',
    role: 'user',
    content,
    createdAt: new Date(Date.UTC(2025, 0, 1, 0, minute)).toISOString(),
    source: 'chat',
  };
}

/** A fake model that fails on any batch holding a text with `poison` in it. */
function poisonedModel(inner: FakeEmbeddingModel): EmbeddingModel {
  return {
    ...inner,
    id: inner.id,
    version: inner.version,
    dimension: inner.dimension,
    maxInputTokens: inner.maxInputTokens,
    maxBatchSize: inner.maxBatchSize,
    prefixes: inner.prefixes,
    close: () => inner.close(),
    embed: async (texts, options) => {
      if (texts.some((text) => text.includes('poison'))) throw new Error('model choked');
      return inner.embed(texts, options);
    },
  };
}

describe('indexPending', () => {
  let store: Store;
  let model: FakeEmbeddingModel;

  beforeEach(async () => {
    store = await createSqliteStore({ path: ':memory:' });
    model = createFakeEmbeddingModel({ dimension: 16 });
  });

  afterEach(async () => {
    await store.close();
  });

  async function put(messages: readonly MessageRecord[]): Promise<void> {
    await store.withWriteLock({ entities: [] }, async (tx) => {
      for (const m of messages) await tx.putMessage(m);
    });
  }

  it('claims the space, embeds each distinct input once and reports progress', async () => {
    await put([
      message('t1', 'm1', 'ferry to the island', 1),
      message('t2', 'm1', 'ferry to the island', 2),
      message('t1', 'm2', 'picnic on the beach', 3),
    ]);
    const progress: IndexProgress[] = [];
    const report = await indexPending(store, createEmbedder(model), {
      batchSize: 2,
      onProgress: (p) => progress.push(p),
    });
    expect(report).toEqual({ embedded: 3, reused: 0, failed: 0, pending: 0, outcome: 'done' });
    expect(await store.embeddingSpace()).toEqual({ model: 'fake-embedding@1', dimension: 16 });
    expect(model.calls).toEqual([['ferry to the island'], ['picnic on the beach']]);
    expect(progress.at(-1)).toEqual({ done: 3, total: 3 });
  });

  it('reuses cached vectors after a rebuild without calling the model', async () => {
    await put([message('t1', 'm1', 'ferry to the island', 1)]);
    await indexPending(store, createEmbedder(model));
    await store.withWriteLock({ entities: [] }, (tx) => tx.dangerouslyClearDerived());
    await put([message('t1', 'm1', 'ferry to the island', 1)]);
    const report = await indexPending(store, createEmbedder(model), { cacheOnly: true });
    expect(report).toMatchObject({ embedded: 0, reused: 1, pending: 0 });
    expect(model.calls).toHaveLength(1);
  });

  it('leaves uncached items pending in cache-only mode', async () => {
    await put([message('t1', 'm1', 'a', 1), message('t1', 'm2', 'b', 2)]);
    const report = await indexPending(store, createEmbedder(model), {
      cacheOnly: true,
      batchSize: 1,
    });
    expect(report).toEqual({ embedded: 0, reused: 0, failed: 0, pending: 2, outcome: 'done' });
    expect(model.calls).toEqual([]);
  });

  it('retries a failed batch item by item and skips only the items that fail', async () => {
    await put([
      message('t1', 'm1', 'fine one', 1),
      message('t1', 'm2', 'poison pill', 2),
      message('t1', 'm3', 'fine two', 3),
    ]);
    const report = await indexPending(store, createEmbedder(poisonedModel(model)));
    expect(report).toEqual({ embedded: 2, reused: 0, failed: 1, pending: 1, outcome: 'done' });
    const pending = await store.pendingEmbeddings({ model: 'fake-embedding@1', dimension: 16 }, 10);
    expect(pending.map((p) => p.document.text)).toEqual(['poison pill']);
  });

  it('throws the model error when nothing at all could be embedded', async () => {
    await put([message('t1', 'm1', 'poison', 1)]);
    await expect(indexPending(store, createEmbedder(poisonedModel(model)))).rejects.toMatchObject({
      code: 'PROVIDER_FAILED',
      cause: new Error('model choked'),
    });
  });

  it('leaves a store holding another model alone', async () => {
    await put([message('t1', 'm1', 'a', 1)]);
    await indexPending(store, createEmbedder(model));
    const other = createFakeEmbeddingModel({ dimension: 16, version: '2' });
    const report = await indexPending(store, createEmbedder(other));
    expect(report).toEqual({
      embedded: 0,
      reused: 0,
      failed: 0,
      pending: 1,
      outcome: 'space_mismatch',
    });
    expect(other.calls).toEqual([]);
  });

  it('stops when its signal aborts', async () => {
    await put([message('t1', 'm1', 'a', 1)]);
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(
      indexPending(store, createEmbedder(model), { signal: controller.signal }),
    ).rejects.toThrow('stop');
  });
});
