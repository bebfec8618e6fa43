import { z } from 'zod';
import { ENTITY_ID_PATTERN } from '../../core/index.js';
import { recordInChunks } from './record-in-chunks.js';
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
 * 422 when every message was rejected. A large request is applied in chunks that let the server
 * answer other requests in between (`recordInChunks`).
 */
export const MESSAGES_ROUTES: readonly HttpRoute[] = [
  route(
    {
      method: 'post',
      path: '/api/messages',
      summary: 'Record conversation messages; 422 when every message was rejected',
      description:
        'Up to 10,000 messages. A large request is applied in chunks, each its own transaction, so the server keeps answering other requests meanwhile. Should one chunk fail, the error names recorded_messages and total_messages: the messages before it are stored, and sending the same request again records the rest (those answer duplicate).',
      tags: ['ingest'],
      scope: 'write',
      body: messagesBody,
      response: anyObject,
    },
    async (c, { body }, { engine }) => {
      const { messages, ...options } = body;
      const result = await recordInChunks(engine, messages, options);
      const allRejected = result.rejected > 0 && result.applied + result.duplicate === 0;
      return c.json(result, allRejected ? 422 : 200);
    },
  ),
];
