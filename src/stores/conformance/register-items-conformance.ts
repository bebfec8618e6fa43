import { describe, expect, it } from 'vitest';
import type { Watermark } from '../../core/index.js';
import type { MessageRecord, Store, StoredStateItem, WriteScope, WriteTx } from '../store.js';
import {
  at,
  messageAt,
  putEach,
  putMessages as putMessagesAs,
  SAMPLE_ENTITY,
  sampleStateItem,
  write as writeAs,
} from './sample-records.js';

/** The part of a `StoreHarness` the item cases use. */
interface ItemsHarness {
  readonly store: Store;
}

const SCOPE: WriteScope = { entities: [SAMPLE_ENTITY, 'thread:t-1', 'thread:t-2'] };

function write<T>(store: Store, fn: (tx: WriteTx) => Promise<T>): Promise<T> {
  return writeAs(store, fn, SCOPE);
}

const message = messageAt;

function putMessages(store: Store, messages: readonly MessageRecord[]): Promise<void> {
  return putMessagesAs(store, messages, SCOPE);
}

function putItems(store: Store, items: readonly StoredStateItem[]): Promise<void> {
  return putEach(store, items, (tx, item) => tx.putStateItem(item), SCOPE);
}

function ids(messages: readonly MessageRecord[]): string[] {
  return messages.map((m) => m.messageId);
}

function keys(items: readonly StoredStateItem[]): string[] {
  return items.map((item) => `${item.threadId}/${item.uid}`);
}

async function itemHits(store: Store, terms: readonly string[]): Promise<string[]> {
  const hits = await store.searchText({ terms }, { kinds: ['state_item'] }, 10);
  return hits.map((hit) => `${hit.document.threadId}/${hit.document.itemId}`);
}

/**
 * Thread t-1 in a shuffled delivery order: two pairs share a `createdAt` (m-a/m-b at minute 1, and
 * M-z/m-y at minute 3, where code-unit order puts the upper-case id first).
 */
const THREAD: readonly MessageRecord[] = [
  message('t-1', 'm-b', 1),
  message('t-1', 'm-d', 2, { role: 'assistant' }),
  message('t-1', 'm-a', 1),
  message('t-1', 'm-c', 0),
  message('t-1', 'm-y', 3, { entityId: 'family:smith' }),
  message('t-1', 'M-z', 3),
  message('t-2', 'm-x', 1),
];

/** A superseded item with every optional field set, for the round-trip and filter cases. */
const superseded = sampleStateItem('t-1', 'd_000000000001', {
  entityId: 'family:smith',
  text: 'Use Postgres for analytics',
  status: 'superseded',
  topicTags: ['analytics'],
  refs: ['m-a', 'm-b', 'M-z'],
  confidence: 'low',
  replacedBy: 'd_000000000002',
  supersessionEvidence: {
    trigger: 'instead',
    refMessageId: 'm-b',
    candidateUid: 'd_000000000002',
    basis: 'replaced_object',
    score: 0.8125,
  },
  conflict: true,
  pinned: true,
  source: 'llm',
  createdAt: at(1),
  lastSeenAt: at(3),
  updatedAt: at(4),
});

