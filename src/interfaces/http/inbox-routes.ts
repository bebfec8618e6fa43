import { z } from 'zod';
import { answererOf, entityAllowed, principalOf } from './auth.js';
import { inboxItemSchema, STATE_REVIEW_KIND } from './inbox.js';
import { pageQuery, pageSchema, paginate } from './paging.js';
import { type HttpRoute, route } from './route-registry.js';

const answerBody = z
  .object({
    action: z.string().min(1).max(40),
    edited_value: z.string().min(1).max(500).optional(),
  })
  .strict();

/** `GET /api/inbox` (every registered source, filtered by principal) and its answer route. */
export const INBOX_ROUTES: readonly HttpRoute[] = [
  route(
    {
      method: 'get',
      path: '/api/inbox',
      summary:
        'Open questions of every kind: what a reviewer answers (review prompts, …) before operator matters (dead letters), oldest first within each',
      tags: ['review'],
      scope: 'read',
      query: z.object({ kind: z.string().optional(), ...pageQuery }),
      response: pageSchema(inboxItemSchema).extend({ kinds: z.array(z.string()) }),
      etag: true,
    },
    async (c, { query }, { engine, inbox }) => {
      const principal = principalOf(c);
      const items = (await inbox.list(engine)).filter(
        (item) =>
          entityAllowed(principal.entities, item.entity_id) &&
          (query.kind === undefined || item.kind === query.kind),
      );
      return c.json({ ...paginate(items, query), kinds: [...inbox.kinds()] });
    },
  ),
  route(
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
    async (c, { params, body }, { engine, inbox }) => {
      const source = inbox.get(params.kind);
      const result = await source.answer(
        engine,
        params.id,
        body.action,
        body.edited_value,
        answererOf(c),
      );
      // A state review's answer is a ledger event, which the ledger watcher announces (with the
      // same kind, id and action) for every writer; announcing it here too would send it twice.
      if (source.kind !== STATE_REVIEW_KIND) {
        engine.events.publish({
          type: 'review.answered',
          entity_id: await source.entityOf(engine, params.id),
          data: { kind: params.kind, id: params.id, action: body.action },
        });
      }
      return c.json({ kind: params.kind, id: params.id, result });
    },
  ),
];
