import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '../../core/index.js';
import type { Engine } from '../../engine/index.js';
import { samplesDuring } from './__fixtures__/samples-during.js';
import { atInstant, closeEngine, tempEngine, useHttpApp } from './__fixtures__/temp-engine.js';
import { ingestInChunks } from './ingest-in-chunks.js';
import type { ChunkOptions } from './record-in-chunks.js';

const NOW = '2026-02-19T15:05:00Z';
/** A first chunk of 3 lines, then chunks of 2: the body below crosses several boundaries. */
const TINY: ChunkOptions = { first: 3, targetMs: 0, min: 2, max: 2 };

const message = (id: string, content: string, at = '2026-02-19T10:00:00Z'): string =>
  JSON.stringify({
    type: 'message',
    thread_id: 'export',
    message_id: id,
    role: 'user',
    content,
    created_at: at,
  });

/**
 * A body with what cutting at line ends could get wrong: blank lines (they count in the numbering
 * the client reads), a line that is no JSON, one that breaks its schema, a duplicate of a line in
 * an earlier chunk, CRLF line ends, and a byte-order mark.
 */
const BODY = [
  `\uFEFF${message('e1', 'We are in Lisbon now.')}`,
  '',
  message('e2', 'Leo has a dentist appointment on Tuesday.'),
  'this is not json',
  message('e3', 'I moved to Berlin last month.'),
  '',
  '{"type":"message","thread_id":"export","message_id":"e4","role":"robot","content":"beep","created_at":"2026-02-19T10:00:00Z"}',
  message('e1', 'We are in Lisbon now.'),
  message('e5', 'Remind me to renew my passport by Friday.'),
].join('\r\n');

type Report = Awaited<ReturnType<Engine['ingest']>>;

describe('ingestInChunks', () => {
  const opened: { dir: string; engine: Engine }[] = [];
  const fresh = async (): Promise<Engine> => {
    const one = await tempEngine('verity-ingest-chunks-', NOW);
    opened.push(one);
    return one.engine;
  };
  afterAll(async () => {
    for (const { dir, engine } of opened) await closeEngine(engine, dir);
  });

  const dead = async (engine: Engine): Promise<string[]> =>
    (await engine.listDlq()).map((item) => item.dlqId).sort();

  it('reports and stores what one call would, line numbers as in the body', async () => {
    const whole = await fresh();
    const expected = await whole.ingest(BODY);
    const chunked = await fresh();
    const actual = await ingestInChunks(chunked, BODY, { import: false }, TINY);
    expect(actual).toEqual(expected);
    expect(actual).toMatchObject({ applied: 4, duplicate: 1, rejected: 2 });
    expect(actual.rejections.map((r) => r.line)).toEqual([4, 7]);
    expect(await dead(chunked)).toEqual(await dead(whole));
    const facts = async (engine: Engine) =>
      (await engine.readLedger(0, 1000))
        .filter((e) => e.type === 'message.received')
        .map((e) => e.eventId)
        .sort();
    expect(await facts(chunked)).toEqual(await facts(whole));
  });

  it('leaves a JSON array, import mode and a short body to one call', async () => {
    const calls: unknown[] = [];
    const engine = {
      ingest: async (input: unknown) => {
        calls.push(input);
        return { applied: 0, duplicate: 0, rejected: 0, rejections: [], decisions: {} };
      },
    } as unknown as Engine;
    const array = `[\n${message('a', 'x')},\n${message('b', 'y')},\n${message('c', 'z')},\n${message('d', 'w')}\n]`;
    await ingestInChunks(engine, array, { import: false }, TINY);
    await ingestInChunks(engine, BODY, { import: true }, TINY);
    await ingestInChunks(
      engine,
      `${message('a', 'x')}\n\n${message('b', 'y')}`,
      { import: false },
      TINY,
    );
    expect(calls.every((input) => typeof input === 'string')).toBe(true);
    expect(calls).toHaveLength(3);
    // Near miss: four JSONL lines are cut (3, then 1), each element one line's text.
    await ingestInChunks(
      engine,
      [1, 2, 3, 4].map((i) => message(`n${i}`, 'x')).join('\n'),
      {
        import: false,
      },
      TINY,
    );
    expect(calls.slice(3).map((input) => (input as string[]).length)).toEqual([3, 1]);
  });

  it('says how many lines were handled when a later chunk fails', async () => {
    let call = 0;
    const cause = new EngineError('STORE_FAILED', 'disk full');
    const engine = {
      ingest: async (lines: readonly string[]) => {
        if (call++ === 1) throw cause;
        return { applied: lines.length, duplicate: 0, rejected: 0, rejections: [], decisions: {} };
      },
    } as unknown as Engine;
    const thrown = await ingestInChunks(engine, BODY, { import: false }, TINY).catch(
      (error: unknown) => error,
    );
    expect(thrown).toMatchObject({
      code: 'STORE_FAILED',
      details: { recorded_lines: 3, total_lines: 7 },
      cause,
    });
    expect((thrown as Error).message).toMatch(/^disk full \(after 3 of 7 lines were handled/);
  });
});

describe('POST /api/ingest with a 10,000-line export', () => {
  const http = useHttpApp({
    prefix: 'verity-http-ingest-chunks-',
    engine: (dir) => atInstant(dir, NOW),
    app: { token: null },
  });
  let detach: () => void = () => {};
  beforeAll(() => {
    // As `verity serve` runs: item extraction and vectors go to the background jobs.
    detach = http.engine.attachBackgroundJobs({
      afterIngest: async () => {},
      onJobError: () => {},
    });
  });
  afterAll(() => detach());

  it('applies every valid line, dead-letters the invalid ones, and lets others in between', async () => {
    const lines = Array.from({ length: 10_000 }, (_, i) =>
      i % 1000 === 999
        ? `{"type":"message","thread_id":"big","message_id":"x${i}"}`
        : message(`b${i}`, `Note ${i}: planning the trip.`).replace('"export"', '"big"'),
    );
    const body = lines.join('\n');
    expect(Buffer.byteLength(body)).toBeLessThan(4 * 1024 * 1024);
    const start = await http.engine.lastSequence();
    const { result: response, samples: counts } = await samplesDuring(
      async () => (await http.engine.lastSequence()) - start,
      () =>
        http.app.request('/api/ingest', {
          method: 'POST',
          headers: { 'content-type': 'application/x-ndjson' },
          body,
        }),
    );
    // 422 as before: a line was rejected, and the report says which, after applying the rest.
    expect(response.status).toBe(422);
    const report = (await response.json()) as Report;
    expect(report).toMatchObject({ applied: 9990, duplicate: 0, rejected: 10 });
    expect(report.rejections.map((r) => r.line)).toEqual(
      Array.from({ length: 10 }, (_, k) => k * 1000 + 1000),
    );
    expect((await http.engine.listDlq()).length).toBeGreaterThanOrEqual(10);
    // One piece would show the reader nothing or everything, never a part.
    const total = (await http.engine.lastSequence()) - start;
    expect([...counts].some((n) => n > 0 && n < total)).toBe(true);
  }, 240_000);
});