/** Messages read in watermark order: ties, strictly-after reads, descending order, same transaction. */
function registerMessageOrderCases(current: () => ItemsHarness): void {
  const store = (): Store => current().store;
  it('lists a thread by createdAt, breaking ties by messageId in code-unit order', async () => {
    await putMessages(store(), THREAD);
    const listed = await store().listMessages({ threadId: 't-1', limit: 10 });
    expect(ids(listed)).toEqual(['m-c', 'm-a', 'm-b', 'm-d', 'M-z', 'm-y']);
    expect(listed[3]).toEqual(THREAD[1]);
    expect(ids(await store().listMessages({ threadId: 't-2', limit: 10 }))).toEqual(['m-x']);
    expect(await store().listMessages({ threadId: 'missing', limit: 10 })).toEqual([]);
  });

  it('reads only messages strictly after the watermark, tie included', async () => {
    await putMessages(store(), THREAD);
    const readAfter = (watermark: Watermark | null, limit = 10) =>
      store().listMessages({ threadId: 't-1', after: watermark, limit }).then(ids);
    expect(await readAfter({ createdAt: at(1), messageId: 'm-a' })).toEqual([
      'm-b',
      'm-d',
      'M-z',
      'm-y',
    ]);
    expect(await readAfter({ createdAt: at(1), messageId: 'm-b' })).toEqual(['m-d', 'M-z', 'm-y']);
    expect(await readAfter({ createdAt: at(3), messageId: 'M-z' })).toEqual(['m-y']);
    expect(await readAfter({ createdAt: at(3), messageId: 'm-y' })).toEqual([]);
    // A watermark need not name a stored message.
    expect(await readAfter({ createdAt: at(1), messageId: 'm-aa' })).toEqual([
      'm-b',
      'm-d',
      'M-z',
      'm-y',
    ]);
    expect(await readAfter(null, 2)).toEqual(['m-c', 'm-a']);
    expect(await readAfter({ createdAt: at(0), messageId: 'm-c' }, 2)).toEqual(['m-a', 'm-b']);
  });

  it('lists newest first with order desc, within the limit and after the watermark', async () => {
    await putMessages(store(), THREAD);
    const desc = (limit: number, after: Watermark | null = null) =>
      store().listMessages({ threadId: 't-1', after, limit, order: 'desc' }).then(ids);
    expect(await desc(3)).toEqual(['m-y', 'M-z', 'm-d']);
    expect(await desc(10, { createdAt: at(1), messageId: 'm-a' })).toEqual([
      'm-y',
      'M-z',
      'm-d',
      'm-b',
    ]);
    expect(await desc(0)).toEqual([]);
  });

  it('reads only messages strictly before a watermark, so desc with limit 1 is the turn before', async () => {
    await putMessages(store(), THREAD);
    const read = (before: Watermark, order: 'asc' | 'desc', limit = 10, after?: Watermark) =>
      store()
        .listMessages({ threadId: 't-1', before, order, limit, ...(after ? { after } : {}) })
        .then(ids);
    expect(await read({ createdAt: at(1), messageId: 'm-b' }, 'asc')).toEqual(['m-c', 'm-a']);
    expect(await read({ createdAt: at(3), messageId: 'M-z' }, 'desc', 1)).toEqual(['m-d']);
    expect(await read({ createdAt: at(0), messageId: 'm-c' }, 'desc', 1)).toEqual([]);
    const between = await read({ createdAt: at(3), messageId: 'm-y' }, 'asc', 10, {
      createdAt: at(1),
      messageId: 'm-a',
    });
    expect(between).toEqual(['m-b', 'm-d', 'M-z']);
  });

  it('sees messages written earlier in the same transaction', async () => {
    const listed = await write(store(), async (tx) => {
      await tx.putMessage(message('t-1', 'm-2', 2));
      await tx.putMessage(message('t-1', 'm-1', 1));
      return tx.listMessages({ threadId: 't-1', limit: 10 });
    });
    expect(ids(listed)).toEqual(['m-1', 'm-2']);
  });

  it('tells whether a thread has a message of an entity outside a set', async () => {
    // t-1: user:primary's messages and one of family:smith; t-2: user:primary's only.
    await putMessages(store(), THREAD);
    const outside = (thread: string, entities: readonly string[]) =>
      store().hasMessageOutside(thread, entities);
    expect(await outside('t-1', [SAMPLE_ENTITY])).toBe(true);
    expect(await outside('t-1', ['family:smith'])).toBe(true);
    expect(await outside('t-1', ['family:smith', SAMPLE_ENTITY])).toBe(false);
    expect(await outside('t-1', ['a:first', SAMPLE_ENTITY, 'family:smith', 'z:last'])).toBe(false);
    expect(await outside('t-2', [SAMPLE_ENTITY])).toBe(false);
    expect(await outside('t-2', ['user:someone-else'])).toBe(true);
    expect(await outside('t-2', [])).toBe(true);
    expect(await outside('missing', [])).toBe(false);
    // Entities that sort before and after the one asked about are both found.
    await putMessages(store(), [
      message('t-3', 'm-1', 1, { entityId: 'user:b' }),
      message('t-3', 'm-2', 2, { entityId: 'user:b' }),
    ]);
    expect(await outside('t-3', ['user:b'])).toBe(false);
    await putMessages(store(), [message('t-3', 'm-3', 3, { entityId: 'user:a' })]);
    expect(await outside('t-3', ['user:b'])).toBe(true);
    await putMessages(store(), [message('t-4', 'm-1', 1, { entityId: 'user:c' })]);
    expect(await outside('t-4', ['user:c'])).toBe(false);
    await putMessages(store(), [message('t-4', 'm-2', 2, { entityId: 'user:d' })]);
    expect(await outside('t-4', ['user:c'])).toBe(true);
  });
}

