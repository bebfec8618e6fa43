import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import type { Engine, EngineEvent } from '../../engine/index.js';
import { entityAllowed, isRestricted, principalOf } from './auth.js';
import { STATE_REVIEW_KIND } from './inbox.js';
import { problemResponse } from './problem.js';
import { type HttpRoute, route } from './route-registry.js';
import { entityIdSchema as entityId } from './wire-schemas.js';

/** How often the SSE watcher polls the ledger head while someone listens. */
const WATCH_INTERVAL_MS = 500;
const KEEPALIVE_MS = 15_000;

/**
 * Ledger event types that the live stream announces under a name of their own: a memory or a
 * projection that no longer matches what it cites (`drift.detected`), a task that climbed the
 * escalation ladder (`task.escalated`), and a review prompt answered (`review.answered`) by
 * whichever writer answered it: `/api/reviews/:id`, the inbox, MCP, the CLI or the Telegram bot.
 */
const LIVE_KINDS: Readonly<Record<string, string>> = {
  'prediction_error.detected': 'drift.detected',
  'projection.drifted': 'drift.detected',
  'memory_zone.edited': 'drift.detected',
  'task.escalated': 'task.escalated',
  'review.answered': 'review.answered',
};

/**
 * Payload fields a live event carries along (ids, levels and the review action, never note or
 * message text, nor an edited value).
 */
const LIVE_FIELDS = [
  'task_id',
  'level',
  'memory_id',
  'error_type',
  'file',
  'zone_id',
  'prompt_id',
  'action',
] as const;

/** Engine events for the announced kinds among the ledger events after `from`, up to `to`. */
async function announceLedgerKinds(engine: Engine, from: number, to: number): Promise<void> {
  let after = from;
  while (after < to) {
    const page = await engine.readLedger(after, 500);
    if (page.length === 0) return;
    for (const event of page) {
      after = event.seq;
      const kind = LIVE_KINDS[event.type];
      if (kind === undefined || event.seq > to) continue;
      const data: Record<string, unknown> = {
        event_id: event.eventId,
        sequence: event.seq,
        ledger_type: event.type,
      };
      for (const field of LIVE_FIELDS) {
        const value = event.payload[field];
        if (typeof value === 'string' || typeof value === 'number') data[field] = value;
      }
      if (kind === 'review.answered' && typeof data['prompt_id'] === 'string') {
        // The inbox's own `review.answered` names the item as `kind` and `id`: the same here.
        data['kind'] = STATE_REVIEW_KIND;
        data['id'] = data['prompt_id'];
      }
      engine.events.publish({ type: kind, entity_id: event.entityId, data });
    }
  }
}

/**
 * Publishes `ledger.committed`, `review.opened`, `review.answered`, `drift.detected` and
 * `task.escalated` on `engine.events` by polling the ledger head and the open prompts while at least one subscriber
 * listens, so commits made by any process on the same store (a CLI ingest, a reconciler run,
 * another server) reach the dashboard. Returns a stop function.
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
      await announceLedgerKinds(engine, head, sequence);
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
  const poll = (): void => {
    busy = true;
    tick()
      .catch(() => {
        // A failed poll (store busy or closing) is retried on the next tick.
      })
      .finally(() => {
        busy = false;
      });
  };
  const check = (): void => {
    if (engine.events.subscriberCount() > 0 && !busy) poll();
  };
  // The baseline is read now, not at the first poll after someone subscribes: a commit landing
  // between a stream's `ready` (after which the page reads once) and that first poll would
  // otherwise become the baseline and never be announced. With the baseline taken early, the first
  // poll after a quiet spell announces what was committed meanwhile (a spare refresh at worst).
  poll();
  timer = setInterval(check, WATCH_INTERVAL_MS);
  timer.unref();
  return () => {
    if (timer !== null) clearInterval(timer);
  };
}

/** `GET /api/events`: the SSE stream of engine events, filtered by principal; ends on `shutdown`. */
export const EVENTS_ROUTES: readonly HttpRoute[] = [
  route(
    {
      method: 'get',
      path: '/api/events',
      summary:
        'Server-sent events: ledger.committed, review.opened, review.answered, drift.detected, task.escalated',
      description:
        'Each SSE message has `event` = the type and `data` = {type, entity_id, data}. A token with an entity allow-list receives only events of its entities.',
      tags: ['events'],
      scope: 'read',
      query: z.object({ entity_id: entityId.optional() }),
      contentType: 'text/event-stream',
    },
    (c, { query }, { engine, shutdown }) => {
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
      if (shutdown.aborted) {
        // A client reconnecting over a kept-alive socket of a server that is closing would hold
        // it open with a stream nothing ends; it retries and reaches the next server instead.
        return problemResponse(c, 503, 'UNAVAILABLE', 'the server is shutting down');
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
  ),
];
