/**
 * The tasks part of the `Store` contract: one row per task view (seed 004), derived from the
 * `task.*` ledger events by the fold, so a rebuild reproduces it and `exportDerived` compares it.
 * The columns the reconciler and the listings filter on (state, next check, priority, entity,
 * due) sit beside the view's canonical JSON and are indexed. Reached as `store.tasks` (committed
 * reads) and `tx.tasks` (inside a write). See docs/decisions/2026-11-26-task-table.md.
 * May import: core.
 */

import { canonicalJson, type Task, type TaskPriority, type TaskState } from '../core/index.js';

/** Which tasks to list; every given filter must hold. Ordered by task id. */
export interface TaskQuery {
  /** Only tasks in one of these states (an empty list matches none). */
  readonly states?: readonly TaskState[];
  readonly entityId?: string;
  /** Only tasks with one of these priorities (untriaged tasks have none and never match). */
  readonly priorities?: readonly TaskPriority[];
  /**
   * Only tasks whose check is due by this instant: `next_check` missing, or at or before it
   * (RFC 3339 UTC text, compared as text).
   */
  readonly checkDueBy?: string;
  /** Only tasks with a deadline (`due`) at or before this instant. */
  readonly dueBy?: string;
  /** Only tasks with a deadline strictly after this instant. */
  readonly dueAfter?: string;
  /** Only tasks whose current deadline was (true) or was not (false) logged as missed. */
  readonly deadlineMissed?: boolean;
  /** Only tasks whose last progress (`last_progress_at`) is strictly before this instant. */
  readonly progressBefore?: string;
  /** Only tasks whose escalation level is below this one. */
  readonly escalationBelow?: number;
  /** Only tasks whose escalation level is at least this one. */
  readonly escalationAtLeast?: number;
  /** Only untriaged tasks (no priority yet); combined with `priorities` it matches none. */
  readonly untriaged?: boolean;
  readonly limit?: number;
}

/** Read access to the task rows. */
export interface TaskReader {
  /** One task view by id (exact, upper case `TASK-YYYYMMDD-NNN`), or null. */
  getTask(taskId: string): Promise<Task | null>;
  /** Task views matching `query`, ordered by id. */
  listTasks(query?: TaskQuery): Promise<readonly Task[]>;
  /** The highest `NNN` used in `TASK-<yyyymmdd>-NNN` ids of that day; 0 when none. */
  lastTaskNumber(yyyymmdd: string): Promise<number>;
  /** Every task view, ordered by id (part of `exportDerived`). */
  exportTasks(): Promise<readonly Task[]>;
}

/** Writes to the task rows; only inside `withWriteLock`, and only by the fold. */
export interface TaskWriter extends TaskReader {
  /** Inserts or replaces the view of `task.id`, with its indexed columns. */
  putTask(task: Task): Promise<void>;
}

/**
 * The values of a task row in column order — task_id, entity_id, state, priority, next_check,
 * due, doc (canonical JSON) — for the adapters' upserts.
 */
export function taskRowValues(task: Task): readonly (string | null)[] {
  return [
    task.id,
    task.entity_id,
    task.state,
    task.priority,
    task.next_check,
    task.due,
    canonicalJson(task),
  ];
}
