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
