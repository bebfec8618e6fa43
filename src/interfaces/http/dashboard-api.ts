import type { Hono } from 'hono';
import { WEB_ASSETS } from '../web/index.js';
import { ENTITY_ROUTES } from './entity-routes.js';
import { EVENTS_ROUTES } from './events-route.js';
import { HEALTH_ROUTES } from './health-route.js';
import { INBOX_ROUTES } from './inbox-routes.js';
import { refuseUnknownQuery } from './query-params.js';
import type { HttpRoute, RouteRegistry } from './route-registry.js';
import { SEARCH_ROUTES } from './search-route.js';

/**
 * The routes the dashboard needs beyond the core API: the inbox over every registered source,
 * entities and history, search, health, and the `/api/events` SSE stream. All validate with the
 * schemas they register.
 */
export const DASHBOARD_ROUTES: readonly HttpRoute[] = [
  ...INBOX_ROUTES,
  ...ENTITY_ROUTES,
  ...SEARCH_ROUTES,
  ...HEALTH_ROUTES,
  ...EVENTS_ROUTES,
];

/** Serves the dashboard's static files and lists them in the registry (public: they hold no data). */
export function mountWebAssets(app: Hono, registry: RouteRegistry): void {
  for (const asset of WEB_ASSETS) {
    registry.add({
      method: 'get',
      path: asset.path,
      summary: asset.summary,
      tags: ['dashboard'],
      scope: 'public',
      contentType: asset.contentType.split(';')[0] ?? asset.contentType,
    });
    app.get(asset.path, (c) => {
      refuseUnknownQuery(c, []);
      return c.body(asset.body, 200, {
        'Content-Type': asset.contentType,
        'Cache-Control': 'no-cache',
        'Content-Security-Policy':
          "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; object-src 'none'; frame-ancestors 'none'",
        'X-Content-Type-Options': 'nosniff',
      });
    });
  }
}
