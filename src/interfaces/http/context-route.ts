import { z } from 'zod';
import { type BuildContextRequest, packedContext } from '../../engine/index.js';
import { invalid } from './http-errors.js';
import { type HttpRoute, route } from './route-registry.js';
import { anyObject } from './wire-schemas.js';

const text = z.string().optional();

/** The engine's context budget when none is given; a recall pack splits it, so it is spelled out. */
const DEFAULT_BUDGET = 2000;

/** A query value, with a blank one read as absent. */
function present(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

/**
 * `GET /api/context?entity_id=&thread_id=&query=&budget=&mode=&pack=` (`entity` and `thread` are
 * accepted as older aliases): the engine's `buildContext` result as JSON (sections with tokens,
 * included ids, markdown). Entity and budget bounds are checked by the engine. `pack=true` is
 * recall-pack mode, as `verity context --pack` and MCP `get_context {pack: true}`: the pack takes
 * up to a third of the budget, `recall_pack` holds it, `markdown` is the pack's then the context's.
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
        pack: z
          .enum(['true', 'false'])
          .optional()
          .describe(
            'true: recall-pack mode (the recall pack, then the context, in one budget); recall_pack is null for a thread asked without entity_id',
          ),
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
      const request: BuildContextRequest = {
        entity: present(query.entity_id) ?? present(query.entity),
        thread: present(query.thread_id) ?? present(query.thread),
        query: present(query.query),
        budget: budgetText === undefined ? undefined : Number(budgetText),
        mode,
      };
      if (query.pack !== 'true') return c.json(await engine.buildContext(request));
      const budget = request.budget ?? DEFAULT_BUDGET;
      const packed = await packedContext(engine, { ...request, budget });
      // The context's own members, over the whole budget: `total` counts the pack too.
      return c.json({
        ...packed.context,
        budget,
        total: packed.context.total + (packed.pack?.tokens ?? 0),
        markdown: packed.markdown,
        recall_pack: packed.pack,
      });
    },
  ),
];
