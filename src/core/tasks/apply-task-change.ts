import { EngineError, err, ok, type Result } from '../errors.js';
import { parseRfc3339, toIso } from '../time.js';
import {
  type EscalationLevel,
  isTaskPriority,
  isTerminal,
  REQUIRED_FIELDS,
  TASK_TRANSITIONS,
  type Task,
  type TaskFields,
  type TaskProvenance,
  type TaskState,
} from './task.js';

/** The history a task keeps in its view; older lines stay in the ledger. */
export const MAX_TASK_HISTORY = 50;

/** Who did something, when, and why: the common part of every task change. */
export interface TaskChangeMeta {
  /** RFC 3339 instant of the change. */
  readonly at: string;
  readonly actor: string;
  readonly reason: string;
}

function invalid(message: string, details: Record<string, string | number>): EngineError {
  return new EngineError('VALIDATION_FAILED', message, details);
}

const TIME_FIELDS = ['due', 'next_check', 'last_followup'] as const;

/** Normalises and checks caller-set fields: instants are RFC 3339, texts are not blank. */
export function checkTaskFields(fields: TaskFields): Result<TaskFields> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if ((TIME_FIELDS as readonly string[]).includes(key)) {
      const ms = parseRfc3339(String(value));
      if (ms === null) return err(invalid(`${key} must be an RFC 3339 instant`, { field: key }));
      out[key] = toIso(ms);
    } else if (key === 'priority') {
      if (!isTaskPriority(String(value))) {
        return err(invalid('priority must be one of P0, P1, P2, P3', { field: key }));
      }
      out[key] = value;
    } else if (key === 'followup_cadence_hours') {
      if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
        return err(invalid('followup_cadence_hours must be a positive number', { field: key }));
      }
      out[key] = value;
    } else if (key === 'definition_of_done') {
      const items = (value as readonly string[]).map((s) => s.trim()).filter((s) => s !== '');
      out[key] = items;
    } else {
      const text = String(value).trim();
      if (text === '') return err(invalid(`${key} must not be blank`, { field: key }));
      out[key] = text;
    }
  }
  return ok(out as TaskFields);
}

function withFields(task: Task, fields: TaskFields): Task {
  // A new deadline is a new chance: its miss has not been logged yet.
  const missed = fields.due !== undefined && fields.due !== task.due ? false : task.deadline_missed;
  return { ...task, ...fields, deadline_missed: missed } as Task;
}

