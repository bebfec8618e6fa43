import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCli } from '../../src/interfaces/cli/__fixtures__/run-cli.js';

/** The CLI as users run it: a child process, configured through the environment. */
const verity = spawnCli;

function observation(overrides: Record<string, unknown>): Record<string, unknown> {
  return {
    type: 'observation',
    domain: 'travel',
    entity_id: 'user:primary',
    intent: 'assertive',
    ...overrides,
  };
}

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'verity-e2e-'));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

function writeJsonl(name: string, lines: readonly unknown[]): string {
  const path = join(dir, name);
  writeFileSync(path, `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
  return path;
}

describe('verity cli (child process)', () => {
  it('believes the user over a stale HEARTBEAT.md (the Tahoe incident)', async () => {
    const home = join(dir, 'tahoe');
    const heartbeat = writeJsonl('heartbeat.jsonl', [
      observation({
        event_id: '0190a5f2-0000-7000-8000-000000000001',
        event_ts: '2026-02-15T09:00:00Z',
        field: 'travel.status',
        candidate_value: 'planned',
        intent: 'planning',
        source: { type: 'static_markdown', ref: 'HEARTBEAT.md' },
      }),
    ]);
    const userSaid = {
      event_id: '0190a5f2-0000-7000-8000-000000000002',
      event_ts: '2026-02-19T15:00:00Z',
      field: 'travel.status',
      candidate_value: 'in_progress',
      source: { type: 'user_statement', ref: 'thread:646:msg:1842' },
    };
    const statement = writeJsonl('statement.jsonl', [
      observation(userSaid),
      observation({
        event_id: '0190a5f2-0000-7000-8000-000000000003',
        event_ts: '2026-02-19T15:00:00Z',
        field: 'travel.location',
        candidate_value: 'Tahoe',
        source: { type: 'user_statement', ref: 'thread:646:msg:1842' },
      }),
    ]);

    const feb15 = { VERITY_HOME: home, VERITY_NOW: '2026-02-15T09:05:00Z' };
    const feb19 = { VERITY_HOME: home, VERITY_NOW: '2026-02-19T15:05:00Z' };
    expect(await verity(['init'], feb15)).toMatchObject({ code: 0 });
    const first = await verity(['ingest', heartbeat], feb15);
    expect(first, first.stderr).toMatchObject({ code: 0 });
    const second = await verity(['ingest', statement], feb19);
    expect(second, second.stderr).toMatchObject({ code: 0 });
    expect(second.stdout).toContain('applied 2, duplicate 0, rejected 0');

    const [state, explain, reviews] = await Promise.all([
      verity(['state', 'get', 'user:primary', '--json'], feb19),
      verity(['state', 'explain', 'user:primary', 'travel.status'], feb19),
      verity(['review', 'list', '--json'], feb19),
    ]);
    expect(state.code, state.stderr).toBe(0);
    expect(JSON.parse(state.stdout)).toMatchObject({
      entity_id: 'user:primary',
      state: {
        'travel.status': { value: 'in_progress', event_id: userSaid.event_id },
        'travel.location': { value: 'Tahoe' },
      },
    });
    expect(explain.code, explain.stderr).toBe(0);
    expect(explain.stdout).toContain(`winning event: ${userSaid.event_id}`);
    expect(reviews.code, reviews.stderr).toBe(0);
    const queue: unknown = JSON.parse(reviews.stdout);
    expect(queue).toMatchObject({ prompts: expect.any(Array), dead_letters: expect.any(Array) });
  });

  it('serialises two concurrent writer processes on one home', async () => {
    const home = join(dir, 'concurrent');
    const env = { VERITY_HOME: home, VERITY_NOW: '2026-02-19T15:05:00Z' };
    expect(await verity(['init'], env)).toMatchObject({ code: 0 });
    const lines = (writer: number): Record<string, unknown>[] =>
      Array.from({ length: 300 }, (_, i) =>
        observation({
          event_id: `0190a5f2-0000-7000-8000-${(writer * 1000 + i).toString(16).padStart(12, '0')}`,
          event_ts: '2026-02-19T15:00:00Z',
          domain: 'project',
          entity_id: `user:writer-${writer}`,
          field: `project.p${i}.status`,
          candidate_value: 'in_progress',
          source: { type: 'user_statement', ref: `thread:${writer}:msg:${i}` },
        }),
      );
    const files = [1, 2].map((writer) => writeJsonl(`writer-${writer}.jsonl`, lines(writer)));

    const results = await Promise.all(files.map((file) => verity(['ingest', file, '--json'], env)));
    for (const result of results) {
      expect(result.code, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout)).toMatchObject({ applied: 300, rejected: 0 });
    }

    const [stats, writer1, writer2] = await Promise.all([
      verity(['stats', '--json'], env),
      verity(['state', 'get', 'user:writer-1', '--json'], env),
      verity(['state', 'get', 'user:writer-2', '--json'], env),
    ]);
    expect(stats.code, stats.stderr).toBe(0);
    expect((JSON.parse(stats.stdout) as { events: number }).events).toBeGreaterThanOrEqual(600);
    for (const entity of [writer1, writer2]) {
      expect(entity.code, entity.stderr).toBe(0);
      const view = JSON.parse(entity.stdout) as { state: Record<string, unknown> };
      expect(Object.keys(view.state)).toHaveLength(300);
    }
  });
});
