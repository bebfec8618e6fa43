import { z } from 'zod';
import { entityAllowed, isRestricted, principalOf } from './auth.js';
import { type HttpRoute, route } from './route-registry.js';
import { entityIdSchema as entityId } from './wire-schemas.js';

const searchHit = z
  .object({
    kind: z.string(),
    id: z.string(),
    entity_id: z.string(),
    thread_id: z.string().nullable(),
    message_id: z.string().nullable(),
    score: z.number(),
    snippet: z.string(),
    created_at: z.string(),
  })
  .loose();

/** `GET /api/search`: hybrid search, hits kept to the token's entities. */
export const SEARCH_ROUTES: readonly HttpRoute[] = [
  route(
    {
      method: 'get',
      path: '/api/search',
      summary: 'Hybrid (BM25 + vector) search over messages and items',
      tags: ['search'],
      scope: 'read',
      query: z.object({
        query: z.string().min(1).max(1000),
        entity_id: entityId.optional(),
        limit: z.coerce.number().int().min(1).max(100).optional(),
      }),
      response: z.object({ hits: z.array(searchHit), pending_vectors: z.number() }).loose(),
    },
    async (c, { query }, { engine }) => {
      const principal = principalOf(c);
      const limit = query.limit ?? 10;
      const restrictedWithoutEntity = isRestricted(principal) && query.entity_id === undefined;
      const result = await engine.search(query.query, {
        // A token limited to some entities searches wider and keeps only its own hits.
        limit: restrictedWithoutEntity ? Math.min(limit * 5, 500) : limit,
        ...(query.entity_id === undefined ? {} : { filters: { entityIds: [query.entity_id] } }),
      });
      const hits = result.hits.filter((hit) => entityAllowed(principal.entities, hit.entity_id));
      return c.json({ ...result, hits: hits.slice(0, limit) });
    },
  ),
];
