import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { Engine } from '../../engine/index.js';
import { problemResponse } from './problem.js';
import { isEntityId, writeTargets } from './write-targets.js';

/** What a token may do: read state, write events, answer review questions. */
export type Scope = 'read' | 'write' | 'review';

/** A scoped token as the config file stores it: the sha256 of the token, never the token. */
export interface TokenGrant {
  readonly name: string;
  /** Lower-case hex sha256 of the bearer token (`verity token hash`). */
  readonly sha256: string;
  readonly scopes: readonly Scope[];
  /** Entity allow-list: exact ids (`user:alex`), a kind (`family:*`) or `*`; absent = all. */
  readonly entities?: readonly string[] | undefined;
}

/** Who is calling, once the bearer token has been checked. */
export interface Principal {
  readonly name: string;
  readonly scopes: ReadonlySet<Scope>;
  /** Entity allow-list patterns; null = every entity. */
  readonly entities: readonly string[] | null;
}

/** Options of `createAuth`. */
export interface AuthOptions {
  /** The single full-access token (`token` / VERITY_TOKEN); null for none. */
  readonly token: string | null;
  /** Scoped tokens from the config file. */
  readonly tokens?: readonly TokenGrant[];
}

const ALL_SCOPES: ReadonlySet<Scope> = new Set<Scope>(['read', 'write', 'review']);

/** The principal of an open (token-less, loopback-only) server and of the full-access token. */
export const FULL_ACCESS: Principal = { name: 'full', scopes: ALL_SCOPES, entities: null };

/** Paths served without a token: liveness and the data-free dashboard shell and API document. */
const PUBLIC_PATHS: ReadonlySet<string> = new Set([
  '/health',
  '/',
  '/dashboard.js',
  '/dashboard.css',
  '/api/openapi.json',
]);

const principals = new WeakMap<Request, Principal>();

/** sha256 hex of a bearer token, the form `tokens[].sha256` stores. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** True when `entityId` matches one of `patterns` (`user:alex`, `family:*`, `*`). */
export function entityAllowed(patterns: readonly string[] | null, entityId: string): boolean {
  if (patterns === null) return true;
  return patterns.some((pattern) => {
    if (pattern === '*') return true;
    if (pattern.endsWith(':*')) return entityId.startsWith(pattern.slice(0, -1));
    return pattern === entityId;
  });
}

/** The principal `createAuth` attached to a request (full access when auth is off). */
export function principalOf(c: Context): Principal {
  return principals.get(c.req.raw) ?? FULL_ACCESS;
}

/** Who answered through a surface: kept as `answered_by` / `decided_by` with its channel. */
export interface Answerer {
  /** `token:<name>` of the bearer token, as Telegram records `telegram:<user>`. */
  readonly actor: string;
  readonly channel: string;
}

/**
 * The answerer of a request that carried a token (`token:<name>`, channel `http`); undefined on a
 * server without tokens, where nobody is named.
 */
export function answererOf(c: Context): Answerer | undefined {
  const principal = principals.get(c.req.raw);
  return principal === undefined
    ? undefined
    : { actor: `token:${principal.name}`, channel: 'http' };
}

/** True when the principal is limited to some entities. */
export function isRestricted(principal: Principal): boolean {
  return principal.entities !== null;
}

/**
 * Every entity id a JSON value names (`entity_id` members, and `entity` members that look like an
 * entity id), so a response or request body can be checked against an allow-list wholesale.
 */
export function entityIdsIn(value: unknown, found: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) {
    for (const element of value) entityIdsIn(element, found);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, member] of Object.entries(value)) {
      if (
        (key === 'entity_id' || key === 'entity' || key === 'entityId') &&
        typeof member === 'string' &&
        /^(user|family|team):/.test(member)
      ) {
        found.add(member);
      } else {
        entityIdsIn(member, found);
      }
    }
  }
  return found;
}

/** The first entity of `ids` the principal may not touch, or null. */
export function forbiddenEntity(principal: Principal, ids: Iterable<string>): string | null {
  for (const id of ids) if (!entityAllowed(principal.entities, id)) return id;
  return null;
}