function hasField(task: Task, field: keyof TaskFields): boolean {
  const value = task[field];
  if (value === null || value === undefined) return false;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

function appendHistory(task: Task, event: string, detail: string, meta: TaskChangeMeta): Task {
  const history = [...task.history, { at: meta.at, event, detail, actor: meta.actor }];
  return {
    ...task,
    updated_at: meta.at,
    history: history.slice(Math.max(0, history.length - MAX_TASK_HISTORY)),
  };
}

/** What a new task starts from. */
export interface NewTask {
  readonly id: string;
  readonly entity_id: string;
  readonly title: string;
  readonly fields: TaskFields;
  readonly provenance: TaskProvenance;
  readonly parent_id: string | null;
}

/** Builds a CAPTURED task. Fails on a blank title or a malformed field. */
export function createTask(input: NewTask, meta: TaskChangeMeta): Result<Task> {
  const title = input.title.trim();
  if (title === '') return err(invalid('a task needs a title', { task_id: input.id }));
  const checked = checkTaskFields(input.fields);
  if (!checked.ok) return checked;
  const base: Task = {
    id: input.id,
    entity_id: input.entity_id,
    title,
    description: '',
    state: 'CAPTURED',
    priority: null,
    due: null,
    definition_of_done: [],
    next_action: null,
    next_check: null,
    who_waiting_on: null,
    followup_cadence_hours: null,
    last_followup: null,
    blocking_question: null,
    completion_proof: null,
    cancel_reason: null,
    owner: null,
    parent_id: input.parent_id,
    provenance: input.provenance,
    escalation_level: 0,
    escalated_at: null,
    acknowledged_at: null,
    deadline_missed: false,
    created_at: meta.at,
    updated_at: meta.at,
    last_progress_at: meta.at,
    first_action_at: null,
    completed_at: null,
    history: [],
  };
  return ok(appendHistory(withFields(base, checked.value), 'task.created', meta.reason, meta));
}

const WORK_STATES: readonly TaskState[] = ['READY', 'EXECUTING', 'VERIFYING', 'DONE'];

/**
 * The refusal of a change to a closed (DONE or CANCELLED) task: the state machine rejects the
 * request (VALIDATION_FAILED, like an illegal move), whatever raced before it.
 */
function closedRefusal(
  task: Task,
  refusal: string,
  details: Record<string, string>,
): Result<never> {
  return err(
    new EngineError('VALIDATION_FAILED', `${task.id} is ${task.state}; a closed task ${refusal}`, {
      task_id: task.id,
      ...details,
    }),
  );
}

/**
 * Moves a task to `to`, setting `fields` first. Refuses (VALIDATION_FAILED, the request is wrong
 * for the task's state, so the CLI exits 3 like any rejected input) a move the state machine does
 * not allow, a move out of a terminal state, a move whose target state lacks a required field, and
 * a cancellation without a reason. A move is progress: it resets
 * staleness; reaching DONE or CANCELLED clears the escalation.
 */
export function moveTask(
  task: Task,
  to: TaskState,
  fields: TaskFields,
  meta: TaskChangeMeta,
): Result<Task> {
  if (isTerminal(task.state)) {
    return closedRefusal(task, 'does not move', { from: task.state, to });
  }
  if (to === 'CANCELLED') {
    if (meta.reason.trim() === '') {
      return err(invalid(`cancelling ${task.id} needs a reason`, { task_id: task.id }));
    }
  } else if (!TASK_TRANSITIONS[task.state].includes(to)) {
    const allowed = [...TASK_TRANSITIONS[task.state], 'CANCELLED'].join(', ');
    return err(
      new EngineError(
        'VALIDATION_FAILED',
        `${task.id} cannot move from ${task.state} to ${to}; allowed: ${allowed}`,
        { task_id: task.id, from: task.state, to },
      ),
    );
  }
  const checked = checkTaskFields(fields);
  if (!checked.ok) return checked;
  const next = withFields(task, checked.value);
  const missing = REQUIRED_FIELDS[to].filter((field) => !hasField(next, field));
  if (missing.length > 0) {
    return err(
      invalid(`${task.id} cannot enter ${to} without ${missing.join(', ')}`, {
        task_id: task.id,
        to,
        missing: missing.join(','),
      }),
    );
  }
  const closed = to === 'DONE' || to === 'CANCELLED';
  const moved: Task = {
    ...next,
    state: to,
    last_progress_at: meta.at,
    first_action_at:
      next.first_action_at ?? (WORK_STATES.includes(to) && to !== 'DONE' ? meta.at : null),
    completed_at: closed ? meta.at : null,
    cancel_reason: to === 'CANCELLED' ? meta.reason.trim() : next.cancel_reason,
    ...(closed ? { escalation_level: 0 as EscalationLevel, next_check: null } : {}),
  };
  const detail = `${task.state} → ${to}${meta.reason === '' ? '' : `: ${meta.reason}`}`;
  return ok(appendHistory(moved, 'task.moved', detail, meta));
}

/**
 * Sets fields without a state change (a new next_check, a follow-up sent). `progress` marks real
 * progress (resets staleness); the reconciler's bookkeeping is not progress. Closed tasks refuse.
 */
export function updateTask(
  task: Task,
  fields: TaskFields,
  progress: boolean,
  meta: TaskChangeMeta,
): Result<Task> {
  if (isTerminal(task.state)) {
    return closedRefusal(task, 'is not updated', {});
  }
  const checked = checkTaskFields(fields);
  if (!checked.ok) return checked;
  const next = withFields(task, checked.value);
  const missing = REQUIRED_FIELDS[task.state].filter((field) => !hasField(next, field));
  if (missing.length > 0) {
    return err(
      invalid(`${task.id} in ${task.state} cannot lose ${missing.join(', ')}`, {
        task_id: task.id,
      }),
    );
  }
  const updated = progress ? { ...next, last_progress_at: meta.at } : next;
  const detail = Object.keys(checked.value).sort().join(', ');
  return ok(appendHistory(updated, 'task.updated', meta.reason || `set ${detail}`, meta));
}

/** Raises (or, at the same level, repeats) a task's escalation; clears any acknowledgement. */
export function escalateTask(task: Task, level: EscalationLevel, meta: TaskChangeMeta): Task {
  const raised: Task = {
    ...task,
    escalation_level: level,
    escalated_at: meta.at,
    acknowledged_at: level > task.escalation_level ? null : task.acknowledged_at,
  };
  return appendHistory(raised, 'task.escalated', `E${level}: ${meta.reason}`, meta);
}

/** Records that a person saw the current escalation (stops the dead-man alert repeating). */
export function acknowledgeTask(task: Task, meta: TaskChangeMeta): Result<Task> {
  if (task.escalation_level === 0) {
    return err(
      new EngineError('CONFLICT', `${task.id} has no escalation to acknowledge`, {
        task_id: task.id,
      }),
    );
  }
  return ok(
    appendHistory(
      { ...task, acknowledged_at: meta.at },
      'task.acknowledged',
      meta.reason || 'acknowledged',
      meta,
    ),
  );
}

/** Adds a line to a task's history (a notification, a drafted follow-up), nothing else. */
export function noteTask(task: Task, event: string, meta: TaskChangeMeta): Task {
  return appendHistory(task, event, meta.reason, meta);
}

/** Marks the task's current deadline as missed (its incident was logged). */
export function markDeadlineMissed(task: Task, meta: TaskChangeMeta): Task {
  return appendHistory({ ...task, deadline_missed: true }, 'incident.logged', meta.reason, meta);
}

/** Formats a task id: `TASK-YYYYMMDD-NNN` (at least three digits). */
export function formatTaskId(day: string, sequence: number): string {
  return `TASK-${day.replace(/-/g, '').slice(0, 8)}-${String(sequence).padStart(3, '0')}`;
}

/** Task id pattern. */
export const TASK_ID_PATTERN = /^TASK-\d{8}-\d{3,}$/;
