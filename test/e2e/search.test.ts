import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCli } from '../../src/interfaces/cli/__fixtures__/run-cli.js';

/** The CLI as users run it: a child process configured through the environment. */
const verity = spawnCli;

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'verity-e2e-search-'));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('verity ingest then search (child processes, bundled model)', () => {
  it('ingests, embeds in worker threads, searches, and exits on its own', async () => {
    const file = join(dir, 'messages.jsonl');
    writeFileSync(
      file,
      [
        { thread_id: 'trip', message_id: 'm1', content: 'We land in Denver at noon on Friday.' },
        { thread_id: 'trip', message_id: 'm2', content: 'Then we drive up to the cabin.' },
        { thread_id: 'kids', message_id: 'm1', content: 'Leo has a fever and stays home.' },
      ]
        .map((m, index) =>
          JSON.stringify({
            type: 'message',
            role: 'user',
            created_at: `2026-02-0${index + 1}T10:00:00Z`,
            ...m,
          }),
        )
        .join('\n'),
    );
    const env = { VERITY_HOME: join(dir, 'home'), VERITY_NOW: '2026-03-01T00:00:00Z' };
    // Commands other than init no longer create a store (surface #12).
    expect((await verity(['init'], env)).code).toBe(0);
    const ingested = await verity(['ingest', file], env);
    expect(ingested.code, ingested.stderr).toBe(0);
    expect(ingested.stdout).toContain('applied 3');

    const found = await verity(['search', 'flight arrival time', '--k', '1', '--json'], env);
    expect(found.code, found.stderr).toBe(0);
    expect(JSON.parse(found.stdout)).toEqual({
      hits: [
        {
          kind: 'message',
          id: 'm1',
          thread_id: 'trip',
          message_id: 'm1',
          score: expect.any(Number),
          scores: { bm25: null, vector: expect.any(Number) },
          snippet: 'We land in Denver at noon on Friday.',
        },
      ],
    });
  });
});