/** Resolves the bearer token of a request to a principal; null when it matches none. */
export function resolvePrincipal(
  options: AuthOptions,
  header: string | undefined,
): Principal | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  if (match?.[1] === undefined) return null;
  const presented = match[1];
  const hash = hashToken(presented);
  if (options.token !== null && sameHash(hash, hashToken(options.token))) return FULL_ACCESS;
  for (const grant of options.tokens ?? []) {
    if (sameHash(hash, grant.sha256)) {
      return {
        name: grant.name,
        scopes: new Set(grant.scopes),
        // "*" allows every entity: such a token is not limited, so the routes that refuse limited
        // tokens (ask, search without entity_id, workspace-wide operations) let it through.
        entities:
          grant.entities === undefined || grant.entities.includes('*') ? null : [...grant.entities],
      };
    }
  }
  return null;
}

/** True when the server asks for a token at all. */
export function authEnabled(options: AuthOptions): boolean {
  return options.token !== null || (options.tokens?.length ?? 0) > 0;
}

function forbidden(c: Context, detail: string): Response {
  return problemResponse(c, 403, 'FORBIDDEN', detail);
}

/**
 * The scope a REST request needs when no route declares one: reads need read, answering questions
 * review, the rest write.
 */
function scopeByMethod(method: string, path: string): Scope {
  if (method === 'GET' || method === 'HEAD') return 'read';
  if (path.startsWith('/api/reviews/') || path.startsWith('/api/inbox/')) return 'review';
  if (path === '/api/items/conflicts/resolve') return 'review';
  return 'write';
}

/** Looks up which entity a review prompt or inbox item belongs to, for the allow-list check. */
export type EntityOfTarget = (path: string) => Promise<string | null | undefined>;

async function entityOfReviewPath(
  engine: Engine,
  path: string,
): Promise<string | null | undefined> {
  const match = /^\/api\/reviews\/([^/]+)$/.exec(path);
  if (match?.[1] === undefined) return undefined;
  const id = decodeURIComponent(match[1]);
  const all = await engine.listReviews({
    status: ['queued', 'open', 'confirmed', 'rejected', 'edited', 'expired', 'superseded'],
  });
  const prompt = all.find((p) => p.prompt_id === id);
  return prompt?.entity_id ?? null;
}

/** Every `entity_id` member of a JSON value, whatever it holds (for the canonical-id check). */
function entityIdMembers(value: unknown, found: unknown[] = []): unknown[] {
  if (Array.isArray(value)) {
    for (const element of value) entityIdMembers(element, found);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, member] of Object.entries(value)) {
      if (key === 'entity_id' || key === 'entityId') found.push(member);
      else entityIdMembers(member, found);
    }
  }
  return found;
}

/** What a request names: entity ids to check, and `entity_id` values that are no entity id. */
interface NamedEntities {
  readonly ids: Set<string>;
  readonly malformed: unknown[];
}

async function requestEntityIds(c: Context, text: string): Promise<NamedEntities> {
  const found = new Set<string>();
  const malformed: unknown[] = [];
  const url = new URL(c.req.url);
  for (const name of ['entity', 'entity_id']) {
    for (const value of url.searchParams.getAll(name)) {
      // A blank one names none: the route's own rule for a missing entity applies.
      if (value.trim() === '') continue;
      if (isEntityId(value)) found.add(value);
      else malformed.push(value);
    }
  }
  const pathEntity = /^\/api\/state\/([^/]+)/.exec(url.pathname)?.[1];
  if (pathEntity !== undefined) found.add(decodeURIComponent(pathEntity));
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      const value: unknown = JSON.parse(line);
      entityIdsIn(value, found);
      for (const member of entityIdMembers(value)) if (!isEntityId(member)) malformed.push(member);
    } catch {
      // Not JSON (or not JSON lines): the route itself rejects it; nothing to check here.
    }
  }
  return { ids: found, malformed };
}

