import type { Context, Hono } from 'hono';
import { etag } from 'hono/etag';
import { TASK_ID_PATTERN } from '../../core/index.js';
import type { Engine } from '../../engine/index.js';
import type { AuthOptions } from './auth.js';
import { authEnabled, createAuth, principalOf } from './auth.js';
import { describeCoreRoutes } from './core-route-docs.js';
import { DASHBOARD_ROUTES, mountWebAssets } from './dashboard-api.js';
import { watchLedger } from './events-route.js';
import type { InboxRegistry } from './inbox.js';
import { createInbox } from './inbox.js';
import { checkMcpRequest, checkMcpResponse } from './mcp-scopes.js';
import { buildOpenApi, OPENAPI_PATH } from './openapi.js';
import { refuseUnknownQuery } from './query-params.js';
import type { OperationsOptions, RouteDeps } from './route-deps.js';
import { mountRoutes, RouteRegistry } from './route-registry.js';

const VERSION = '0.1.0';
/** The registered media type of an OpenAPI document in JSON. */
const OPENAPI_MEDIA_TYPE = 'application/vnd.oai.openapi+json';
const registries = new WeakMap<Hono, RouteRegistry>();
const stoppers = new WeakMap<Hono, () => void>();
const shutdowns = new WeakMap<Hono, AbortController>();

/** Reads that answer with an ETag and honour If-None-Match. */
const CACHEABLE = [
  '/api/state/*',
  '/api/reviews',
  '/api/items',
  '/api/items/*',
  '/api/stats',
  '/api/inbox',
  '/api/entities',
];

/** What `installPlatform` sets up and `finishPlatform` completes. */
export interface Platform {
  readonly auth: AuthOptions;
  /** The inbox's sources; other features add theirs with `inbox.register`. */
  readonly inbox: InboxRegistry;
  /** The routes the OpenAPI document is generated from; mount routes with `mountRoutes`. */
  readonly registry: RouteRegistry;
  /** What route handlers get besides the request. */
  readonly deps: RouteDeps;
  /** Runs an MCP request under the caller's scopes: checks the call, then the answer. */
  guardMcp(c: Context, handle: () => Promise<Response>): Promise<Response>;
}

/**
 * The entity of the task a path names (`/api/tasks/:id[/<verb>]`), so a restricted token may not
 * move, update or finish another entity's task: the answer check alone would refuse only after
 * the change was made. Undefined for other paths; null for an unknown task.
 */
async function entityOfTaskPath(engine: Engine, path: string): Promise<string | null | undefined> {
  const id = /^\/api\/tasks\/([^/]+)(?:\/[a-z]+)?$/.exec(path)?.[1];
  if (id === undefined || !TASK_ID_PATTERN.test(decodeURIComponent(id))) return undefined;
  const tasks = await engine.tasks.list({ state: 'all' });
  return tasks.find((task) => task.id === decodeURIComponent(id))?.entity_id ?? null;
}

/**
 * Installs the cross-cutting parts of the HTTP app before any route: bearer auth with scopes and
 * entity allow-lists, and ETags on cacheable reads.
 */
export function installPlatform(
  app: Hono,
  engine: Engine,
  auth: AuthOptions,
  operations: OperationsOptions = {},
): Platform {
  const inbox = createInbox();
  const registry = new RouteRegistry();
  const shutdown = new AbortController();
  shutdowns.set(app, shutdown);
  describeCoreRoutes(registry);
  app.use(
    '*',
    createAuth(
      engine,
      auth,
      [
        async (path) => {
          const match = /^\/api\/inbox\/([^/]+)\/([^/]+)$/.exec(path);
          if (match?.[1] === undefined || match[2] === undefined) return undefined;
          const source = inbox.get(decodeURIComponent(match[1]));
          return await source.entityOf(engine, decodeURIComponent(match[2]));
        },
        (path) => entityOfTaskPath(engine, path),
      ],
      (method, path) => {
        // The scope a route's spec declares is the one enforced (and documented in OpenAPI).
        const scope = registry.match(method, path)?.scope;
        return scope === 'public' ? undefined : scope;
      },
    ),
  );
  const tagger = etag();
  for (const path of CACHEABLE) {
    app.use(path, (c, next) => (c.req.method === 'GET' ? tagger(c, next) : next()));
  }
  return {
    auth,
    inbox,
    registry,
    deps: { engine, inbox, shutdown: shutdown.signal, operations },
    async guardMcp(c, handle) {
      if (!authEnabled(auth)) return await handle();
      const principal = principalOf(c);
      let rpc: unknown;
      try {
        rpc = await c.req.raw.clone().json();
      } catch {
        // Not JSON: the transport answers with its own parse error.
        rpc = null;
      }
      const denied = await checkMcpRequest(engine, principal, rpc);
      if (denied !== null) return c.json(denied, 200);
      const response = await handle();
      if (!(response.headers.get('content-type') ?? '').includes('json')) return response;
      const leaked = checkMcpResponse(principal, await response.clone().json());
      return leaked === null ? response : c.json(leaked, 200);
    },
  };
}

/**
 * Mounts the dashboard, its API and `/api/openapi.json` after the other routes. A route added
 * elsewhere must appear in the registry too (the drift test in `openapi.test.ts` compares it with
 * the mounted routes): describe it in `core-route-docs.ts`, or better mount it with `defineRoute`
 * so the schemas it validates with are the ones documented. Also starts the ledger watcher that
 * feeds `/api/events`.
 */
export function finishPlatform(app: Hono, engine: Engine, platform: Platform): void {
  const registry = platform.registry;
  mountRoutes(app, registry, platform.deps, DASHBOARD_ROUTES);
  mountWebAssets(app, registry);
  registry.add({
    method: 'get',
    path: OPENAPI_PATH,
    summary: 'This OpenAPI 3.1 document',
    tags: ['meta'],
    scope: 'public',
    contentType: OPENAPI_MEDIA_TYPE,
  });
  // Served as the OpenAPI media type, not application/json: its keys (operationId, requestBody,
  // schema names) belong to the OpenAPI vocabulary, so the snake_case rewrite must leave them alone.
  app.get(OPENAPI_PATH, etag(), (c) => {
    refuseUnknownQuery(c, []);
    return c.body(JSON.stringify(buildOpenApi(registry, VERSION)), 200, {
      'Content-Type': OPENAPI_MEDIA_TYPE,
    });
  });
  registries.set(app, registry);
  const stopWatching = watchLedger(engine);
  stoppers.set(app, () => {
    stopWatching();
    shutdowns.get(app)?.abort();
  });
}

/** The route registry an app's OpenAPI document is generated from (tests compare it with the app). */
export function routeRegistryOf(app: Hono): RouteRegistry {
  const registry = registries.get(app);
  if (registry === undefined) throw new Error('not an app made by createHttpApp');
  return registry;
}

/** Stops an app's background ledger watcher and open SSE streams; server close calls it. */
export function stopHttpApp(app: Hono): void {
  stoppers.get(app)?.();
}
