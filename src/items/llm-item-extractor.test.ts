import { afterEach, describe, expect, it } from 'vitest';
import {
  type BatchMessage,
  type CandidateItem,
  computeUid,
  type StateItem,
  supersedeItem,
} from '../core/index.js';
import { createFakeLanguageModel } from '../providers/fake/index.js';
import { createOpenAICompatibleLanguageModel } from '../providers/openai-compatible/index.js';
import {
  createManualClock,
  type FakeLlmReply,
  type FakeLlmRequest,
  type FakeLlmServer,
  startFakeLlmServer,
} from '../testing/index.js';
import { createTableSimilarity } from './__fixtures__/fake-similarity.js';
import { candidateItem, itemOnRecord } from './__fixtures__/items.js';
import { createLlmItemExtractor, findCandidateArray } from './llm-item-extractor.js';
import { ITEM_PROMPT_VERSION } from './llm-item-prompt.js';
import { runItemExtraction } from './run-item-extraction.js';

const batch: readonly BatchMessage[] = [
  {
    messageId: 'm10',
    role: 'user',
    content: 'The nightly export keeps failing on S3.\nWe are moving it to Backblaze B2 instead.',
    createdAt: '2026-04-01T09:00:00.000Z',
  },
  {
    messageId: 'm11',
    role: 'assistant',
    content: 'Noted. I will rewrite the upload step tomorrow.',
    createdAt: '2026-04-01T09:01:00.000Z',
  },
  {
    messageId: 'm12',
    role: 'user',
    content: 'Does B2 have a region in the EU?',
    createdAt: '2026-04-01T09:02:00.000Z',
  },
];

function existingItem(typeTag: StateItem['typeTag'], text: string): StateItem {
  const status = typeTag === 'action' || typeTag === 'question' ? 'open' : 'active';
  const candidate = candidateItem(text, { typeTag, status, topicTags: ['export'], refs: ['m01'] });
  return itemOnRecord(candidate, '2026-03-20T08:00:00.000Z');
}

const S3 = existingItem('decision', 'Store the nightly export on S3');
const GZIP = existingItem('constraint', 'Exports must stay gzip-compressed');

/** One answer entry in the wire format the prompt asks for. */
function entry(patch: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'decision',
    text: 'Store the nightly export on Backblaze B2 instead of S3',
    status: 'active',
    confidence: 'high',
    topic_tags: ['export', 'storage'],
    refs: ['m10'],
    supersedes: S3.uid,
    replaces: 'S3',
    chosen: 'Backblaze B2',
    conflict: false,
    ...patch,
  };
}

const HAPPY = [
  entry(),
  {
    type: 'action',
    text: 'Rewrite the export upload step for B2',
    status: 'open',
    confidence: 'medium',
    topic_tags: ['export'],
    refs: ['m11'],
    supersedes: null,
    replaces: null,
    chosen: null,
    conflict: false,
  },
  {
    type: 'question',
    text: 'Does Backblaze B2 have an EU region?',
    status: 'open',
    confidence: 'medium',
    topic_tags: ['storage'],
    refs: ['m12'],
    supersedes: null,
    replaces: null,
    chosen: null,
    conflict: false,
  },
];

let server: FakeLlmServer | null = null;

afterEach(async () => {
  await server?.close();
  server = null;
});

/** The real OpenAI-compatible adapter against a local fake server answering `reply`. */
async function serve(
  reply: (request: FakeLlmRequest) => FakeLlmReply,
  delayMs?: number,
): Promise<ReturnType<typeof createOpenAICompatibleLanguageModel>> {
  server = await startFakeLlmServer(delayMs === undefined ? { reply } : { reply, delayMs });
  return createOpenAICompatibleLanguageModel({
    baseUrl: server.openaiBaseUrl,
    model: 'tiny-extractor',
    apiKey: 'test-key',
  });
}

function answerWith(items: readonly unknown[]): () => string {
  return () => JSON.stringify({ items });
}

function sentPrompt(): string {
  const body = server?.requests[0]?.body ?? {};
  return JSON.stringify(body['messages']);
}

function candidatesOf(
  result: Awaited<ReturnType<ReturnType<typeof createLlmItemExtractor>['extract']>>,
): readonly CandidateItem[] {
  if (!result.ok) throw result.error;
  return result.value;
}

