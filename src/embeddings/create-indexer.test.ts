import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFakeEmbeddingModel } from '../providers/fake/index.js';
import type { Store } from '../stores/index.js';
import { createSqliteStore } from '../stores/sqlite/index.js';
import { createEmbedder, createIndexer, type IndexReport } from './index.js';

describe('createIndexer', () => {
  let store: Store;

  beforeEach(async () => {
    store = await createSqliteStore({ path: ':memory:' });
  });

  afterEach(async () => {
    await store.close();
  });

  async function put(threadId: string, content: string): Promise<void> {
    await store.withWriteLock({ entities: [] }, (tx) =>
      tx.putMessage({
        threadId,
        messageId: 'm1',
        eventId: `evt-${threadId}`,
        entityId: 'user:primary',
        role: 'user',
        content,
        createdAt: '2025-01-01T00:00:00.000Z',
        source: 'chat',
      }),
    );
  }

  it('runs one at a time, each seeing what was stored before it was called', async () => {
    const indexer = createIndexer(store, createEmbedder(createFakeEmbeddingModel()));
    await put('t1', 'one');
    const first = indexer.run();
    await put('t2', 'two');
    const second = indexer.run();
    const [a, b] = [await first, await second];
    expect(a.embedded + b.embedded).toBe(2);
    expect(b.pending).toBe(0);
    expect((await store.searchIndexStatus()).embedded).toBe(2);
  });

  it('indexes in the background after each notify until stopped', async () => {
    const indexer = createIndexer(store, createEmbedder(createFakeEmbeddingModel()));
    const reports: IndexReport[] = [];
    let signal: () => void = () => {};
    const nextReport = () =>
      new Promise<void>((resolve) => {
        signal = resolve;
      });
    await put('t1', 'one');
    let waiting = nextReport();
    const loop = indexer.startBackground({
      onError: (error) => {
        throw error;
      },
      onReport: (report) => {
        reports.push(report);
        signal();
      },
    });
    expect(indexer.inBackground).toBe(true);
    expect(indexer.startBackground({ onError: () => {} })).toBe(loop);
    await waiting;
    waiting = nextReport();
    await put('t2', 'two');
    indexer.notify();
    await waiting;
    await loop.stop();
    await loop.stop();
    expect(indexer.inBackground).toBe(false);
    expect(reports.map((r) => r.embedded)).toEqual([1, 1]);
  });

  it('reports a failed run and keeps the loop alive', async () => {
    const failing = createFakeEmbeddingModel({ failWith: new Error('offline') });
    const indexer = createIndexer(store, createEmbedder(failing));
    await put('t1', 'one');
    const failure = new Promise<unknown>((resolve) => {
      const loop = indexer.startBackground({
        onError: (error) => {
          resolve(error);
          void loop.stop();
        },
      });
    });
    await expect(failure).resolves.toMatchObject({
      code: 'PROVIDER_FAILED',
      cause: new Error('offline'),
    });
  });
});
