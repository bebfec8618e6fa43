import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Clock, EngineError } from '../core/index.js';
import { messageRecord } from '../testing/index.js';
import { closeTestEngine } from './__fixtures__/test-engine.js';
import { BACKGROUND_QUEUES } from './background-jobs.js';
import { createEngine } from './create-engine.js';
import { extractionStalls } from './extraction-stalls.js';
import type { Engine } from './index.js';

const START = Date.parse('2026-02-19T15:00:00Z');

function message(thread: string, id: string, minute: number): string {
  const at = new Date(START + minute * 60_000).toISOString();
  const content = `We need to renew passport number ${id} before March.`;
  return JSON.stringify(messageRecord(thread, id, 'user', content, at, { entity_id: 'user:alex' }));
}

let dir: string;
let now: number;
let engine: Engine;
const clock: Clock = { now: () => now };

async function open(extractor?: null): Promise<void> {
  engine = await createEngine({
    home: dir,
    clock,
    embeddings: { model: null },
    ...(extractor === null ? { items: { extractor: null } } : {}),
  });
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'verity-extraction-stalls-'));
  now = START + 60_000;
});

afterEach(() => closeTestEngine({ dir, engine }));

describe('extractionStalls', () => {
  it('reports threads waiting for extraction, how long, and which are stalled', async () => {
    await open();
    await engine.ingest([message('a', 'm1', 0), message('a', 'm2', 1)].join('\n'), {
      waitForIndex: false,
    });
    now += 10 * 60_000;
    await engine.ingest(message('b', 'm3', 11), { waitForIndex: false });
    now += 10 * 60_000;
    const stalls = await extractionStalls(engine);
    expect(stalls).toMatchObject({
      enabled: true,
      stall_after_minutes: 15,
      threads_pending: 2,
      messages_pending: 3,
      threads_stalled: 1,
      oldest_waiting_minutes: 20,
      truncated_at: null,
      jobs: {
        failed: 0,
        retrying: 0,
        queued: 0,
        oldest_unfinished_minutes: null,
        last_error: null,
      },
    });
    expect(stalls.longest_waiting.map((t) => [t.thread_id, t.pending, t.waiting_minutes])).toEqual([
      ['a', 2, 20],
      ['b', 1, 10],
    ]);
    expect((await extractionStalls(engine, { stallAfterMinutes: 5 })).threads_stalled).toBe(2);

    await engine.extractItems();
    expect(await extractionStalls(engine)).toMatchObject({
      threads_pending: 0,
      messages_pending: 0,
      threads_stalled: 0,
      oldest_waiting_minutes: null,
      longest_waiting: [],
    });
  });

  it('says extraction is off when nothing will drain the backlog', async () => {
    await open(null);
    await engine.ingest(message('a', 'm1', 0));
    expect(await extractionStalls(engine)).toMatchObject({ enabled: false, threads_pending: 1 });
  });

  it('counts after-ingest jobs that failed, with the last error, and ones still queued', async () => {
    await open();
    const queue = await engine.jobs();
    const failing = await queue.enqueue(BACKGROUND_QUEUES.afterIngest, {}, { retryLimit: 0 });
    const worker = queue.work(
      BACKGROUND_QUEUES.afterIngest,
      async () => {
        throw new Error('extractor unreachable');
      },
      { pollIntervalMs: 20 },
    );
    await vi.waitFor(async () => expect((await queue.getJob(failing))?.state).toBe('failed'), {
      timeout: 10_000,
    });
    await worker.stop();
    await queue.enqueue(BACKGROUND_QUEUES.afterIngest, {});
    const { jobs } = await extractionStalls(engine);
    expect(jobs).toMatchObject({
      failed: 1,
      retrying: 0,
      queued: 1,
      last_error: 'extractor unreachable',
    });
    expect(jobs?.oldest_unfinished_minutes).toBe(0);
  });

  it('still reports the backlog when the job queue cannot be opened', async () => {
    await open();
    await engine.ingest(message('a', 'm1', 0), { waitForIndex: false });
    const failing: Engine = {
      ...engine,
      jobs: () => Promise.reject(new EngineError('STORE_FAILED', 'the store is read-only')),
    };
    expect(await extractionStalls(failing)).toMatchObject({
      threads_pending: 1,
      jobs: null,
      jobs_error: 'the store is read-only',
    });
  });

  it('refuses a negative stall threshold', async () => {
    await open();
    await expect(extractionStalls(engine, { stallAfterMinutes: -1 })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
});
