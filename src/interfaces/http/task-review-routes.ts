import { z } from 'zod';
import {
  PATCH_REVIEW_ACTIONS,
  TASK_REVIEW_ACTIONS,
  taskReviewAnswered,
} from '../../engine/index.js';
import { type HttpRoute, route } from './route-registry.js';
import { runRoute } from './run-route.js';
import { idParams, anyObject as object } from './wire-schemas.js';

const tags = ['tasks'];

/**
 * What tasks put before a person besides escalations, and how commitments become tasks:
 * `GET /api/task-reviews` (stuck tasks and proposed patches, as `verity review list` shows them),
 * `POST /api/task-reviews/:id` (`{"action", "note"?}`: acknowledge, cancel or unstick a task;
 * approve or reject a patch), `POST /api/tasks/capture` (`{"thread_id"}`),
 * `GET /api/task-proposals?all=true`, `POST /api/task-proposals/:id/accept` and
 * `POST /api/improve`. A thread, a patch and the proposals are bound to no one entity, so these
 * refuse tokens limited to some entities.
 */
export const TASK_REVIEW_ROUTES: readonly HttpRoute[] = [
  runRoute(
    '/api/task-reviews',
    {
      summary: 'Stuck tasks (E3+) and proposed patches waiting for a person',
      tags,
      method: 'get',
      scope: 'read',
    },
    (engine) => engine.tasks.reviewItems(),
  ),
  route(
    {
      method: 'post',
      path: '/api/task-reviews/:id',
      summary:
        'Answer a stuck task (acknowledge, cancel, unstick) or a proposed patch (approve, reject)',
      description:
        'note is the acknowledgement, the cancellation reason (required), the next action (unstick, required) or why a patch is judged.',
      tags,
      scope: 'review',
      allEntities: true,
      params: idParams,
      body: z.strictObject({
        action: z.enum([...TASK_REVIEW_ACTIONS, ...PATCH_REVIEW_ACTIONS]),
        note: z.string().min(1).max(1000).optional(),
      }),
      response: object,
    },
    async (c, { params, body }, { engine }) => {
      const answer = await engine.tasks.answerReview(params.id, body.action, body.note);
      // Not a review.answered ledger event, so announced here (as MCP resolve_task_review does).
      engine.events.publish(taskReviewAnswered(answer));
      return c.json(answer);
    },
  ),
  route(
    {
      method: 'post',
      path: '/api/tasks/capture',
      summary: "Capture a thread's commitments as tasks (weak ones are only proposed)",
      tags,
      scope: 'write',
      allEntities: true,
      body: z.strictObject({ thread_id: z.string().min(1).max(200) }),
      response: z.object({ created: z.array(object), proposed: z.array(object) }),
    },
    async (c, { body }, { engine }) => {
      const { created, proposed } = await engine.tasks.capture({ thread_id: body.thread_id });
      return c.json({ created, proposed });
    },
  ),
  route(
    {
      method: 'get',
      list: 'proposals',
      path: '/api/task-proposals',
      summary: 'Commitments seen below the evidence bar (all=true includes accepted ones)',
      tags,
      scope: 'read',
      allEntities: true,
      query: z.object({ all: z.enum(['true', 'false']).optional() }),
      response: z.object({ proposals: z.array(object) }),
    },
    async (c, { query }, { engine }) =>
      c.json({ proposals: await engine.tasks.proposals({ all: query.all === 'true' }) }),
  ),
  route(
    {
      method: 'post',
      path: '/api/task-proposals/:id/accept',
      summary: 'Turn a task proposal into a CAPTURED task',
      tags,
      scope: 'write',
      allEntities: true,
      params: idParams,
      response: object,
    },
    async (c, { params }, { engine }) => c.json(await engine.tasks.acceptProposal(params.id), 201),
  ),
  runRoute(
    '/api/improve',
    { summary: 'Run the improvement loop now: find the top failure mode, propose patches', tags },
    (engine) => engine.tasks.improve(),
  ),
];
