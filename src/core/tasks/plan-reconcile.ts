import { HOUR_MS, parseRfc3339, toIso } from '../time.js';
import {
  DEFAULT_STALE_HOURS,
  type EscalationLevel,
  isTerminal,
  type Task,
  type TaskPriority,
  type TaskState,
} from './task.js';

/** Incident types of seed 004. */
export const INCIDENT_TYPES = [
  'MISSED_DEADLINE',
  'TASK_STUCK',
  'WRONG_RECALL',
  'BAD_EXTRACTION',
  'EXECUTION_FAILURE',
  'QUALITY_REGRESSION',
] as const;

/** An incident type. */
export type IncidentType = (typeof INCIDENT_TYPES)[number];

/** Tunable reconciler parameters; parameter patches change them through config events. */
export interface ReconcileSettings {
  /** Hours without progress after which a task is stale, by priority (untriaged: P2's). */
  readonly staleHours: Readonly<Record<TaskPriority, number>>;
  /** A deadline this close, on a task not in work, raises E1 (seed: 24 h). */
  readonly dueSoonHours: number;
  /** The dead-man alert repeats this often until acknowledged (seed: 2 h). */
  readonly deadManRepeatHours: number;
  /** Hours to the next check after the reconciler acted, by priority (untriaged: P2's). */
  readonly checkEveryHours: Readonly<Record<TaskPriority, number>>;
}

/** The seed's thresholds. */
export const DEFAULT_RECONCILE_SETTINGS: ReconcileSettings = {
  staleHours: DEFAULT_STALE_HOURS,
  dueSoonHours: 24,
  deadManRepeatHours: 2,
  checkEveryHours: { P0: 1, P1: 4, P2: 24, P3: 72 },
};

/** What a notification is about. */
export type NotificationTopic =
  | 'ready'
  | 'due_soon'
  | 'followup_due'
  | 'blocked'
  | 'stale'
  | 'overdue'
  | 'dead_man';

/** One thing the reconciler decided to do, with why. */
export type ReconcileAction =
  | {
      readonly kind: 'set_next_check';
      readonly task_id: string;
      readonly next_check: string;
      readonly reason: string;
    }
  | {
      readonly kind: 'notify';
      readonly task_id: string;
      readonly topic: NotificationTopic;
      readonly message: string;
      /** Same key, same notification: sent once. */
      readonly dedupe_key: string;
      readonly reason: string;
      /** A follow-up message drafted for the person waited on (WAITING_EXTERNAL). */
      readonly draft: string | null;
    }
  | {
      readonly kind: 'escalate';
      readonly task_id: string;
      readonly level: EscalationLevel;
      readonly reason: string;
    }
  | {
      readonly kind: 'log_incident';
      readonly task_id: string;
      readonly type: IncidentType;
      readonly severity: 'low' | 'medium' | 'high';
      readonly reason: string;
    }
  | {
      readonly kind: 'create_subtask';
      readonly task_id: string;
      readonly title: string;
      readonly reason: string;
    };

function hoursOf(priority: TaskPriority | null, table: Readonly<Record<TaskPriority, number>>) {
  return table[priority ?? 'P2'];
}

function ms(text: string | null): number | null {
  return text === null ? null : parseRfc3339(text);
}

function ago(now: number, then: number): string {
  return `${Math.round(((now - then) / HOUR_MS) * 10) / 10} h`;
}

/** Whether a P0 task holds the dead-man switch (E4 and still open). */
export function holdsDeadMan(task: Task): boolean {
  return task.priority === 'P0' && task.escalation_level === 4 && !isTerminal(task.state);
}

/**
 * Why a task holding the dead-man switch holds it, true at any time: "is overdue (due …)" while
 * the deadline it missed is still its due date; once the due date was moved, "missed an earlier
 * deadline; now due …". Moving the deadline does not release the switch: only DONE or CANCELLED
 * do, so a P0 cannot slip out of it by rescheduling alone.
 */
export function deadManStanding(task: Task): string {
  if (task.deadline_missed) return `is overdue (due ${task.due ?? '?'})`;
  return task.due === null
    ? 'missed an earlier deadline; now has no due date'
    : `missed an earlier deadline; now due ${task.due}`;
}

/** The drafted follow-up for a WAITING_EXTERNAL task. */
export function draftFollowup(task: Task): string {
  const who = task.who_waiting_on ?? 'there';
  const since = task.last_followup === null ? '' : ` since ${task.last_followup.slice(0, 10)}`;
  return `Hi ${who}, checking in on "${task.title}": I have not heard back${since}. Could you send an update or tell me when to expect one?`;
}

