import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../core/index.js';
import { createFakeEmbeddingModel, type FakeEmbeddingModel } from '../providers/fake/index.js';
import type { EmbeddingModel } from '../providers/index.js';
import { messageRecord } from '../testing/index.js';
import type { Engine, IndexReport } from './index.js';
import { createEngine } from './index.js';

const NOW = Date.parse('2026-03-01T12:00:00Z');

function message(
  threadId: string,
  messageId: string,
  content: string,
  createdAt: string,
  extra: Record<string, unknown> = {},
): string {
  return JSON.stringify(messageRecord(threadId, messageId, 'user', content, createdAt, extra));
}

const CONVERSATION = [
  message(
    'trip',
    'm1',
    'Should we book the ferry to the island for Saturday?',
    '2026-02-01T10:00:00Z',
  ),
  message(
    'trip',
    'm2',
    'Yes, the morning ferry, and we can rent bikes there.',
    '2026-02-01T10:01:00Z',
  ),
  message('home', 'm1', 'The plumber fixes the kitchen sink on Thursday.', '2026-02-10T09:00:00Z'),
  message('home', 'm2', 'Water the tomato plants while we are away.', '2026-02-11T09:00:00Z'),
  message('work', 'm1', 'The quarterly report is due Friday.', '2026-02-12T09:00:00Z', {
    entity_id: 'team:acme',
  }),
].join('\n');

