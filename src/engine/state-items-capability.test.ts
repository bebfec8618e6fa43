import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CandidateItem, EngineError, err, ok } from '../core/index.js';
import { createRuleItemExtractor, type ItemExtractor } from '../items/index.js';
import { EVENT_TYPES } from '../ledger/index.js';
import { type ExtractionCompleted, validateExtractionCompleted } from '../schemas/index.js';
import type { Store, WriteTx } from '../stores/index.js';
import { createSqliteStore, type SqliteStore } from '../stores/sqlite/index.js';
import {
  createManualClock,
  createSequentialIds,
  type ManualClock,
  messageRecord,
  toJsonl,
} from '../testing/index.js';
import { closeTestEngine } from './__fixtures__/test-engine.js';
import { morningAt } from './__fixtures__/thread-messages.js';
import { createEngine, type Engine, type EngineItemOptions } from './index.js';

let home: string;
let clock: ManualClock;
let store: SqliteStore;
let engine: Engine;

async function open(
  items: EngineItemOptions = {},
  options: { readonly store?: Store; readonly localModel?: boolean } = {},
): Promise<Engine> {
  engine = await createEngine({
    home,
    clock,
    ids: createSequentialIds(),
    store: options.store ?? store,
    items,
    ...(options.localModel === true ? {} : { embeddings: { model: null } }),
  });
  return engine;
}

function message(
  id: string,
  role: 'user' | 'assistant',
  content: string,
  minute: number,
  thread = 'planning',
  entity?: string,
) {
  return messageRecord(
    thread,
    id,
    role,
    content,
    morningAt(minute),
    entity === undefined ? {} : { entity_id: entity },
  );
}

const OPENING = [
  message('m01', 'user', "Let's use Postgres for analytics.", 0),
  message('m02', 'assistant', 'Sounds good, Postgres it is.', 1),
  message('m03', 'user', 'We need to set up connection pooling.', 2),
  message('m04', 'user', 'The risk is that the nightly import might break.', 3),
];

const LATER = [
  message('m05', 'user', "We'll go with Postgres for analytics.", 10),
  message('m06', 'user', 'We switched to ClickHouse instead of Postgres for analytics.', 11),
];

async function extractionPayloads(): Promise<ExtractionCompleted[]> {
  const events = await store.readEvents(0, 1000);
  return events
    .filter((event) => event.type === EVENT_TYPES.extractionCompleted)
    .map((event) => event.payload as unknown as ExtractionCompleted);
}

async function allItems() {
  return (await engine.listStateItems({ status: 'all' })).items;
}

function byText<T extends { readonly text: string }>(items: readonly T[], text: string): T {
  const found = items.find((item) => item.text === text);
  if (found === undefined) throw new Error(`no item "${text}"`);
  return found;
}

beforeEach(async () => {
  home = mkdtempSync(join(tmpdir(), 'verity-items-'));
  clock = createManualClock('2026-03-01T10:00:00Z');
  store = await createSqliteStore({ path: join(home, 'verity.db') });
});

afterEach(() => closeTestEngine({ dir: home, engine }));

/**
 * The rule extractor under the id `id` (version 1) with `before` run ahead of each extraction:
 * a result `before` returns is the answer, and the rules are not asked.
 */
function rulesAfter(
  id: string,
  before: (
    batch: Parameters<ItemExtractor['extract']>[0],
  ) => Promise<Awaited<ReturnType<ItemExtractor['extract']>> | undefined>,
): ItemExtractor {
  const rules = createRuleItemExtractor();
  return {
    id,
    version: '1',
    extract: async (batch, existing, options) =>
      (await before(batch)) ?? rules.extract(batch, existing, options),
  };
}