/** Extraction watermarks and the backlog of threads with unread messages. */
function registerWatermarkCases(current: () => ItemsHarness): void {
  const store = (): Store => current().store;
  it('starts without a watermark, then keeps the last one put', async () => {
    expect(await store().getWatermark('t-1')).toBeNull();
    const first = { createdAt: at(1), messageId: 'm-b' };
    const second = { createdAt: at(3), messageId: 'm-y' };
    const seen = await write(store(), async (tx) => {
      await tx.putWatermark('t-1', first);
      return tx.getWatermark('t-1');
    });
    expect(seen).toEqual(first);
    expect(await store().getWatermark('t-1')).toEqual(first);
    await write(store(), (tx) => tx.putWatermark('t-1', second));
    expect(await store().getWatermark('t-1')).toEqual(second);
    expect(await store().getWatermark('t-2')).toBeNull();
  });

  it('lists threads with messages after their watermark, with counts and entity', async () => {
    await putMessages(store(), THREAD);
    expect(await store().listExtractionBacklog(10)).toEqual([
      // The newest message of t-1 (m-y, last by message id at minute 3) names the entity.
      { threadId: 't-1', entityId: 'family:smith', pending: 6, watermark: null },
      { threadId: 't-2', entityId: SAMPLE_ENTITY, pending: 1, watermark: null },
    ]);
    expect(await store().listExtractionBacklog(1)).toHaveLength(1);

    const middle = { createdAt: at(1), messageId: 'm-b' };
    await write(store(), async (tx) => {
      await tx.putWatermark('t-1', middle);
      await tx.putWatermark('t-2', { createdAt: at(1), messageId: 'm-x' });
    });
    expect(await store().listExtractionBacklog(10)).toEqual([
      { threadId: 't-1', entityId: 'family:smith', pending: 3, watermark: middle },
    ]);

    await write(store(), (tx) => tx.putWatermark('t-1', { createdAt: at(3), messageId: 'm-y' }));
    expect(await store().listExtractionBacklog(10)).toEqual([]);

    await putMessages(store(), [message('t-2', 'm-late', 5)]);
    expect(await store().listExtractionBacklog(10)).toEqual([
      {
        threadId: 't-2',
        entityId: SAMPLE_ENTITY,
        pending: 1,
        watermark: { createdAt: at(1), messageId: 'm-x' },
      },
    ]);
  });
}

