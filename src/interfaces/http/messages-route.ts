import type { Hono } from 'hono';
import { z } from 'zod';
import { ENTITY_ID_PATTERN, EngineError } from '../../core/index.js';
import type { Engine } from '../../engine/index.js';
import { refuseUnknownQuery } from './query-params.js';

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
export function registerMessagesRoute(app: Hono, engine: Engine): void {
  app.post('/api/messages', async (c) => {
    refuseUnknownQuery(c, []);
    let raw: unknown;
    try {
      raw = await c.req.json();
    } catch (error: unknown) {
      throw new EngineError(
        'VALIDATION_FAILED',
        'body must be JSON',
        { field: 'body' },
        { cause: error },
      );
    }
    const parsed = messagesBody.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = issue?.path.join('.') || 'body';
      throw new EngineError('VALIDATION_FAILED', `${path}: ${issue?.message ?? 'invalid'}`, {
        field: path,
      });
    }
    const { messages, ...options } = parsed.data;
    const result = await engine.recordMessages(messages, options);
    const allRejected = result.rejected > 0 && result.applied + result.duplicate === 0;
    return c.json(result, allRejected ? 422 : 200);
  });
}
