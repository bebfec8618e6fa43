import { describe, expect, it } from 'vitest';
import { createTask, formatTaskId, moveTask, updateTask } from './apply-task-change.js';
import { applyTaskEvent } from './apply-task-event.js';
import { computeDailyMetrics, EMPTY_DAY_COUNTERS } from './daily-metrics.js';
import { planReconcile, type ReconcileAction } from './plan-reconcile.js';
import { renderTasksZone } from './render-tasks.js';
import type { Task, TaskFields, TaskState } from './task.js';

const T0 = '2026-01-28T09:00:00.000Z';
const H = 3_600_000;
const at = (hours: number) => new Date(Date.parse(T0) + hours * H).toISOString();
const meta = (hours = 0, reason = '') => ({ at: at(hours), actor: 'test', reason });

function captured(fields: TaskFields = {}): Task {
  const made = createTask(
    {
      id: 'TASK-20260128-001',
      entity_id: 'user:primary',
      title: 'Send the deck',
      fields,
      provenance: { source: 'manual', ref: '', quote: null },
      parent_id: null,
    },
    meta(),
  );
  if (!made.ok) throw made.error;
  return made.value;
}

const TRIAGE: TaskFields = { priority: 'P1', due: at(48), definition_of_done: ['deck sent'] };
const PLAN: TaskFields = { next_action: 'draft slides', next_check: at(4) };

/** Walks a fresh task along `path`, giving each step the fields it needs. */
function walk(path: readonly TaskState[]): Task {
  let task = captured();
  const fieldsFor: Partial<Record<TaskState, TaskFields>> = {
    TRIAGED: TRIAGE,
    PLANNED: PLAN,
    WAITING_EXTERNAL: { who_waiting_on: 'Ana', followup_cadence_hours: 24, last_followup: at(1) },
    BLOCKED_INTERNAL: { blocking_question: 'which template?' },
    DONE: { completion_proof: 'mail sent' },
  };
  for (const state of path) {
    const moved = moveTask(task, state, fieldsFor[state] ?? {}, meta(1, 'step'));
    if (!moved.ok) throw moved.error;
    task = moved.value;
  }
  return task;
}

describe('task ids', () => {
  it.each([
    ['2026-01-28', 1, 'TASK-20260128-001'],
    ['2026-01-28T10:00:00Z', 42, 'TASK-20260128-042'],
    ['2026-12-31', 1234, 'TASK-20261231-1234'],
  ])('formats %s #%d as %s', (day, n, id) => {
    expect(formatTaskId(day, n)).toBe(id);
  });
});

describe('moveTask', () => {
  const HAPPY: TaskState[] = ['TRIAGED', 'PLANNED', 'READY', 'EXECUTING', 'VERIFYING', 'DONE'];

  it('walks the forward path to DONE and records each step', () => {
    const done = walk(HAPPY);
    expect(done.state).toBe('DONE');
    expect(done.completed_at).toBe(at(1));
    expect(done.history.map((h) => h.event)).toEqual([
      'task.created',
      ...HAPPY.map(() => 'task.moved'),
    ]);
  });

  it.each<[string, TaskState[], TaskState, RegExp]>([
    ['skipping triage', [], 'PLANNED', /cannot move from CAPTURED to PLANNED/],
    ['leaving DONE', HAPPY, 'READY', /closed task does not move/],
    ['going back to CAPTURED', ['TRIAGED'], 'CAPTURED', /allowed: PLANNED, CANCELLED/],
    [
      'finishing without verifying',
      ['TRIAGED', 'PLANNED', 'READY', 'EXECUTING'],
      'DONE',
      /EXECUTING to DONE/,
    ],
  ])('refuses %s', (_name, path, to, message) => {
    const moved = moveTask(walk(path), to, {}, meta(2, 'try'));
    expect(moved.ok).toBe(false);
    if (!moved.ok) {
      expect(moved.error.code).toBe('VALIDATION_FAILED');
      expect(moved.error.message).toMatch(message);
    }
  });

  it.each<[TaskState[], TaskState, TaskFields, string]>([
    [[], 'TRIAGED', { priority: 'P1' }, 'due, definition_of_done'],
    [['TRIAGED'], 'PLANNED', { next_action: 'x' }, 'next_check'],
    [
      ['TRIAGED', 'PLANNED', 'READY'],
      'WAITING_EXTERNAL',
      { who_waiting_on: 'Ana' },
      'followup_cadence_hours, last_followup',
    ],
    [['TRIAGED', 'PLANNED', 'READY', 'EXECUTING', 'VERIFYING'], 'DONE', {}, 'completion_proof'],
    [['TRIAGED', 'PLANNED', 'READY'], 'BLOCKED_INTERNAL', {}, 'blocking_question'],
  ])('refuses entering %s→%s without its required fields', (path, to, fields, missing) => {
    const moved = moveTask(walk(path), to, fields, meta(2));
    expect(moved.ok).toBe(false);
    if (!moved.ok) {
      expect(moved.error.code).toBe('VALIDATION_FAILED');
      expect(moved.error.message).toContain(`without ${missing}`);
    }
  });

  it.each<TaskState[]>([[], ['TRIAGED'], ['TRIAGED', 'PLANNED', 'READY', 'EXECUTING']])(
    'cancels from %j with a reason, and never without one',
    (...path) => {
      const task = walk(path);
      expect(moveTask(task, 'CANCELLED', {}, meta(2, '')).ok).toBe(false);
      const cancelled = moveTask(task, 'CANCELLED', {}, meta(2, 'client dropped it'));
      expect(cancelled.ok && cancelled.value.cancel_reason).toBe('client dropped it');
    },
  );

  it('rejects malformed fields with the field named', () => {
    const moved = moveTask(captured(), 'TRIAGED', { ...TRIAGE, due: 'friday' }, meta());
    expect(!moved.ok && moved.error.message).toBe('due must be an RFC 3339 instant');
  });

  it('a closed task clears its escalation', () => {
    let task = walk(['TRIAGED', 'PLANNED', 'READY', 'EXECUTING', 'VERIFYING']);
    task = { ...task, escalation_level: 4 };
    const done = moveTask(task, 'DONE', { completion_proof: 'p' }, meta(3));
    expect(done.ok && done.value.escalation_level).toBe(0);
  });
});

