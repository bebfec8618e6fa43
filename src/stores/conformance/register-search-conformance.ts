import { describe, expect, it } from 'vitest';
import { EngineError } from '../../core/index.js';
import type { EmbeddingSpace, MessageRecord, SearchItemRef, Store } from '../store.js';
import {
  at,
  currentStore,
  messageAt,
  putMessages,
  SAMPLE_ENTITY,
  write,
} from './sample-records.js';

/** The part of a `StoreHarness` the search cases use. */
interface SearchHarness {
  readonly store: Store;
  readonly reopen?: () => Promise<Store>;
}

const SPACE: EmbeddingSpace = { model: 'test-model@1', dimension: 4 };
const OTHER_SPACE: EmbeddingSpace = { model: 'other-model@1', dimension: 4 };

function message(
  threadId: string,
  messageId: string,
  content: string,
  minute: number,
  overrides: Partial<MessageRecord> = {},
): MessageRecord {
  return messageAt(threadId, messageId, minute, { content, ...overrides });
}

function ref(threadId: string, itemId: string): SearchItemRef {
  return { kind: 'message', threadId, itemId };
}

function unit(values: readonly number[]): Float32Array {
  const norm = Math.hypot(...values);
  return Float32Array.from(values, (value) => value / norm);
}

/** Expects the index status of `target`: its active space and its counts. */
async function expectIndexStatus(
  target: Store,
  expected: Awaited<ReturnType<Store['searchIndexStatus']>>,
): Promise<void> {
  expect(await target.searchIndexStatus()).toEqual(expected);
}

async function textIds(
  store: Store,
  terms: readonly string[],
  filters: Parameters<Store['searchText']>[1] = {},
  contextWeight?: number,
): Promise<string[]> {
  const query = contextWeight === undefined ? { terms } : { terms, contextWeight };
  const hits = await store.searchText(query, filters, 10);
  return hits.map((hit) => `${hit.document.threadId}/${hit.document.itemId}`);
}

/** Full-text cases: indexing follows the messages, BM25 ranking, literal terms, filters. */
function registerTextMatchCases(store: Store): void {
  it('indexes a message when it is stored and drops it with a rolled-back transaction', async () => {
    await putMessages(store, [message('t-1', 'm-1', 'We booked the flight to Lisbon', 1)]);
    const attempt = write(store, async (tx) => {
      await tx.putMessage(message('t-1', 'm-2', 'Lisbon hotels are expensive', 2));
      throw new Error('abort');
    });
    await expect(attempt).rejects.toThrow('abort');

    const hits = await store.searchText({ terms: ['lisbon'] }, {}, 10);
    expect(hits.map((hit) => hit.document)).toEqual([
      {
        kind: 'message',
        threadId: 't-1',
        itemId: 'm-1',
        messageId: 'm-1',
        entityId: SAMPLE_ENTITY,
        createdAt: at(1),
        text: 'We booked the flight to Lisbon',
      },
    ]);
    expect(hits[0]?.score).toBeGreaterThan(0);
  });

  it('matches any of the terms, ranks by BM25 best first and stems English words', async () => {
    await putMessages(store, [
      message('t-1', 'm-1', 'The dentist appointment moved to Friday', 1),
      message(
        't-2',
        'm-1',
        'Friday dinner with the dentist from school, then the dentist again',
        2,
      ),
      message('t-3', 'm-1', 'Nothing relevant here at all', 3),
      message('t-4', 'm-1', 'She was running late for the appointments', 4),
    ]);
    expect(await textIds(store, ['dentist'])).toEqual(['t-2/m-1', 't-1/m-1']);
    expect(await textIds(store, ['run', 'appointment'])).toEqual(
      expect.arrayContaining(['t-1/m-1', 't-4/m-1']),
    );
    expect(await textIds(store, ['absent'])).toEqual([]);
  });

  it('reads every term literally, never as query syntax', async () => {
    await putMessages(store, [message('t-1', 'm-1', 'state-consistency AND "quotes" NEAR', 1)]);
    for (const term of ['state-consistency', 'AND', '"quotes"', 'NEAR(', '*', 'col:umn', ')']) {
      await expect(store.searchText({ terms: [term] }, {}, 5)).resolves.toBeDefined();
    }
    expect(await textIds(store, ['state-consistency'])).toEqual(['t-1/m-1']);
    expect(await textIds(store, ['"quotes"'])).toEqual(['t-1/m-1']);
  });

  it('returns nothing for no terms, blank terms or a zero limit', async () => {
    await putMessages(store, [message('t-1', 'm-1', 'anything', 1)]);
    expect(await store.searchText({ terms: [] }, {}, 10)).toEqual([]);
    expect(await store.searchText({ terms: ['  ', ''] }, {}, 10)).toEqual([]);
    expect(await store.searchText({ terms: ['anything'] }, {}, 0)).toEqual([]);
  });

  it('filters by kind, entity, thread and time range', async () => {
    await putMessages(store, [
      message('t-1', 'm-1', 'garden party plans', 1),
      message('t-2', 'm-1', 'garden party plans', 2, { entityId: 'family:smith' }),
      message('t-3', 'm-1', 'garden party plans', 3),
    ]);
    const terms = ['garden'];
    expect(await textIds(store, terms, { entityIds: ['family:smith'] })).toEqual(['t-2/m-1']);
    expect(await textIds(store, terms, { threadIds: ['t-1', 't-3'] })).toEqual([
      't-1/m-1',
      't-3/m-1',
    ]);
    expect(await textIds(store, terms, { since: at(2), until: at(3) })).toEqual(['t-2/m-1']);
    expect(await textIds(store, terms, { kinds: ['note'] })).toEqual([]);
    expect(await textIds(store, terms, { kinds: ['message'], threadIds: [] })).toEqual([]);
  });
}

