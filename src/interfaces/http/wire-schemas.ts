import { z } from 'zod';
import { ENTITY_ID_PATTERN, parseRfc3339 } from '../../core/index.js';

/** An entity id (`user:<slug>`, `family:<slug>`, `team:<slug>`), as every route validates it. */
export const entityIdSchema = z
  .string()
  .regex(new RegExp(ENTITY_ID_PATTERN), 'must be user:<slug>, family:<slug> or team:<slug>');

/** An instant, as every route validates one (RFC 3339). */
export const instant = z.string().refine((value) => parseRfc3339(value) !== null, {
  message: 'must be an RFC 3339 timestamp such as 2026-02-19T15:00:00Z',
});

/** A JSON object answer whose members the route does not spell out. */
export const anyObject = z.object({}).loose();

/** The `:id` path parameter of a route about one record. */
export const idParams = z.object({ id: z.string() });

/** `T` without its undefined members: the options object an engine call takes. */
export type Present<T> = { [K in keyof T as undefined extends T[K] ? never : K]: T[K] } & {
  [K in keyof T as undefined extends T[K] ? K : never]?: Exclude<T[K], undefined>;
};

/**
 * `fields` without the members that are undefined, so optional request parameters pass to an
 * engine call under `exactOptionalPropertyTypes` without one spread per parameter.
 */
export function present<T extends Record<string, unknown>>(fields: T): Present<T> {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  ) as Present<T>;
}
