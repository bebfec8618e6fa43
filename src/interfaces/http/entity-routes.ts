import { z } from 'zod';
import { historyView, toHistoryView } from '../mcp/index.js';
import { entityAllowed, principalOf } from './auth.js';
import { pageQuery, pageSchema, paginate } from './paging.js';
import { type HttpRoute, route } from './route-registry.js';
import { entityIdSchema as entityId } from './wire-schemas.js';

/** A history entry as HTTP pages it: MCP's wire form, with the slot and its version after. */
const historyEntry = historyView.extend({
  entity_id: z.string(),
  field: z.string(),
  version_after: z.number(),
});

/** `GET /api/entities` (those the token may see) and `GET /api/state/:entity/history`. */
export const ENTITY_ROUTES: readonly HttpRoute[] = [
  route(
    {
      method: 'get',
      path: '/api/entities',
      summary: 'Entities with state, in id order (only those the token may see)',
      tags: ['state'],
      scope: 'read',
      query: z.object(pageQuery),
      response: pageSchema(z.object({ entity_id: z.string() })),
      etag: true,
    },
    async (c, { query }, { engine }) => {
      const principal = principalOf(c);
      const entities = [...(await engine.listEntities())]
        .filter((entity) => entityAllowed(principal.entities, entity))
        .sort()
        .map((entity) => ({ entity_id: entity }));
      return c.json(paginate(entities, query));
    },
  ),
  route(
    {
      method: 'get',
      path: '/api/state/:entity/history',
      summary: "An entity's (or one field's) history: what happened and what each slot held after",
      tags: ['state'],
      scope: 'read',
      params: z.object({ entity: entityId }),
      query: z.object({ field: z.string().min(1).optional(), ...pageQuery }),
      response: pageSchema(historyEntry),
      etag: true,
    },
    async (c, { params, query }, { engine }) => {
      const history = await engine.history(params.entity, query.field);
      return c.json(
        paginate(
          history.map((h) => ({
            entity_id: h.entityId,
            field: h.field,
            ...toHistoryView(h),
            version_after: h.versionAfter,
          })),
          query,
        ),
      );
    },
  ),
];