/** State items: every field round-trips, and the list filters and order. */
function registerItemRecordCases(current: () => ItemsHarness): void {
  const store = (): Store => current().store;
  it('round-trips every field and replaces an item on put', async () => {
    await putItems(store(), [superseded]);
    expect(await store().getStateItem('t-1', 'd_000000000001')).toEqual(superseded);
    expect(await store().getStateItem('t-2', 'd_000000000001')).toBeNull();
    expect(await store().getStateItem('t-1', 'd_missing')).toBeNull();

    const replaced = {
      ...superseded,
      status: 'active' as const,
      topicTags: [],
      replacedBy: null,
      supersessionEvidence: null,
      conflict: false,
      pinned: false,
    };
    const seen = await write(store(), async (tx) => {
      await tx.putStateItem(replaced);
      return tx.getStateItem('t-1', 'd_000000000001');
    });
    expect(seen).toEqual(replaced);
    expect(await store().listStateItems({})).toEqual([replaced]);
  });

  it('filters by thread, entity, uid, types, statuses and limit, ordered by thread then uid', async () => {
    await putItems(store(), [
      sampleStateItem('t-2', 'a_000000000001', { typeTag: 'action', status: 'open' }),
      sampleStateItem('t-1', 'q_000000000001', { typeTag: 'question', status: 'answered' }),
      superseded,
      sampleStateItem('t-1', 'd_000000000002', { entityId: 'family:smith' }),
      sampleStateItem('t-2', 'd_000000000001'),
    ]);
    const list = (query: Parameters<Store['listStateItems']>[0]) =>
      store().listStateItems(query).then(keys);
    expect(await list({})).toEqual([
      't-1/d_000000000001',
      't-1/d_000000000002',
      't-1/q_000000000001',
      't-2/a_000000000001',
      't-2/d_000000000001',
    ]);
    expect(await list({ threadId: 't-2' })).toEqual(['t-2/a_000000000001', 't-2/d_000000000001']);
    expect(await list({ entityId: 'family:smith' })).toEqual([
      't-1/d_000000000001',
      't-1/d_000000000002',
    ]);
    expect(await list({ uid: 'd_000000000001' })).toEqual([
      't-1/d_000000000001',
      't-2/d_000000000001',
    ]);
    expect(await list({ types: ['action', 'question'] })).toEqual([
      't-1/q_000000000001',
      't-2/a_000000000001',
    ]);
    expect(await list({ statuses: ['active', 'open'] })).toEqual([
      't-1/d_000000000002',
      't-2/a_000000000001',
      't-2/d_000000000001',
    ]);
    expect(await list({ threadId: 't-1', entityId: 'family:smith', statuses: ['active'] })).toEqual(
      ['t-1/d_000000000002'],
    );
    expect(await list({ types: [] })).toEqual([]);
    expect(await list({ statuses: [] })).toEqual([]);
    expect(await list({ limit: 2 })).toEqual(['t-1/d_000000000001', 't-1/d_000000000002']);
    expect(await list({ threadId: 'missing' })).toEqual([]);
  });
}

/** State items as derived state: export, clear, and rollback. */
function registerItemDerivedCases(current: () => ItemsHarness): void {
  const store = (): Store => current().store;
  it('exports items and watermarks in canonical order and clears them with derived state', async () => {
    const items = [
      sampleStateItem('t-2', 'd_000000000001'),
      superseded,
      sampleStateItem('t-1', 'a_000000000001', { typeTag: 'action', status: 'done' }),
    ];
    await write(store(), async (tx) => {
      for (const item of items) await tx.putStateItem(item);
      await tx.putWatermark('t-2', { createdAt: at(1), messageId: 'm-x' });
      await tx.putWatermark('t-1', { createdAt: at(3), messageId: 'm-y' });
    });
    const snapshot = await store().exportDerived();
    expect(snapshot.stateItems).toEqual([items[2], items[1], items[0]]);
    expect(snapshot.watermarks).toEqual([
      { threadId: 't-1', watermark: { createdAt: at(3), messageId: 'm-y' } },
      { threadId: 't-2', watermark: { createdAt: at(1), messageId: 'm-x' } },
    ]);

    await write(store(), (tx) => tx.dangerouslyClearDerived());
    const cleared = await store().exportDerived();
    expect(cleared.stateItems).toEqual([]);
    expect(cleared.watermarks).toEqual([]);
    expect(await store().getWatermark('t-1')).toBeNull();
    expect(await store().getStateItem('t-1', 'a_000000000001')).toBeNull();
    expect(await itemHits(store(), ['option'])).toEqual([]);
  });

  it('leaves no item, watermark or index entry behind a rolled-back transaction', async () => {
    const attempt = write(store(), async (tx) => {
      await tx.putStateItem(sampleStateItem('t-1', 'd_000000000002'));
      await tx.putWatermark('t-1', { createdAt: at(1), messageId: 'm-a' });
      throw new Error('crash after extraction');
    });
    await expect(attempt).rejects.toThrow('crash after extraction');
    expect(await store().getStateItem('t-1', 'd_000000000002')).toBeNull();
    expect(await store().getWatermark('t-1')).toBeNull();
    expect(await store().listStateItems({})).toEqual([]);
    expect(await itemHits(store(), ['option'])).toEqual([]);
  });
}