describe('createLlmItemExtractor (real OpenAI-compatible adapter, local fake server)', () => {
  it('turns a valid answer into candidates, in the answer order', async () => {
    const model = await serve(answerWith(HAPPY));
    const extractor = createLlmItemExtractor({ model });
    const candidates = candidatesOf(await extractor.extract(batch, [S3, GZIP]));
    expect(candidates).toEqual([
      {
        typeTag: 'decision',
        text: 'Store the nightly export on Backblaze B2 instead of S3',
        status: 'active',
        confidence: 'high',
        topicTags: ['export', 'storage'],
        refs: ['m10'],
        supersedes: S3.uid,
        replaces: 'S3',
        chosen: 'Backblaze B2',
        conflict: false,
      },
      expect.objectContaining({ typeTag: 'action', status: 'open', refs: ['m11'] }),
      expect.objectContaining({ typeTag: 'question', status: 'open', refs: ['m12'] }),
    ]);
    expect(extractor).toMatchObject({
      id: 'llm',
      version: `${ITEM_PROMPT_VERSION}/openai-compatible/tiny-extractor`,
    });
    const body = server?.requests[0]?.body ?? {};
    expect(server?.requests).toHaveLength(1);
    expect(body['response_format']).toMatchObject({ type: 'json_schema' });
  });

  it('shows the transcript with message ids and roles, and the existing items by uid', async () => {
    const model = await serve(answerWith([]));
    await createLlmItemExtractor({ model }).extract(batch, [S3, GZIP]);
    const prompt = sentPrompt();
    expect(prompt).toContain(`[${S3.uid}] decision (active): Store the nightly export on S3`);
    expect(prompt).toContain(
      `[${GZIP.uid}] constraint (active): Exports must stay gzip-compressed`,
    );
    expect(prompt).toContain('[m10] user: The nightly export keeps failing on S3.');
    expect(prompt).toContain('[m11] assistant: Noted.');
    expect(prompt).toContain('[m12] user: Does B2 have a region in the EU?');
  });

  it('never shows superseded items, so they cannot be named', async () => {
    const old = supersedeItem(
      existingItem('decision', 'Store the nightly export on local disk'),
      {
        trigger: 'instead',
        refMessageId: 'm01',
        candidateUid: S3.uid,
        basis: 'explicit',
        score: null,
      },
      '2026-03-21T08:00:00.000Z',
    );
    const model = await serve(answerWith([entry({ supersedes: old.uid })]));
    const [candidate] = candidatesOf(
      await createLlmItemExtractor({ model }).extract(batch, [S3, old]),
    );
    expect(sentPrompt()).not.toContain(old.uid);
    expect(candidate?.supersedes).toBeNull();
  });

  it('returns PROVIDER_FAILED when the answer is not JSON', async () => {
    const model = await serve(() => 'Sure! Here are the items: decision: use B2');
    const result = await createLlmItemExtractor({ model }).extract(batch, []);
    expect(result.ok ? null : result.error.code).toBe('PROVIDER_FAILED');
  });

  it('returns PROVIDER_FAILED when the JSON holds no list of items', async () => {
    const model = await serve(() => '{"summary":"they moved the export to B2"}');
    const result = await createLlmItemExtractor({ model }).extract(batch, []);
    expect(result.ok ? null : result.error).toMatchObject({
      code: 'PROVIDER_FAILED',
      details: { extractor: 'llm', model: 'openai-compatible/tiny-extractor' },
    });
  });

  it('returns PROVIDER_FAILED when the server answers with an error', async () => {
    const model = await serve(() => ({ status: 500, body: '{"error":{"message":"overloaded"}}' }));
    const result = await createLlmItemExtractor({ model }).extract(batch, []);
    expect(result.ok ? null : result.error.code).toBe('PROVIDER_FAILED');
  });

  it('accepts a bare array from a server that ignores the response format', async () => {
    const model = await serve(() => JSON.stringify(HAPPY));
    const candidates = candidatesOf(await createLlmItemExtractor({ model }).extract(batch, [S3]));
    expect(candidates.map((c) => c.typeTag)).toEqual(['decision', 'action', 'question']);
  });

  it('keeps only refs into the batch and drops candidates left without one', async () => {
    const model = await serve(
      answerWith([
        entry({ refs: ['m99', 'm10', 'm10'] }),
        entry({ type: 'risk', text: 'B2 egress may cost more', refs: ['m03', 'msg_made_up'] }),
        entry({ type: 'action', text: 'Tell finance about B2', refs: [] }),
      ]),
    );
    const candidates = candidatesOf(await createLlmItemExtractor({ model }).extract(batch, [S3]));
    expect(candidates).toHaveLength(1);
    expect(candidates[0]?.refs).toEqual(['m10']);
  });

  it('drops a supersedes uid that names no shown item of the same type, keeping the candidate', async () => {
    const unknownUid = computeUid('decision', 'Store the nightly export on tape');
    const model = await serve(
      answerWith([
        entry({ supersedes: unknownUid }),
        entry({ text: 'Keep exports compressed', supersedes: GZIP.uid }),
        entry({ text: 'Store exports on B2', supersedes: 'not-a-uid' }),
        entry({ text: 'Store the nightly export on B2 from now on', supersedes: S3.uid }),
      ]),
    );
    const candidates = candidatesOf(
      await createLlmItemExtractor({ model }).extract(batch, [S3, GZIP]),
    );
    expect(candidates.map((c) => c.supersedes)).toEqual([null, null, null, S3.uid]);
  });

  it('drops invalid entries and coerces a wrong status to the type default with low confidence', async () => {
    const model = await serve(
      answerWith([
        entry({ type: 'preference', text: 'Likes B2' }),
        entry({ text: '   ' }),
        'just a string',
        entry({ type: 'decision', text: 'Use B2 for exports', status: 'done', confidence: 'high' }),
        entry({ type: 'action', text: 'Archive the S3 bucket', status: 'superseded' }),
        entry({ type: 'risk', text: 'B2 could throttle uploads', confidence: 0.55 }),
      ]),
    );
    const candidates = candidatesOf(await createLlmItemExtractor({ model }).extract(batch, [S3]));
    expect(candidates.map((c) => [c.typeTag, c.status, c.confidence])).toEqual([
      ['decision', 'active', 'low'],
      ['action', 'open', 'low'],
      ['risk', 'active', 'medium'],
    ]);
  });

  it('keeps at most 25 candidates', async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      entry({ type: 'action', text: `Check export shard ${i}`, supersedes: null }),
    );
    const model = await serve(answerWith(many));
    const candidates = candidatesOf(await createLlmItemExtractor({ model }).extract(batch, []));
    expect(candidates).toHaveLength(25);
    expect(candidates[24]?.text).toBe('Check export shard 24');
  });

  it('returns PROVIDER_FAILED when the caller aborts a slow call', async () => {
    const model = await serve(answerWith(HAPPY), 2_000);
    const started = Date.now();
    const result = await createLlmItemExtractor({ model }).extract(batch, [], {
      signal: AbortSignal.timeout(50),
    });
    expect(result.ok ? null : result.error.code).toBe('PROVIDER_FAILED');
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('returns PROVIDER_FAILED when its own per-call timeout passes', async () => {
    const model = await serve(answerWith(HAPPY), 2_000);
    const result = await createLlmItemExtractor({ model, timeoutMs: 50 }).extract(batch, []);
    expect(result.ok ? null : result.error.code).toBe('PROVIDER_FAILED');
  });

  it('does not call the model when already aborted or when no user spoke', async () => {
    const model = await serve(answerWith(HAPPY));
    const extractor = createLlmItemExtractor({ model });
    const controller = new AbortController();
    controller.abort();
    const aborted = await extractor.extract(batch, [], { signal: controller.signal });
    expect(aborted.ok ? null : aborted.error.code).toBe('PROVIDER_FAILED');
    const assistantOnly = await extractor.extract(
      batch.filter((m) => m.role === 'assistant'),
      [],
    );
    expect(assistantOnly).toEqual({ ok: true, value: [] });
    expect(server?.requests).toHaveLength(0);
  });

  it('feeds reconciliation: the named item is superseded in a full run', async () => {
    const model = await serve(answerWith(HAPPY));
    const run = await runItemExtraction({
      messages: batch,
      watermark: null,
      existing: [S3, GZIP],
      extractor: createLlmItemExtractor({ model }),
      similarity: createTableSimilarity([]),
      clock: createManualClock('2026-04-01T10:00:00.000Z'),
    });
    expect(run.result).toMatchObject({
      skippedReason: null,
      itemsExtracted: 3,
      itemsSuperseded: 1,
      itemsInserted: 2,
    });
    const old = run.changed.find((item) => item.uid === S3.uid);
    expect(old).toMatchObject({
      status: 'superseded',
      supersessionEvidence: { basis: 'explicit' },
    });
  });
});

describe('findCandidateArray', () => {
  it.each([
    ['a bare array', [1], [1]],
    ['the items field', { items: [1] }, [1]],
    ['a single array-valued field', { results: [1], note: 'x' }, [1]],
    ['a fenced string', '```json\n{"items":[1]}\n```', [1]],
    ['an array inside prose', 'Here you go: [1] Hope it helps.', [1]],
    ['no array', { a: 1 }, null],
    ['two unnamed arrays', { a: [1], b: [2] }, null],
    ['unparseable text', 'no json here', null],
    ['a number', 3, null],
  ])('reads %s', (_name, answer, expected) => {
    expect(findCandidateArray(answer)).toEqual(expected);
  });

  it('reads a fenced answer handed over as a string value', async () => {
    const model = createFakeLanguageModel({
      replies: [{ value: `\`\`\`json\n${JSON.stringify(HAPPY)}\n\`\`\`` }],
    });
    const result = await createLlmItemExtractor({ model }).extract(batch, [S3]);
    expect(candidatesOf(result)).toHaveLength(3);
  });
});
