import { describe, expect, it } from 'vitest';
import {
  type BatchMessage,
  type CandidateItem,
  EngineError,
  err,
  ok,
  type Result,
  type StateItem,
  type Watermark,
} from '../core/index.js';
import { createManualClock } from '../testing/index.js';
import { createTableSimilarity } from './__fixtures__/fake-similarity.js';
import type { ItemExtractor } from './item-extractor.js';
import { createRuleItemExtractor } from './rule-item-extractor.js';
import { type RunItemExtractionOptions, runItemExtraction } from './run-item-extraction.js';

const START = '2026-03-02T12:00:00.000Z';

function msg(n: number, role: BatchMessage['role'], content: string, second = n): BatchMessage {
  return {
    messageId: `m${String(n).padStart(2, '0')}`,
    role,
    content,
    createdAt: `2026-03-02T10:00:${String(second).padStart(2, '0')}.000Z`,
  };
}

interface Recorder extends ItemExtractor {
  readonly calls: { batch: readonly BatchMessage[]; existing: readonly StateItem[] }[];
}

function recording(
  reply: (batch: readonly BatchMessage[]) => Promise<Result<readonly CandidateItem[]>>,
): Recorder {
  const calls: Recorder['calls'] = [];
  return {
    id: 'fake',
    version: '7',
    calls,
    extract: (batch, existing) => {
      calls.push({ batch, existing });
      return reply(batch);
    },
  };
}

function options(patch: Partial<RunItemExtractionOptions>): RunItemExtractionOptions {
  return {
    messages: [],
    watermark: null,
    existing: [],
    extractor: createRuleItemExtractor(),
    similarity: createTableSimilarity([]),
    clock: createManualClock(START),
    ...patch,
  };
}

describe('runItemExtraction', () => {
  it('skips when there are no new messages, without calling the extractor', async () => {
    const extractor = recording(async () => ok([]));
    const run = await runItemExtraction(
      options({
        messages: [msg(1, 'user', "Let's use Redis.")],
        watermark: { createdAt: '2026-03-02T10:00:01.000Z', messageId: 'm01' },
        extractor,
      }),
    );
    expect(run.result).toMatchObject({ skippedReason: 'no_new_messages', itemsExtracted: 0 });
    expect(run.watermark).toBeNull();
    expect(extractor.calls).toEqual([]);
  });

  it('skips an assistant-only batch but moves the watermark past it', async () => {
    const extractor = recording(async () => ok([]));
    const run = await runItemExtraction(
      options({
        messages: [msg(1, 'assistant', "I'll send it."), msg(2, 'assistant', 'Done.')],
        extractor,
      }),
    );
    expect(run.result.skippedReason).toBe('no_user_messages');
    expect(run.watermark).toEqual({ createdAt: '2026-03-02T10:00:02.000Z', messageId: 'm02' });
    expect(extractor.calls).toEqual([]);
  });

  it('extracts and reconciles a batch, advancing the watermark to its last message', async () => {
    const clock = createManualClock(START);
    const rules = createRuleItemExtractor();
    const extractor: ItemExtractor = {
      ...rules,
      extract: async (batch, existing) => {
        clock.advance(120);
        return rules.extract(batch, existing);
      },
    };
    const run = await runItemExtraction(
      options({
        clock,
        extractor,
        messages: [
          msg(2, 'assistant', 'Sure.'),
          msg(1, 'user', "Let's use Postgres for analytics. TODO: add a read replica."),
        ],
      }),
    );
    expect(run.result).toEqual({
      extractor: 'rules@11',
      durationMs: 120,
      skippedReason: null,
      itemsExtracted: 2,
      itemsInserted: 2,
      itemsMerged: 0,
      itemsSuperseded: 0,
      itemsConflicted: 0,
      itemsDropped: 0,
    });
    expect(run.watermark).toEqual({ createdAt: '2026-03-02T10:00:02.000Z', messageId: 'm02' });
    expect(run.changed.map((i) => [i.text, i.source, i.createdAt])).toEqual([
      ['Use Postgres for analytics', 'rules', START],
      ['Add a read replica', 'rules', START],
    ]);
    expect(run.candidates).toHaveLength(2);
  });

  it('reads nothing twice: a second run from the new watermark skips', async () => {
    const messages = [msg(1, 'user', "Let's use Redis for caching.")];
    const first = await runItemExtraction(options({ messages }));
    const second = await runItemExtraction(
      options({ messages, watermark: first.watermark, existing: first.changed }),
    );
    expect(second.result.skippedReason).toBe('no_new_messages');
  });

  it('reads messages with the watermark timestamp but a greater id', async () => {
    const sameSecond = [msg(1, 'user', 'Use Redis.', 5), msg(2, 'user', "Let's use Kafka.", 5)];
    const watermark: Watermark = { createdAt: '2026-03-02T10:00:05.000Z', messageId: 'm01' };
    const run = await runItemExtraction(options({ messages: sameSecond, watermark }));
    expect(run.changed.map((i) => i.text)).toEqual(['Use Kafka']);
  });

  it('caps the batch and leaves the rest for the next run', async () => {
    const messages = Array.from({ length: 25 }, (_, i) => msg(i, 'user', `TODO: task ${i}`));
    const run = await runItemExtraction(options({ messages }));
    expect(run.result.itemsExtracted).toBe(20);
    expect(run.watermark?.messageId).toBe('m19');
  });

  it('shows the extractor only active items but reconciles against all', async () => {
    const first = await runItemExtraction(
      options({ messages: [msg(1, 'user', "Let's use Postgres for analytics.")] }),
    );
    const second = await runItemExtraction(
      options({
        messages: [msg(2, 'user', 'We switched to ClickHouse instead of Postgres.')],
        existing: first.changed,
      }),
    );
    expect(second.result.itemsSuperseded).toBe(1);
    const extractor = recording(async () => ok([]));
    const existing = second.changed;
    await runItemExtraction(
      options({ messages: [msg(3, 'user', 'ok then')], existing, extractor }),
    );
    expect(extractor.calls[0]?.existing.map((i) => i.status)).toEqual(['active']);
  });

  it('reports an extractor failure and leaves the watermark so the batch is retried', async () => {
    const failure = new EngineError('PROVIDER_FAILED', 'model returned no JSON', {
      operation: 'extract',
    });
    const run = await runItemExtraction(
      options({
        messages: [msg(1, 'user', 'hi there')],
        extractor: recording(async () => err(failure)),
      }),
    );
    expect(run.result.skippedReason).toBe('extractor_failed');
    expect(run.error).toBe(failure);
    expect(run.watermark).toBeNull();
    expect(run.changed).toEqual([]);
  });

  it('gives up when the caller aborts, changing nothing', async () => {
    const controller = new AbortController();
    const pending = recording(() => new Promise(() => {}));
    const running = runItemExtraction(
      options({
        messages: [msg(1, 'user', "Let's use Redis.")],
        extractor: pending,
        signal: controller.signal,
      }),
    );
    controller.abort();
    const run = await running;
    expect(run.result.skippedReason).toBe('timeout');
    expect(run.watermark).toBeNull();
    expect(run.changed).toEqual([]);
  });

  it('gives up at once on an already aborted signal', async () => {
    const run = await runItemExtraction(
      options({ messages: [msg(1, 'user', "Let's use Redis.")], signal: AbortSignal.abort() }),
    );
    expect(run.result.skippedReason).toBe('timeout');
  });
});
