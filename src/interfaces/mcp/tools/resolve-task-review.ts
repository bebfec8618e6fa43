import { z } from 'zod';
import { EngineError } from '../../../core/index.js';
import {
  PATCH_REVIEW_ACTIONS,
  TASK_REVIEW_ACTIONS,
  taskReviewAnswered,
} from '../../../engine/index.js';
import { defineTool, reply } from './define-tool.js';
import { entityIdInput } from './views.js';

const ACTIONS = [...TASK_REVIEW_ACTIONS, ...PATCH_REVIEW_ACTIONS] as const;

/**
 * `resolve_task_review`: the answer to a stuck task's or a proposed patch's review item. A task
 * must belong to `entity_id`; patches are not per entity.
 */
export const resolveTaskReview = defineTool({
  name: 'resolve_task_review',
  title: 'Resolve task review',
  description: "Call only with the user's answer to a stuck task or a proposed patch.",
  input: {
    entity_id: entityIdInput,
    review_id: z.string().regex(/^(TASK|PATCH)-\d{8}-\d{3,}$/),
    action: z.enum(ACTIONS),
    note: z.string().min(1).max(1000).optional(),
  },
  output: {
    review_id: z.string(),
    kind: z.enum(['task', 'patch']),
    action: z.enum(ACTIONS),
    task: z.object({ id: z.string(), state: z.string() }).loose().optional(),
    patch: z.object({ patch_id: z.string(), status: z.string() }).loose().optional(),
  },
  scope: 'review',
  idempotent: false,
  async handler(args, engine) {
    if (args.review_id.startsWith('TASK-')) {
      const task = await engine.tasks.show(args.review_id);
      if (task.entity_id !== args.entity_id) {
        throw new EngineError(
          'NOT_FOUND',
          `no task review item ${args.review_id} for entity ${args.entity_id}`,
          { review_id: args.review_id, entity_id: args.entity_id },
        );
      }
    }
    const answer = await engine.tasks.answerReview(args.review_id, args.action, args.note);
    // As HTTP /api/task-reviews/:id: the live stream of a server this tool runs in hears of it.
    engine.events.publish(taskReviewAnswered(answer));
    const text =
      answer.kind === 'task'
        ? `${answer.task.id} ${answer.action}: ${answer.task.state}`
        : `${answer.patch.patch_id} ${answer.patch.status}`;
    return reply(JSON.parse(JSON.stringify(answer)) as Record<string, unknown>, text);
  },
});
