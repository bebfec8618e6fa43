import { z } from 'zod';
import { EngineError } from '../../core/index.js';
import { type Engine, type ExtractionStalls, extractionStalls } from '../../engine/index.js';
import { access } from '../mcp/index.js';
import { type HttpRoute, route } from './route-registry.js';

const minutes = z.number().int().nullable();

/** Extraction stalls as `verity stats --json` reports them. */
export const stallsSchema = z.object({
  enabled: z.boolean().describe('false: extraction is off and nothing drains the backlog'),
  stall_after_minutes: z.number(),
  threads_pending: z.number().int(),
  messages_pending: z.number().int(),
  threads_stalled: z.number().int(),
  oldest_waiting_minutes: minutes,
  longest_waiting: z.array(
    z.object({
      thread_id: z.string(),
      entity_id: z.string(),
      pending: z.number().int(),
      waiting_since: z.string().nullable(),
      waiting_minutes: minutes,
    }),
  ),
  truncated_at: z.number().int().nullable(),
  jobs: z
    .object({
      failed: z.number().int(),
      retrying: z.number().int(),
      queued: z.number().int(),
      oldest_unfinished_minutes: minutes,
      last_error: z.string().nullable(),
    })
    .nullable(),
  jobs_error: z.string().nullable(),
});

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
  extraction_stalls: stallsSchema,
});

/** The `stall_minutes` query parameter of `/api/health` and `/api/stats`. */
export const stallQuery = z.object({
  stall_minutes: z
    .string()
    .optional()
    .describe('a thread waiting longer for item extraction is stalled (default 15)'),
});

/** Extraction stalls with the threshold `stall_minutes` asks for (as `verity stats` reports). */
export async function stallsFor(
  engine: Engine,
  stallMinutesText: string | undefined,
): Promise<ExtractionStalls> {
  const stallAfterMinutes = stallMinutes(stallMinutesText);
  return await extractionStalls(
    engine,
    stallAfterMinutes === undefined ? {} : { stallAfterMinutes },
  );
}

function stallMinutes(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed) || parsed < 0) {
    throw new EngineError('VALIDATION_FAILED', 'stall_minutes must be a number ≥ 0', {
      field: 'stall_minutes',
    });
  }
  return parsed;
}

/**
 * `GET /api/health`: metrics, index backlog, job queue, dead letters and extraction stalls
 * (unrestricted tokens).
 */
export const HEALTH_ROUTES: readonly HttpRoute[] = [
  route(
    {
      method: 'get',
      path: '/api/health',
      summary:
        'Health: seed 000 metrics, search index backlog, job queue, dead letters, extraction stalls',
      tags: ['health'],
      ...access('workspace_status'),
      query: stallQuery,
      response: healthSchema,
    },
    async (c, { query }, { engine }) => {
      const [stats, searchIndex, dlq, queue, stalls] = await Promise.all([
        engine.stats(),
        engine.searchStatus(),
        engine.listDlq(),
        engine.jobs(),
        stallsFor(engine, query.stall_minutes),
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
        extraction_stalls: stalls,
      });
    },
  ),
];