/** Full-text cases: thread context, observations, notes and redelivery. */
function registerTextContextCases(store: Store): void {
  it('matches the end of the previous message in the thread as weaker context', async () => {
    await putMessages(store, [
      message('t-1', 'm-1', 'Where should we go in May? Maybe Lisbon', 1),
      message('t-1', 'm-2', 'Sounds great, I will book it', 2),
      message('t-2', 'm-1', 'unrelated thread', 0),
    ]);
    expect(await textIds(store, ['lisbon'])).toEqual(['t-1/m-1', 't-1/m-2']);
    expect(await textIds(store, ['book', 'lisbon'], {}, 0)).toHaveLength(2);
  });

  it('fixes the context of the next message when an earlier one arrives late', async () => {
    await putMessages(store, [message('t-1', 'm-3', 'Confirmed, booked it', 3)]);
    await putMessages(store, [message('t-1', 'm-1', 'Shall we try the ramen place?', 1)]);
    expect(await textIds(store, ['ramen'])).toEqual(['t-1/m-1', 't-1/m-3']);
    await putMessages(store, [message('t-1', 'm-2', 'Or the tapas bar instead', 2)]);
    expect(await textIds(store, ['ramen'])).toEqual(['t-1/m-1', 't-1/m-2']);
    expect(await textIds(store, ['tapas'])).toEqual(['t-1/m-2', 't-1/m-3']);
  });

  it('indexes an observation by kind, replaces it when its text changes, and clears it with derived state', async () => {
    const observation = {
      kind: 'observation' as const,
      threadId: 'session:s1',
      itemId: 'o-1',
      messageId: 'm-3',
      entityId: SAMPLE_ENTITY,
      createdAt: at(1),
      text: 'The staging API moved to port 8443',
    };
    await putMessages(store, [message('session:s1', 'm-3', 'staging port is 8443 now', 2)]);
    await write(store, (tx) => tx.indexDocument(observation));
    await write(store, (tx) => tx.indexDocument(observation));
    const terms = ['staging'];
    expect(await textIds(store, terms, { kinds: ['observation'] })).toEqual(['session:s1/o-1']);
    expect(await textIds(store, terms, { kinds: ['message'] })).toEqual(['session:s1/m-3']);
    await write(store, (tx) =>
      tx.indexDocument({ ...observation, text: 'Production listens on port 443' }),
    );
    expect(await textIds(store, terms, { kinds: ['observation'] })).toEqual([]);
    const hits = await store.searchText({ terms: ['production'] }, { kinds: ['observation'] }, 10);
    expect(hits.map((hit) => hit.document)).toEqual([
      { ...observation, text: 'Production listens on port 443' },
    ]);
    await write(store, (tx) => tx.dangerouslyClearDerived());
    expect(await textIds(store, ['production'], {})).toEqual([]);
  });

  it('keeps notes through a clear of derived state and removes a note by kind and thread', async () => {
    const chunk = (path: string, ordinal: number, text: string) => ({
      kind: 'note' as const,
      threadId: path,
      itemId: String(ordinal),
      messageId: null,
      entityId: SAMPLE_ENTITY,
      createdAt: at(1),
      text,
    });
    await putMessages(store, [message('t-1', 'm-1', 'the harbour ferry leaves at nine', 1)]);
    await write(store, async (tx) => {
      await tx.indexDocument(chunk('work/ferry.md', 0, 'Ferry timetable for the harbour'));
      await tx.indexDocument(chunk('work/ferry.md', 1, 'The harbour ferry is cancelled in storms'));
      await tx.indexDocument(chunk('garden.md', 0, 'Water the harbour roses'));
    });
    const terms = ['harbour'];
    expect(await textIds(store, terms, { kinds: ['note'] })).toHaveLength(3);
    await write(store, (tx) => tx.dangerouslyClearDerived());
    expect(await textIds(store, terms, { kinds: ['message'] })).toEqual([]);
    expect((await textIds(store, terms, {})).sort()).toEqual([
      'garden.md/0',
      'work/ferry.md/0',
      'work/ferry.md/1',
    ]);
    await write(store, (tx) => tx.removeDocuments('note', 'work/ferry.md'));
    expect(await textIds(store, terms, {})).toEqual(['garden.md/0']);
    const hits = await store.searchText({ terms }, {}, 10);
    expect(hits[0]?.score).toBeGreaterThan(0);
  });

  it('indexes a redelivered message once', async () => {
    const first = message('t-1', 'm-1', 'kayak rental', 1);
    await putMessages(store, [first, { ...first, content: 'kayak rental again' }]);
    await putMessages(store, [first]);
    expect(await textIds(store, ['kayak'])).toEqual(['t-1/m-1']);
    expect((await store.searchIndexStatus()).documents).toBe(1);
  });
}

