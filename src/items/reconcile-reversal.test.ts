// A reversal that names no replacement in the extractor's words ("we're dropping Redis") still
// retires the decision it reverses, and the open actions that served it (issues #10 §3/§7, #13).
// Sentences of our own.
import { describe, expect, it } from 'vitest';
import { type BatchMessage, renderStateSection, type StateItem } from '../core/index.js';
import { createTableSimilarity } from './__fixtures__/fake-similarity.js';
import { candidateItem, itemOnRecord } from './__fixtures__/items.js';
import { type ReconcileOutcome, reconcileCandidates } from './reconcile-candidates.js';
import { readRetirements } from './reconcile-reversal.js';

const THEN = '2026-05-04T09:00:00.000Z';
const NOW = '2026-05-06T12:00:00.000Z';

const chosenQueue = itemOnRecord(
  candidateItem('Use Redis', { refs: ['m0'], chosen: 'redis', topicTags: ['redis'] }),
  THEN,
);
const queueAction = itemOnRecord(
  candidateItem('Add BullMQ to the worker', {
    typeTag: 'action',
    status: 'open',
    refs: ['m0b'],
    topicTags: ['bullmq'],
  }),
  THEN,
);
const unrelatedAction = itemOnRecord(
  candidateItem('Write the invoice export', { typeTag: 'action', status: 'open', refs: ['m0c'] }),
  THEN,
);

function message(
  id: string,
  content: string,
  role: BatchMessage['role'] = 'user',
  at = '2026-05-06T10:00:00.000Z',
): BatchMessage {
  return { messageId: id, role, content, createdAt: at };
}

function reconcile(batch: readonly BatchMessage[]): Promise<ReconcileOutcome> {
  return reconcileCandidates({
    existing: [chosenQueue, queueAction, unrelatedAction],
    candidates: [],
    batch,
    similarity: createTableSimilarity([]),
    now: NOW,
    source: 'rules',
  });
}

function find(outcome: ReconcileOutcome, uid: string): StateItem | undefined {
  return outcome.items.find((item) => item.uid === uid);
}

describe('a decision given up in other words is superseded', () => {
  it.each([
    ['Heads up: we are dropping Redis. The worker queue will live in Postgres.', 'Drop Redis'],
    ['Redis is out, going with Postgres for the queue.', 'Use Postgres for queue instead of Redis'],
    ['We are moving from Redis to Postgres.', 'Use Postgres instead of Redis'],
    ['No more Redis. Postgres handles the jobs now.', 'Drop Redis'],
    ['Honestly Redis was a mistake - Postgres instead.', 'Drop Redis'],
    ["Let's get rid of Redis.", 'Drop Redis'],
    ['We ditched Redis last night.', 'Drop Redis'],
  ])('%s', async (content, text) => {
    const outcome = await reconcile([message('m1', content)]);
    const old = find(outcome, chosenQueue.uid);
    expect(old?.status).toBe('superseded');
    const replacement = outcome.items.find((item) => item.uid === old?.replacedBy);
    expect(replacement).toMatchObject({ typeTag: 'decision', status: 'active', text });
    expect(old?.supersessionEvidence).toMatchObject({ refMessageId: 'm1' });
    // The state the context shows no longer holds the old choice as active.
    const section = renderStateSection(outcome.items);
    expect(section).not.toMatch(/Use Redis/);
    expect(section).toContain(text);
  });

  it.each([
    'I am dropping Redis off at the station after lunch.',
    "We're not dropping Redis.",
    "We won't drop Redis, it works.",
    'Should we drop Redis?',
    'Is Redis out?',
    'Redis is out of memory again.',
    'We never got rid of Redis.',
    'Dropping the cache keys from Redis fixed it.',
    'Maybe we should drop Redis.',
    'We could ditch Redis if the bill goes up.',
    'If Redis keeps crashing we drop it.',
    'The new Redis is out, with better streams.',
  ])('a near-miss leaves the decision active: %s', async (content) => {
    const outcome = await reconcile([message('m1', content)]);
    expect(find(outcome, chosenQueue.uid)?.status).toBe('active');
    expect(find(outcome, queueAction.uid)?.status).toBe('open');
    expect(outcome.changed).toEqual([]);
  });

  it('only a user gives a decision up; an assistant suggestion does not', async () => {
    const outcome = await reconcile([message('m1', 'We could drop Redis.', 'assistant')]);
    expect(find(outcome, chosenQueue.uid)?.status).toBe('active');
  });

  it('a retirement said before the decision does not reach forward', async () => {
    const early = message('m1', "We're dropping Redis.", 'user', '2026-05-01T10:00:00.000Z');
    const outcome = await reconcile([early]);
    expect(find(outcome, chosenQueue.uid)?.status).toBe('active');
  });
});

describe('the actions that served a retired decision are no longer open', () => {
  it('an action named in a later message that gives its object up is superseded', async () => {
    const outcome = await reconcile([
      message('m1', "Change of plan, we're dropping Redis."),
      message('m2', "I'll swap BullMQ for pg-boss.", 'assistant', '2026-05-06T10:00:10.000Z'),
    ]);
    const action = find(outcome, queueAction.uid);
    expect(action?.status).toBe('superseded');
    expect(action?.replacedBy).toBe(find(outcome, chosenQueue.uid)?.replacedBy);
    expect(find(outcome, unrelatedAction.uid)?.status).toBe('open');
    expect(renderStateSection(outcome.items)).not.toMatch(/BullMQ/);
  });

  it('an assistant giving up an object with no user reversal retires nothing', async () => {
    const outcome = await reconcile([
      message('m2', "I'll swap BullMQ for pg-boss.", 'assistant', '2026-05-06T10:00:10.000Z'),
    ]);
    expect(find(outcome, queueAction.uid)?.status).toBe('open');
  });

  it('also when the extractor itself read the reversal ("switching from X to Y")', async () => {
    const outcome = await reconcileCandidates({
      existing: [chosenQueue, queueAction],
      candidates: [
        candidateItem('Use Postgres instead of Redis', {
          refs: ['m1'],
          chosen: 'postgres',
          replaces: 'redis',
        }),
      ],
      batch: [
        message('m1', 'We are switching from Redis to Postgres.'),
        message('m2', 'Replacing BullMQ with pg-boss now.', 'assistant', '2026-05-06T10:01:00Z'),
      ],
      similarity: createTableSimilarity([]),
      now: NOW,
      source: 'rules',
    });
    expect(find(outcome, chosenQueue.uid)?.status).toBe('superseded');
    expect(find(outcome, queueAction.uid)?.status).toBe('superseded');
    expect(outcome.counts.itemsExtracted).toBe(outcome.actions.length);
  });
});

describe('readRetirements', () => {
  it.each([
    ["we're dropping Redis", ['Redis']],
    ['switching from Redis to Postgres', ['Redis']],
    ['Redis is out', ['Redis']],
    ['no more pg-boss', ['pg - boss']],
    ['I scrapped the nightly export', ['nightly export']],
  ])('%s', (sentence, objects) => {
    expect(readRetirements(sentence).map((o) => o.replace(/\s+/g, ' '))).toEqual(objects);
  });
});
