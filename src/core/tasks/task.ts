/**
 * The task model of seed 004: states, priorities, the fields each state requires, and the legal
 * transitions between states. Task views are snake_case because they are what every surface
 * (CLI `--json`, HTTP, MCP, the `tasks/` files) shows as is.
 */

/** Every task state. DONE and CANCELLED are terminal. */
export const TASK_STATES = [
  'CAPTURED',
  'TRIAGED',
  'PLANNED',
  'READY',
  'EXECUTING',
  'VERIFYING',
  'DONE',
  'WAITING_EXTERNAL',
  'BLOCKED_INTERNAL',
  'CANCELLED',
] as const;

/** A task state. */
export type TaskState = (typeof TASK_STATES)[number];

/** Task priorities, P0 (critical) to P3 (ephemeral). */
export const TASK_PRIORITIES = ['P0', 'P1', 'P2', 'P3'] as const;

/** A task priority. */
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

/** Escalation levels E0 (visible) to E4 (the P0 dead-man switch). */
export type EscalationLevel = 0 | 1 | 2 | 3 | 4;

/** The escalation rung at which a stuck task becomes an item of the review queue (seed 004: E3). */
export const REVIEW_ESCALATION_LEVEL: EscalationLevel = 3;

/** Where a task came from: a message, an extracted state item, or a person typing it. */
export interface TaskProvenance {
  /** `message`, `state_item`, `manual`, `reconciler` (an unstick subtask). */
  readonly source: string;
  /** `thread:<t>:msg:<m>`, `item:<thread>:<uid>`, a parent task id, or ''. */
  readonly ref: string;
  /** The words the task was drawn from, when it came from text. */
  readonly quote: string | null;
}

/** One line of a task's own history. */
export interface TaskHistoryEntry {
  readonly at: string;
  /** The ledger event type (`task.moved`, …). */
  readonly event: string;
  readonly detail: string;
  readonly actor: string;
}

/** The fields a caller may set on a task (creation, a move, or an update). */
export interface TaskFields {
  readonly title?: string;
  readonly description?: string;
  readonly priority?: TaskPriority;
  /** RFC 3339 deadline. */
  readonly due?: string;
  readonly definition_of_done?: readonly string[];
  readonly next_action?: string;
  /** RFC 3339 instant the reconciler next looks at the task. */
  readonly next_check?: string;
  readonly who_waiting_on?: string;
  /** Hours between follow-ups while WAITING_EXTERNAL. */
  readonly followup_cadence_hours?: number;
  /** RFC 3339 instant of the last follow-up sent. */
  readonly last_followup?: string;
  /** The question that blocks a BLOCKED_INTERNAL task. */
  readonly blocking_question?: string;
  /** A file path, a message link or a text summary proving the task done. */
  readonly completion_proof?: string;
  readonly owner?: string;
}

/** The derived view of one task. */
export interface Task {
  /** `TASK-YYYYMMDD-NNN`. */
  readonly id: string;
  readonly entity_id: string;
  readonly title: string;
  readonly description: string;
  readonly state: TaskState;
  readonly priority: TaskPriority | null;
  readonly due: string | null;
  readonly definition_of_done: readonly string[];
  readonly next_action: string | null;
  readonly next_check: string | null;
  readonly who_waiting_on: string | null;
  readonly followup_cadence_hours: number | null;
  readonly last_followup: string | null;
  readonly blocking_question: string | null;
  readonly completion_proof: string | null;
  readonly cancel_reason: string | null;
  readonly owner: string | null;
  /** The task this one was split from (an "unstick" subtask), or null. */
  readonly parent_id: string | null;
  readonly provenance: TaskProvenance;
  readonly escalation_level: EscalationLevel;
  /** When the level last changed (or the dead-man alert was last repeated). */
  readonly escalated_at: string | null;
  /** When a person acknowledged the current escalation; reset by the next bump. */
  readonly acknowledged_at: string | null;
  /** A MISSED_DEADLINE incident was logged for the current `due`. */
  readonly deadline_missed: boolean;
  readonly created_at: string;
  readonly updated_at: string;
  /** Last state change or explicit progress; staleness is measured from here. */
  readonly last_progress_at: string;
  /** First move past TRIAGED/PLANNED into work (READY or later), for time-to-first-action. */
  readonly first_action_at: string | null;
  readonly completed_at: string | null;
  readonly history: readonly TaskHistoryEntry[];
}

/** States a task never leaves. */
export function isTerminal(state: TaskState): boolean {
  return state === 'DONE' || state === 'CANCELLED';
}

/** Whether `text` names a task state. */
export function isTaskState(text: string): text is TaskState {
  return (TASK_STATES as readonly string[]).includes(text);
}

/** Whether `text` names a priority. */
export function isTaskPriority(text: string): text is TaskPriority {
  return (TASK_PRIORITIES as readonly string[]).includes(text);
}

/**
 * Legal moves besides CANCELLED (allowed from every non-terminal state). The forward path is
 * seed 004's; WAITING_EXTERNAL and BLOCKED_INTERNAL are side states entered from READY,
 * EXECUTING or VERIFYING and left back into work; VERIFYING may fall back to EXECUTING when the
 * proof does not hold.
 */
export const TASK_TRANSITIONS: Readonly<Record<TaskState, readonly TaskState[]>> = {
  CAPTURED: ['TRIAGED'],
  TRIAGED: ['PLANNED'],
  PLANNED: ['READY', 'WAITING_EXTERNAL', 'BLOCKED_INTERNAL'],
  READY: ['EXECUTING', 'WAITING_EXTERNAL', 'BLOCKED_INTERNAL'],
  EXECUTING: ['VERIFYING', 'WAITING_EXTERNAL', 'BLOCKED_INTERNAL'],
  VERIFYING: ['DONE', 'EXECUTING', 'BLOCKED_INTERNAL'],
  WAITING_EXTERNAL: ['READY', 'EXECUTING', 'VERIFYING'],
  BLOCKED_INTERNAL: ['READY', 'EXECUTING', 'VERIFYING'],
  DONE: [],
  CANCELLED: [],
};

/** The fields a task must hold on entering each state (seed 004), beyond title and id. */
export const REQUIRED_FIELDS: Readonly<Record<TaskState, readonly (keyof TaskFields)[]>> = {
  CAPTURED: [],
  TRIAGED: ['priority', 'due', 'definition_of_done'],
  PLANNED: ['next_action', 'next_check'],
  READY: [],
  EXECUTING: [],
  VERIFYING: [],
  DONE: ['completion_proof'],
  WAITING_EXTERNAL: ['who_waiting_on', 'followup_cadence_hours', 'last_followup'],
  BLOCKED_INTERNAL: ['blocking_question'],
  CANCELLED: [],
};

/** Hours without progress after which a task counts as stale, by priority (seed 004). */
export const DEFAULT_STALE_HOURS: Readonly<Record<TaskPriority, number>> = {
  P0: 6,
  P1: 24,
  P2: 72,
  P3: 168,
};