describe('state items through the engine', () => {
  it('extracts items from ingested messages and advances the watermark with them', async () => {
    await open();
    await engine.ingest(toJsonl(OPENING));

    const { items, rendered } = await engine.listStateItems({ threadId: 'planning' });
    expect(items.map((item) => [item.type, item.text, item.refs])).toEqual([
      ['decision', 'Use Postgres for analytics', ['m01']],
      ['action', 'Set up connection pooling', ['m03']],
      ['risk', 'The nightly import might break', ['m04']],
    ]);
    expect(rendered.split('\n')[0]).toBe('State (updated: 2026-03-01T10:00Z, items: 3)');
    expect(await store.getWatermark('planning')).toEqual({
      createdAt: '2026-03-01T09:03:00.000Z',
      messageId: 'm04',
    });

    const [payload, ...rest] = await extractionPayloads();
    expect(rest).toEqual([]);
    expect(validateExtractionCompleted(payload).ok).toBe(true);
    expect(payload).toMatchObject({
      thread_id: 'planning',
      entity_id: 'user:primary',
      watermark_before: null,
      watermark: { created_at: '2026-03-01T09:03:00.000Z', message_id: 'm04' },
      similarity: 'structure',
      error_code: null,
      result: { extractor: 'rules@11', skipped_reason: null, items_inserted: 3 },
    });
    expect(payload?.candidates).toHaveLength(3);
    expect(payload?.upserts.map((item) => item.text)).toEqual(items.map((item) => item.text));

    // Nothing new: a second pass records nothing.
    expect(await engine.extractItems()).toEqual({ threads: 0, runs: [], stale: 0 });
  });

  it('merges a restated decision and supersedes it when a later message switches', async () => {
    await open();
    await engine.ingest(toJsonl(OPENING));
    clock.advance(60_000);
    await engine.ingest(toJsonl(LATER));

    const items = await allItems();
    const postgres = byText(items, 'Use Postgres for analytics');
    const clickhouse = byText(items, 'Use ClickHouse for analytics instead of Postgres');
    expect(postgres).toMatchObject({
      status: 'superseded',
      refs: ['m01', 'm05'],
      replaced_by: clickhouse.uid,
      supersession_evidence: {
        trigger: 'instead',
        ref_message_id: 'm06',
        candidate_uid: clickhouse.uid,
        basis: 'replaced_object',
      },
    });
    expect(clickhouse).toMatchObject({ status: 'active', conflict: false, refs: ['m06'] });
    expect(items.filter((item) => item.type === 'decision')).toHaveLength(2);

    const open_ = (await engine.listStateItems({ threadId: 'planning' })).items;
    expect(open_.map((item) => item.uid)).not.toContain(postgres.uid);
    expect(open_[0]?.uid).toBe(clickhouse.uid);
  });

  it('keeps an unrelated decision apart from an earlier one', async () => {
    await open();
    await engine.ingest(toJsonl(OPENING));
    await engine.ingest(toJsonl([message('m05', 'user', "Let's use Terraform for deploys.", 10)]));
    const decisions = (await allItems()).filter((item) => item.type === 'decision');
    // Render order: the most recently seen first.
    expect(decisions.map((item) => [item.text, item.status])).toEqual([
      ['Use Terraform for deploys', 'active'],
      ['Use Postgres for analytics', 'active'],
    ]);
  });

  it('skips a batch without a user message but still moves past it', async () => {
    await open();
    await engine.ingest(
      toJsonl([
        message('a1', 'assistant', "Let's use Redis for caching.", 0),
        message('a2', 'assistant', 'I will draft the plan.', 1),
      ]),
    );
    expect(await allItems()).toEqual([]);
    expect(await store.getWatermark('planning')).toEqual({
      createdAt: '2026-03-01T09:01:00.000Z',
      messageId: 'a2',
    });
    const [payload] = await extractionPayloads();
    expect(payload?.result.skipped_reason).toBe('no_user_messages');
    expect(payload?.upserts).toEqual([]);
  });

  it('reads at most a batch per run and catches up over several runs', async () => {
    await open({ maxBatchMessages: 2 });
    await engine.ingest(toJsonl([...OPENING, ...LATER]), { waitForIndex: false });
    expect(await allItems()).toEqual([]);

    const report = await engine.extractItems();
    expect(report.threads).toBe(1);
    expect(report.runs.map((run) => run.watermark?.message_id)).toEqual(['m02', 'm04', 'm06']);
    expect(report.runs.map((run) => run.items_superseded)).toEqual([0, 0, 1]);
    expect((await engine.listStateItems()).items.map((item) => item.text)).toEqual([
      'Use ClickHouse for analytics instead of Postgres',
      'Set up connection pooling',
      'The nightly import might break',
    ]);
  });

  it('records a failed run without moving the watermark and retries the batch later', async () => {
    let fail = true;
    const flaky = rulesAfter('flaky', async () =>
      fail ? err(new EngineError('PROVIDER_FAILED', 'model unavailable')) : undefined,
    );
    await open({ extractor: flaky });
    await engine.ingest(toJsonl(OPENING));
    expect(await store.getWatermark('planning')).toBeNull();
    expect(await allItems()).toEqual([]);
    const [failed] = await extractionPayloads();
    expect(failed).toMatchObject({
      watermark: null,
      upserts: [],
      error_code: 'PROVIDER_FAILED',
      result: { extractor: 'flaky@1', skipped_reason: 'extractor_failed' },
    });

    fail = false;
    const report = await engine.extractItems();
    expect(report.runs).toHaveLength(1);
    expect(await allItems()).toHaveLength(3);
    expect((await store.getWatermark('planning'))?.messageId).toBe('m04');
    expect(await engine.rebuild({ verify: true })).toMatchObject({ verified: true });
  });

  it('records a run that outlives its timeout as a timeout and changes nothing', async () => {
    const stuck: ItemExtractor = {
      id: 'stuck',
      version: '1',
      extract: () => new Promise<never>(() => {}),
    };
    await open({ extractor: stuck, timeoutMs: 5 });
    await engine.ingest(toJsonl(OPENING));
    const [payload] = await extractionPayloads();
    expect(payload).toMatchObject({
      watermark: null,
      upserts: [],
      result: { skipped_reason: 'timeout' },
    });
    expect(await store.getWatermark('planning')).toBeNull();
  });

  it('replays extraction events to the same items and watermarks', async () => {
    await open();
    await engine.ingest(toJsonl(OPENING));
    clock.advance(60_000);
    await engine.ingest(toJsonl(LATER));
    await engine.ingest(toJsonl([message('x1', 'user', 'TODO: write the runbook.', 0, 'ops')]));

    expect(await engine.rebuild({ verify: true })).toMatchObject({ verified: true });
    const before = await store.exportDerived();
    expect(before.stateItems.length).toBeGreaterThan(0);
    expect(before.watermarks.map((w) => w.threadId)).toEqual(['ops', 'planning']);

    await engine.rebuild();
    const after = await store.exportDerived();
    expect(after.stateItems).toEqual(before.stateItems);
    expect(after.watermarks).toEqual(before.watermarks);
    const hits = await store.searchText({ terms: ['clickhouse'] }, { kinds: ['state_item'] }, 5);
    expect(hits.map((hit) => hit.document.text)).toEqual([
      'Use ClickHouse for analytics instead of Postgres',
    ]);
  });

  it('leaves the watermark and items untouched when the write crashes after extraction', async () => {
    let crash = false;
    const crashing = new Proxy(store, {
      get(target, property) {
        if (property === 'withWriteLock') {
          return <T>(
            scope: Parameters<Store['withWriteLock']>[0],
            fn: (tx: WriteTx) => Promise<T>,
          ) =>
            target.withWriteLock(scope, (tx) =>
              fn(
                new Proxy(tx, {
                  get(inner, name) {
                    if (name === 'putWatermark' && crash) {
                      return async () => {
                        throw new Error('process killed');
                      };
                    }
                    const value = Reflect.get(inner, name, inner);
                    return typeof value === 'function' ? value.bind(inner) : value;
                  },
                }),
              ),
            );
        }
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    await open({}, { store: crashing });
    await engine.ingest(toJsonl(OPENING));
    const items = await store.exportDerived();
    const events = await store.lastSeq();

    crash = true;
    await engine.ingest(toJsonl(LATER), { waitForIndex: false });
    await expect(engine.extractItems()).rejects.toThrow('process killed');
    expect(await store.getWatermark('planning')).toEqual({
      createdAt: '2026-03-01T09:03:00.000Z',
      messageId: 'm04',
    });
    const after = await store.exportDerived();
    expect(after.stateItems).toEqual(items.stateItems);
    expect(await extractionPayloads()).toHaveLength(1);
    expect(await store.lastSeq()).toBe(events + LATER.length);

    crash = false;
    const report = await engine.extractItems();
    expect(report.runs.map((run) => run.watermark?.message_id)).toEqual(['m06']);
    expect(await engine.rebuild({ verify: true })).toMatchObject({ verified: true });
  });

  it('drops a run when another writer moved the watermark while it extracted', async () => {
    let interfere = true;
    const racing = rulesAfter('racing', async (batch) => {
      const last = interfere ? batch.at(-1) : undefined;
      interfere = false;
      if (last !== undefined) {
        await store.withWriteLock({ entities: ['thread:planning'] }, (tx) =>
          tx.putWatermark('planning', { createdAt: last.createdAt, messageId: 'm01' }),
        );
      }
      return undefined;
    });
    await open({ extractor: racing });
    await engine.ingest(toJsonl(OPENING), { waitForIndex: false });
    const report = await engine.extractItems();
    expect(report.stale).toBe(1);
    expect(report.runs).toEqual([]);
    expect(await extractionPayloads()).toEqual([]);
    expect(await allItems()).toEqual([]);
  });

  it('forgets the items and runs drawn from a forgotten message, and nothing else', async () => {
    await open();
    await engine.ingest(toJsonl(OPENING));
    await engine.ingest(
      toJsonl([message('m07', 'user', 'We must never store raw card numbers.', 20)]),
    );
    const refs = async () => (await allItems()).flatMap((item) => item.refs).sort();
    expect(await refs()).toEqual(['m01', 'm03', 'm04', 'm07']);
    const event = (await store.readEvents(0, 100)).find(
      (e) => e.type === EVENT_TYPES.message && e.payload['message_id'] === 'm07',
    );

    const result = await engine.forget({ kind: 'event', eventId: event?.eventId ?? '' });

    // The message and the one extraction run that cites it are redacted; the first run stays.
    expect(result.covered_events).toBe(2);
    expect(await refs()).toEqual(['m01', 'm03', 'm04']);
    expect(JSON.stringify(await store.exportDerived())).not.toMatch(/card numbers/i);
    expect((await engine.rebuild({ verify: true })).verified).toBe(true);
  });

  it('lists the open items of an entity across its threads', async () => {
    await open();
    await engine.ingest(
      toJsonl([
        ...OPENING.map((m) => ({ ...m, entity_id: 'team:data' })),
        message('o1', 'user', 'TODO: rotate the API keys.', 0, 'ops', 'team:data'),
        message('p1', 'user', "Let's use Vim for notes.", 0, 'personal'),
      ]),
    );
    await engine.ingest(toJsonl(LATER.map((m) => ({ ...m, entity_id: 'team:data' }))));

    const view = await engine.listStateItems({ entityId: 'team:data' });
    expect(view.items.map((item) => [item.thread_id, item.text])).toEqual([
      ['planning', 'Use ClickHouse for analytics instead of Postgres'],
      ['planning', 'Set up connection pooling'],
      ['ops', 'Rotate the API keys'],
      ['planning', 'The nightly import might break'],
    ]);
    expect((await engine.listStateItems({ entityId: 'user:primary' })).items).toHaveLength(1);
    const statuses = (await engine.listStateItems({ entityId: 'team:data', status: 'all' })).items;
    expect(statuses).toHaveLength(5);
  });

  it('expands an item to the messages it rests on', async () => {
    await open();
    await engine.ingest(toJsonl(OPENING));
    await engine.ingest(toJsonl([LATER[0] ?? {}]));
    const decision = byText(await allItems(), 'Use Postgres for analytics');

    const expanded = await engine.expandStateItem(decision.uid);
    expect(expanded.item.uid).toBe(decision.uid);
    expect(expanded.missing).toEqual([]);
    expect(expanded.messages.map((m) => [m.message_id, m.role, m.content])).toEqual([
      ['m01', 'user', "Let's use Postgres for analytics."],
      ['m05', 'user', "We'll go with Postgres for analytics."],
    ]);
    expect((await engine.expandStateItem(decision.uid, 'planning')).item.uid).toBe(decision.uid);

    await expect(engine.expandStateItem('d_000000000000')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await expect(engine.expandStateItem(decision.uid, 'other')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    await engine.ingest(
      toJsonl([message('z1', 'user', "Let's use Postgres for analytics.", 0, 'z')]),
    );
    await expect(engine.expandStateItem(decision.uid)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });

  it('does nothing when item extraction is turned off', async () => {
    await open({ extractor: null });
    await engine.ingest(toJsonl(OPENING));
    expect(await engine.extractItems()).toEqual({ threads: 0, runs: [], stale: 0 });
    expect(await allItems()).toEqual([]);
    expect(await extractionPayloads()).toEqual([]);
  });

  it('records the candidates an extractor proposed, including those it dropped', async () => {
    const invented: CandidateItem = {
      typeTag: 'decision',
      text: 'Use Kafka for events',
      status: 'active',
      confidence: 'high',
      topicTags: ['events'],
      refs: ['not-in-batch'],
      supersedes: null,
      replaces: null,
      chosen: 'kafka',
      conflict: false,
    };
    await open({ extractor: { id: 'fixed', version: '2', extract: async () => ok([invented]) } });
    await engine.ingest(toJsonl(OPENING));
    const [payload] = await extractionPayloads();
    expect(payload?.candidates).toEqual([
      {
        type_tag: 'decision',
        text: 'Use Kafka for events',
        status: 'active',
        confidence: 'high',
        topic_tags: ['events'],
        refs: ['not-in-batch'],
        supersedes: null,
        replaces: null,
        chosen: 'kafka',
        conflict: false,
      },
    ]);
    expect(payload?.result).toMatchObject({ items_extracted: 1, items_dropped: 1 });
    expect(payload?.upserts).toEqual([]);
    expect((await store.getWatermark('planning'))?.messageId).toBe('m04');
  });
});

describe('state items with the bundled embedding model', () => {
  it('reconciles by structure first and records embedding similarity', async () => {
    await open({}, { localModel: true });
    await engine.ingest(toJsonl(OPENING));
    clock.advance(60_000);
    await engine.ingest(toJsonl(LATER));
    await engine.ingest(toJsonl([message('m07', 'user', "Let's use Terraform for deploys.", 12)]));

    const items = await allItems();
    expect(byText(items, 'Use Postgres for analytics')).toMatchObject({
      status: 'superseded',
      refs: ['m01', 'm05'],
    });
    expect(byText(items, 'Use Terraform for deploys').status).toBe('active');
    const payloads = await extractionPayloads();
    expect(payloads.map((payload) => payload.similarity)).toEqual([
      'embeddings',
      'embeddings',
      'embeddings',
    ]);
    expect(await engine.rebuild({ verify: true })).toMatchObject({ verified: true });
  });
});
