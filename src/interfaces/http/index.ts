/**
 * Verity's HTTP interface (`verity serve`): a Hono app with `/health`, MCP Streamable HTTP on
 * `/mcp` and a JSON API under `/api`, behind bearer-token auth.
 * May import: engine, core types, config (the body limit's default), and `interfaces/mcp`
 * (mounted on `/mcp`).
 */

export type { AuthOptions, Principal, Scope, TokenGrant } from './auth.js';
export { hashToken } from './auth.js';
export type { HttpAppOptions } from './create-http-app.js';
export { createHttpApp } from './create-http-app.js';
export type { ErrorBody } from './http-errors.js';
export type { InboxAudience, InboxItem, InboxSource } from './inbox.js';
export { InboxRegistry } from './inbox.js';
export type { OperationsOptions, RouteDeps } from './route-deps.js';
export type { HttpRoute, RouteSpec } from './route-registry.js';
export { defineRoute, mountRoutes, RouteRegistry, route } from './route-registry.js';
export type { RunningHttpServer, StartHttpServerOptions } from './start-http-server.js';
export { startHttpServer } from './start-http-server.js';
