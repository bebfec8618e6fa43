import { z } from 'zod';
import { ENTITY_ID_PATTERN } from '../../core/index.js';

/** An entity id (`user:<slug>`, `family:<slug>`, `team:<slug>`), as every route validates it. */
export const entityIdSchema = z
  .string()
  .regex(new RegExp(ENTITY_ID_PATTERN), 'must be user:<slug>, family:<slug> or team:<slug>');
