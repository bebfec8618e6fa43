import { EngineError, isTerminal, REVIEW_ESCALATION_LEVEL, type Task } from '../core/index.js';
import type { Patch } from '../tasks/index.js';
import type { EngineEvent } from './engine-events.js';

/** How a person can answer a task's review item. */
export const TASK_REVIEW_ACTIONS = ['acknowledge', 'cancel', 'unstick'] as const;
/** How a person can answer a patch's review item. */
export const PATCH_REVIEW_ACTIONS = ['approve', 'reject'] as const;

/** An answer to an item of the review queue that a task or a patch raised. */
export type TaskReviewAction =
  | (typeof TASK_REVIEW_ACTIONS)[number]
  | (typeof PATCH_REVIEW_ACTIONS)[number];

/**
 * What every item of the review queue carries, whatever raised it: the id an answer names, what
 * raised it, a title to show and the answers it accepts.
 */
interface ReviewQueueEntry<Kind extends string, Action extends TaskReviewAction> {
  /** The task or patch id; answers name it. */
  readonly review_id: string;
  readonly kind: Kind;
  readonly title: string;
  readonly actions: readonly Action[];
}

/** A stuck task (E3 or above, not yet acknowledged) waiting in the review queue. */
export interface TaskReviewItem
  extends ReviewQueueEntry<'task', (typeof TASK_REVIEW_ACTIONS)[number]>,
    Pick<Task, 'entity_id' | 'state' | 'priority' | 'due' | 'escalated_at'> {
  readonly task_id: string;
  readonly escalation_level: number;
  /** Why the reconciler escalated it (the last history entry's detail). */
  readonly reason: string;
}

/** A proposed patch waiting in the review queue. */
export type PatchReviewItem = ReviewQueueEntry<'patch', (typeof PATCH_REVIEW_ACTIONS)[number]> &
  Pick<Patch, 'patch_id' | 'evidence' | 'change' | 'rollback_condition' | 'proposed_at'>;

/** What every answer says: what raised the item, its id and the answer given. */
interface ReviewAnswerOf<Kind extends string> {
  readonly kind: Kind;
  readonly review_id: string;
  readonly action: TaskReviewAction;
}

/** What an answer did: the task or the patch after it. */
export type TaskReviewAnswer =
  | (ReviewAnswerOf<'task'> & { readonly task: Task })
  | (ReviewAnswerOf<'patch'> & { readonly patch: Patch });

/**
 * The live `review.answered` event for `answer`, published by whichever surface took it in-process
 * (HTTP `/api/task-reviews/:id`, MCP `resolve_task_review`): task and patch answers are task
 * events, not `review.answered` ledger events, so the ledger watcher does not announce them. A
 * stuck task is named with the inbox's kind for it, as the inbox announces its own answers.
 */
export function taskReviewAnswered(answer: TaskReviewAnswer): EngineEvent {
  return {
    type: 'review.answered',
    entity_id: answer.kind === 'task' ? answer.task.entity_id : null,
    data: {
      kind: answer.kind === 'task' ? 'task_escalation' : 'patch',
      id: answer.review_id,
      action: answer.action,
    },
  };
}

/**
 * Whether a task waits in the review queue: open, escalated to E3 or beyond, and not acknowledged
 * since. Derived from the folded task alone, so the queue rebuilds with the ledger.
 */
export function awaitsReview(task: Task): boolean {
  return (
    !isTerminal(task.state) &&
    task.escalation_level >= REVIEW_ESCALATION_LEVEL &&
    task.acknowledged_at === null
  );
}

function lastEscalationReason(task: Task): string {
  for (let i = task.history.length - 1; i >= 0; i -= 1) {
    const entry = task.history[i];
    if (entry !== undefined && entry.event === 'task.escalated') return entry.detail;
  }
  return `escalated to E${task.escalation_level}`;
}

/** The review item of a task that awaits review. */
export function toTaskReviewItem(task: Task): TaskReviewItem {
  return {
    review_id: task.id,
    kind: 'task',
    task_id: task.id,
    entity_id: task.entity_id,
    title: task.title,
    state: task.state,
    priority: task.priority,
    due: task.due,
    escalation_level: task.escalation_level,
    escalated_at: task.escalated_at,
    reason: lastEscalationReason(task),
    actions: TASK_REVIEW_ACTIONS,
  };
}

/** The review item of a proposed patch. */
export function toPatchReviewItem(patch: Patch): PatchReviewItem {
  return {
    review_id: patch.patch_id,
    kind: 'patch',
    patch_id: patch.patch_id,
    title: patch.title,
    evidence: patch.evidence,
    change: patch.change,
    rollback_condition: patch.rollback_condition,
    proposed_at: patch.proposed_at,
    actions: PATCH_REVIEW_ACTIONS,
  };
}

/** Which kind of review item an id names (`TASK-…` or `PATCH-…`), or null for a state prompt. */
export function reviewKindOf(id: string): 'task' | 'patch' | null {
  const upper = id.trim().toUpperCase();
  if (/^TASK-\d{8}-\d+$/.test(upper)) return 'task';
  if (/^PATCH-\d{8}-\d+$/.test(upper)) return 'patch';
  return null;
}

/** Refuses an action that does not fit the item's kind. */
export function checkReviewAction(kind: 'task' | 'patch', action: string, id: string): void {
  const allowed: readonly string[] = kind === 'task' ? TASK_REVIEW_ACTIONS : PATCH_REVIEW_ACTIONS;
  if (!allowed.includes(action)) {
    throw new EngineError(
      'VALIDATION_FAILED',
      `${id} is a ${kind} review item; answer it with ${allowed.join(', ')}`,
      { review_id: id, action },
    );
  }
}
