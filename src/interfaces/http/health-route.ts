import { z } from 'zod';
import { isRestricted, principalOf } from './auth.js';
import { problemResponse } from './problem.js';
import { type HttpRoute, route } from './route-registry.js';

const healthSchema = z.object({
  stats: z.record(z.string(), z.unknown()),
  search_index: z.record(z.string(), z.unknown()),
  jobs: z.record(z.string(), z.number()),
  dead_letters: z.array(
    z.object({
      dlq_id: z.string(),
      schema: z.string(),
      status: z.string(),
      retry_count: z.number(),
      first_seen_at: z.string(),
      next_retry_at: z.string().nullable(),
      errors: z.array(z.string()),
    }),
  ),
});

/** `GET /api/health`: metrics, index backlog, job queue and dead letters (unrestricted tokens). */
export const HEALTH_ROUTES: readonly HttpRoute[] = [
  route(
    {
      method: 'get',
      path: '/api/health',
      summary: 'Health: seed 000 metrics, search index backlog, job queue and dead letters',
      tags: ['health'],
      scope: 'read',
      response: healthSchema,
    },
    async (c, _input, { engine }) => {
      if (isRestricted(principalOf(c))) {
        return problemResponse(
          c,
          403,
          'FORBIDDEN',
          'health spans every entity: use a token without an entity allow-list',
        );
      }
      const [stats, searchIndex, dlq, queue] = await Promise.all([
        engine.stats(),
        engine.searchStatus(),
        engine.listDlq(),
        engine.jobs(),
      ]);
      const jobs: Record<string, number> = {};
      for (const job of await queue.listJobs({ limit: 1000 })) {
        jobs[job.state] = (jobs[job.state] ?? 0) + 1;
      }
      return c.json({
        stats,
        search_index: searchIndex,
        jobs,
        dead_letters: dlq
          .filter((d) => d.status !== 'resolved' && d.status !== 'discarded')
          .map((d) => ({
            dlq_id: d.dlqId,
            schema: d.schemaName,
            status: d.status,
            retry_count: d.retryCount,
            first_seen_at: d.firstSeenAt,
            next_retry_at: d.nextRetryAt,
            errors: d.errors.map((e) => `${e.path || '(record)'}: ${e.message}`),
          })),
      });
    },
  ),
];
