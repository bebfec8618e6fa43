import { z } from 'zod';
import { SEARCH_KINDS } from '../../engine/index.js';
import { type HttpRoute, route } from './route-registry.js';
import { entityIdSchema as entityId, instant } from './wire-schemas.js';

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

/** `GET /api/search`: hybrid search; a token limited to some entities names one (`entity_id`). */
export const SEARCH_ROUTES: readonly HttpRoute[] = [
  route(
    {
      method: 'get',
      path: '/api/search',
      summary: 'Hybrid (BM25 + vector) search over messages and items',
      tags: ['search'],
      scope: 'read',
      restrictedNeedsEntity: true,
      query: z.object({
        query: z.string().min(1).max(1000),
        entity_id: entityId.optional(),
        thread_id: z.string().min(1).max(200).optional(),
        kind: z.enum(SEARCH_KINDS).optional(),
        since: instant.optional(),
        until: instant.optional(),
        mode: z.enum(['hybrid', 'text', 'vector']).optional(),
        recency_days: z.coerce.number().positive().optional(),
        limit: z.coerce.number().int().min(1).max(100).optional(),
      }),
      response: z.object({ hits: z.array(searchHit), pending_vectors: z.number() }).loose(),
    },
    async (c, { query }, { engine }) => {
      const limit = query.limit ?? 10;
      // The CLI's `verity search` options, one value each.
      const filters = {
        ...(query.entity_id === undefined ? {} : { entityIds: [query.entity_id] }),
        ...(query.thread_id === undefined ? {} : { threadIds: [query.thread_id] }),
        ...(query.kind === undefined ? {} : { kinds: [query.kind] }),
        ...(query.since === undefined ? {} : { since: query.since }),
        ...(query.until === undefined ? {} : { until: query.until }),
      };
      const result = await engine.search(query.query, {
        limit,
        ...(Object.keys(filters).length === 0 ? {} : { filters }),
        ...(query.mode === undefined ? {} : { mode: query.mode }),
        ...(query.recency_days === undefined ? {} : { recencyHalfLifeDays: query.recency_days }),
      });
      return c.json(result);
    },
  ),
];
