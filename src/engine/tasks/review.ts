// Task and patch items in the review queue.

import { compareTasks, EngineError, isTerminal } from '../../core/index.js';
import { readTask, readTasks } from '../../tasks/index.js';
import {
  awaitsReview,
  checkReviewAction,
  type PatchReviewItem,
  reviewKindOf,
  type TaskReviewAction,
  type TaskReviewAnswer,
  type TaskReviewItem,
  toPatchReviewItem,
  toTaskReviewItem,
} from '../task-reviews.js';
import { acknowledge, cancel, update } from './lifecycle.js';
import { reviewPatch } from './patches.js';
import type { TasksRuntime } from './runtime.js';
import { readPatches } from './runtime.js';

/** Tasks escalated to E3 or beyond and not acknowledged, and proposed patches. */
export async function reviewItems(rt: TasksRuntime): Promise<{
  readonly tasks: readonly TaskReviewItem[];
  readonly patches: readonly PatchReviewItem[];
}> {
  const open = await readTasks(rt.store, (state) => !isTerminal(state));
  return {
    tasks: open.filter(awaitsReview).sort(compareTasks).map(toTaskReviewItem),
    patches: (await readPatches(rt)).filter((p) => p.status === 'proposed').map(toPatchReviewItem),
  };
}

/** Answers one task or patch review item. */
export async function answerReview(
  rt: TasksRuntime,
  rawId: string,
  action: TaskReviewAction,
  note?: string,
): Promise<TaskReviewAnswer> {
  const id = rawId.trim().toUpperCase();
  const kind = reviewKindOf(id);
  if (kind === null) {
    throw new EngineError('NOT_FOUND', `no task or patch review item ${rawId}`, {
      review_id: rawId,
    });
  }
  checkReviewAction(kind, action, id);
  if (kind === 'patch') {
    const patch = await reviewPatch(rt, id, action === 'approve' ? 'approved' : 'rejected', note);
    return { kind, review_id: id, action, patch };
  }
  const task = await readTask(rt.store, id);
  if (task === null) throw new EngineError('NOT_FOUND', `no task ${id}`, { task_id: id });
  if (!awaitsReview(task)) {
    throw new EngineError('CONFLICT', `${id} is not waiting for review`, { task_id: id });
  }
  const meta = { actor: 'review' };
  if (action === 'cancel') {
    const reason = note?.trim() ?? '';
    if (reason === '') {
      throw new EngineError('VALIDATION_FAILED', `cancelling ${id} needs a reason`, {
        task_id: id,
      });
    }
    return { kind, review_id: id, action, task: await cancel(rt, id, reason, meta) };
  }
  if (action === 'unstick') {
    const step = note?.trim() ?? '';
    if (step === '') {
      throw new EngineError('VALIDATION_FAILED', `unsticking ${id} needs the next concrete step`, {
        task_id: id,
      });
    }
    await update(
      rt,
      id,
      { next_action: step },
      { ...meta, progress: true, reason: `unstuck in review: ${step}` },
    );
  }
  const acknowledged = await acknowledge(rt, id, {
    ...meta,
    reason: action === 'unstick' ? 'unstuck in review' : (note ?? 'acknowledged in review'),
  });
  return { kind, review_id: id, action, task: acknowledged };
}
