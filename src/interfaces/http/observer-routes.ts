import { z } from 'zod';
import { access, captureInput, toCaptureRequest } from '../mcp/index.js';
import { answererOf } from './auth.js';
import { type HttpRoute, route } from './route-registry.js';
import { entityIdSchema, anyObject as object, present } from './wire-schemas.js';

const captureBody = z.object({ ...captureInput, entity_id: z.string().optional() }).strict();

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
    entity_id: entityIdSchema.optional(),
  })
  .strict();

const tags = ['observer'];

/**
 * Mounts the session-memory routes: `POST /api/sessions` (capture a transcript; observed by a
 * durable job unless `observe` says otherwise), `GET /api/proposals?status=`,
 * `POST /api/proposals/:id` (`{"action":"approve|reject|edit", ...}`), `GET /api/memory?all=true`
 * and `POST /api/ask` (`{"question","entity_id"?}`).
 */
export const OBSERVER_ROUTES: readonly HttpRoute[] = [
  route(
    {
      method: 'post',
      path: '/api/sessions',
      summary:
        'Capture a session transcript (observed by a durable job unless observe says otherwise)',
      tags,
      scope: 'write',
      body: captureBody,
      response: object,
    },
    async (c, { body: b }, { engine }) => {
      const result = await engine.observer.capture(toCaptureRequest(b));
      return c.json(result, result.status === 'captured' ? 201 : 200);
    },
  ),
  route(
    {
      method: 'get',
      list: 'proposals',
      path: '/api/proposals',
      summary: 'Memory proposals (pending by default)',
      tags,
      ...access('memory_file_read'),
      query: z.object({
        status: z.enum(['pending', 'approved', 'rejected', 'expired', 'all']).optional(),
      }),
      response: z.object({ proposals: z.array(object) }),
    },
    async (c, { query }, { engine }) =>
      c.json({ proposals: await engine.observer.listProposals(query.status ?? 'pending') }),
  ),
  route(
    {
      method: 'post',
      path: '/api/proposals/:id',
      summary: 'Resolve a memory proposal: approve, reject, or edit with text',
      tags,
      ...access('memory_file_decide'),
      params: z.object({ id: z.string() }),
      body: resolveBody,
      response: object,
    },
    async (c, { params, body: b }, { engine }) =>
      c.json(
        await engine.observer.resolveProposal(
          params.id,
          b.action,
          present({
            text: b.text,
            section: b.section,
            reason: b.reason,
            decidedBy: answererOf(c)?.actor,
          }),
        ),
      ),
  ),
  route(
    {
      method: 'get',
      list: 'memory',
      path: '/api/memory',
      summary: 'Promoted MEMORY.md entries (all=true includes retired ones)',
      tags,
      ...access('memory_file_read'),
      query: z.object({ all: z.enum(['true', 'false']).optional() }),
      response: z.object({ memory: z.array(object) }),
    },
    async (c, { query }, { engine }) =>
      c.json({ memory: await engine.observer.listMemory(query.all === 'true') }),
  ),
  route(
    {
      method: 'post',
      path: '/api/ask',
      summary: 'Answer a question from session memory, with citations',
      tags,
      // Reads MEMORY.md and session observations, which belong to no entity (as ask_memory).
      ...access('memory_file_read'),
      body: askBody,
      response: object,
    },
    async (c, { body: b }, { engine }) =>
      c.json(
        await engine.observer.ask(b.question, present({ limit: b.limit, entityId: b.entity_id })),
      ),
  ),
];