/**
 * Plans one reconciler pass over `tasks` at `now` (seed 004): every open task gets a next_check
 * (missing → now); a missed deadline logs MISSED_DEADLINE once and bumps the escalation (a P0
 * straight to E4, the dead-man switch); a deadline within `dueSoonHours` on a task not in work
 * raises E1; a task without progress for its priority's stale hours climbs one rung (E1 notify,
 * E2 unstick subtask, E3 TASK_STUCK incident for review), each rung after another stale period;
 * an unacknowledged dead-man alert repeats every `deadManRepeatHours`; and a task whose
 * next_check has passed gets its state's action (READY notify, WAITING_EXTERNAL follow-up per
 * cadence, BLOCKED_INTERNAL escalation with the blocking question) and a new next_check. Pure:
 * the same tasks, instant and settings give the same actions, ordered by task id.
 */
export function planReconcile(
  tasks: readonly Task[],
  now: number,
  settings: ReconcileSettings = DEFAULT_RECONCILE_SETTINGS,
): ReconcileAction[] {
  const actions: ReconcileAction[] = [];
  const ordered = [...tasks].filter((t) => !isTerminal(t.state));
  ordered.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const task of ordered) actions.push(...planTask(task, now, settings));
  return actions;
}

/** One task's pass: the actions so far and the escalation level they have reached. */
interface TaskPlan {
  readonly task: Task;
  readonly now: number;
  readonly settings: ReconcileSettings;
  readonly out: ReconcileAction[];
  /** The escalation level after the actions so far (starts at the task's). */
  level: EscalationLevel;
}

function escalate(plan: TaskPlan, to: EscalationLevel, reason: string): void {
  plan.level = to;
  plan.out.push({ kind: 'escalate', task_id: plan.task.id, level: to, reason });
}

function notify(
  plan: TaskPlan,
  topic: NotificationTopic,
  message: string,
  key: string,
  reason: string,
): void {
  const id = plan.task.id;
  plan.out.push({
    kind: 'notify',
    task_id: id,
    topic,
    message,
    dedupe_key: `notify:${id}:${topic}:${key}`,
    reason,
    draft: null,
  });
}

/** When the task last progressed (none recorded → now). */
function progressOf(plan: TaskPlan): number {
  return ms(plan.task.last_progress_at) ?? plan.now;
}

function planTask(task: Task, now: number, settings: ReconcileSettings): ReconcileAction[] {
  const plan: TaskPlan = { task, now, settings, out: [], level: task.escalation_level };
  planDeadline(plan);
  planStaleRung(plan);
  planDeadManRepeat(plan);
  planCheck(plan);
  return plan.out;
}

/** A missed deadline (once) or a deadline close on a task not in work. */
function planDeadline(plan: TaskPlan): void {
  const { task, now, settings } = plan;
  const due = ms(task.due);
  if (due !== null && now > due && !task.deadline_missed) planMissedDeadline(plan, due);
  else if (
    due !== null &&
    now <= due &&
    due - now <= settings.dueSoonHours * HOUR_MS &&
    task.state !== 'EXECUTING' &&
    task.state !== 'VERIFYING' &&
    plan.level < 1
  ) {
    const reason = `due within ${settings.dueSoonHours} h (${task.due}) and not being worked on (${task.state})`;
    escalate(plan, 1, reason);
    notify(
      plan,
      'due_soon',
      `Task ${task.id} "${task.title}" is due ${task.due} and not started.`,
      `${task.due}`,
      reason,
    );
  }
}

/** MISSED_DEADLINE, then the dead-man switch for a P0 or one rung up (at most E3) otherwise. */
function planMissedDeadline(plan: TaskPlan, due: number): void {
  const { task, now } = plan;
  const id = task.id;
  const reason = `overdue: due ${task.due}, ${ago(now, due)} ago, state ${task.state}`;
  plan.out.push({
    kind: 'log_incident',
    task_id: id,
    type: 'MISSED_DEADLINE',
    severity: task.priority === 'P0' || task.priority === 'P1' ? 'high' : 'medium',
    reason,
  });
  if (task.priority === 'P0') {
    escalate(plan, 4, `P0 overdue: dead-man switch (${reason})`);
    notify(
      plan,
      'dead_man',
      `BLOCKED: P0 task ${id} "${task.title}" is overdue. Resolve it before other work.`,
      `${toIso(now)}`,
      reason,
    );
    return;
  }
  const next = Math.min(Math.max(plan.level, 0) + 1, 3) as EscalationLevel;
  if (next > plan.level) escalate(plan, next, reason);
  notify(
    plan,
    'overdue',
    `Task ${id} "${task.title}" is overdue (due ${task.due}).`,
    `${task.due}`,
    reason,
  );
}