/** Vector cases: the active space, pending items and reuse of cached vectors by hash. */
function registerVectorSpaceCases(store: Store): void {
  it('starts without a space and refuses vectors until one is active', async () => {
    await putMessages(store, [message('t-1', 'm-1', 'a', 1)]);
    expect(await store.embeddingSpace()).toBeNull();
    expect(await store.pendingEmbeddings(SPACE, 10)).toEqual([]);
    const put = store.putEmbeddings(SPACE, [
      { item: ref('t-1', 'm-1'), contentHash: 'h1', vector: unit([1, 0, 0, 0]) },
    ]);
    await expect(put).rejects.toBeInstanceOf(EngineError);
    await expect(put).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(store.searchVectors(SPACE, unit([1, 0, 0, 0]), {}, 5)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    await expectIndexStatus(store, { space: null, documents: 1, embedded: 0, cachedVectors: 0 });
  });

  it('lists items lacking a vector oldest first and attaches vectors to them', async () => {
    await putMessages(store, [
      message('t-1', 'm-2', 'second', 2),
      message('t-1', 'm-1', 'first', 1),
      message('t-2', 'm-1', 'third', 3),
    ]);
    await store.useEmbeddingSpace(SPACE);
    expect(await store.embeddingSpace()).toEqual(SPACE);
    const pending = await store.pendingEmbeddings(SPACE, 10);
    expect(pending.map((p) => `${p.document.threadId}/${p.document.itemId}`)).toEqual([
      't-1/m-1',
      't-1/m-2',
      't-2/m-1',
    ]);
    expect(await store.pendingEmbeddings(SPACE, 2)).toHaveLength(2);
    const [first, second] = pending;
    if (first === undefined || second === undefined) throw new Error('expected pending items');
    const afterFirst = await store.pendingEmbeddings(SPACE, 10, first.document);
    expect(afterFirst.map((p) => p.document.text)).toEqual(['second', 'third']);
    expect(await store.pendingEmbeddings(SPACE, 1, second.document)).toEqual([pending[2]]);
    expect(await store.pendingEmbeddings(OTHER_SPACE, 10)).toEqual([]);

    const outcome = await store.putEmbeddings(SPACE, [
      { item: ref('t-1', 'm-1'), contentHash: 'h1', vector: unit([1, 0, 0, 0]) },
      { item: ref('t-1', 'm-2'), contentHash: 'h2', vector: unit([0, 1, 0, 0]) },
    ]);
    expect(outcome).toEqual({ attached: 2, missing: [] });
    expect((await store.pendingEmbeddings(SPACE, 10)).map((p) => p.document.itemId)).toEqual([
      'm-1',
    ]);
    await expectIndexStatus(store, { space: SPACE, documents: 3, embedded: 2, cachedVectors: 2 });
  });

  it('reuses a cached vector by hash and reports uncached rows as missing', async () => {
    await putMessages(store, [message('t-1', 'm-1', 'same', 1), message('t-2', 'm-1', 'same', 2)]);
    await store.useEmbeddingSpace(SPACE);
    await store.putEmbeddings(SPACE, [
      { item: ref('t-1', 'm-1'), contentHash: 'same-hash', vector: unit([1, 1, 0, 0]) },
    ]);
    const outcome = await store.putEmbeddings(SPACE, [
      { item: ref('t-2', 'm-1'), contentHash: 'same-hash' },
      { item: ref('t-2', 'm-1'), contentHash: 'unknown-hash' },
      { item: ref('t-9', 'gone'), contentHash: 'same-hash' },
    ]);
    expect(outcome).toEqual({ attached: 1, missing: [ref('t-2', 'm-1')] });
    expect((await store.searchIndexStatus()).cachedVectors).toBe(1);
    const hits = await store.searchVectors(SPACE, unit([1, 1, 0, 0]), {}, 5);
    expect(hits.map((hit) => hit.document.threadId)).toEqual(['t-1', 't-2']);
  });
}

/** Vector cases: nearest-item search, dimension checks and space switches. */
function registerVectorSearchCases(store: Store): void {
  it('finds nearest items by cosine similarity, best first, with filters', async () => {
    await putMessages(store, [
      message('t-1', 'm-1', 'north', 1),
      message('t-1', 'm-2', 'north-east', 2),
      message('t-2', 'm-1', 'east', 3, { entityId: 'family:smith' }),
      message('t-2', 'm-2', 'south', 4),
    ]);
    await store.useEmbeddingSpace(SPACE);
    await store.putEmbeddings(SPACE, [
      { item: ref('t-1', 'm-1'), contentHash: 'n', vector: unit([1, 0, 0, 0]) },
      { item: ref('t-1', 'm-2'), contentHash: 'ne', vector: unit([1, 1, 0, 0]) },
      { item: ref('t-2', 'm-1'), contentHash: 'e', vector: unit([0, 1, 0, 0]) },
      { item: ref('t-2', 'm-2'), contentHash: 's', vector: unit([-1, 0, 0, 0]) },
    ]);
    const hits = await store.searchVectors(SPACE, unit([1, 0.2, 0, 0]), {}, 10);
    expect(hits.map((hit) => hit.document.text)).toEqual(['north', 'north-east', 'east', 'south']);
    const [best] = hits;
    expect(best?.similarity).toBeCloseTo(1 / Math.hypot(1, 0.2), 5);
    expect(hits.at(-1)?.similarity).toBeCloseTo(-1 / Math.hypot(1, 0.2), 5);

    const limited = await store.searchVectors(SPACE, unit([1, 0.2, 0, 0]), {}, 2);
    expect(limited.map((hit) => hit.document.text)).toEqual(['north', 'north-east']);
    const filtered = await store.searchVectors(
      SPACE,
      unit([1, 0.2, 0, 0]),
      { threadIds: ['t-2'], since: at(3), until: at(4) },
      10,
    );
    expect(filtered.map((hit) => hit.document.text)).toEqual(['east']);
    const byEntity = await store.searchVectors(
      SPACE,
      unit([1, 0, 0, 0]),
      { entityIds: [SAMPLE_ENTITY], kinds: ['message'] },
      10,
    );
    expect(byEntity.map((hit) => hit.document.text)).toEqual(['north', 'north-east', 'south']);
  });

  it('rejects a vector whose length is not the space dimension', async () => {
    await putMessages(store, [message('t-1', 'm-1', 'a', 1)]);
    await store.useEmbeddingSpace(SPACE);
    await expect(
      store.putEmbeddings(SPACE, [
        { item: ref('t-1', 'm-1'), contentHash: 'h', vector: Float32Array.from([1, 0]) },
      ]),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await store.searchIndexStatus()).cachedVectors).toBe(0);
  });

  it('detaches every vector on a space switch, keeps the cache and re-attaches by hash', async () => {
    await putMessages(store, [message('t-1', 'm-1', 'a', 1)]);
    await store.useEmbeddingSpace(SPACE);
    await store.putEmbeddings(SPACE, [
      { item: ref('t-1', 'm-1'), contentHash: 'h', vector: unit([1, 0, 0, 0]) },
    ]);
    await store.useEmbeddingSpace(SPACE);
    expect((await store.searchIndexStatus()).embedded).toBe(1);

    await store.useEmbeddingSpace(OTHER_SPACE);
    await expectIndexStatus(store, {
      space: OTHER_SPACE,
      documents: 1,
      embedded: 0,
      cachedVectors: 1,
    });
    await expect(store.searchVectors(SPACE, unit([1, 0, 0, 0]), {}, 5)).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(await store.searchVectors(OTHER_SPACE, unit([1, 0, 0, 0]), {}, 5)).toEqual([]);

    await store.useEmbeddingSpace(SPACE);
    const outcome = await store.putEmbeddings(SPACE, [
      { item: ref('t-1', 'm-1'), contentHash: 'h' },
    ]);
    expect(outcome.attached).toBe(1);
  });
}

