import { z } from 'zod';
import { ENTITY_ID_PATTERN } from '../../core/index.js';
import { type HttpRoute, route } from './route-registry.js';
import { anyObject } from './wire-schemas.js';

const entityId = z.string().max(128).regex(new RegExp(ENTITY_ID_PATTERN));

/** The body of `POST /api/messages`; messages themselves are validated by the ingest schema. */
const messagesBody = z.strictObject({
  thread_id: z.string().min(1).max(200).optional(),
  entity_id: entityId.optional(),
  import: z.boolean().optional(),
  messages: z.array(z.record(z.string(), z.unknown())).min(1).max(10_000),
});

/**
 * Mounts `POST /api/messages` with `{"messages":[...], "thread_id"?, "entity_id"?, "import"?}`:
 * records conversation messages (the SDK's `recordMessages`), 200 with each message's outcome,
 * 422 when every message was rejected.
 */
export const MESSAGES_ROUTES: readonly HttpRoute[] = [
  route(
    {
      method: 'post',
      path: '/api/messages',
      summary: 'Record conversation messages; 422 when every message was rejected',
      tags: ['ingest'],
      scope: 'write',
      body: messagesBody,
      response: anyObject,
    },
    async (c, { body }, { engine }) => {
      const { messages, ...options } = body;
      const result = await engine.recordMessages(messages, options);
      const allRejected = result.rejected > 0 && result.applied + result.duplicate === 0;
      return c.json(result, allRejected ? 422 : 200);
    },
  ),
];
