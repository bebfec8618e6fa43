import { z } from 'zod';
import { ENTITY_ID_PATTERN, EngineError } from '../../core/index.js';
import { type HttpRoute, route } from './route-registry.js';

const entityPattern = new RegExp(ENTITY_ID_PATTERN);
const object = z.object({}).loose();
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
 * unless `all`) and `GET /api/items/:uid?thread_id=` (the item with its source messages).
 */
export const ITEMS_ROUTES: readonly HttpRoute[] = [
  route(
    {
      method: 'get',
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
];
