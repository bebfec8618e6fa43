import { describe, expect, it } from 'vitest';
import { useCliHome } from '../__fixtures__/cli-home.js';

describe('verity tasks', () => {
  const cli = useCliHome('verity-cli-tasks-', { homeIsDir: true });
  const verity = (now: string, args: readonly string[]) => cli.verity(args, { now });

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

  it('shows who owns a task, and names an owner other than the user on its line', async () => {
    await verity('2026-01-28T09:00:00Z', ['tasks', 'add', 'Send the quotes', '--owner', 'Ana']);
    const shown = await verity('2026-01-28T09:01:00Z', ['tasks', 'show', 'TASK-20260128-001']);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('  owner: Ana\n');
    const list = await verity('2026-01-28T09:02:00Z', ['tasks', 'list']);
    expect(list.stdout).toContain(
      'TASK-20260128-001 Send the quotes (untriaged, CAPTURED, owner Ana)',
    );
    await verity('2026-01-28T09:03:00Z', ['tasks', 'add', 'Book the flights', '--owner', 'user']);
    const mine = await verity('2026-01-28T09:04:00Z', ['tasks', 'show', 'TASK-20260128-002']);
    expect(mine.stdout.split('\n')[0]).toBe(
      'TASK-20260128-002 Book the flights (untriaged, CAPTURED)',
    );
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

  it('lists a stuck task in the review queue and answers it there', async () => {
    const add = await verity('2026-01-28T09:00:00Z', [
      'tasks',
      'add',
      'Write the report',
      '--json',
    ]);
    const id = JSON.parse(add.stdout).id as string;
    const moved = await verity('2026-01-28T09:01:00Z', [
      'tasks',
      'move',
      id,
      'triaged',
      '--priority',
      'P1',
      '--due',
      '2026-03-01T17:00:00Z',
      '--dod',
      'sent',
    ]);
    expect(moved.code, moved.stderr).toBe(0);
    for (const at of ['2026-01-29T10:00:00Z', '2026-01-30T11:00:00Z', '2026-01-31T12:00:00Z']) {
      expect((await verity(at, ['reconcile'])).code).toBe(0);
    }
    const list = await verity('2026-01-31T12:05:00Z', ['review', 'list', '--json']);
    expect(list.code, list.stderr).toBe(0);
    const queue = JSON.parse(list.stdout);
    expect(queue.tasks.map((t: { task_id: string }) => t.task_id)).toEqual([id]);
    expect(queue.patches).toEqual([]);
    const text = await verity('2026-01-31T12:05:00Z', ['review', 'list']);
    expect(text.stdout).toContain(`- ${id} E3 P1 TRIAGED "Write the report"`);

    const refused = await verity('2026-01-31T12:06:00Z', ['review', 'approve', id]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('answer it with acknowledge, cancel, unstick');
    const cancelled = await verity('2026-01-31T12:07:00Z', [
      'review',
      'cancel',
      id,
      '--reason',
      'report no longer needed',
      '--json',
    ]);
    expect(cancelled.code, cancelled.stderr).toBe(0);
    expect(JSON.parse(cancelled.stdout)).toMatchObject({
      kind: 'task',
      action: 'cancel',
      task: { state: 'CANCELLED', cancel_reason: 'report no longer needed' },
    });
    const after = await verity('2026-01-31T12:08:00Z', ['review', 'list', '--json']);
    expect(JSON.parse(after.stdout).tasks).toEqual([]);
  });
});
