import { z } from 'zod';
import { ENTITY_ID_PATTERN, EngineError } from '../../core/index.js';
import { entityAllowed, isRestricted, principalOf } from './auth.js';
import { type HttpRoute, route } from './route-registry.js';
import { anyObject as object } from './wire-schemas.js';

const entityPattern = new RegExp(ENTITY_ID_PATTERN);
const uid = z
  .string()
  .regex(/^[dcaqr]_[0-9a-f]{12}$/, 'a state item uid (d_, c_, a_, q_, r_ + 12 hex)');
const text = z.string().optional();

/** A query value, with a blank one read as absent. */
function present(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

function checkedEntity(value: string | undefined): string | undefined {
  const entity = present(value);
  if (entity !== undefined && !entityPattern.test(entity)) {
    throw new EngineError(
      'VALIDATION_FAILED',
      'entity_id must be user:<slug>, family:<slug> or team:<slug>',
      { field: 'entity_id' },
    );
  }
  return entity;
}

/**
 * The state-item routes: `GET /api/items?thread_id=&entity_id=&all=true` (`thread` and `entity`
 * are accepted as older aliases; items in render order with their compact section, open ones only
 * unless `all`), `GET /api/items/:uid?thread_id=` (the item with its source messages) and
 * `POST /api/items/conflicts/resolve` (a person's answer to a conflict between items).
 */
export const ITEMS_ROUTES: readonly HttpRoute[] = [
  route(
    {
      method: 'get',
      list: 'items',
      path: '/api/items',
      summary: 'State items of a thread or entity in render order (open only unless all=true)',
      tags: ['items'],
      scope: 'read',
      query: z.object({
        thread_id: text,
        entity_id: text,
        all: text.describe('true: also superseded, done and answered items'),
        thread: text.describe('Older name of thread_id'),
        entity: text.describe('Older name of entity_id'),
      }),
      response: z.object({ items: z.array(object), rendered: z.string() }),
      etag: true,
    },
    async (c, { query }, { engine }) => {
      const thread = present(query.thread_id) ?? present(query.thread);
      const entity = checkedEntity(present(query.entity_id) ?? query.entity);
      const list = await engine.listStateItems({
        ...(thread === undefined ? {} : { threadId: thread }),
        ...(entity === undefined ? {} : { entityId: entity }),
        status: query.all === 'true' ? 'all' : 'open',
      });
      return c.json(list);
    },
  ),
  route(
    {
      method: 'get',
      path: '/api/items/:uid',
      summary: 'One state item with its source messages',
      tags: ['items'],
      scope: 'read',
      params: z.object({ uid: z.string() }),
      query: z.object({ thread_id: text, thread: text.describe('Older name of thread_id') }),
      response: z.object({ item: object, messages: z.array(object), missing: z.array(z.string()) }),
      etag: true,
    },
    async (c, { params, query }, { engine }) => {
      const thread = present(query.thread_id) ?? present(query.thread);
      return c.json(await engine.expandStateItem(params.uid, thread));
    },
  ),
  route(
    {
      method: 'post',
      // Answering a question: `auth.ts` asks for the review scope on this path.
      path: '/api/items/conflicts/resolve',
      summary: 'Resolve a conflict between state items: keep one, the other, or both',
      description:
        'keep names one of uids (the other is superseded by it) or is "both" (they do not ' +
        'conflict); with one uid, keep names it and clears a wrong flag.',
      tags: ['items'],
      scope: 'review',
      body: z
        .object({
          uids: z.array(uid).min(1).max(2),
          keep: z.string().min(1).max(40),
          thread_id: z.string().min(1).max(200).optional(),
          note: z.string().min(1).max(500).optional(),
        })
        .strict(),
      response: z.object({
        event_id: z.string(),
        thread_id: z.string(),
        entity_id: z.string(),
        keep: z.string(),
        note: z.string().nullable(),
        items: z.array(object),
      }),
    },
    async (c, { body }, { engine }) => {
      const principal = principalOf(c);
      const [first] = body.uids;
      let scoped: { threadId?: string; entityId?: string } = {};
      // A scoped token must not change another entity's items: narrow to the ones it may see
      // before writing (the auth layer's answer-side check would come after the change).
      if (isRestricted(principal) && first !== undefined) {
        const visible = (
          await engine.listStateItems({
            ...(body.thread_id === undefined ? {} : { threadId: body.thread_id }),
            status: 'all',
          })
        ).items.filter(
          (item) => item.uid === first && entityAllowed(principal.entities, item.entity_id),
        );
        const [only, other] = visible;
        if (only === undefined) {
          throw new EngineError('NOT_FOUND', `no state item ${first}`, { uid: first });
        }
        if (other === undefined) scoped = { threadId: only.thread_id, entityId: only.entity_id };
      }
      const result = await engine.resolveItemConflict({
        uids: body.uids,
        keep: body.keep,
        ...(body.thread_id === undefined ? {} : { threadId: body.thread_id }),
        ...scoped,
        ...(body.note === undefined ? {} : { note: body.note }),
      });
      return c.json(result);
    },
  ),
];