async function bodyText(c: Context): Promise<string> {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return '';
  return await c.req.raw.clone().text();
}

/**
 * Bearer auth with scopes and an entity allow-list for the REST API (`/api/*`); `/mcp` and
 * `/api/events` check the principal themselves. Request side: the scope the method needs, and
 * every entity the path, query or body names. Response side (restricted tokens only): a JSON
 * answer naming an entity outside the allow-list is replaced by 403, so a list route that was not
 * filtered fails closed instead of leaking.
 */
export function createAuth(
  engine: Engine,
  options: AuthOptions,
  extraTargets: readonly EntityOfTarget[] = [],
  declaredScope: (method: string, path: string) => Scope | undefined = () => undefined,
): MiddlewareHandler {
  const enabled = authEnabled(options);
  const targets: EntityOfTarget[] = [(path) => entityOfReviewPath(engine, path), ...extraTargets];
  return async (c, next) => {
    const path = c.req.path;
    if (PUBLIC_PATHS.has(path) || !enabled) return await next();
    const principal = resolvePrincipal(options, c.req.header('authorization'));
    if (principal === null) {
      const sent = c.req.header('authorization') !== undefined;
      return problemResponse(
        c,
        401,
        'UNAUTHORIZED',
        sent ? 'invalid token' : 'send Authorization: Bearer <token>',
        {},
        { 'WWW-Authenticate': 'Bearer realm="verity"' },
      );
    }
    principals.set(c.req.raw, principal);
    if (path === '/mcp' || path === '/api/events') return await next();

    const scope = declaredScope(c.req.method, path) ?? scopeByMethod(c.req.method, path);
    if (!principal.scopes.has(scope)) {
      return forbidden(c, `token "${principal.name}" lacks the ${scope} scope`);
    }
    if (!isRestricted(principal)) return await next();

    const text = await bodyText(c);
    const { ids: named, malformed } = await requestEntityIds(c, text);
    // A value that is no entity id could not be matched against the allow-list: refuse it
    // rather than let it through unchecked.
    if (malformed.length > 0) {
      return problemResponse(
        c,
        400,
        'VALIDATION_FAILED',
        `entity_id must be user:<slug>, family:<slug> or team:<slug> (got ${JSON.stringify(malformed[0])})`,
        { field: 'entity_id' },
      );
    }
    // Where the write lands once defaults apply (a message naming no entity is user:primary's).
    for (const target of writeTargets(c.req.method, path, text) ?? []) {
      if (!isEntityId(target.entity)) {
        return problemResponse(
          c,
          400,
          'VALIDATION_FAILED',
          `${target.where}: not an entity id (${JSON.stringify(target.entity)})`,
          { field: 'entity_id' },
        );
      }
      if (!entityAllowed(principal.entities, target.entity)) {
        return forbidden(
          c,
          `token "${principal.name}" may not write ${target.entity} (${target.where}, user:primary when absent); nothing was stored`,
        );
      }
    }
    for (const target of targets) {
      const entity = await target(path);
      if (entity === undefined) continue;
      if (entity === null) return problemResponse(c, 404, 'NOT_FOUND', `nothing at ${path}`);
      named.add(entity);
    }
    const denied = forbiddenEntity(principal, named);
    if (denied !== null) {
      return forbidden(c, `token "${principal.name}" may not access ${denied}`);
    }
    const given = (name: string) => (c.req.query(name) ?? '').trim() !== '';
    if (path === '/api/context' && (given('thread_id') || given('thread'))) {
      return forbidden(c, 'thread-scoped context needs a token without an entity allow-list');
    }

    await next();
    const type = c.res.headers.get('content-type') ?? '';
    if (c.res.status < 400 && type.includes('json')) {
      const body: unknown = await c.res.clone().json();
      const leaked = forbiddenEntity(principal, entityIdsIn(body));
      if (leaked !== null) {
        c.res = forbidden(
          c,
          `the answer names ${leaked}, outside token "${principal.name}"'s entities: filter by entity`,
        );
      }
    }
    return undefined;
  };
}
