import type { Context, Hono } from 'hono';
import { ENTITY_ID_PATTERN, EngineError } from '../../core/index.js';
import type { Engine } from '../../engine/index.js';

const entityPattern = new RegExp(ENTITY_ID_PATTERN);

function optional(c: Context, name: string): string | undefined {
  const value = c.req.query(name);
  return value === undefined || value.trim() === '' ? undefined : value;
}

function entityQuery(c: Context): string | undefined {
  const entity = optional(c, 'entity');
  if (entity !== undefined && !entityPattern.test(entity)) {
    throw new EngineError(
      'VALIDATION_FAILED',
      'entity must be user:<slug>, family:<slug> or team:<slug>',
      { field: 'entity' },
    );
  }
  return entity;
}

/**
 * Mounts the state-item routes: `GET /api/items?thread=&entity=&all=true` (items in render order
 * with their compact section; open ones only unless `all`) and `GET /api/items/:uid?thread=` (the
 * item with its source messages).
 */
export function registerItemsRoutes(app: Hono, engine: Engine): void {
  app.get('/api/items', async (c) => {
    const thread = optional(c, 'thread');
    const entity = entityQuery(c);
    const list = await engine.listStateItems({
      ...(thread === undefined ? {} : { threadId: thread }),
      ...(entity === undefined ? {} : { entityId: entity }),
      status: c.req.query('all') === 'true' ? 'all' : 'open',
    });
    return c.json(list);
  });

  app.get('/api/items/:uid', async (c) =>
    c.json(await engine.expandStateItem(c.req.param('uid'), optional(c, 'thread'))),
  );
}
