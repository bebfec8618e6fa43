import { z } from 'zod';
import { ENTITY_ID_PATTERN } from '../../core/index.js';
import type { RouteRegistry } from './route-registry.js';
import { describeRoute } from './route-registry.js';

const entity = z.string().regex(new RegExp(ENTITY_ID_PATTERN));
const at = z.string().describe('RFC 3339 instant: the state as of then');

const fieldView = z
  .object({
    entity_id: z.string(),
    field: z.string(),
    value: z.string().nullable(),
    status: z.enum(['committed', 'pending_review', 'tentative', 'none']),
    confidence: z.number().nullable(),
    stale: z.boolean(),
  })
  .loose();

const promptView = z
  .object({
    prompt_id: z.string(),
    entity_id: z.string(),
    field: z.string(),
    proposed_value: z.string().nullable(),
    current_value: z.string().nullable(),
    confidence: z.number(),
    status: z.string(),
    actions: z.array(z.enum(['confirm', 'reject', 'edit'])),
  })
  .loose();

const object = z.object({}).loose();

/**
 * Documents the routes `create-http-app.ts`, `items-routes.ts` and `context-route.ts` mount by
 * hand, so they appear in the OpenAPI document until they move to `defineRoute`. The drift test
 * (`openapi.test.ts`) fails when these and the app's real routes disagree.
 */
export function describeCoreRoutes(registry: RouteRegistry): void {
  describeRoute(registry, {
    method: 'get',
    path: '/health',
    summary: 'Liveness with event and pending-review counts',
    tags: ['health'],
    scope: 'public',
    response: z.object({
      status: z.literal('ok'),
      events: z.number(),
      pending_reviews: z.number(),
    }),
  });
  describeRoute(registry, {
    method: 'post',
    path: '/mcp',
    summary: 'MCP Streamable HTTP (stateless, JSON responses); tools honour token scopes',
    tags: ['mcp'],
    scope: 'read',
    body: object,
    response: object,
  });
  for (const method of ['get', 'delete'] as const) {
    describeRoute(registry, {
      method,
      path: '/mcp',
      summary: 'Not allowed on a stateless MCP server (405)',
      tags: ['mcp'],
      scope: 'read',
      response: object,
    });
  }
  describeRoute(registry, {
    method: 'get',
    path: '/api/state/:entity',
    summary: "An entity's current state (or one field with field=)",
    tags: ['state'],
    scope: 'read',
    params: z.object({ entity }),
    query: z.object({ at: at.optional(), field: z.string().optional() }),
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
  });
  describeRoute(registry, {
    method: 'get',
    path: '/api/state/:entity/explain',
    summary: 'Why a field holds its value: winning event, losers, rule, thresholds, history',
    tags: ['state'],
    scope: 'read',
    params: z.object({ entity }),
    query: z.object({ field: z.string() }),
    response: z
      .object({
        entity_id: z.string(),
        field: z.string(),
        current: fieldView,
        rule: z.string().nullable(),
        reasons: z.array(z.string()),
        thresholds: z.object({ ask: z.number(), auto: z.number(), margin: z.number() }).nullable(),
        winning_event: object.nullable(),
        evidence: z.array(object),
        history: z.array(object),
        text: z.string(),
      })
      .loose(),
    etag: true,
  });
  describeRoute(registry, {
    method: 'get',
    path: '/api/reviews',
    summary: 'Review prompts (open and queued by default)',
    tags: ['review'],
    scope: 'read',
    query: z.object({ status: z.string().optional(), entity: entity.optional() }),
    response: z.object({ reviews: z.array(promptView) }),
    etag: true,
  });
  describeRoute(registry, {
    method: 'post',
    path: '/api/reviews/:id',
    summary: 'Answer a review prompt: confirm, reject, or edit with edited_value',
    tags: ['review'],
    scope: 'review',
    params: z.object({ id: z.string() }),
    body: z
      .object({
        action: z.enum(['confirm', 'reject', 'edit']),
        edited_value: z.string().min(1).max(500).optional(),
      })
      .strict(),
    response: z.object({ prompt_id: z.string(), status: z.string(), field: fieldView }),
  });
  describeRoute(registry, {
    method: 'post',
    path: '/api/ingest',
    summary: 'Ingest JSONL events (valid lines apply; invalid ones go to the DLQ, 422)',
    tags: ['ingest'],
    scope: 'write',
    body: z.string().describe('JSON lines'),
    response: z
      .object({ applied: z.number(), duplicate: z.number(), rejected: z.number() })
      .loose(),
  });
  describeRoute(registry, {
    method: 'get',
    path: '/api/stats',
    summary: 'Seed 000 success metrics computed from the ledger',
    tags: ['health'],
    scope: 'read',
    response: object,
    etag: true,
  });
  describeRoute(registry, {
    method: 'get',
    path: '/api/items',
    summary: 'State items of a thread or entity in render order (open only unless all=true)',
    tags: ['items'],
    scope: 'read',
    query: z.object({
      thread: z.string().optional(),
      entity: entity.optional(),
      all: z.enum(['true', 'false']).optional(),
    }),
    response: z.object({ items: z.array(object), rendered: z.string() }),
    etag: true,
  });
  describeRoute(registry, {
    method: 'get',
    path: '/api/items/:uid',
    summary: 'One state item with its source messages',
    tags: ['items'],
    scope: 'read',
    params: z.object({ uid: z.string() }),
    query: z.object({ thread: z.string().optional() }),
    response: z.object({ item: object, messages: z.array(object), missing: z.array(z.string()) }),
    etag: true,
  });
  describeRoute(registry, {
    method: 'get',
    path: '/api/context',
    summary: 'A context pack for an agent within a token budget',
    tags: ['context'],
    scope: 'read',
    query: z.object({
      entity: entity.optional(),
      thread: z.string().optional(),
      query: z.string().optional(),
      budget: z
        .string()
        .regex(/^\d{1,7}$/)
        .optional(),
      mode: z.enum(['full', 'minimal']).optional(),
    }),
    response: object,
  });
}
