import { z } from 'zod';
import {
  type BuildContextRequest,
  DEFAULT_CONTEXT_BUDGET,
  MAX_CONTEXT_BUDGET,
  packedContext,
  packedContextView,
  ruledContext,
} from '../../engine/index.js';
import { hardRulesView } from '../mcp/index.js';
import { invalid } from './http-errors.js';
import { type HttpRoute, route } from './route-registry.js';

const text = z.string().optional();

/**
 * The engine's context budget when none is given; Hard Rules and a recall pack are paid from it,
 * so it is spelled out (as `verity context` does).
 */
const DEFAULT_BUDGET = DEFAULT_CONTEXT_BUDGET;

/** A query value, with a blank one read as absent. */
function present(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

/**
 * `GET /api/context?entity_id=&thread_id=&query=&budget=&mode=&pack=` (`entity` and `thread` are
 * accepted as older aliases): what `verity context --json` prints: the user's Hard Rules first
 * (`hard_rules`, paid for first; none for a thread asked without an entity), the context built in
 * the budget they leave (sections with tokens, included ids), and `markdown`, the rules' block then
 * the context's. Entity bounds are checked by the engine. `pack=true` is recall-pack mode, in the
 * one shape `verity context --pack --json` and MCP `get_context {pack: true}` give
 * (`packedContextView`): the Hard Rules first, the pack in up to a third of what they leave, then
 * the context, nested under `context`.
 */
export const CONTEXT_ROUTES: readonly HttpRoute[] = [
  route(
    {
      method: 'get',
      path: '/api/context',
      summary: "The user's Hard Rules, then a context for an agent, within a token budget",
      description:
        'As `verity context --json`: hard_rules (the active P0 entries of MEMORY.md, paid for first; none for a thread asked without entity_id), the context built in the budget they leave, and markdown (the rules, then the context). With pack=true: hard_rules, then the recall pack (recall_pack), then the context (nested under context), as `verity context --pack --json` and MCP get_context with pack.',
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
            'true: recall-pack mode (the Hard Rules, the recall pack, then the context, in one budget); recall_pack is null for a thread asked without entity_id',
          ),
        entity: text.describe('Older name of entity_id'),
        thread: text.describe('Older name of thread_id'),
      }),
      response: z
        .object({
          markdown: z.string(),
          hard_rules: hardRulesView.optional(),
        })
        .loose(),
    },
    async (c, { query }, { engine }) => {
      const budgetText = present(query.budget);
      if (
        budgetText !== undefined &&
        (!/^\d{1,7}$/.test(budgetText) ||
          Number(budgetText) < 1 ||
          Number(budgetText) > MAX_CONTEXT_BUDGET)
      ) {
        throw invalid(
          `budget must be a whole number of tokens from 1 to ${MAX_CONTEXT_BUDGET}`,
          'budget',
        );
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
      const budget = request.budget ?? DEFAULT_BUDGET;
      if (query.pack !== 'true') {
        const ruled = await ruledContext(engine, { ...request, budget });
        const { hard_rules, markdown, budget: asked, total } = ruled;
        return c.json({ ...ruled.context, budget: asked, total, hard_rules, markdown });
      }
      return c.json(packedContextView(await packedContext(engine, { ...request, budget })));
    },
  ),
];
