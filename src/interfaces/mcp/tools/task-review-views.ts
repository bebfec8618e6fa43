import { z } from 'zod';
import {
  PATCH_REVIEW_ACTIONS,
  type PatchReviewItem,
  TASK_REVIEW_ACTIONS,
  type TaskReviewItem,
} from '../../../engine/index.js';

/** A stuck task in the review queue, as `list_pending_reviews` returns it. */
export const taskReviewView = z
  .object({
    review_id: z.string(),
    kind: z.literal('task'),
    task_id: z.string(),
    entity_id: z.string(),
    title: z.string(),
    state: z.string(),
    priority: z.string().nullable(),
    due: z.string().nullable(),
    escalation_level: z.number().int(),
    escalated_at: z.string().nullable(),
    reason: z.string(),
    actions: z.array(z.enum(TASK_REVIEW_ACTIONS)),
  })
  .describe('A task escalated to E3 that waits for a person: acknowledge, cancel or unstick it.');

/** A proposed patch in the review queue, as `list_pending_reviews` returns it. */
export const patchReviewView = z
  .object({
    review_id: z.string(),
    kind: z.literal('patch'),
    patch_id: z.string(),
    title: z.string(),
    evidence: z.string(),
    change: z.object({ key: z.string() }).loose(),
    rollback_condition: z.object({}).loose(),
    proposed_at: z.string(),
    actions: z.array(z.enum(PATCH_REVIEW_ACTIONS)),
  })
  .describe('A patch the nightly loop proposed: approve (applies it) or reject it.');

/** Lines for people describing the task and patch items of the review queue. */
export function describeTaskReviews(
  tasks: readonly TaskReviewItem[],
  patches: readonly PatchReviewItem[],
): string[] {
  return [
    ...tasks.map((t) => `${t.task_id} (E${t.escalation_level}) "${t.title}": ${t.reason}`),
    ...patches.map((p) => `${p.patch_id}: ${p.title}`),
  ];
}