describe('engine search (fake embedding model)', () => {
  let home: string;
  let model: FakeEmbeddingModel;
  let engine: Engine;
  const opened: Engine[] = [];

  async function open(embeddingModel: EmbeddingModel | null, waitForIndex?: boolean) {
    const created = await createEngine({
      home,
      clock: fixedClock(NOW),
      // Messages only: these cases count index entries, and item extraction would add some.
      items: { extractor: null },
      embeddings: {
        model: embeddingModel,
        ...(waitForIndex === undefined ? {} : { waitForIndex }),
      },
    });
    opened.push(created);
    return created;
  }

  beforeEach(async () => {
    home = mkdtempSync(join(tmpdir(), 'verity-search-'));
    model = createFakeEmbeddingModel({ dimension: 256 });
    engine = await open(model);
  });

  afterEach(async () => {
    for (const e of opened.splice(0)) await e.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('indexes ingested messages before ingest returns and finds them by words and vectors', async () => {
    await engine.ingest(CONVERSATION);
    expect(await engine.searchStatus()).toEqual({
      model: 'fake-embedding@1',
      dimension: 256,
      indexed_model: 'fake-embedding@1',
      documents: 5,
      embedded: 5,
      pending: 0,
      cached_vectors: 5,
    });
    const result = await engine.search('when is the ferry?', { limit: 3 });
    expect(result.vector_search).toBe('used');
    expect(result.pending_vectors).toBe(0);
    const [best] = result.hits;
    expect(best).toMatchObject({
      kind: 'message',
      id: 'm1',
      thread_id: 'trip',
      message_id: 'm1',
      snippet: 'Should we book the ferry to the island for Saturday?',
      entity_id: 'user:primary',
      created_at: '2026-02-01T10:00:00.000Z',
    });
    expect(best?.scores.bm25).toBeGreaterThan(0);
    expect(best?.scores.vector).toBeGreaterThan(0);
    expect(result.hits.map((h) => `${h.thread_id}/${h.id}`).slice(0, 2)).toEqual([
      'trip/m1',
      'trip/m2',
    ]);
    for (let i = 1; i < result.hits.length; i += 1) {
      expect(result.hits[i - 1]?.score ?? 0).toBeGreaterThanOrEqual(result.hits[i]?.score ?? 0);
    }
  });

  it('filters by thread, entity, kind and time, and ranks text-only or vector-only on request', async () => {
    await engine.ingest(CONVERSATION);
    const ids = async (query: string, options: Parameters<Engine['search']>[1]) =>
      (await engine.search(query, options)).hits.map((h) => `${h.thread_id}/${h.id}`);
    expect(await ids('ferry plumber report', { filters: { threadIds: ['home'] } })).toEqual([
      'home/m1',
      'home/m2',
    ]);
    expect(await ids('report', { filters: { entityIds: ['team:acme'] } })).toEqual(['work/m1']);
    expect(await ids('report', { filters: { kinds: ['note'] } })).toEqual([]);
    expect(
      await ids('sink', { mode: 'text', filters: { until: '2026-02-11T00:00:00.000Z' } }),
    ).toEqual(['home/m1']);
    // The next message of the thread matches through its context (the end of this one).
    expect(await ids('sink', { mode: 'text' })).toEqual(['home/m1', 'home/m2']);
    const vectorOnly = await engine.search('tomato plants', { mode: 'vector', limit: 1 });
    expect(vectorOnly.hits[0]).toMatchObject({
      id: 'm2',
      thread_id: 'home',
      scores: { bm25: null },
    });
  });

  it('boosts items inside a period the query names, and recent items when asked', async () => {
    await engine.ingest(
      [
        message('february', 'm1', 'dinner with Sam', '2026-02-20T19:00:00Z'),
        message('january', 'm1', 'dinner with Sam', '2026-01-05T19:00:00Z'),
      ].join('\n'),
    );
    const first = async (query: string, options: Parameters<Engine['search']>[1] = {}) =>
      (await engine.search(query, options)).hits[0]?.thread_id;
    expect(await first('dinner with Sam in January 2026', { timeAware: false })).toBe('february');
    expect(await first('dinner with Sam in January 2026')).toBe('january');
    expect(
      await first('dinner with Sam in January 2026', { recencyHalfLifeDays: 1, recencyWeight: 1 }),
    ).toBe('february');
  });

  it("reads the candidates' text lengths, so the mixed-lengths share acts end to end", async () => {
    await engine.ingest(CONVERSATION);
    const query = 'the ferry on Saturday';
    const ids = async (fusion: Record<string, unknown>) =>
      (await engine.search(query, { timeAware: false, fusion })).hits.map((h) => h.id);
    // The mixed-lengths share is a setting of the score fusion (the learned ranker reads it as one feature).
    const textOnly = { method: 'score', textWeight: 1, vectorWeight: 0, adaptive: 0 };
    // These five messages' lengths spread by ~0.2 (standard deviation over mean).
    const vectorOrder = (await engine.search(query, { mode: 'vector', timeAware: false })).hits.map(
      (h) => h.id,
    );
    const switched = await ids({ ...textOnly, mixedLengths: { spread: 0.05, vectorShare: 1 } });
    const kept = await ids({ ...textOnly, mixedLengths: { spread: 5, vectorShare: 1 } });
    expect(switched).toEqual(vectorOrder);
    expect(kept).toEqual(await ids(textOnly));
    expect(kept).not.toEqual(switched);
  });

  it('counts the previous-turn context only for short turns when contextMaxLength is set', async () => {
    await engine.ingest(
      [
        message('p', 'm1', 'Have you walked the glacier trail?', '2026-02-01T08:00:00Z'),
        message('p', 'm2', 'Yes, twice.', '2026-02-01T08:01:00Z'),
        message('q', 'm1', 'What did the guide say about the glacier?', '2026-02-02T08:00:00Z'),
        message(
          'q',
          'm2',
          'She talked for a long time about the weather, the boots we would need and the bus back.',
          '2026-02-02T08:01:00Z',
        ),
      ].join('\n'),
    );
    const bm25 = async (fusion: Record<string, unknown>) =>
      Object.fromEntries(
        (await engine.search('glacier', { mode: 'text', timeAware: false, fusion })).hits.map(
          (h) => [`${h.thread_id}/${h.message_id}`, h.scores.bm25 ?? 0],
        ),
      );
    // Both replies match only through the turn before them; at 40 characters the long one no
    // longer scores by it (the plain query still returns it, at 0), the short one still does.
    const every = await bm25({});
    const short = await bm25({ contextMaxLength: 40 });
    expect(every['p/m2']).toBeGreaterThan(0);
    expect(every['q/m2']).toBeGreaterThan(0);
    expect(short['p/m2']).toEqual(every['p/m2']);
    expect(short['q/m2'] ?? 0).toBe(0);
    expect(short['q/m1']).toEqual(every['q/m1']);
  });

  it('adds the words its first full-text hits share to a second query when feedback is on', async () => {
    await engine.ingest(
      [
        message(
          'a',
          'm1',
          'Sailing weekend: we left the harbour at dawn under spinnaker.',
          '2026-02-01T08:00:00Z',
        ),
        message(
          'b',
          'm1',
          'On the next sailing trip the spinnaker tore by the harbour wall.',
          '2026-02-02T08:00:00Z',
        ),
        message('c', 'm1', 'The weekend market sells sourdough bread.', '2026-02-03T08:00:00Z'),
        message(
          'd',
          'm1',
          'The spinnaker needs a new sheet before we leave the harbour.',
          '2026-02-04T08:00:00Z',
        ),
        message('e', 'm1', 'Piano lessons moved to Tuesday evenings.', '2026-02-05T08:00:00Z'),
      ].join('\n'),
    );
    const threads = async (fusion: Record<string, unknown>) =>
      (await engine.search('sailing weekend', { mode: 'text', timeAware: false, fusion })).hits
        .map((h) => h.thread_id)
        .sort();
    expect(await threads({})).toEqual(['a', 'b', 'c']);
    expect(await threads({ feedback: { documents: 3, terms: 2 } })).toEqual(['a', 'b', 'c', 'd']);
  });

  it('returns at once with --no-wait semantics and says how many items lack vectors', async () => {
    await engine.ingest(CONVERSATION, { waitForIndex: false });
    expect(model.calls).toEqual([]);
    const before = await engine.search('ferry');
    expect(before).toMatchObject({ pending_vectors: 5, vector_search: 'off' });
    expect(before.hits[0]?.id).toBe('m1');
    const report = await engine.indexEmbeddings();
    expect(report).toEqual({ embedded: 5, reused: 0, failed: 0, pending: 0, outcome: 'done' });
    expect((await engine.search('ferry')).pending_vectors).toBe(0);
  });

  it('reports progress of the indexing an ingest waits for', async () => {
    const seen: number[] = [];
    await engine.ingest(CONVERSATION, { onIndexProgress: (p) => seen.push(p.done) });
    expect(seen.at(-1)).toBe(5);
  });

  it('never mixes models: another model searches full text until reindex switches', async () => {
    await engine.ingest(CONVERSATION);
    await engine.close();
    const next = createFakeEmbeddingModel({ dimension: 256, version: '2' });
    const switched = await open(next);
    await switched.ingest(message('trip', 'm3', 'Bikes are booked.', '2026-02-01T10:02:00Z'));
    expect(next.calls).toEqual([]);
    const mismatch = await switched.search('ferry');
    expect(mismatch.vector_search).toBe('space_mismatch');
    expect(mismatch.hits[0]?.scores.vector).toBeNull();

    const report = await switched.reindex();
    expect(report).toMatchObject({ embedded: 6, reused: 0, pending: 0, outcome: 'done' });
    expect(await switched.searchStatus()).toMatchObject({
      indexed_model: 'fake-embedding@2',
      embedded: 6,
      cached_vectors: 6,
    });
    expect((await switched.search('ferry')).vector_search).toBe('used');
  });

  it('re-attaches cached vectors after a rebuild without calling the model', async () => {
    await engine.ingest(CONVERSATION);
    const calls = model.calls.length;
    const rebuilt = await engine.rebuild();
    expect(rebuilt.events).toBeGreaterThan(0);
    expect(model.calls).toHaveLength(calls);
    expect(await engine.searchStatus()).toMatchObject({ documents: 5, embedded: 5 });
    expect((await engine.rebuild({ verify: true })).verified).toBe(true);
  });

  it('forgets a message from the index and from the vector cache', async () => {
    await engine.ingest(CONVERSATION);
    const hit = (await engine.search('tomato plants')).hits[0];
    expect(hit?.text).toContain('tomato');
    const events = await engine.history('user:primary');
    expect(events).toBeDefined();
    const status = await engine.searchStatus();
    await engine.forget({ kind: 'entity', entityId: 'team:acme' });
    expect((await engine.search('quarterly report', { mode: 'text' })).hits).toEqual([]);
    expect(await engine.searchStatus()).toMatchObject({
      documents: status.documents - 1,
      embedded: status.embedded - 1,
      cached_vectors: status.cached_vectors - 1,
    });
  });

  it('searches full text only when vectors are off', async () => {
    const textOnly = await open(null);
    await textOnly.ingest(CONVERSATION);
    const result = await textOnly.search('ferry');
    expect(result).toMatchObject({ vector_search: 'off', pending_vectors: 5 });
    expect(result.hits[0]?.id).toBe('m1');
    expect((await textOnly.indexEmbeddings()).outcome).toBe('disabled');
    await expect(textOnly.reindex()).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
  });

  it('keeps ingested records when the model fails, and searches them by full text', async () => {
    const broken = await open(createFakeEmbeddingModel({ failWith: new Error('no model') }));
    const failures: unknown[] = [];
    const report = await broken.ingest(CONVERSATION, { onIndexError: (e) => failures.push(e) });
    expect(report.applied).toBe(5);
    expect(failures).toHaveLength(1);
    await expect(
      broken.ingest(message('x', 'm1', 'more', '2026-02-20T00:00:00Z')),
    ).rejects.toMatchObject({ code: 'PROVIDER_FAILED' });
    const result = await broken.search('ferry');
    expect(result.hits[0]?.id).toBe('m1');
    expect(result).toMatchObject({ pending_vectors: 6, vector_search: 'failed' });
  });

  it('indexes in the background while it runs, and ingest no longer waits', async () => {
    let reported: (report: IndexReport) => void = () => {};
    const done = new Promise<IndexReport>((resolve) => {
      reported = resolve;
    });
    const background = engine.startBackgroundIndexing({
      onError: (error) => {
        throw error;
      },
      onReport: (report) => reported(report),
    });
    await engine.ingest(CONVERSATION);
    const report = await done;
    expect(report.embedded + report.reused).toBeGreaterThan(0);
    await background.stop();
  });

  it('releases the model when the engine closes', async () => {
    await engine.close();
    expect(model.closed).toBe(1);
  });
});
