import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { EngineError } from '../../core/index.js';
import {
  type Engine,
  PATCH_REVIEW_ACTIONS,
  type PatchReviewItem,
  TASK_REVIEW_ACTIONS,
  type TaskReviewItem,
} from '../../engine/index.js';
import { entityIdInput } from './tool-schemas.js';

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

const ACTIONS = [...TASK_REVIEW_ACTIONS, ...PATCH_REVIEW_ACTIONS] as const;

/**
 * Registers `resolve_task_review`: the answer to a stuck task's or a proposed patch's item of the
 * review queue (the items `list_pending_reviews` lists under `tasks` and `patches`). A task must
 * belong to `entity_id`; patches are not per entity. Inputs are
 * strict objects; `guard` maps thrown errors to tool errors.
 */
export function registerTaskReviewTools(
  server: McpServer,
  engine: Engine,
  guard: (tool: string, fn: () => Promise<CallToolResult>) => Promise<CallToolResult>,
): void {
  server.registerTool(
    'resolve_task_review',
    {
      title: 'Resolve a task or patch review',
      description:
        "Call only with the user's explicit answer to a stuck task or a proposed patch from list_pending_reviews. Tasks: acknowledge, cancel (note = the reason, required) or unstick (note = the next concrete step, required). Patches: approve (applies it) or reject.",
      inputSchema: z.strictObject({
        entity_id: entityIdInput,
        review_id: z
          .string()
          .regex(/^(TASK|PATCH)-\d{8}-\d{3,}$/)
          .describe('The review_id from list_pending_reviews (TASK-… or PATCH-…).'),
        action: z.enum(ACTIONS),
        note: z.string().min(1).max(1000).optional(),
      }),
      outputSchema: {
        review_id: z.string(),
        kind: z.enum(['task', 'patch']),
        action: z.enum(ACTIONS),
        task: z.object({ id: z.string(), state: z.string() }).loose().optional(),
        patch: z.object({ patch_id: z.string(), status: z.string() }).loose().optional(),
      },
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    (args) =>
      guard('resolve_task_review', async () => {
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
        const text =
          answer.kind === 'task'
            ? `${answer.task.id} ${answer.action}: ${answer.task.state}`
            : `${answer.patch.patch_id} ${answer.patch.status}`;
        return {
          structuredContent: JSON.parse(JSON.stringify(answer)) as Record<string, unknown>,
          content: [{ type: 'text', text }],
        };
      }),
  );
}
