import type { Context, Hono } from 'hono';
import { ENTITY_ID_PATTERN, EngineError } from '../../core/index.js';
import type { Engine } from '../../engine/index.js';
import { refuseUnknownQuery } from './query-params.js';

const entityPattern = new RegExp(ENTITY_ID_PATTERN);

function optional(c: Context, name: string): string | undefined {
  const value = c.req.query(name);
  return value === undefined || value.trim() === '' ? undefined : value;
}

function entityQuery(c: Context): string | undefined {
  const entity = optional(c, 'entity_id') ?? optional(c, 'entity');
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
 * Mounts the state-item routes: `GET /api/items?thread_id=&entity_id=&all=true` (`thread` and
 * `entity` are accepted as older aliases) (items in render order
 * with their compact section; open ones only unless `all`) and `GET /api/items/:uid?thread=` (the
 * item with its source messages).
 */
export function registerItemsRoutes(app: Hono, engine: Engine): void {
  app.get('/api/items', async (c) => {
    refuseUnknownQuery(c, ['thread_id', 'entity_id', 'all', 'thread', 'entity']);
    const thread = optional(c, 'thread_id') ?? optional(c, 'thread');
    const entity = entityQuery(c);
    const list = await engine.listStateItems({
      ...(thread === undefined ? {} : { threadId: thread }),
      ...(entity === undefined ? {} : { entityId: entity }),
      status: c.req.query('all') === 'true' ? 'all' : 'open',
    });
    return c.json(list);
  });

  app.get('/api/items/:uid', async (c) => {
    refuseUnknownQuery(c, ['thread_id', 'thread']);
    const thread = optional(c, 'thread_id') ?? optional(c, 'thread');
    return c.json(await engine.expandStateItem(c.req.param('uid'), thread));
  });
}