describe('updateTask', () => {
  it('refuses to remove a field the current state requires', () => {
    const task = walk(['TRIAGED']);
    const updated = updateTask(task, { definition_of_done: [] }, false, meta(1));
    expect(!updated.ok && updated.error.message).toContain('cannot lose definition_of_done');
  });

  it('counts only explicit progress against staleness', () => {
    const task = walk(['TRIAGED']);
    const bookkeeping = updateTask(task, { next_check: at(9) }, false, meta(5));
    const progress = updateTask(task, { next_action: 'call' }, true, meta(5));
    expect(bookkeeping.ok && bookkeeping.value.last_progress_at).toBe(at(1));
    expect(progress.ok && progress.value.last_progress_at).toBe(at(5));
  });
});

describe('applyTaskEvent', () => {
  it('refuses a second creation and a move of an unknown task', () => {
    const created = applyTaskEvent(
      null,
      'task.created',
      { task_id: 'TASK-20260128-001', title: 'x' },
      T0,
    );
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    expect(
      applyTaskEvent(
        created.value,
        'task.created',
        { task_id: 'TASK-20260128-001', title: 'x' },
        T0,
      ).ok,
    ).toBe(false);
    expect(applyTaskEvent(null, 'task.moved', { task_id: 'TASK-1', to: 'TRIAGED' }, T0).ok).toBe(
      false,
    );
  });
});

/** A P0 task past its deadline that went to E4 (the dead-man switch) at hour 49. */
const DEAD_MAN_HELD: Partial<Task> = {
  next_check: at(100),
  priority: 'P0',
  escalation_level: 4,
  escalated_at: at(49),
  deadline_missed: true,
  last_progress_at: at(48),
};

function kinds(actions: readonly ReconcileAction[]): string[] {
  return actions.map((a) =>
    a.kind === 'escalate'
      ? `escalate:E${a.level}`
      : a.kind === 'notify'
        ? `notify:${a.topic}`
        : a.kind === 'log_incident'
          ? `incident:${a.type}`
          : a.kind,
  );
}