/** A stale task climbs one rung (E1 reminder, E2 unstick subtask, E3 TASK_STUCK) per stale period. */
function planStaleRung(plan: TaskPlan): void {
  const { task, now, settings } = plan;
  const level = plan.level;
  const staleHours = hoursOf(task.priority, settings.staleHours);
  const progress = progressOf(plan);
  const sinceEscalation = ms(task.escalated_at);
  const stale = now - progress > staleHours * HOUR_MS;
  const rungDue =
    level === 0 || sinceEscalation === null || now - sinceEscalation > staleHours * HOUR_MS;
  if (!(stale && level < 3 && rungDue && level === task.escalation_level)) return;
  const id = task.id;
  const next = (level + 1) as EscalationLevel;
  const reason = `no progress for ${ago(now, progress)} (${task.priority ?? 'untriaged'} limit ${staleHours} h)`;
  escalate(plan, next, reason);
  if (next === 1) {
    notify(
      plan,
      'stale',
      `Reminder: task ${id} "${task.title}" has had no progress for ${ago(now, progress)}.`,
      'E1',
      reason,
    );
  } else if (next === 2) {
    plan.out.push({
      kind: 'create_subtask',
      task_id: id,
      title: `Unstick ${id}: find the next concrete step for "${task.title}"`,
      reason,
    });
    notify(
      plan,
      'stale',
      `Task ${id} "${task.title}" is still stuck; an unstick subtask was created.`,
      'E2',
      reason,
    );
  } else {
    plan.out.push({
      kind: 'log_incident',
      task_id: id,
      type: 'TASK_STUCK',
      severity: 'medium',
      reason,
    });
    notify(
      plan,
      'stale',
      `Task ${id} "${task.title}" is stuck after two reminders; please review it.`,
      'E3',
      reason,
    );
  }
}

/** An unacknowledged dead-man alert repeats every `deadManRepeatHours`. */
function planDeadManRepeat(plan: TaskPlan): void {
  const { task, now, settings } = plan;
  if (!holdsDeadMan(task) || task.acknowledged_at !== null) return;
  const last = ms(task.escalated_at);
  if (last === null || now - last < settings.deadManRepeatHours * HOUR_MS) return;
  const reason = `dead-man alert unacknowledged since ${task.escalated_at}`;
  escalate(plan, 4, reason);
  notify(
    plan,
    'dead_man',
    `BLOCKED: P0 task ${task.id} "${task.title}" ${deadManStanding(task)}, unacknowledged.`,
    toIso(now),
    reason,
  );
}

/** A passed (or missing) next_check: the state's action, then the next check. */
function planCheck(plan: TaskPlan): void {
  const { task, now, settings } = plan;
  const check = ms(task.next_check);
  if (check !== null && now < check) return;
  const checkKey = task.next_check ?? toIso(now);
  const defaultNext = now + hoursOf(task.priority, settings.checkEveryHours) * HOUR_MS;
  const nextCheck = CHECK_BY_STATE[task.state]?.(plan, checkKey, defaultNext) ?? defaultNext;
  plan.out.push({
    kind: 'set_next_check',
    task_id: task.id,
    next_check: toIso(nextCheck),
    reason:
      (check === null ? 'task had no next_check (counted as now); ' : '') +
      `checked at ${toIso(now)}; next check in ${Math.round((nextCheck - now) / HOUR_MS)} h`,
  });
}

/** A state's action at a passed check; returns the next check when it differs from the default. */
type CheckStep = (plan: TaskPlan, checkKey: string, defaultNext: number) => number | undefined;

const CHECK_BY_STATE: Partial<Record<TaskState, CheckStep>> = {
  READY: (plan, checkKey) => {
    const { task } = plan;
    notify(
      plan,
      'ready',
      `Task ${task.id} "${task.title}" is ready to work on.`,
      checkKey,
      'next_check passed while READY',
    );
    return undefined;
  },
  WAITING_EXTERNAL: (plan, checkKey) => {
    const { task, now } = plan;
    const id = task.id;
    const cadence = (task.followup_cadence_hours ?? 24) * HOUR_MS;
    const last = ms(task.last_followup) ?? progressOf(plan);
    if (now - last < cadence) return last + cadence;
    const reason = `no follow-up to ${task.who_waiting_on ?? 'them'} for ${ago(now, last)} (cadence ${task.followup_cadence_hours ?? 24} h)`;
    plan.out.push({
      kind: 'notify',
      task_id: id,
      topic: 'followup_due',
      message: `Follow-up due on ${id} "${task.title}" (waiting on ${task.who_waiting_on ?? 'someone'}).`,
      dedupe_key: `notify:${id}:followup_due:${checkKey}`,
      reason,
      draft: draftFollowup(task),
    });
    return now + cadence;
  },
  BLOCKED_INTERNAL: (plan, checkKey) => {
    const { task } = plan;
    const reason = `blocked: ${task.blocking_question ?? 'no blocking question recorded'}`;
    if (plan.level < 3 && plan.level === task.escalation_level)
      escalate(plan, (plan.level + 1) as EscalationLevel, reason);
    notify(
      plan,
      'blocked',
      `Task ${task.id} "${task.title}" is blocked: ${task.blocking_question ?? '?'}`,
      checkKey,
      reason,
    );
    return undefined;
  },
};
