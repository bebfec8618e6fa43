import { z } from 'zod';
import type { PromptStatus } from '../../core/index.js';
import { PROMPT_STATUSES } from '../../core/index.js';
import { access, fieldView, promptView } from '../mcp/index.js';
import { answererOf } from './auth.js';
import { stallQuery, stallsFor, stallsSchema } from './health-route.js';
import { invalid } from './http-errors.js';
import { type HttpRoute, route } from './route-registry.js';
import { entityIdSchema, instant, anyObject as object, present } from './wire-schemas.js';

const statuses = z
  .string()
  .refine(
    (text) =>
      text.split(',').every((s) => (PROMPT_STATUSES as readonly string[]).includes(s.trim())),
    { message: `must be a comma list of ${PROMPT_STATUSES.join(', ')}` },
  )
  .optional();

/**
 * The state and review routes: `GET /api/state/:entity` (now, at belief time `at`, or at valid
 * time `as_of`), its explanation, the review prompts and their answers, and the metrics.
 */
export const CORE_ROUTES: readonly HttpRoute[] = [
  route(
    {
      method: 'get',
      path: '/api/state/:entity',
      summary: "An entity's current state (or one field with field=)",
      tags: ['state'],
      scope: 'read',
      params: z.object({ entity: entityIdSchema }),
      query: z.object({
        at: instant.optional().describe('Belief time: what Verity believed then (RFC 3339)'),
        field: z.string().optional(),
        as_of: instant
          .optional()
          .describe('Valid time: what was true then, from all known now (RFC 3339)'),
      }),
      response: z.union([
        z
          .object({
            entity_id: z.string(),
            state: z.record(z.string(), object),
            pending: z.array(promptView),
          })
          .loose(),
        fieldView,
      ]),
      etag: true,
    },
    async (c, { params, query }, { engine }) => {
      const at = {
        ...present({ at: query.at, asOf: query.as_of }),
      };
      if (query.field !== undefined) {
        return c.json(await engine.getField(params.entity, query.field, at));
      }
      return c.json(await engine.getEntity(params.entity, at));
    },
  ),
  route(
    {
      method: 'get',
      path: '/api/state/:entity/explain',
      summary: 'Why a field holds its value: winning event, losers, rule, thresholds, history',
      tags: ['state'],
      scope: 'read',
      params: z.object({ entity: entityIdSchema }),
      query: z.object({ field: z.string().min(1, 'is required') }),
      response: z
        .object({
          entity_id: z.string(),
          field: z.string(),
          current: fieldView,
          rule: z.string().nullable(),
          reasons: z.array(z.string()),
          thresholds: z
            .object({ ask: z.number(), auto: z.number(), margin: z.number() })
            .nullable(),
          winning_event: object.nullable(),
          evidence: z.array(object),
          history: z.array(object),
          text: z.string(),
        })
        .loose(),
      etag: true,
    },
    async (c, { params, query }, { engine }) =>
      c.json(await engine.explain(params.entity, query.field)),
  ),
  route(
    {
      method: 'get',
      list: 'reviews',
      path: '/api/reviews',
      summary: 'Review prompts (open and queued by default)',
      tags: ['review'],
      scope: 'read',
      query: z.object({
        entity_id: entityIdSchema.optional(),
        status: statuses,
        entity: entityIdSchema.optional().describe('Older name of entity_id'),
      }),
      response: z.object({ reviews: z.array(promptView) }),
      etag: true,
    },
    async (c, { query }, { engine }) => {
      const entity = query.entity_id ?? query.entity;
      const reviews = await engine.listReviews({
        ...(query.status === undefined
          ? {}
          : { status: query.status.split(',').map((s) => s.trim() as PromptStatus) }),
        ...present({ entityId: entity }),
      });
      return c.json({ reviews });
    },
  ),
  route(
    {
      method: 'post',
      path: '/api/reviews/:id',
      summary: 'Answer a review prompt: confirm, reject, or edit with edited_value',
      tags: ['review'],
      scope: 'review',
      params: z.object({ id: z.string() }),
      body: z.strictObject({
        action: z.enum(['confirm', 'reject', 'edit']),
        edited_value: z.string().min(1).max(500).optional(),
      }),
      response: z.object({ prompt_id: z.string(), status: z.string(), field: fieldView }),
    },
    async (c, { params, body }, { engine }) => {
      const { action, edited_value: editedValue } = body;
      if ((action === 'edit') !== (editedValue !== undefined)) {
        throw invalid(
          'edited_value is required with action "edit" and only allowed there',
          'edited_value',
        );
      }
      return c.json(await engine.answerReview(params.id, action, editedValue, answererOf(c)));
    },
  ),
  route(
    {
      method: 'get',
      path: '/api/stats',
      summary: 'Seed 000 success metrics computed from the ledger, and extraction stalls',
      tags: ['health'],
      // Totals over every entity, as /api/health.
      ...access('workspace_status'),
      query: stallQuery,
      response: z.object({ extraction_stalls: stallsSchema }).loose(),
      etag: true,
    },
    async (c, { query }, { engine }) => {
      const stalls = await stallsFor(engine, query.stall_minutes);
      return c.json({ ...(await engine.stats()), extraction_stalls: stalls });
    },
  ),
];