describe('planReconcile', () => {
  const planned = (fields: Partial<Task> = {}) => {
    const t = walk(['TRIAGED', 'PLANNED']);
    return { ...t, ...fields } as Task;
  };

  it.each<[string, () => Task, number, string[]]>([
    [
      'a task without next_check is checked now and rescheduled',
      () => captured(),
      0.5,
      ['set_next_check'],
    ],
    [
      'a READY task past next_check is announced',
      () => walk(['TRIAGED', 'PLANNED', 'READY']),
      5,
      ['notify:ready', 'set_next_check'],
    ],
    ['nothing happens before next_check', () => planned(), 2, []],
    [
      'a P1 without progress for over 24 h reaches E1',
      () => planned({ next_check: at(100), due: at(300) }),
      26,
      ['escalate:E1', 'notify:stale'],
    ],
    [
      'a P1 still stale a period after E1 gets an unstick subtask (E2)',
      () =>
        planned({ next_check: at(100), escalation_level: 1, escalated_at: at(26), due: at(300) }),
      51,
      ['escalate:E2', 'create_subtask', 'notify:stale'],
    ],
    [
      'after E2 it is logged as stuck (E3)',
      () =>
        planned({ next_check: at(100), escalation_level: 2, escalated_at: at(51), due: at(300) }),
      76,
      ['escalate:E3', 'incident:TASK_STUCK', 'notify:stale'],
    ],
    [
      'a deadline within 24 h on an idle task raises E1',
      () => planned({ next_check: at(100) }),
      30,
      ['escalate:E1', 'notify:due_soon'],
    ],
    [
      'an overdue P1 logs MISSED_DEADLINE and bumps one level',
      () => planned({ next_check: at(100), last_progress_at: at(48) }),
      49,
      ['incident:MISSED_DEADLINE', 'escalate:E1', 'notify:overdue'],
    ],
    [
      'an overdue P0 trips the dead-man switch',
      () => planned({ next_check: at(100), priority: 'P0', last_progress_at: at(48) }),
      49,
      ['incident:MISSED_DEADLINE', 'escalate:E4', 'notify:dead_man'],
    ],
    [
      'an unacknowledged dead-man alert repeats after 2 h',
      () => planned(DEAD_MAN_HELD),
      51,
      ['escalate:E4', 'notify:dead_man'],
    ],
    [
      'an acknowledged one does not',
      () => planned({ ...DEAD_MAN_HELD, acknowledged_at: at(50) }),
      51.5,
      [],
    ],
  ])('%s', (_name, make, hours, expected) => {
    expect(kinds(planReconcile([make()], Date.parse(at(hours))))).toEqual(expected);
  });

  it('drafts a follow-up when the cadence has passed while waiting', () => {
    const waiting = { ...walk(['TRIAGED', 'PLANNED', 'READY', 'WAITING_EXTERNAL']), due: at(300) };
    const actions = planReconcile([waiting], Date.parse(at(26)));
    const notify = actions.find((a) => a.kind === 'notify' && a.topic === 'followup_due');
    expect(notify?.kind === 'notify' && notify.draft).toContain('Hi Ana');
  });

  it('escalates a blocked task with its blocking question', () => {
    const blocked = walk(['TRIAGED', 'PLANNED', 'READY', 'BLOCKED_INTERNAL']);
    const actions = planReconcile([{ ...blocked, next_check: at(2) }], Date.parse(at(3)));
    expect(kinds(actions)).toEqual(['escalate:E1', 'notify:blocked', 'set_next_check']);
    expect(actions[0]?.reason).toContain('which template?');
  });

  it('ignores closed tasks', () => {
    const done = walk(['TRIAGED', 'PLANNED', 'READY', 'EXECUTING', 'VERIFYING', 'DONE']);
    expect(planReconcile([done], Date.parse(at(500)))).toEqual([]);
  });
});

describe('renderTasksZone', () => {
  it('puts the BLOCKED line first while a P0 holds the dead-man switch', () => {
    const p0 = { ...walk(['TRIAGED']), ...DEAD_MAN_HELD };
    const other = { ...captured(), id: 'TASK-20260128-002', title: 'Other' };
    expect(renderTasksZone([other, p0])).toMatchInlineSnapshot(`
      "- ⚠️ BLOCKED: P0 task TASK-20260128-001 "Send the deck" is overdue (due 2026-01-30T09:00:00.000Z) (unacknowledged). Must be DONE or CANCELLED before other work.
      - [ ] TASK-20260128-001 Send the deck (P0, TRIAGED, due 2026-01-30T09:00:00.000Z, E4)
      - [ ] TASK-20260128-002 Other (untriaged, CAPTURED)"
    `);
  });

  it('never calls a P0 overdue once its deadline was moved, though it still holds the switch', () => {
    const held = { ...walk(['TRIAGED']), ...DEAD_MAN_HELD };
    const moved = updateTask(held, { due: at(72) }, false, meta(60, 'deadline slipped'));
    if (!moved.ok) throw moved.error;
    const [line] = renderTasksZone([moved.value]).split('\n');
    expect(line).toBe(
      '- ⚠️ BLOCKED: P0 task TASK-20260128-001 "Send the deck" missed an earlier deadline; now due 2026-01-31T09:00:00.000Z (unacknowledged). Must be DONE or CANCELLED before other work.',
    );
  });
});

describe('computeDailyMetrics', () => {
  it('counts created, completed and overdue tasks of the day', () => {
    const done = walk(['TRIAGED', 'PLANNED', 'READY', 'EXECUTING', 'VERIFYING', 'DONE']);
    const late = { ...walk(['TRIAGED']), id: 'TASK-20260128-002', due: at(2) };
    const metrics = computeDailyMetrics('2026-01-28', [done, late], [], {
      ...EMPTY_DAY_COUNTERS,
      recall_pack_items_used: 4,
      recall_pack_items_referenced: 1,
    });
    expect(metrics).toMatchObject({
      tasks_created: 2,
      tasks_completed: 1,
      tasks_overdue: 1,
      completion_rate: 0.5,
      avg_time_to_first_action_hours: 1,
      recall_hit_rate: 0.25,
    });
  });

  it('does not count a deadline later in the day as overdue when asked before it', () => {
    const open = { ...walk(['TRIAGED']), due: '2026-01-28T17:00:00.000Z' };
    const ask = (asOf?: string) =>
      computeDailyMetrics('2026-01-28', [open], [], EMPTY_DAY_COUNTERS, asOf).tasks_overdue;
    expect(ask('2026-01-28T10:00:00.000Z')).toBe(0);
    expect(ask('2026-01-28T17:30:00.000Z')).toBe(1);
    // A past day is judged at its end, whenever it is asked.
    expect(ask('2026-02-05T10:00:00.000Z')).toBe(1);
    expect(ask()).toBe(1);
  });
});
