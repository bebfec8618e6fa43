// A JSONL export with invalid lines gives the same report through `verity ingest --json` (one
// call of the engine) and `POST /api/ingest` (applied in chunks of lines): counts, each rejected
// line by its number in the body, its dead letter and issues.
import { afterAll, describe, expect, it } from 'vitest';
import type { Engine } from '../engine/index.js';
import { useCliHome } from './cli/__fixtures__/cli-home.js';
import { closeEngine, tempEngine } from './http/__fixtures__/temp-engine.js';
import { createHttpApp } from './http/index.js';

const NOW = '2026-02-19T15:05:00Z';

/** 300 lines, more than the first chunk: every 37th breaks its schema, every 50th is blank. */
const BODY = Array.from({ length: 300 }, (_, i) => {
  if (i % 50 === 49) return '';
  const content = i % 37 === 36 ? '' : `Line ${i}: the trip to Lisbon is on.`;
  return JSON.stringify({
    type: 'message',
    thread_id: 'export',
    message_id: `p${i}`,
    role: 'user',
    content,
    created_at: '2026-02-19T10:00:00Z',
  });
}).join('\n');

describe('a large JSONL export, on the CLI and over HTTP', () => {
  const cli = useCliHome('verity-ingest-parity-', { now: NOW, scope: 'all' });
  const opened: { dir: string; engine: Engine }[] = [];
  afterAll(async () => {
    for (const { dir, engine } of opened) await closeEngine(engine, dir);
  });

  it('reports the same counts, rejected lines and dead letters', async () => {
    const run = await cli.verity(['ingest', '-', '--json', '--no-wait'], { stdin: BODY });
    expect(run.code).toBe(3);
    const onCli = JSON.parse(run.stdout) as Record<string, unknown>;
    const one = await tempEngine('verity-ingest-parity-http-', NOW);
    opened.push(one);
    const response = await createHttpApp(one.engine, { token: null }).request('/api/ingest', {
      method: 'POST',
      body: BODY,
    });
    expect(response.status).toBe(422);
    const overHttp = (await response.json()) as Record<string, unknown>;
    expect(overHttp).toEqual(onCli);
    expect(overHttp).toMatchObject({ applied: 286, rejected: 8 });
    expect((overHttp['rejections'] as { line: number }[]).map((r) => r.line)).toEqual([
      37, 74, 111, 148, 185, 222, 259, 296,
    ]);
  }, 120_000);
});
