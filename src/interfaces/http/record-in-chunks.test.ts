import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '../../core/index.js';
import type { Engine, RecordMessagesResult } from '../../engine/index.js';
import { samplesDuring } from './__fixtures__/samples-during.js';
import { atInstant, closeEngine, tempEngine, useHttpApp } from './__fixtures__/temp-engine.js';
import { type ChunkOptions, recordInChunks } from './record-in-chunks.js';

const NOW = '2026-02-19T15:05:00Z';
/** A first chunk of 3 messages, then chunks of 2: nine messages cross three chunk boundaries. */
const TINY: ChunkOptions = { first: 3, targetMs: 0, min: 2, max: 3 };

/**
 * A request with what chunking could get wrong: a duplicate of a message in an earlier chunk, an
 * invalid message between valid ones, messages without `created_at`, and (for import mode) a
 * later statement sent before an earlier one.
 */
const MESSAGES: Record<string, unknown>[] = [
  {
    message_id: 'm1',
    role: 'user',
    content: 'We are in Lisbon now.',
    created_at: '2026-02-10T10:00:00Z',
  },
  {
    message_id: 'm2',
    role: 'user',
    content: 'We are in Tahoe now.',
    created_at: '2026-02-01T10:00:00Z',
  },
  { message_id: 'm3', role: 'assistant', content: 'Noted, enjoy the trip.' },
  { message_id: 'm4', role: 'robot', content: 'beep' },
  { message_id: 'm5', role: 'user', content: 'Remind me to renew my passport by Friday.' },
  {
    message_id: 'm1',
    role: 'user',
    content: 'We are in Lisbon now.',
    created_at: '2026-02-10T10:00:00Z',
  },
  {
    message_id: 'm6',
    role: 'user',
    content: 'I moved to Berlin last month.',
    created_at: '2026-02-05T10:00:00Z',
  },
  { message_id: 'm7', role: 'user', content: 'Leo has a dentist appointment on Tuesday.' },
  // Rejected (no RFC 3339 time): in import mode it is ordered first, as the pipeline does.
  { message_id: 'm8', role: 'user', content: 'Sounds good, thanks.', created_at: 'not a time' },
];

interface Stored {
  readonly answer: RecordMessagesResult;
  readonly ledger: readonly unknown[];
  readonly dead: number;
  readonly location: unknown;
}

async function stored(engine: Engine, answer: RecordMessagesResult): Promise<Stored> {
  // The messages as stored; the derived work that follows each call (item extraction, task
  // capture) appends events of its own per call, with fresh ids.
  const ledger = (await engine.readLedger(0, 1000))
    .filter((event) => event.type === 'message.received')
    .map((event) => [
      event.eventId,
      event.type,
      event.eventTs,
      event.entityId,
      event.payload['created_at'],
    ]);
  return {
    answer,
    ledger,
    dead: (await engine.listDlq()).length,
    location: (await engine.getField('user:primary', 'travel.location')).value,
  };
}

