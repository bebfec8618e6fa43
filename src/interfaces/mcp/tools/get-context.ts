import { z } from 'zod';
import {
  CONTEXT_MODES,
  CONTEXT_SECTIONS,
  DEFAULT_CONTEXT_BUDGET,
  MAX_CONTEXT_BUDGET,
  packedContext,
  packedContextView,
  ruledContext,
} from '../../../engine/index.js';
import { defineTool, reply } from './define-tool.js';
import { entityIdInput, threadIdInput } from './views.js';

const section = z.object({
  name: z.enum(CONTEXT_SECTIONS),
  tokens: z.number().int(),
  truncated: z.boolean(),
  source: z.enum(['state_items', 'long_summary']).nullable(),
});

/** The user's Hard Rules heading a context, as `verity context --json` and HTTP give them. */
export const hardRulesView = z.object({
  entries: z.array(z.object({ memory_id: z.string(), text: z.string() })),
  omitted: z.number().int(),
  tokens: z.number().int(),
  markdown: z.string(),
});

const output = {
  // Without `pack`: the context's own fields. With `pack`, the view every surface gives
  // (`packedContextView`): budget, total, markdown, hard_rules, recall_pack and the nested context.
  entity_id: z.string().optional(),
  thread_id: z.string().nullable().optional(),
  query: z.string().nullable().optional(),
  now: z.string().optional(),
  mode: z.enum(CONTEXT_MODES).optional(),
  budget: z.number().int(),
  total: z.number().int(),
  markdown: z.string(),
  sections: z.array(section).optional(),
  included: z
    .object({
      message_ids: z.array(z.string()),
      memory_ids: z.array(z.string()),
      state_item_uids: z.array(z.string()),
      state_item_refs: z.array(z.string()),
      entity_ids: z.array(z.string()),
    })
    .optional(),
  hard_rules: hardRulesView,
  /** With `pack` only; null for a thread asked without an entity or a budget the rules fill. */
  recall_pack: z
    .object({ pack_id: z.string(), tokens: z.number().int(), markdown: z.string() })
    .loose()
    .nullable()
    .optional(),
  /** With `pack` only: the context under the pack, as `verity context --json` shows one. */
  context: z
    .object({ budget: z.number().int(), total: z.number().int(), markdown: z.string() })
    .loose()
    .optional(),
};
/** `get_context`: the budgeted briefing for one turn. */
export const getContext = defineTool({
  name: 'get_context',
  title: 'Get context',
  description: "Call at the start of a turn for a briefing: the user's Hard Rules first.",
  input: {
    // No default: a thread asked without an entity is shown as that thread, to everyone in it
    // (as `verity context --thread T` does); with neither, the default user's context.
    entity_id: entityIdInput.unwrap().optional(),
    thread_id: threadIdInput.optional(),
    query: z.string().min(1).max(1000).optional(),
    budget: z
      .number()
      .int()
      .min(1)
      .max(
        MAX_CONTEXT_BUDGET,
        `budget must be a whole number of tokens from 1 to ${MAX_CONTEXT_BUDGET}`,
      )
      .default(DEFAULT_CONTEXT_BUDGET),
    mode: z.enum(CONTEXT_MODES).default('full'),
    pack: z.boolean().default(false),
  },
  output,
  scope: 'read',
  // A thread is not bound to one entity: a restricted token must say whose context it reads.
  restrictedNeedsEntity: true,
  async handler(args, engine, tool) {
    const request = {
      entity: args.entity_id,
      thread: args.thread_id,
      query: args.query,
      budget: args.budget,
      mode: args.mode,
    };
    if (args.pack) {
      // As `verity context --pack --json` and HTTP `?pack=true`, field for field.
      const view = tool.parse(packedContextView(await packedContext(engine, request)));
      return reply(view, view.markdown === '' ? '(no context yet)' : view.markdown);
    }
    // As `verity context`: the user's Hard Rules head the context, paid for first.
    const ruled = await ruledContext(engine, request);
    const { context: result, markdown } = ruled;
    const structured = tool.parse({
      entity_id: result.entity,
      thread_id: result.thread,
      query: result.query,
      now: result.now,
      mode: result.mode,
      budget: ruled.budget,
      total: ruled.total,
      markdown,
      sections: result.sections.map((s) => ({
        name: s.name,
        tokens: s.tokens,
        truncated: s.truncated,
        source: s.source,
      })),
      included: {
        message_ids: result.included.messageIds,
        memory_ids: result.included.memoryIds,
        state_item_uids: result.included.stateItemUids,
        state_item_refs: result.included.stateItemRefs,
        entity_ids: result.included.entityIds,
      },
      hard_rules: ruled.hard_rules,
    });
    return reply(structured, structured.markdown === '' ? '(no context yet)' : structured.markdown);
  },
});
