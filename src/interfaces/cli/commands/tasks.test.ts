import { readdirSync } from 'node:fs';
import { join } from 'node:path';
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

  it('explains a refused move and exits 3, as for any rejected input', async () => {
    await verity('2026-01-28T09:00:00Z', ['tasks', 'add', 'Send the deck']);
    // Refused input exits 3 (README's exit codes): a move the state machine forbids, and a move
    // missing a required field.
    for (const [move, reason] of [
      [['DONE', '--proof', 'x'], 'cannot move from CAPTURED to DONE'],
      [['TRIAGED'], 'cannot enter TRIAGED without'],
    ] as const) {
      const refused = await verity('2026-01-28T09:01:00Z', [
        'tasks',
        'move',
        'TASK-20260128-001',
        ...move,
      ]);
      expect(refused.code).toBe(3);
      expect(refused.stderr).toContain(reason);
    }
    const cancel = await verity('2026-01-28T09:01:00Z', ['tasks', 'cancel', 'TASK-20260128-001']);
    expect(cancel.code).toBe(2);
  });

  it('takes the unambiguous start of a task id, and names the candidates of an ambiguous one', async () => {
    await verity('2026-01-28T09:00:00Z', ['tasks', 'add', 'Renew the lease']);
    await verity('2026-01-28T09:00:00Z', ['tasks', 'add', 'Order the shelves']);
    const shown = await verity('2026-01-28T09:01:00Z', ['tasks', 'show', 'task-20260128-002']);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout.split('\n')[0]).toBe(
      'TASK-20260128-002 Order the shelves (untriaged, CAPTURED)',
    );
    const ambiguous = await verity('2026-01-28T09:01:00Z', ['tasks', 'show', 'TASK-20260128-00']);
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toContain('TASK-20260128-001, TASK-20260128-002');
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
  it('lists patches with the experiments registry beside them, as text and JSON', async () => {
    for (const detail of ['the deck was late', 'the invoice was late']) {
      const logged = await verity('2026-01-28T09:00:00Z', [
        'incidents',
        'log',
        '--type',
        'MISSED_DEADLINE',
        '--detail',
        detail,
      ]);
      expect(logged.code, logged.stderr).toBe(0);
    }
    const improved = await verity('2026-01-29T04:00:00Z', ['improve', '--json']);
    expect(improved.code, improved.stderr).toBe(0);
    const proposed = JSON.parse(improved.stdout).proposed as { patch_id: string }[];
    const first = proposed[0]?.patch_id;
    if (first === undefined) throw new Error('the loop proposed no patch');
    const before = await verity('2026-01-29T04:05:00Z', ['patches', 'list', '--json']);
    expect(JSON.parse(before.stdout).experiments).toEqual([]);
    const approved = await verity('2026-01-29T04:10:00Z', ['patches', 'approve', first]);
    expect(approved.code, approved.stderr).toBe(0);

    const list = await verity('2026-01-31T09:00:00Z', ['patches', 'list', '--json']);
    expect(list.code, list.stderr).toBe(0);
    const body = JSON.parse(list.stdout);
    expect(body.patches.map((p: { patch_id: string }) => p.patch_id)).toContain(first);
    expect(body.experiments).toHaveLength(1);
    expect(body.experiments[0]).toMatchObject({
      patch_id: first,
      status: 'active',
      variants: [{ name: 'baseline' }, { name: 'patched', days: 1 }],
    });
    const text = await verity('2026-01-31T09:00:00Z', ['patches', 'list']);
    expect(text.stdout).toContain('\nexperiments:\n');
    expect(text.stdout).toMatch(
      new RegExp(`EXP-\\S+ \\[active\\] ${first} \\w+: baseline .* over \\d+d, patched .* over 1d`),
    );
  });

  it('writes daily metrics files only from the day of the first ledger event', async () => {
    await verity('2026-01-28T09:00:00Z', ['tasks', 'add', 'Send the deck']);
    // The task and ops files are written beside the heartbeat file.
    const project = ['project', '--target', join(cli.home, 'HEARTBEAT.md')];
    const first = await verity('2026-01-28T10:00:00Z', project);
    expect(first.code, first.stderr).toBe(0);
    const days = () => readdirSync(join(cli.home, 'ops', 'metrics')).sort();
    expect(days()).toEqual(['2026-01-28.json']);
    expect((await verity('2026-01-30T10:00:00Z', project)).code).toBe(0);
    expect(days()).toEqual(['2026-01-28.json', '2026-01-29.json', '2026-01-30.json']);
  });

  it('offers --title to rename a task but not on tasks add, whose title is the argument', async () => {
    const add = await verity('2026-01-28T09:00:00Z', ['tasks', 'add', '--help']);
    expect(add.code).toBe(0);
    expect(add.stdout).toContain('<title>');
    expect(add.stdout).not.toContain('--title');
    const update = await verity('2026-01-28T09:00:00Z', ['tasks', 'update', '--help']);
    expect(update.stdout).toContain('--title <text>');
    const refused = await verity('2026-01-28T09:00:00Z', ['tasks', 'add', 'x', '--title', 'y']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("unknown option '--title'");
  });
});
