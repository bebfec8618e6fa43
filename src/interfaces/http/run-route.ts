import { z } from 'zod';
import type { Engine } from '../../engine/index.js';
import type { Scope } from './auth.js';
import { type HttpRoute, route } from './route-registry.js';
import { anyObject, idParams } from './wire-schemas.js';

/** What a run route declares besides its path and operation. */
export interface RunRouteOptions {
  readonly summary: string;
  readonly tags: readonly string[];
  /** Default `write`. */
  readonly scope?: Scope;
  /** Default POST; a read-only listing is a GET. */
  readonly method?: 'get' | 'post';
  /** See `RouteSpec.list`: the answer member holding the rows of a listing. */
  readonly list?: string;
}

/**
 * A route that takes no parameters and answers one engine operation's report as JSON: the HTTP
 * face of a CLI command such as `verity reflect` or `verity observer run`. Its reach is every
 * entity (`allEntities`), so tokens limited to some entities are refused before it runs.
 */
export function runRoute(
  path: string,
  options: RunRouteOptions,
  run: (engine: Engine) => Promise<unknown>,
): HttpRoute {
  return route(
    {
      method: options.method ?? 'post',
      path,
      summary: options.summary,
      tags: options.tags,
      scope: options.scope ?? 'write',
      allEntities: true,
      response: anyObject,
      ...(options.list === undefined ? {} : { list: options.list }),
    },
    async (c, _input, { engine }) => c.json((await run(engine)) as object),
  );
}

/** A route that acts on one record (`:id`) with at most one text member in its body. */
export interface TextActionOptions {
  readonly path: `${string}/:id/${string}`;
  readonly summary: string;
  readonly tags: readonly string[];
  /** The body member that carries the text (`reason`, `proof`). */
  readonly key: string;
  /** The text is required (400 without it). */
  readonly required: boolean;
  /** Default `write`. */
  readonly scope?: Scope;
  /** See `RouteSpec.allEntities`. */
  readonly allEntities?: true;
}

/**
 * `POST <path>` with `{"<key>": text}`: the HTTP face of a CLI command such as
 * `verity tasks cancel ID --reason TEXT` or `verity memory retire ID --reason TEXT`.
 */
export function textActionRoute(
  options: TextActionOptions,
  run: (engine: Engine, id: string, text: string | undefined) => Promise<unknown>,
): HttpRoute {
  const text = z.string().min(1).max(2000);
  return route(
    {
      method: 'post',
      path: options.path,
      summary: options.summary,
      tags: options.tags,
      scope: options.scope ?? 'write',
      ...(options.allEntities === true ? { allEntities: true } : {}),
      params: idParams,
      body: z.strictObject({ [options.key]: options.required ? text : text.optional() }),
      response: anyObject,
    },
    async (c, { params, body }, { engine }) =>
      c.json((await run(engine, params.id, body[options.key] as string | undefined)) as object),
  );
}