/** Vector cases: clearing derived rows, pruning, snapshots and reopening. */
function registerVectorLifecycleCases(store: Store, current: () => SearchHarness): void {
  it('clears indexed items with the derived rows but keeps cached vectors', async () => {
    await putMessages(store, [message('t-1', 'm-1', 'marathon training', 1)]);
    await store.useEmbeddingSpace(SPACE);
    await store.putEmbeddings(SPACE, [
      { item: ref('t-1', 'm-1'), contentHash: 'h', vector: unit([1, 0, 0, 0]) },
    ]);
    await write(store, (tx) => tx.dangerouslyClearDerived());
    expect(await store.searchText({ terms: ['marathon'] }, {}, 5)).toEqual([]);
    expect(await store.searchVectors(SPACE, unit([1, 0, 0, 0]), {}, 5)).toEqual([]);
    await expectIndexStatus(store, { space: SPACE, documents: 0, embedded: 0, cachedVectors: 1 });

    await putMessages(store, [message('t-1', 'm-1', 'marathon training', 1)]);
    expect(await textIds(store, ['marathon'])).toEqual(['t-1/m-1']);
    const outcome = await store.putEmbeddings(SPACE, [
      { item: ref('t-1', 'm-1'), contentHash: 'h' },
    ]);
    expect(outcome).toEqual({ attached: 1, missing: [] });
  });

  it('prunes cached vectors that no indexed item uses', async () => {
    await putMessages(store, [message('t-1', 'm-1', 'a', 1), message('t-1', 'm-2', 'b', 2)]);
    await store.useEmbeddingSpace(SPACE);
    await store.putEmbeddings(SPACE, [
      { item: ref('t-1', 'm-1'), contentHash: 'a', vector: unit([1, 0, 0, 0]) },
      { item: ref('t-1', 'm-2'), contentHash: 'b', vector: unit([0, 1, 0, 0]) },
    ]);
    expect(await store.pruneEmbeddings()).toBe(0);
    await write(store, (tx) => tx.dangerouslyClearDerived());
    await putMessages(store, [message('t-1', 'm-1', 'a', 1)]);
    await store.putEmbeddings(SPACE, [{ item: ref('t-1', 'm-1'), contentHash: 'a' }]);
    expect(await store.pruneEmbeddings()).toBe(1);
    expect((await store.searchIndexStatus()).cachedVectors).toBe(1);
  });

  it('keeps indexing and vectors out of the derived snapshot', async () => {
    await putMessages(store, [message('t-1', 'm-1', 'a', 1)]);
    const before = await store.exportDerived();
    await store.useEmbeddingSpace(SPACE);
    await store.putEmbeddings(SPACE, [
      { item: ref('t-1', 'm-1'), contentHash: 'a', vector: unit([1, 0, 0, 0]) },
    ]);
    expect(await store.exportDerived()).toEqual(before);
  });

  it('keeps the index, the space and cached vectors across close and reopen', async (context) => {
    const reopen = current().reopen;
    if (reopen === undefined) {
      context.skip();
      return;
    }
    await putMessages(store, [message('t-1', 'm-1', 'sailing lessons', 1)]);
    await store.useEmbeddingSpace(SPACE);
    await store.putEmbeddings(SPACE, [
      { item: ref('t-1', 'm-1'), contentHash: 'a', vector: unit([1, 0, 0, 0]) },
    ]);
    await store.close();
    const reopened = await reopen();
    expect(await textIds(reopened, ['sailing'])).toEqual(['t-1/m-1']);
    await expectIndexStatus(reopened, {
      space: SPACE,
      documents: 1,
      embedded: 1,
      cachedVectors: 1,
    });
    const hits = await reopened.searchVectors(SPACE, unit([1, 0, 0, 0]), {}, 1);
    expect(hits[0]?.similarity).toBeCloseTo(1, 5);
  });
}

/**
 * Registers the search-index cases of the `Store` contract: full-text entries that follow the
 * messages, the active vector space, and the vector cache. `current` returns the harness of the
 * running case (opened on fresh storage by the enclosing suite).
 */
export function registerSearchConformance(current: () => SearchHarness): void {
  const store = currentStore(current);
  describe('search index: full text', () => {
    registerTextMatchCases(store);
    registerTextContextCases(store);
  });

  describe('search index: vectors', () => {
    registerVectorSpaceCases(store);
    registerVectorSearchCases(store);
    registerVectorLifecycleCases(store, current);
  });
}
