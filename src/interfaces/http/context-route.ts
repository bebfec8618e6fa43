import { z } from 'zod';
import { invalid } from './http-errors.js';
import { type HttpRoute, route } from './route-registry.js';
import { anyObject } from './wire-schemas.js';

const text = z.string().optional();

/** A query value, with a blank one read as absent. */
function present(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

/**
 * `GET /api/context?entity_id=&thread_id=&query=&budget=&mode=` (`entity` and `thread` are
 * accepted as older aliases): the engine's `buildContext` result as JSON (sections with tokens,
 * included ids, markdown). Entity and budget bounds are checked by the engine.
 */
export const CONTEXT_ROUTES: readonly HttpRoute[] = [
  route(
    {
      method: 'get',
      path: '/api/context',
      summary: 'A context pack for an agent within a token budget',
      tags: ['context'],
      scope: 'read',
      restrictedNeedsEntity: true,
      query: z.object({
        entity_id: text,
        thread_id: text,
        query: text,
        budget: text.describe('Whole number of tokens'),
        mode: text.describe('full or minimal'),
        entity: text.describe('Older name of entity_id'),
        thread: text.describe('Older name of thread_id'),
      }),
      response: anyObject,
    },
    async (c, { query }, { engine }) => {
      const budgetText = present(query.budget);
      if (budgetText !== undefined && !/^\d{1,7}$/.test(budgetText)) {
        throw invalid('budget must be a whole number of tokens', 'budget');
      }
      const mode = present(query.mode);
      if (mode !== undefined && mode !== 'full' && mode !== 'minimal') {
        throw invalid('mode must be full or minimal', 'mode');
      }
      const result = await engine.buildContext({
        entity: present(query.entity_id) ?? present(query.entity),
        thread: present(query.thread_id) ?? present(query.thread),
        query: present(query.query),
        budget: budgetText === undefined ? undefined : Number(budgetText),
        mode,
      });
      return c.json(result);
    },
  ),
];
