import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { z } from 'zod';
import { ENTITY_ID_PATTERN, EngineError } from '../../core/index.js';
import type { ForgetTarget } from '../../engine/index.js';
import { forgetView } from '../mcp/index.js';
import { isRestricted, principalOf } from './auth.js';
import { invalid } from './http-errors.js';
import { problemResponse } from './problem.js';
import { type HttpRoute, route } from './route-registry.js';
import { anyObject as object } from './wire-schemas.js';

const entityId = z.string().max(128).regex(new RegExp(ENTITY_ID_PATTERN));

const forgetBody = z.strictObject({
  event_id: z.string().min(1).max(100).optional(),
  thread_id: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe('With message_id: a message as search and ask name it'),
  message_id: z.string().min(1).max(200).optional(),
  entity_id: entityId.optional(),
  field: z.string().min(3).max(200).optional(),
  reason: z.string().max(1000).optional(),
  confirm: z.literal(true).describe('Forgetting cannot be undone: say so explicitly.'),
});

/**
 * The same target rules as `verity forget`: an event, a message (`thread_id` and `message_id`),
 * or an entity with an optional field.
 */
function forgetTarget(body: z.infer<typeof forgetBody>): ForgetTarget {
  const message = body.thread_id !== undefined || body.message_id !== undefined;
  const byId = (body.event_id === undefined ? 0 : 1) + (message ? 1 : 0);
  if (byId > 1 || (byId === 1 && (body.entity_id ?? body.field) !== undefined)) {
    throw invalid(
      'forget takes one of event_id, thread_id with message_id, or entity_id [field]',
      'event_id',
    );
  }
  if (body.event_id !== undefined) return { kind: 'event', eventId: body.event_id };
  if (message) {
    if (body.thread_id === undefined || body.message_id === undefined) {
      throw invalid('a message is named by both thread_id and message_id', 'message_id');
    }
    return { kind: 'message', threadId: body.thread_id, messageId: body.message_id };
  }
  if (body.entity_id === undefined) {
    throw invalid(
      body.field === undefined
        ? 'forget needs event_id, thread_id with message_id, or entity_id [field]'
        : 'field needs entity_id',
      body.field === undefined ? 'event_id' : 'entity_id',
    );
  }
  return body.field === undefined
    ? { kind: 'entity', entityId: body.entity_id }
    : { kind: 'slot', entityId: body.entity_id, field: body.field };
}

/**
 * Refuses tokens limited to some entities for forgetting an event named only by id (the other
 * operations whose reach no entity bounds declare `allEntities` in their spec): the answer check
 * could only fail closed after the change was made.
 */
function requireUnrestricted(c: Context, what: string): void {
  const principal = principalOf(c);
  if (!isRestricted(principal)) return;
  throw new HTTPException(403, {
    res: problemResponse(
      c,
      403,
      'FORBIDDEN',
      `token "${principal.name}" is limited to some entities and may not ${what}`,
    ),
  });
}

function notConfigured(what: string, key: string): EngineError {
  return new EngineError(
    'CONFLICT',
    `this server has no ${what} configured (${key} in config.json)`,
    {
      field: key,
    },
  );
}

/**
 * Mounts what the CLI could do and HTTP could not (issue #16): forget, rebuild (and verify),
 * project, poll, extract items and confirm an alias. Files and calendars are the operator's
 * (`RouteDeps.operations`), never named by the request.
 */
export const OPERATIONS_ROUTES: readonly HttpRoute[] = [
  route(
    {
      method: 'post',
      path: '/api/forget',
      summary:
        'Erase an event, a message, a field or an entity (redacted in the ledger; cannot be undone)',
      tags: ['operations'],
      scope: 'write',
      body: forgetBody,
      response: forgetView,
    },
    async (c, { body }, { engine }) => {
      const target = forgetTarget(body);
      if (target.kind === 'event' || target.kind === 'message') {
        requireUnrestricted(
          c,
          `forget ${target.kind === 'event' ? 'an event' : 'a message'} by id`,
        );
      }
      return c.json(await engine.forget(target, body.reason));
    },
  ),
  route(
    {
      method: 'post',
      path: '/api/rebuild',
      summary:
        'Re-derive all state from the ledger; with verify, compare the replay with live state',
      tags: ['operations'],
      scope: 'write',
      allEntities: true,
      body: z.strictObject({ verify: z.boolean().optional() }),
      response: z.object({
        events: z.number(),
        hash: z.string(),
        live_hash: z.string().nullable(),
        verified: z.boolean().nullable(),
        version: z.string(),
        live_versions: z.array(z.string()).nullable(),
        difference: z.enum(['version_change', 'corruption']).nullable(),
      }),
    },
    async (c, { body }, { engine }) => {
      return c.json(await engine.rebuild(body.verify === true ? { verify: true } : {}));
    },
  ),
  route(
    {
      method: 'post',
      path: '/api/project',
      summary: "Project state into the server's configured files (STATE-INPUT edits first)",
      tags: ['operations'],
      scope: 'write',
      allEntities: true,
      body: z.strictObject({ dry_run: z.boolean().optional() }),
      response: z.object({ files: z.array(object) }).loose(),
    },
    async (c, { body }, { engine, operations }) => {
      const projection = operations.projection;
      if (projection === undefined || projection.targets.length === 0) {
        throw notConfigured('projection targets', 'projections.targets');
      }
      const report = await engine.project({
        targets: projection.targets,
        mode: projection.mode ?? 'ast_zones',
        ...(body.dry_run === true ? { dryRun: true } : {}),
      });
      return c.json(report);
    },
  ),
  route(
    {
      method: 'post',
      path: '/api/poll',
      summary: "Read the server's configured ICS calendars once and ingest their events",
      tags: ['operations'],
      scope: 'write',
      allEntities: true,
      response: z.object({ calendars: z.array(object) }),
    },
    async (c, _input, { engine, operations }) => {
      const calendars = operations.calendars ?? [];
      if (calendars.length === 0) throw notConfigured('calendars', 'calendars');
      return c.json(await engine.poll(calendars));
    },
  ),
  route(
    {
      method: 'post',
      path: '/api/items/extract',
      summary: 'Extract state items from messages not read yet (all threads, or one)',
      tags: ['items'],
      scope: 'write',
      allEntities: true,
      body: z.strictObject({ thread_id: z.string().min(1).max(200).optional() }),
      response: object,
    },
    async (c, { body }, { engine }) => {
      const report = await engine.extractItems(
        body.thread_id === undefined ? {} : { threadId: body.thread_id },
      );
      return c.json(report);
    },
  ),
  route(
    {
      method: 'post',
      path: '/api/aliases',
      summary: 'Confirm that a name stands for an item (<domain>.<item>) in future extractions',
      tags: ['operations'],
      scope: 'write',
      allEntities: true,
      body: z.strictObject({
        alias: z.string().min(1).max(200),
        target: z.string().min(3).max(200),
      }),
      response: z.object({ alias: z.string(), target: z.string() }),
    },
    async (c, { body }, { engine }) => {
      await engine.confirmAlias(body.alias, body.target);
      return c.json({ alias: body.alias, target: body.target });
    },
  ),
];
