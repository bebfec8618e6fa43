import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { DEFAULT_MAX_BODY_BYTES } from '../../config/index.js';
import { isWireJson, toWireJson } from '../../core/index.js';
import type { Engine } from '../../engine/index.js';
import { createMcpServer } from '../mcp/index.js';
import type { TokenGrant } from './auth.js';
import { CONTEXT_ROUTES } from './context-route.js';
import { CORE_ROUTES } from './core-routes.js';
import { invalid, toHttpError } from './http-errors.js';
import { ingestInChunks } from './ingest-in-chunks.js';
import { ITEMS_ROUTES } from './items-routes.js';
import { MAINTENANCE_ROUTES } from './maintenance-routes.js';
import { MEMORY_FILE_ROUTES } from './memory-file-routes.js';
import { MEMORY_ROUTES } from './memory-routes.js';
import { MESSAGES_ROUTES } from './messages-route.js';
import { OBSERVER_ROUTES } from './observer-routes.js';
import { OPERATIONS_ROUTES } from './operations-routes.js';
import { finishPlatform, installPlatform } from './platform.js';
import { problemResponse } from './problem.js';
import { refuseUnknownQuery } from './query-params.js';
import type { OperationsOptions } from './route-deps.js';
import { mountRoutes } from './route-registry.js';
import { TASK_REVIEW_ROUTES } from './task-review-routes.js';
import { TASK_ROUTES } from './tasks-routes.js';
import { writeBodyLimit } from './write-body-limit.js';

/** Options of `createHttpApp`. */
export interface HttpAppOptions {
  /** Bearer token required on every route but `/health`; null leaves the API open. */
  readonly token: string | null;
  /** Scoped tokens (hashed) from the config file; see `auth.ts`. */
  readonly tokens?: readonly TokenGrant[];
  /**
   * Host names (no port) that requests and browser `Origin`s may name; null accepts any. A
   * loopback server sets the loopback names, which defeats DNS rebinding.
   */
  readonly allowedHosts?: readonly string[] | null;
  /** Receives internal failures for logging. Defaults to ignoring them. */
  readonly onError?: (error: unknown) => void;
  /** Calendars and projection targets of `POST /api/poll` and `POST /api/project`. */
  readonly operations?: OperationsOptions;
  /**
   * Largest body a write (POST, PUT, PATCH, DELETE, MCP included) may send, in bytes; larger ones
   * are refused with 413 before anything is read into a route. Default 4 MiB
   * (`VERITY_MAX_BODY_BYTES` / `http.max_body_bytes` for `verity serve`).
   */
  readonly maxBodyBytes?: number;
}

const ignoreError = (): void => {};

function hostGuard(allowedHosts: readonly string[]): MiddlewareHandler {
  return async (c, next) => {
    const origin = c.req.header('origin');
    let originHost: string | null = null;
    if (origin !== undefined) {
      try {
        originHost = new URL(origin).hostname;
      } catch {
        // An unparseable Origin is treated like a foreign one below.
        originHost = '';
      }
    }
    const host = new URL(c.req.url).hostname;
    if (
      !allowedHosts.includes(host) ||
      (originHost !== null && !allowedHosts.includes(originHost))
    ) {
      return problemResponse(c, 403, 'FORBIDDEN', 'host or origin not allowed');
    }
    return await next();
  };
}

/**
 * Verity's HTTP API as a Hono app: `/health`, MCP Streamable HTTP on `/mcp` (stateless, a fresh
 * MCP server per request) and a small JSON API under `/api`. Serve it with `startHttpServer`, or
 * call `app.request()` in-process.
 */
export function createHttpApp(engine: Engine, options: HttpAppOptions): Hono {
  const report = options.onError ?? ignoreError;
  const app = new Hono();

  const allowedHosts = options.allowedHosts ?? null;
  if (allowedHosts !== null) app.use('*', hostGuard(allowedHosts));
  // Before auth: a token limited to some entities has its request body read by the entity check.
  app.use('*', writeBodyLimit(options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES));

  const platform = installPlatform(
    app,
    engine,
    { token: options.token, tokens: options.tokens ?? [] },
    options.operations,
  );

  // One wire vocabulary: every JSON body under /api has snake_case keys, whatever a route built.
  app.use('/api/*', async (c, next) => {
    await next();
    if (!(c.res.headers.get('content-type') ?? '').includes('application/json')) return;
    const body: unknown = await c.res.clone().json();
    if (isWireJson(body)) return;
    const headers = new Headers(c.res.headers);
    headers.delete('content-length');
    c.res = new Response(JSON.stringify(toWireJson(body)), { status: c.res.status, headers });
  });

  app.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse();
    const { status, body } = toHttpError(error, report);
    return problemResponse(c, status, body.error.code, body.error.message, body.error.details);
  });
  app.notFound((c) =>
    problemResponse(c, 404, 'NOT_FOUND', `no route for ${c.req.method} ${c.req.path}`),
  );

  app.get('/health', async (c) => {
    refuseUnknownQuery(c, []);
    const stats = await engine.stats();
    return c.json({ status: 'ok', events: stats.events, pending_reviews: stats.pending_reviews });
  });

  app.post('/mcp', async (c) => {
    return await platform.guardMcp(c, async () => {
      const server = createMcpServer(engine, { onError: (error) => report(error) });
      // Stateless Streamable HTTP: no session id generator, and JSON replies instead of SSE streams
      // because each request gets its own server, closed as soon as it has answered.
      const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
      await server.connect(transport);
      try {
        return await transport.handleRequest(c.req.raw);
      } finally {
        await server.close();
      }
    });
  });
  // A stateless server has no stream to resume (GET) and no session to end (DELETE).
  const mcpMethodNotAllowed = (c: Context): Response =>
    c.json(
      { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null },
      405,
      { Allow: 'POST' },
    );
  app.get('/mcp', mcpMethodNotAllowed);
  app.delete('/mcp', mcpMethodNotAllowed);

  app.post('/api/ingest', async (c) => {
    refuseUnknownQuery(c, ['import']);
    const mode = c.req.query('import');
    if (mode !== undefined && mode !== 'true' && mode !== 'false') {
      throw invalid('import must be true or false', 'import');
    }
    const bytes = new Uint8Array(await c.req.arrayBuffer());
    let text: string;
    try {
      if (bytes.includes(0)) throw new Error('NUL byte');
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch (error: unknown) {
      throw invalid(
        'the body is binary or not UTF-8; ingest reads UTF-8 JSONL text. Nothing was stored.',
        'body',
        error,
      );
    }
    const result = await ingestInChunks(engine, text, { import: mode === 'true' });
    return c.json(result, result.rejected > 0 ? 422 : 200);
  });

  mountRoutes(app, platform.registry, platform.deps, [
    ...CORE_ROUTES,
    ...ITEMS_ROUTES,
    ...MEMORY_ROUTES,
    // Before OBSERVER_ROUTES: `POST /api/proposals/sync` must not be taken for a proposal id.
    ...MEMORY_FILE_ROUTES,
    ...OBSERVER_ROUTES,
    ...TASK_ROUTES,
    ...TASK_REVIEW_ROUTES,
    ...MAINTENANCE_ROUTES,
    ...CONTEXT_ROUTES,
    ...MESSAGES_ROUTES,
    ...OPERATIONS_ROUTES,
  ]);

  finishPlatform(app, engine, platform);

  return app;
}
