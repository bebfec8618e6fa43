import { z } from 'zod';
import type { RouteRegistry } from './route-registry.js';
import { describeRoute } from './route-registry.js';
import { anyObject as object } from './wire-schemas.js';

/**
 * Documents the routes `create-http-app.ts` mounts by hand because they are not JSON routes:
 * `/health` (outside `/api`), `/mcp` (the MCP transport reads the raw request) and
 * `POST /api/ingest` (a size-limited JSONL body). Every other route is a `route()` entry of a
 * route list. The drift test (`openapi.test.ts`) fails when these and the app's routes disagree.
 */
export function describeCoreRoutes(registry: RouteRegistry): void {
  describeRoute(registry, {
    method: 'get',
    path: '/health',
    summary: 'Liveness with event and pending-review counts',
    tags: ['health'],
    scope: 'public',
    response: z.object({
      status: z.literal('ok'),
      events: z.number(),
      pending_reviews: z.number(),
    }),
  });
  describeRoute(registry, {
    method: 'post',
    path: '/mcp',
    summary: 'MCP Streamable HTTP (stateless, JSON responses); tools honour token scopes',
    tags: ['mcp'],
    scope: 'read',
    body: object,
    response: object,
  });
  for (const method of ['get', 'delete'] as const) {
    describeRoute(registry, {
      method,
      path: '/mcp',
      summary: 'Not allowed on a stateless MCP server (405)',
      tags: ['mcp'],
      scope: 'read',
      response: object,
    });
  }
  describeRoute(registry, {
    method: 'post',
    path: '/api/ingest',
    summary: 'Ingest JSONL events (valid lines apply; invalid ones go to the DLQ, 422)',
    description:
      'Up to the write body limit (4 MiB by default; a larger body is refused with 413 PAYLOAD_TOO_LARGE and nothing is stored). A large JSONL body is applied in chunks of whole lines, each its own transaction, so the server keeps answering other requests meanwhile; rejections name their line in the body. Should one chunk fail, the error names recorded_lines and total_lines: the lines before it are stored, and sending the same body again handles the rest (those answer duplicate). With ?import=true, or a JSON array, the body is applied in one piece.',
    tags: ['ingest'],
    scope: 'write',
    body: z.string().describe('JSON lines'),
    response: z
      .object({ applied: z.number(), duplicate: z.number(), rejected: z.number() })
      .loose(),
  });
}
