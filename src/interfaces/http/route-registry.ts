import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { escapeRegExp } from '../../core/index.js';
import { isRestricted, principalOf, type Scope } from './auth.js';
import { invalid } from './http-errors.js';
import { type ListKey, pageAnswer, pagedResponseSchema, pageQuery } from './paging.js';
import { problemResponse } from './problem.js';
import { refuseUnknownQuery } from './query-params.js';
import type { RouteDeps } from './route-deps.js';

/** HTTP methods a route may declare. */
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * One route's contract: what it accepts and answers, in the zod schemas it validates with. The
 * OpenAPI document is generated from these, so a route that validates with a schema documents it.
 */
export interface RouteSpec {
  readonly method: HttpMethod;
  /** Hono path syntax (`/api/state/:entity`); OpenAPI gets `{entity}`. */
  readonly path: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags?: readonly string[];
  /** Scope the bearer token needs; `public` for routes served without one. */
  readonly scope: Scope | 'public';
  readonly params?: z.ZodObject;
  /** Query parameters; unknown ones are rejected when the route validates through `defineRoute`. */
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  /** The 2xx JSON answer; omit for non-JSON answers and set `contentType`. */
  readonly response?: z.ZodType;
  /** Media type of the 2xx answer; default `application/json`. */
  readonly contentType?: string;
  /** The answer carries an ETag and honours If-None-Match. */
  readonly etag?: boolean;
  /**
   * The route's reach is not bounded by an entity (a replay, the DLQ, MEMORY.md, the notes
   * vault): tokens limited to some entities are refused (403) before it runs, since the answer
   * check could only fail closed after the change was made.
   */
  readonly allEntities?: true;
  /**
   * The route answers for one entity, named by `entity_id` (query or body): tokens limited to some
   * entities must name one (403 otherwise), as MCP tools marked `restrictedNeedsEntity` do.
   */
  readonly restrictedNeedsEntity?: true;
  /**
   * The route answers a list of rows: the array member holding them (`.` for a bare array). It
   * then takes `limit` and `cursor` and pages that list (`pageAnswer`), documented as such.
   */
  readonly list?: ListKey;
}

/** True when validated input names an entity (`entity_id`, or the older `entity`), not blank. */
function namesEntity(input: unknown): boolean {
  if (input === null || typeof input !== 'object') return false;
  return ['entity_id', 'entity'].some((key) => {
    const value: unknown = (input as Record<string, unknown>)[key];
    return typeof value === 'string' && value.trim() !== '';
  });
}

/** `spec.path` as a regular expression over request paths (`:name` matches one segment). */
function pathPattern(path: string): RegExp {
  const escaped = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment)));
  return new RegExp(`^${escaped.join('/')}$`);
}

/** The routes of one app, in registration order (the OpenAPI document's source). */
export class RouteRegistry {
  readonly #routes: RouteSpec[] = [];
  readonly #patterns: RegExp[] = [];

  /** Records `spec`; a second spec for the same method and path is a bug and throws. */
  add(spec: RouteSpec): void {
    if (this.#routes.some((r) => r.method === spec.method && r.path === spec.path)) {
      throw new Error(`route ${spec.method.toUpperCase()} ${spec.path} registered twice`);
    }
    this.#routes.push(spec);
    this.#patterns.push(pathPattern(spec.path));
  }

  /**
   * The first route (in registration order, as the app dispatches) that answers `method` on
   * `path`; HEAD is answered by GET routes. Undefined when none does.
   */
  match(method: string, path: string): RouteSpec | undefined {
    const wanted = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
    const index = this.#routes.findIndex(
      (spec, i) => spec.method === wanted && this.#patterns[i]?.test(path) === true,
    );
    return this.#routes[index];
  }

  /** Every registered route. */
  list(): readonly RouteSpec[] {
    return [...this.#routes];
  }
}

/** What a validated handler receives. */
export interface RouteInput<P, Q, B> {
  readonly params: P;
  readonly query: Q;
  readonly body: B;
}

/** A spec whose params, query and body schemas are `P`, `Q` and `B`. */
type SpecOf<P, Q, B> = RouteSpec & {
  readonly params?: P;
  readonly query?: Q;
  readonly body?: B;
};

/** What a handler of a `SpecOf<P, Q, B>` receives, parsed by those schemas. */
type InputOf<P, Q, B> = RouteInput<
  P extends z.ZodObject ? z.infer<P> : Record<string, never>,
  Q extends z.ZodObject ? z.infer<Q> : Record<string, never>,
  B extends z.ZodType ? z.infer<B> : undefined
>;

function check<T>(schema: z.ZodType<T>, value: unknown, where: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue?.path.join('.') ?? '';
  const field = path === '' ? where : path;
  if (issue?.code === 'unrecognized_keys') {
    throw invalid(
      `unknown parameter(s): ${issue.keys.join(', ')} (in the ${where})`,
      issue.keys[0] ?? where,
    );
  }
  throw invalid(`${field}: ${issue?.message ?? 'invalid'}`, field);
}

