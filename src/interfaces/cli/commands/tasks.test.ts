import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../__fixtures__/run-cli.js';

describe('verity tasks', () => {
  let dir: string;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'verity-cli-tasks-'));
    // Commands other than init no longer create a store (surface #12).
    expect((await runCli(['--home', dir, 'init'])).code).toBe(0);
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const verity = (now: string, args: readonly string[]) =>
    runCli(['--home', dir, '--now', now, ...args]);

  it('adds, triages and lists a task as snake_case JSON', async () => {
    const added = await verity('2026-01-28T09:00:00Z', ['tasks', 'add', 'Send the deck', '--json']);
    expect(added.code, added.stderr).toBe(0);
    const task = JSON.parse(added.stdout);
    expect(task).toMatchObject({ id: 'TASK-20260128-001', state: 'CAPTURED', escalation_level: 0 });
    const triaged = await verity('2026-01-28T09:05:00Z', [
      'tasks',
      'move',
      task.id,
      'triaged',
      '--priority',
      'P1',
      '--due',
      '2026-01-30T17:00:00Z',
      '--dod',
      'deck sent',
      '--json',
    ]);
    expect(triaged.code, triaged.stderr).toBe(0);
    expect(JSON.parse(triaged.stdout).state).toBe('TRIAGED');
    const list = await verity('2026-01-28T09:06:00Z', ['tasks', 'list', '--json']);
    expect(JSON.parse(list.stdout).tasks.map((t: { id: string }) => t.id)).toEqual([task.id]);
  });

  it('explains a refused move and exits non-zero', async () => {
    await verity('2026-01-28T09:00:00Z', ['tasks', 'add', 'Send the deck']);
    const refused = await verity('2026-01-28T09:01:00Z', [
      'tasks',
      'move',
      'TASK-20260128-001',
      'DONE',
      '--proof',
      'x',
    ]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('cannot move from CAPTURED to DONE');
    const cancel = await verity('2026-01-28T09:01:00Z', ['tasks', 'cancel', 'TASK-20260128-001']);
    expect(cancel.code).toBe(2);
  });

  it('reconciles with --now, prints each action with its reason, and lists the incident', async () => {
    const at = '2026-01-28T09:00:00Z';
    await verity(at, ['tasks', 'add', 'Pay the VAT', '--priority', 'P0']);
    await verity(at, [
      'tasks',
      'move',
      'TASK-20260128-001',
      'TRIAGED',
      '--priority',
      'P0',
      '--due',
      '2026-01-28T12:00:00Z',
      '--dod',
      'paid',
    ]);
    const run = await verity('2026-01-28T13:00:00Z', ['reconcile']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('[dead_man] BLOCKED: P0 task TASK-20260128-001');
    expect(run.stdout).toContain('incident MISSED_DEADLINE: overdue: due 2026-01-28T12:00:00.000Z');
    const json = await verity('2026-01-28T13:00:00Z', ['reconcile', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ actions: [], dead_man: ['TASK-20260128-001'] });
    const incidents = await verity('2026-01-28T13:00:00Z', ['incidents', 'list', '--json']);
    expect(JSON.parse(incidents.stdout).incidents[0]).toMatchObject({
      type: 'MISSED_DEADLINE',
      task_id: 'TASK-20260128-001',
    });
    const metrics = await verity('2026-01-28T23:00:00Z', [
      'metrics',
      '--date',
      '2026-01-28',
      '--json',
    ]);
    expect(JSON.parse(metrics.stdout)).toMatchObject({ date: '2026-01-28', tasks_overdue: 1 });
  });
});
