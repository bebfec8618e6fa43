import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { EngineError } from '../../core/index.js';
import type { Engine } from '../../engine/index.js';

const captureBody = z
  .object({
    session_id: z.string().min(1).max(200).optional(),
    trigger: z.enum(['compaction', 'shutdown', 'manual']),
    transcript: z.string().min(1),
    entity_id: z.string().optional(),
    observe: z.enum(['sync', 'queue', 'none']).optional(),
  })
  .strict();

const resolveBody = z
  .object({
    action: z.enum(['approve', 'reject', 'edit']),
    text: z.string().min(1).max(400).optional(),
    section: z.string().optional(),
    reason: z.string().max(400).optional(),
  })
  .strict();

const askBody = z
  .object({
    question: z.string().min(1).max(1000),
    limit: z.number().int().min(1).max(20).optional(),
  })
  .strict();

async function body<T>(c: Context, schema: z.ZodType<T>): Promise<T> {
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
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new EngineError(
      'VALIDATION_FAILED',
      `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`,
      { field: issue?.path.join('.') || 'body' },
    );
  }
  return parsed.data;
}

/**
 * Mounts the session-memory routes: `POST /api/sessions` (capture a transcript; observed by a
 * durable job unless `observe` says otherwise), `GET /api/proposals?status=`,
 * `POST /api/proposals/:id` (`{"action":"approve|reject|edit", ...}`), `GET /api/memory?all=true`
 * and `POST /api/ask` (`{"question"}`).
 */
export function registerObserverRoutes(app: Hono, engine: Engine): void {
  app.post('/api/sessions', async (c) => {
    const b = await body(c, captureBody);
    const result = await engine.observer.capture({
      text: b.transcript,
      sessionId: b.session_id,
      trigger: b.trigger,
      entityId: b.entity_id,
      observe: b.observe ?? 'queue',
    });
    return c.json(result, result.status === 'captured' ? 201 : 200);
  });

  app.get('/api/proposals', async (c) => {
    const status = c.req.query('status') ?? 'pending';
    const allowed = ['pending', 'approved', 'rejected', 'expired', 'all'] as const;
    if (!(allowed as readonly string[]).includes(status)) {
      throw new EngineError('VALIDATION_FAILED', `status must be one of ${allowed.join(', ')}`, {
        field: 'status',
      });
    }
    return c.json({ proposals: await engine.observer.listProposals(status as 'all') });
  });

  app.post('/api/proposals/:id', async (c) => {
    const b = await body(c, resolveBody);
    const view = await engine.observer.resolveProposal(c.req.param('id'), b.action, {
      ...(b.text === undefined ? {} : { text: b.text }),
      ...(b.section === undefined ? {} : { section: b.section }),
      ...(b.reason === undefined ? {} : { reason: b.reason }),
    });
    return c.json(view);
  });

  app.get('/api/memory', async (c) =>
    c.json({ memory: await engine.observer.listMemory(c.req.query('all') === 'true') }),
  );

  app.post('/api/ask', async (c) => {
    const b = await body(c, askBody);
    return c.json(
      await engine.observer.ask(b.question, b.limit === undefined ? {} : { limit: b.limit }),
    );
  });
}
