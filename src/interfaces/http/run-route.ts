import { z } from 'zod';
import type { Engine } from '../../engine/index.js';
import type { Scope } from './auth.js';
import { type HttpRoute, route } from './route-registry.js';

/** What a run route declares besides its path and operation. */
export interface RunRouteOptions {
  readonly summary: string;
  readonly tags: readonly string[];
  /** Default `write`. */
  readonly scope?: Scope;
  /** Default POST; a read-only listing is a GET. */
  readonly method?: 'get' | 'post';
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
      response: z.object({}).loose(),
    },
    async (c, _input, { engine }) => c.json((await run(engine)) as object),
  );
}
