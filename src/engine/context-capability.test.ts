import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTEXT_SECTIONS,
  type ContextResult,
  type ContextSectionName,
  createGptTokenizer,
  SECTION_SEPARATOR,
} from '../context/index.js';
import { fixedClock, type StateItem } from '../core/index.js';
import { createRuleExtractor } from '../extract/index.js';
import { createFakeLanguageModel } from '../providers/fake/index.js';
import { sampleStateItem } from '../stores/conformance/index.js';
import type { Store, StoredStateItem } from '../stores/index.js';
import { createSqliteStore } from '../stores/sqlite/index.js';
import { messageRecord, observation, toJsonl } from '../testing/index.js';
import { sectionText } from './__fixtures__/context-sections.js';
import { closeTestEngine, useSuiteTestEngine } from './__fixtures__/test-engine.js';
import { threadMessages } from './__fixtures__/thread-messages.js';
import { createEngine, type Engine } from './index.js';

const NOW = '2026-03-02T09:00:00Z';
const tokenizer = createGptTokenizer();

const message = messageRecord;

function item(
  thread: string,
  patch: Partial<StateItem> & Pick<StateItem, 'uid' | 'text' | 'refs'>,
  entityId = 'user:primary',
): StoredStateItem {
  const at = '2026-03-01T10:00:00.000Z';
  return sampleStateItem(thread, patch.uid, {
    topicTags: ['travel'],
    createdAt: at,
    lastSeenAt: at,
    updatedAt: at,
    entityId,
    ...patch,
  });
}

const TRIP = threadMessages('trip', '2026-03-01T10:00:00Z', [
  ['t1', 'user', 'We are planning a trip to Lisbon in March.'],
  ['t2', 'assistant', 'Shall I look for flights?'],
  ['t3', 'user', "Let's take the night train instead of flying. I'll book the tickets tomorrow."],
  ['t4', 'user', 'Which hotel did the Silvas recommend?'],
]);

const OLDER = threadMessages(
  'lunch',
  '2026-01-10T12:00:00Z',
  [
    ['o1', 'user', 'The Silvas recommended the Hotel Avenida near the river.'],
    ['o2', 'user', 'The garden needs watering on Sundays.'],
  ],
  5,
);

const PLAIN = threadMessages('plain', '2026-02-20T08:00:00Z', [
  ['p1', 'user', 'Can you remind me what the dentist said?'],
  ['p2', 'assistant', 'She said to come back in six months.'],
]);

const FAMILY = [
  message('school', 's1', 'user', 'Pickup moves to 3pm on Fridays.', '2026-02-25T08:00:00Z', {
    entity_id: 'family:silva',
  }),
];

const LONG = Array.from({ length: 60 }, (_, index) =>
  message(
    'long',
    `l${String(index).padStart(2, '0')}`,
    index % 2 === 0 ? 'user' : 'assistant',
    `Note ${index}: ${'the budget spreadsheet needs another column for the quarterly totals '.repeat(3)}`,
    new Date(Date.parse('2026-02-01T08:00:00Z') + index * 60_000).toISOString(),
  ),
);

const OBSERVATIONS = [
  observation({ id: 1, field: 'travel.destination', value: 'Lisbon', at: '2026-03-01T10:00:00Z' }),
  observation({ id: 2, field: 'travel.status', value: 'planned', at: '2026-03-01T10:00:00Z' }),
  // A change to an established preference waits for the user: a contested slot.
  observation({
    id: 3,
    field: 'profile.preference.seat',
    value: 'aisle',
    at: '2026-02-01T10:00:00Z',
  }),
  observation({
    id: 4,
    field: 'profile.preference.seat',
    value: 'window',
    at: '2026-03-01T11:00:00Z',
  }),
];

let dir: string;
let store: Store;
let engine: Engine;

function sectionNames(result: ContextResult): ContextSectionName[] {
  return result.sections.map((section) => section.name);
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'verity-context-'));
  store = await createSqliteStore({ path: join(dir, 'verity.db') });
  // The bundled embedding model, as users run it. Item extraction is off here: the items below are
  // written through the store contract, so that these tests do not depend on what the extractor
  // finds (the suite after this one runs it).
  engine = await createEngine({
    home: dir,
    store,
    clock: fixedClock(Date.parse(NOW)),
    items: { extractor: null },
  });
  const report = await engine.ingest(
    toJsonl([...TRIP, ...OLDER, ...PLAIN, ...FAMILY, ...LONG, ...OBSERVATIONS]),
  );
  expect(report.rejected).toBe(0);
  await store.withWriteLock({ entities: ['user:primary'] }, async (tx) => {
    await tx.putStateItem(
      item('trip', { uid: 'd_000000000001', text: 'Take the night train to Lisbon', refs: ['t3'] }),
    );
    await tx.putStateItem(
      item('trip', {
        uid: 'a_000000000002',
        typeTag: 'action',
        status: 'open',
        text: 'Book the train tickets',
        refs: ['t3'],
      }),
    );
    await tx.putStateItem(
      item('trip', {
        uid: 'd_000000000003',
        text: 'Fly to Lisbon',
        refs: ['t1'],
        status: 'superseded',
        replacedBy: 'd_000000000001',
      }),
    );
    await tx.putStateItem(
      item('lunch', {
        uid: 'a_000000000004',
        typeTag: 'action',
        status: 'done',
        text: 'Water the garden',
        refs: ['o2'],
      }),
    );
    // The same decision in another thread has the same uid; without a thread it shows once.
    await tx.putStateItem(
      item('lunch', {
        uid: 'd_000000000001',
        text: 'Take the night train to Lisbon',
        refs: ['o1'],
        lastSeenAt: '2026-01-10T12:00:00.000Z',
      }),
    );
  });
});

