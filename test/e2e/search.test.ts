import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The CLI as users run it: a child process configured through the environment. */
const ENTRY = ['--import', 'tsx', 'src/interfaces/cli/main.ts'];
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function verity(
  args: readonly string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...ENTRY, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

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
