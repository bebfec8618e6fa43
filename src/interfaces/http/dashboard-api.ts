import type { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import { ENTITY_ID_PATTERN } from '../../core/index.js';
import type { Engine, EngineEvent } from '../../engine/index.js';
import { WEB_ASSETS } from '../web/index.js';
import { entityAllowed, isRestricted, principalOf } from './auth.js';
import type { InboxRegistry } from './inbox.js';
import { inboxItemSchema } from './inbox.js';
import { pageQuery, pageSchema, paginate } from './paging.js';
import { problemResponse } from './problem.js';
import { refuseUnknownQuery } from './query-params.js';
import type { RouteRegistry } from './route-registry.js';
import { defineRoute } from './route-registry.js';

const entityId = z
  .string()
  .regex(new RegExp(ENTITY_ID_PATTERN), 'must be user:<slug>, family:<slug> or team:<slug>');

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

const historyEntry = z.object({
  entity_id: z.string(),
  field: z.string(),
  event_id: z.string(),
  recorded_at: z.string(),
  event_ts: z.string(),
  kind: z.string(),
  decision: z.string().nullable(),
  value: z.string().nullable(),
  confidence: z.number(),
  reasons: z.array(z.string()),
  committed_after: z.string().nullable(),
  version_after: z.number(),
});

const answerBody = z
  .object({
    action: z.string().min(1).max(40),
    edited_value: z.string().min(1).max(500).optional(),
  })
  .strict();

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

/** How often the SSE watcher polls the ledger head while someone listens. */
const WATCH_INTERVAL_MS = 500;
const KEEPALIVE_MS = 15_000;

/**
 * Publishes `ledger.committed` and `review.opened` on `engine.events` by polling the ledger head
 * and the open prompts while at least one subscriber listens, so commits made by any process on
 * the same store (a CLI ingest, another server) reach the dashboard. Returns a stop function.
 */
export function watchLedger(engine: Engine): () => void {
  let timer: NodeJS.Timeout | null = null;
  let head: number | null = null;
  let known: Set<string> | null = null;
  let busy = false;
  const tick = async (): Promise<void> => {
    const sequence = await engine.lastSequence();
    if (head !== null && sequence > head) {
      engine.events.publish({
        type: 'ledger.committed',
        entity_id: null,
        data: { from_sequence: head, to_sequence: sequence },
      });
    }
    head = sequence;
    const open = await engine.listReviews({ status: ['open'] });
    if (known !== null) {
      for (const prompt of open) {
        if (!known.has(prompt.prompt_id)) {
          engine.events.publish({
            type: 'review.opened',
            entity_id: prompt.entity_id,
            data: { prompt_id: prompt.prompt_id, field: prompt.field },
          });
        }
      }
    }
    known = new Set(open.map((p) => p.prompt_id));
  };
  const unsubscribeProbe = (): void => {};
  const check = (): void => {
    if (engine.events.subscriberCount() === 0 || busy) return;
    busy = true;
    tick()
      .catch(() => {
        // A failed poll (store busy or closing) is retried on the next tick.
      })
      .finally(() => {
        busy = false;
      });
  };
  timer = setInterval(check, WATCH_INTERVAL_MS);
  timer.unref();
  return () => {
    unsubscribeProbe();
    if (timer !== null) clearInterval(timer);
  };
}

/**
 * The routes the dashboard needs beyond the core API: the inbox over every registered source,
 * search, health, and the `/api/events` SSE stream. All validate with the schemas they register.
 */
export function registerDashboardApi(
  app: Hono,
  registry: RouteRegistry,
  engine: Engine,
  inbox: InboxRegistry,
  shutdown: AbortSignal,
): void {
  defineRoute(
    app,
    registry,
    {
      method: 'get',
      path: '/api/inbox',
      summary: 'Open questions of every kind (review prompts, dead letters, …), oldest first',
      tags: ['review'],
      scope: 'read',
      query: z.object({ kind: z.string().optional(), ...pageQuery }),
      response: pageSchema(inboxItemSchema).extend({ kinds: z.array(z.string()) }),
      etag: true,
    },
    async (c, { query }) => {
      const principal = principalOf(c);
      const items = (await inbox.list(engine)).filter(
        (item) =>
          entityAllowed(principal.entities, item.entity_id) &&
          (query.kind === undefined || item.kind === query.kind),
      );
      return c.json({ ...paginate(items, query), kinds: [...inbox.kinds()] });
    },
  );

  defineRoute(
    app,
    registry,
    {
      method: 'post',
      path: '/api/inbox/:kind/:id',
      summary: 'Answer an inbox item with one of its actions',
      tags: ['review'],
      scope: 'review',
      params: z.object({ kind: z.string(), id: z.string() }),
      body: answerBody,
      response: z.object({ kind: z.string(), id: z.string(), result: z.unknown() }),
    },
    async (c, { params, body }) => {
      const source = inbox.get(params.kind);
      const result = await source.answer(engine, params.id, body.action, body.edited_value);
      engine.events.publish({
        type: 'review.answered',
        entity_id: await source.entityOf(engine, params.id),
        data: { kind: params.kind, id: params.id, action: body.action },
      });
      return c.json({ kind: params.kind, id: params.id, result });
    },
  );

  defineRoute(
    app,
    registry,
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
    async (c, { query }) => {
      const principal = principalOf(c);
      const entities = [...(await engine.listEntities())]
        .filter((entity) => entityAllowed(principal.entities, entity))
        .sort()
        .map((entity) => ({ entity_id: entity }));
      return c.json(paginate(entities, query));
    },
  );

  defineRoute(
    app,
    registry,
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
    async (c, { params, query }) => {
      const history = await engine.history(params.entity, query.field);
      return c.json(
        paginate(
          history.map((h) => ({
            entity_id: h.entityId,
            field: h.field,
            event_id: h.eventId,
            recorded_at: h.recordedAt,
            event_ts: h.eventTs,
            kind: h.kind,
            decision: h.decision,
            value: h.value,
            confidence: h.confidence,
            reasons: [...h.reasons],
            committed_after: h.committedAfter,
            version_after: h.versionAfter,
          })),
          query,
        ),
      );
    },
  );

  defineRoute(
    app,
    registry,
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
    async (c, { query }) => {
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
  );

  defineRoute(
    app,
    registry,
    {
      method: 'get',
      path: '/api/health',
      summary: 'Health: seed 000 metrics, search index backlog, job queue and dead letters',
      tags: ['health'],
      scope: 'read',
      response: healthSchema,
    },
    async (c) => {
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
  );

  defineRoute(
    app,
    registry,
    {
      method: 'get',
      path: '/api/events',
      summary:
        'Server-sent events: ledger.committed, review.opened, review.answered, and kinds services publish',
      description:
        'Each SSE message has `event` = the type and `data` = {type, entity_id, data}. A token with an entity allow-list receives only events of its entities.',
      tags: ['events'],
      scope: 'read',
      query: z.object({ entity_id: entityId.optional() }),
      contentType: 'text/event-stream',
    },
    (c, { query }) => {
      const principal = principalOf(c);
      if (!principal.scopes.has('read')) {
        return problemResponse(
          c,
          403,
          'FORBIDDEN',
          `token "${principal.name}" lacks the read scope`,
        );
      }
      if (query.entity_id !== undefined && !entityAllowed(principal.entities, query.entity_id)) {
        return problemResponse(
          c,
          403,
          'FORBIDDEN',
          `token "${principal.name}" may not access ${query.entity_id}`,
        );
      }
      const wanted = (event: EngineEvent): boolean => {
        if (event.entity_id === null)
          return !isRestricted(principal) && query.entity_id === undefined;
        if (query.entity_id !== undefined && event.entity_id !== query.entity_id) return false;
        return entityAllowed(principal.entities, event.entity_id);
      };
      return streamSSE(c, async (stream) => {
        const queue: EngineEvent[] = [];
        let wake: (() => void) | null = null;
        const unsubscribe = engine.events.subscribe((event) => {
          if (!wanted(event)) return;
          queue.push(event);
          wake?.();
        });
        let closed = false;
        const stop = (): void => {
          closed = true;
          wake?.();
        };
        stream.onAbort(stop);
        shutdown.addEventListener('abort', stop);
        try {
          await stream.writeSSE({ event: 'ready', data: JSON.stringify({ type: 'ready' }) });
          let id = 0;
          while (!closed) {
            const event = queue.shift();
            if (event === undefined) {
              await new Promise<void>((resolve) => {
                wake = resolve;
                setTimeout(resolve, KEEPALIVE_MS).unref();
              });
              wake = null;
              if (queue.length === 0 && !closed) await stream.write(': keep-alive\n\n');
              continue;
            }
            id += 1;
            await stream.writeSSE({
              id: String(id),
              event: event.type,
              data: JSON.stringify(event),
            });
          }
        } finally {
          shutdown.removeEventListener('abort', stop);
          unsubscribe();
        }
      });
    },
  );
}

/** Serves the dashboard's static files and lists them in the registry (public: they hold no data). */
export function mountWebAssets(app: Hono, registry: RouteRegistry): void {
  for (const asset of WEB_ASSETS) {
    registry.add({
      method: 'get',
      path: asset.path,
      summary: asset.summary,
      tags: ['dashboard'],
      scope: 'public',
      contentType: asset.contentType.split(';')[0] ?? asset.contentType,
    });
    app.get(asset.path, (c) => {
      refuseUnknownQuery(c, []);
      return c.body(asset.body, 200, {
        'Content-Type': asset.contentType,
        'Cache-Control': 'no-cache',
        'Content-Security-Policy':
          "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; object-src 'none'; frame-ancestors 'none'",
        'X-Content-Type-Options': 'nosniff',
      });
    });
  }
}