/** State items in the search index: which are indexed and how a re-put changes the entry. */
function registerItemIndexCases(current: () => ItemsHarness): void {
  const store = (): Store => current().store;
  it('indexes items that are not superseded, as kind state_item', async () => {
    const active = sampleStateItem('t-1', 'd_000000000002', {
      text: 'Use ClickHouse for analytics instead of Postgres',
      refs: ['m-a', 'm-d'],
      createdAt: at(2),
    });
    await putItems(store(), [
      active,
      sampleStateItem('t-1', 'd_000000000001', {
        text: 'Use Postgres for analytics',
        status: 'superseded',
      }),
    ]);
    await putMessages(store(), [message('t-1', 'm-a', 1, { content: 'analytics on Postgres' })]);

    const hits = await store().searchText({ terms: ['analytics'] }, { kinds: ['state_item'] }, 10);
    expect(hits.map((hit) => hit.document)).toEqual([
      {
        kind: 'state_item',
        threadId: 't-1',
        itemId: 'd_000000000002',
        messageId: 'm-d',
        entityId: SAMPLE_ENTITY,
        createdAt: at(2),
        text: 'Use ClickHouse for analytics instead of Postgres',
      },
    ]);
    const messages = await store().searchText({ terms: ['analytics'] }, { kinds: ['message'] }, 10);
    expect(messages.map((hit) => hit.document.itemId)).toEqual(['m-a']);
    const all = await store().searchText({ terms: ['analytics'] }, {}, 10);
    expect(all.map((hit) => hit.document.kind).sort()).toEqual(['message', 'state_item']);
  });

  it('replaces the indexed text on a re-put and drops the entry once superseded', async () => {
    const item = sampleStateItem('t-1', 'd_000000000003', { text: 'Use Redis for caching' });
    await putItems(store(), [item]);
    expect(await itemHits(store(), ['redis'])).toEqual(['t-1/d_000000000003']);

    await putItems(store(), [{ ...item, text: 'Use Memcached for caching', refs: ['m-9'] }]);
    expect(await itemHits(store(), ['redis'])).toEqual([]);
    const [hit] = await store().searchText({ terms: ['memcached'] }, {}, 10);
    expect(hit?.document).toMatchObject({ itemId: 'd_000000000003', messageId: 'm-9' });

    await putItems(store(), [{ ...item, refs: ['m-1', 'm-2', 'm-3'] }]);
    const [moved] = await store().searchText({ terms: ['redis'] }, {}, 10);
    expect(moved?.document.messageId).toBe('m-3');

    await putItems(store(), [{ ...item, status: 'superseded', replacedBy: 'd_000000000004' }]);
    expect(await itemHits(store(), ['redis', 'memcached', 'caching'])).toEqual([]);
    expect((await store().searchIndexStatus()).documents).toBe(0);
  });
}

/**
 * Registers the cases of the `Store` contract for structured state items: messages read in
 * watermark order, extraction watermarks and the backlog, state items with their filters, their
 * place in `exportDerived`, and their search index entries. `current` returns the harness of the
 * running case (opened on fresh storage by the enclosing suite).
 */
export function registerItemsConformance(current: () => ItemsHarness): void {
  describe('state items: messages in watermark order', () => {
    registerMessageOrderCases(current);
  });

  describe('state items: watermarks and backlog', () => {
    registerWatermarkCases(current);
  });

  describe('state items: items', () => {
    registerItemRecordCases(current);
    registerItemDerivedCases(current);
  });

  describe('state items: search index', () => {
    registerItemIndexCases(current);
  });
}