async function jsonBody(c: Context): Promise<unknown> {
  try {
    return await c.req.json();
  } catch (error: unknown) {
    throw invalid('body must be JSON', 'body', error);
  }
}

/**
 * Registers `spec` and mounts `handler` on `app`, validating path, query (unknown parameters are
 * refused by `refuseUnknownQuery`, the one home of that rule, for hand-mounted routes too) and JSON body with the spec's own schemas first.
 */
export function defineRoute<
  P extends z.ZodObject | undefined,
  Q extends z.ZodObject | undefined,
  B extends z.ZodType | undefined,
>(
  app: Hono,
  registry: RouteRegistry,
  spec: SpecOf<P, Q, B>,
  handler: (c: Context, input: InputOf<P, Q, B>) => Promise<Response> | Response,
): void {
  const listKey = spec.list;
  const registered = listKey === undefined ? spec : pagedSpec(spec, listKey);
  registry.add(registered);
  const querySchema = registered.query ?? z.object({});
  const accepted = Object.keys(querySchema.shape);
  app.on(spec.method.toUpperCase(), spec.path, async (c) => {
    const principal = principalOf(c);
    if (spec.allEntities === true && isRestricted(principal)) {
      return problemResponse(
        c,
        403,
        'FORBIDDEN',
        `token "${principal.name}" is limited to some entities and may not call ${spec.method.toUpperCase()} ${spec.path}: it reaches every entity`,
      );
    }
    refuseUnknownQuery(c, accepted);
    const params = spec.params === undefined ? {} : check(spec.params, c.req.param(), 'path');
    const query = check(querySchema, c.req.query(), 'query');
    const body = spec.body === undefined ? undefined : check(spec.body, await jsonBody(c), 'body');
    if (spec.restrictedNeedsEntity === true && isRestricted(principal)) {
      if (!namesEntity(query) && !namesEntity(body)) {
        return problemResponse(
          c,
          403,
          'FORBIDDEN',
          `token "${principal.name}" is limited to some entities: pass entity_id`,
        );
      }
    }
    if (listKey === undefined) {
      // biome-ignore lint/suspicious/noExplicitAny: the generic input was validated just above.
      return await handler(c, { params, query, body } as any);
    }
    const { limit: _limit, cursor: _cursor, ...own } = query as Record<string, unknown>;
    // biome-ignore lint/suspicious/noExplicitAny: the generic input was validated just above.
    const response = await handler(c, { params, query: own, body } as any);
    return await pagedResponse(response, listKey, query as Record<string, unknown>);
  });
}

/** `spec` with the paging parameters in its query and the page members in its answer. */
function pagedSpec(spec: RouteSpec, key: ListKey): RouteSpec {
  return {
    ...spec,
    query: (spec.query ?? z.object({})).extend(pageQuery),
    response: pagedResponseSchema(spec.response, key),
  };
}

/** A list route's JSON 200 answer, paged; any other answer unchanged. */
async function pagedResponse(
  response: Response,
  key: ListKey,
  query: Record<string, unknown>,
): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  if (response.status !== 200 || !type.includes('application/json')) return response;
  const answer = pageAnswer(await response.json(), key, query);
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(answer), { status: 200, headers });
}

/** Records a route mounted elsewhere (by hand) so that it appears in the OpenAPI document. */
export function describeRoute(registry: RouteRegistry, spec: RouteSpec): void {
  registry.add(spec);
}

/** A route as data: its contract and its handler, mounted by `mountRoutes`. */
export interface HttpRoute {
  readonly spec: RouteSpec;
  readonly handler: (
    c: Context,
    input: RouteInput<never, never, never>,
    deps: RouteDeps,
  ) => Promise<Response> | Response;
}

/**
 * A route of a route list: `handler` is typed against the spec's own schemas and also gets the
 * app's `RouteDeps`.
 */
export function route<
  P extends z.ZodObject | undefined,
  Q extends z.ZodObject | undefined,
  B extends z.ZodType | undefined,
>(
  spec: SpecOf<P, Q, B>,
  handler: (c: Context, input: InputOf<P, Q, B>, deps: RouteDeps) => Promise<Response> | Response,
): HttpRoute {
  // `defineRoute` validates the input with the spec's schemas before the handler runs.
  return { spec, handler } as unknown as HttpRoute;
}

/** Mounts every route of `routes` on `app` in order, recording each in `registry`. */
export function mountRoutes(
  app: Hono,
  registry: RouteRegistry,
  deps: RouteDeps,
  routes: readonly HttpRoute[],
): void {
  for (const { spec, handler } of routes) {
    defineRoute(app, registry, spec, (c, input) =>
      handler(c, input as RouteInput<never, never, never>, deps),
    );
  }
}