describe('recordInChunks', () => {
  const engines: { engine: Engine; dir: string }[] = [];
  const fresh = async () => {
    const opened = await tempEngine('verity-chunks-', NOW);
    engines.push(opened);
    return opened.engine;
  };
  afterAll(async () => {
    for (const { engine, dir } of engines) await closeEngine(engine, dir);
  });

  it.each([
    ['live', {}],
    ['import', { import: true }],
  ])('answers and stores what one recordMessages call does (%s mode)', async (_mode, extra) => {
    const options = { thread_id: 'trip', ...extra };
    const single = await fresh();
    const chunked = await fresh();
    const expected = await stored(single, await single.recordMessages(MESSAGES, options));
    const actual = await stored(chunked, await recordInChunks(chunked, MESSAGES, options, TINY));
    expect(actual).toEqual(expected);
    // What the comparison covers, so that it cannot pass on two empty stores.
    expect(expected.answer).toMatchObject({ applied: 6, duplicate: 1, rejected: 2 });
    expect(expected.ledger).toHaveLength(6);
    expect(expected.dead).toBe(2);
    expect(expected.answer.messages.map((m) => m.status)).toEqual([
      'applied',
      'applied',
      'applied',
      'rejected',
      'applied',
      'duplicate',
      'applied',
      'applied',
      'rejected',
    ]);
  });

  it('calls the engine once for a request no larger than the first chunk', async () => {
    const calls: number[] = [];
    const engine = {
      now: () => Date.parse(NOW),
      recordMessages: async (messages: readonly unknown[]) => {
        calls.push(messages.length);
        return { applied: messages.length, duplicate: 0, rejected: 0, messages: [] };
      },
    } as unknown as Engine;
    await recordInChunks(engine, MESSAGES.slice(0, 3), {}, TINY);
    expect(calls).toEqual([3]);
    await recordInChunks(engine, MESSAGES.slice(0, 4), {}, TINY);
    expect(calls).toEqual([3, 3, 1]);
  });

  describe('when a chunk fails', () => {
    /** An engine whose `failAt`-th call (0-based) throws `error`. */
    const failing = (failAt: number, error: unknown) => {
      let call = 0;
      return {
        now: () => Date.parse(NOW),
        recordMessages: async (messages: readonly unknown[]) => {
          if (call++ === failAt) throw error;
          return {
            applied: messages.length,
            duplicate: 0,
            rejected: 0,
            messages: messages.map(() => ({ status: 'applied' })),
          };
        },
      } as unknown as Engine;
    };

    it('says how many messages were recorded and how to record the rest', async () => {
      const cause = new EngineError('STORE_FAILED', 'disk full', { operation: 'append' });
      const thrown = await recordInChunks(failing(2, cause), MESSAGES, {}, TINY).catch(
        (error: unknown) => error,
      );
      expect(thrown).toBeInstanceOf(EngineError);
      expect(thrown).toMatchObject({
        code: 'STORE_FAILED',
        details: { operation: 'append', recorded_messages: 5, total_messages: 9 },
        cause,
      });
      expect((thrown as Error).message).toMatch(/^disk full \(after 5 of 9 messages/);
      expect((thrown as Error).message).toContain('send the same request again');
    });

    it('keeps the text of an internal error out of the answer', async () => {
      const bug = new TypeError('cannot read properties of undefined (secret detail)');
      const thrown = await recordInChunks(failing(1, bug), MESSAGES, {}, TINY).catch(
        (error: unknown) => error,
      );
      expect(thrown).toMatchObject({
        code: 'STORE_FAILED',
        details: { recorded_messages: 3, total_messages: 9 },
      });
      expect((thrown as Error).message).not.toContain('secret detail');
    });

    it('rethrows unchanged when nothing was recorded yet', async () => {
      const cause = new EngineError('STORE_FAILED', 'locked');
      const thrown = await recordInChunks(failing(0, cause), MESSAGES, {}, TINY).catch(
        (error: unknown) => error,
      );
      expect(thrown).toBe(cause);
    });
  });
});

describe('POST /api/messages with a large request', () => {
  const http = useHttpApp({
    prefix: 'verity-http-chunks-',
    engine: (dir) => atInstant(dir, NOW),
    app: { token: null },
  });
  let messages: Record<string, unknown>[] = [];
  let detach: () => void = () => {};
  beforeAll(() => {
    // As `verity serve` runs: item extraction and vectors are handed to the background jobs, so
    // the write itself is synchronous store work that never waits on I/O.
    detach = http.engine.attachBackgroundJobs({
      afterIngest: async () => {},
      onJobError: () => {},
    });
    messages = Array.from({ length: 300 }, (_, i) => ({
      message_id: `b${i}`,
      role: i % 2 === 0 ? 'user' : 'assistant',
      content: `Note ${i}: we are planning the trip to Lisbon.`,
    }));
  });

  afterAll(() => detach());

  it('gives other work turns between chunks, and records every message', async () => {
    const start = await http.engine.lastSequence();
    // Each turn of the event loop while the POST runs, a reader counts the bulk messages stored.
    const { result: response, samples: counts } = await samplesDuring(
      async () => {
        const events = await http.engine.readLedger(start, 5000);
        return events.filter((event) => event.type === 'message.received').length;
      },
      () =>
        http.app.request('/api/messages', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ thread_id: 'bulk', messages }),
        }),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as RecordMessagesResult;
    expect(body).toMatchObject({ applied: 300, duplicate: 0, rejected: 0 });
    expect(body.messages.map((m) => m.message_id)).toEqual(messages.map((m) => m['message_id']));
    // One transaction would show the reader none or all of them, never a part.
    expect([...counts].some((n) => n > 0 && n < 300)).toBe(true);
  }, 60_000);
});