afterAll(async () => {
  await closeTestEngine({ dir, engine });
});

describe('Engine.buildContext', () => {
  it('assembles every section in order from the store, search and canonical state', async () => {
    const result = await engine.buildContext({
      thread: 'trip',
      query: 'hotel the Silvas recommended',
    });
    expect(sectionNames(result)).toEqual([...CONTEXT_SECTIONS]);
    expect(result).toMatchObject({
      entity: 'user:primary',
      thread: 'trip',
      now: '2026-03-02T09:00:00.000Z',
      budget: 2000,
    });
    const shown = result.sections.filter((section) => section.text !== '').map((s) => s.name);
    expect(shown).toEqual([
      'system',
      'summary',
      'canonical_state',
      'state_items',
      'memories',
      'tail',
    ]);
    const markdown = result.markdown;
    const order = [
      '## Summary',
      '## Canonical state',
      '## Thread state',
      '## Relevant memories',
      '## Recent messages',
    ].map((heading) => markdown.indexOf(heading));
    expect(
      order.every((at, index) => at > 0 && (index === 0 || at > (order[index - 1] ?? 0))),
    ).toBe(true);
    expect(sectionText(result, 'summary')).toBe(
      '## Summary\nDecided: Take the night train to Lisbon. Open actions: Book the train tickets.',
    );
    expect(sectionText(result, 'canonical_state')).toContain('- travel.destination: Lisbon');
    expect(result.included.stateItemUids).toEqual(['d_000000000001', 'a_000000000002']);
    expect(result.included.stateItemRefs).toEqual(['t3']);
    expect(sectionText(result, 'state_items')).not.toContain('Fly to Lisbon');
    // The older thread's message is retrieved; the trip's own messages are in the tail already.
    expect(result.included.memoryIds[0]).toBe('message:lunch/o1');
    expect(sectionText(result, 'memories')).toContain('Hotel Avenida');
    expect(result.included.messageIds).toEqual(
      expect.arrayContaining(['o1', 't1', 't2', 't3', 't4']),
    );
    expect(result.included.entityIds).toEqual(['user:primary']);
  });

  it('counts every section and the whole with the real tokenizer, within the budget', async () => {
    const result = await engine.buildContext({ thread: 'trip', query: 'hotel' });
    for (const section of result.sections) {
      expect(section.tokens).toBe(tokenizer.count(section.text));
    }
    expect(result.tokenizer).toBe('o200k_base');
    expect(result.total).toBe(tokenizer.count(result.markdown));
    expect(result.total).toBeLessThanOrEqual(2000);
    const joined = result.sections
      .filter((section) => section.text !== '')
      .map((section) => section.text)
      .join(SECTION_SEPARATOR);
    expect(result.markdown).toBe(joined);
  });

  it('cuts to a small budget and says what it left out', async () => {
    // At the default budget the 60-message thread never shows whole: the tail keeps its newest
    // messages up to its cap or the budget, whichever binds first (which one depends on how much
    // the memories section takes, i.e. on search ranking among near-identical messages).
    const full = await engine.buildContext({ thread: 'long' });
    expect(full.total).toBeLessThanOrEqual(2000);
    expect(full.included.messageIds).toContain('l59');
    // Which older messages the memories section adds depends on the ranking among near-identical
    // messages (the learned ranker may pick l00 itself), so the tail is checked on its own: it keeps
    // the newest messages as one unbroken run ending at l59 and drops the ones just before it.
    const tail = full.sections.find((s) => s.name === 'tail');
    const kept = tail?.includedIds ?? [];
    const first = Number(kept[0]?.slice(1));
    const name = (n: number) => `l${String(n).padStart(2, '0')}`;
    expect(first).toBeGreaterThan(0);
    expect(kept).toEqual(Array.from({ length: 60 - first }, (_, i) => name(first + i)));
    expect(kept).not.toContain('l00');
    const droppedIds = tail?.dropped.map((entry) => entry.id) ?? [];
    expect(droppedIds).toContain(name(first - 1));
    for (const id of droppedIds) expect(Number(id.slice(1))).toBeLessThan(first);
    // At 150 tokens current state comes before old messages (issue #12): the tail may be empty.
    const tiny = await engine.buildContext({ thread: 'long', budget: 150, mode: 'minimal' });
    expect(tiny.total).toBeLessThanOrEqual(150);
    const canonicalCut = tiny.sections
      .find((s) => s.name === 'canonical_state')
      ?.dropped.some((entry) => entry.reason === 'budget');
    const lowerTokens = tiny.sections
      .filter((s) => ['skills', 'summary', 'memories', 'tail'].includes(s.name))
      .reduce((sum, s) => sum + s.tokens, 0);
    if (canonicalCut) expect(lowerTokens).toBe(0);
    for (const budget of [300, 600]) {
      const result = await engine.buildContext({ thread: 'long', budget, mode: 'minimal' });
      expect(result.total).toBeLessThanOrEqual(budget);
      expect(result.total).toBe(tokenizer.count(result.markdown));
      expect(result.truncated).toContain('tail');
      expect(result.markdown).toMatch(/\[… \d+ earlier messages omitted\]/);
      // The newest message always makes it in, in whole or in part.
      expect(result.included.messageIds).toContain('l59');
    }
  });

  it('falls back to the long summary when the thread has no state items', async () => {
    const result = await engine.buildContext({ thread: 'plain' });
    const slot = result.sections.find((section) => section.name === 'state_items');
    expect(slot?.source).toBe('long_summary');
    expect(slot?.text).toBe(
      '## Thread summary\nThe thread opened with: "Can you remind me what the dentist said?"',
    );
    // The long summary says what the short one would: it is written once.
    expect(sectionText(result, 'summary')).toBe('');
    expect(result.included.stateItemUids).toEqual([]);
  });

  it('marks a contested slot with its pending review', async () => {
    const [review] = await engine.listReviews({ entityId: 'user:primary' });
    expect(review?.field).toBe('profile.preference.seat');
    const result = await engine.buildContext({});
    expect(sectionText(result, 'canonical_state')).toContain(
      `- profile.preference.seat: aisle [LOW CONFIDENCE] [CONFLICT: proposed window (${review?.confidence.toFixed(2)}), review ${review?.prompt_id}]`,
    );
  });

  it("without a thread, shows the entity's open items across threads, each uid once", async () => {
    const result = await engine.buildContext({ now: '2026-03-02T10:00:00Z' });
    expect(result.thread).toBeNull();
    expect(result.now).toBe('2026-03-02T10:00:00Z');
    expect(result.included.stateItemUids).toEqual(['d_000000000001', 'a_000000000002']);
    // The copy seen last (the trip's) is the one shown.
    expect(result.included.stateItemRefs).toEqual(['t3']);
    expect(result.included.messageIds).toEqual([]);
    expect(sectionText(result, 'tail')).toBe('');
  });

  it("takes the thread's entity when none is named, and shows that entity's state", async () => {
    const result = await engine.buildContext({ thread: 'school' });
    expect(result.entity).toBe('family:silva');
    expect(result.included.messageIds).toEqual(['s1']);
  });

  it("leaves out a thread's messages and items of entities outside the scope", async () => {
    const named = await engine.buildContext({ thread: 'school', entity: 'user:primary' });
    expect(named.entity).toBe('user:primary');
    expect(named.included.messageIds).toEqual([]);
    expect(named.markdown).not.toContain('Pickup');
  });

  it('gives identical bytes for identical requests', async () => {
    const request = { thread: 'trip', query: 'train tickets', budget: 800 };
    const first = await engine.buildContext(request);
    const second = await engine.buildContext(request);
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
  });

  it.each([
    ['a budget below 1', { budget: 0 }],
    ['an unknown mode', { mode: 'huge' as 'full' }],
    ['a malformed entity', { entity: 'bob' }],
    ['a now that is not RFC 3339', { now: 'yesterday' }],
  ])('throws VALIDATION_FAILED for %s', async (_name, request) => {
    await expect(engine.buildContext(request)).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
});

describe('Engine.buildContext for a user in a group', () => {
  const group = useSuiteTestEngine(
    'verity-context-group-',
    NOW,
    {
      embeddings: { model: null },
      extraction: {
        extractor: createRuleExtractor(),
        registry: { members: {}, we: { 'user:ana': 'family:silva' }, aliases: {} },
      },
      items: { extractor: null },
    },
    async ({ engine: grouped }) => {
      await grouped.ingest(
        toJsonl([
          ...FAMILY,
          message(
            'school',
            's2',
            'user',
            'Who brings the cake on Friday?',
            '2026-02-25T08:05:00Z',
            {
              entity_id: 'user:ana',
            },
          ),
          observation({
            id: 9,
            entity: 'family:silva',
            field: 'family.schedule.pickup',
            value: '15:00',
            at: '2026-02-25T08:00:00Z',
          }),
        ]),
      );
    },
  );

  it('shows the group their "we" names: its state and its messages in the thread', async () => {
    const result = await group().engine.buildContext({ thread: 'school', entity: 'user:ana' });
    expect(result.included.messageIds).toEqual(['s1', 's2']);
    expect(result.included.entityIds).toEqual(['family:silva']);
    expect(sectionText(result, 'canonical_state')).toContain(
      'family:silva\n- family.schedule.pickup: 15:00',
    );
  });
});

describe('Engine.buildContext over items extracted at ingest (default rule extractor)', () => {
  const extracted = useSuiteTestEngine(
    'verity-context-items-',
    NOW,
    { embeddings: { model: null } },
    async ({ engine }) => {
      const conversation = threadMessages('db', '2026-03-01T10:00:00Z', [
        ['k1', 'user', "Let's use Postgres for the event store."],
        ['k2', 'assistant', 'Okay. Anything else?'],
        ['k3', 'user', "I'll draft the schema tomorrow."],
        ['k4', 'user', 'Should we shard by tenant?'],
        ['k5', 'user', 'We switched to ClickHouse instead of Postgres.'],
      ]);
      await engine.ingest(toJsonl(conversation));
    },
  );

  it('shows the items in force, their refs, and a summary of them', async () => {
    const result = await extracted().engine.buildContext({ thread: 'db' });
    const state = sectionText(result, 'state_items');
    expect(state).toMatch(/^## Thread state\nState \(updated: /);
    expect(state).toContain('Use ClickHouse instead of Postgres');
    // The decision it replaced is superseded, so it is not shown.
    expect(state).not.toContain('Use Postgres for');
    expect(result.included.stateItemUids.length).toBeGreaterThan(0);
    expect(result.included.stateItemRefs).toContain('k5');
    for (const ref of result.included.stateItemRefs) {
      expect(['k1', 'k2', 'k3', 'k4', 'k5']).toContain(ref);
    }
    expect(sectionText(result, 'summary')).toMatch(
      /^## Summary\nDecided: Use ClickHouse instead of Postgres\./,
    );
  });
});

describe('Engine.buildContext with a language model for summaries', () => {
  let llmDir: string;
  const opened: Engine[] = [];

  beforeAll(() => {
    llmDir = mkdtempSync(join(tmpdir(), 'verity-context-llm-'));
  });

  afterAll(async () => {
    for (const each of opened) await each.close();
    rmSync(llmDir, { recursive: true, force: true });
  });

  async function open(replies: Parameters<typeof createFakeLanguageModel>[0]['replies']) {
    const model = createFakeLanguageModel({ replies });
    const home = join(llmDir, String(opened.length));
    const created = await createEngine({
      home,
      clock: fixedClock(Date.parse(NOW)),
      embeddings: { model: null },
      extraction: null,
      items: { extractor: null },
      context: { languageModel: model, skills: 'Answer in one sentence.' },
    });
    opened.push(created);
    await created.ingest(toJsonl(PLAIN));
    return { engine: created, model };
  }

  it('writes the summary with the model once per thread state', async () => {
    const { engine: withModel, model } = await open([
      { value: { summary: 'The user asked about the dentist; come back in six months.' } },
    ]);
    const first = await withModel.buildContext({ thread: 'plain' });
    const second = await withModel.buildContext({ thread: 'plain' });
    expect(model.calls).toHaveLength(1);
    expect(model.calls[0]?.prompt).toContain('assistant: She said to come back in six months.');
    expect(sectionText(first, 'state_items')).toBe(
      '## Thread summary\nThe user asked about the dentist; come back in six months.',
    );
    expect(sectionText(first, 'skills')).toBe('## Skills\nAnswer in one sentence.');
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));

    await withModel.ingest(
      toJsonl([message('plain', 'p3', 'user', 'Book it for September.', '2026-02-21T08:00:00Z')]),
    );
    await withModel.buildContext({ thread: 'plain' });
    expect(model.calls).toHaveLength(2);
  });

  it('falls back to the extractive summary when the model fails', async () => {
    const { engine: failing, model } = await open([{ error: 'timed out' }]);
    const result = await failing.buildContext({ thread: 'plain' });
    expect(model.calls).toHaveLength(1);
    expect(sectionText(result, 'state_items')).toBe(
      '## Thread summary\nThe thread opened with: "Can you remind me what the dentist said?"',
    );
  });
});
