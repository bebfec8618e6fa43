import { z } from 'zod';
import {
  CONTEXT_MODES,
  CONTEXT_SECTIONS,
  packedContext,
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
  entity_id: z.string(),
  thread_id: z.string().nullable(),
  query: z.string().nullable(),
  now: z.string(),
  mode: z.enum(CONTEXT_MODES),
  budget: z.number().int(),
  total: z.number().int(),
  markdown: z.string(),
  sections: z.array(section),
  included: z.object({
    message_ids: z.array(z.string()),
    memory_ids: z.array(z.string()),
    state_item_uids: z.array(z.string()),
    state_item_refs: z.array(z.string()),
    entity_ids: z.array(z.string()),
  }),
  recall_pack: z
    .object({ pack_id: z.string(), tokens: z.number().int(), markdown: z.string() })
    .optional(),
  /** Absent with `pack`: the recall pack heads that context instead. */
  hard_rules: hardRulesView.optional(),
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
    budget: z.number().int().min(1).max(100_000).default(2000),
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
    // As `verity context`: the user's Hard Rules head the context, paid for first; with `pack`,
    // the recall pack does.
    const {
      pack,
      hardRules,
      context: result,
      markdown,
    } = args.pack
      ? { ...(await packedContext(engine, request)), hardRules: null }
      : await ruledContext(engine, request).then((ruled) => ({
          ...ruled,
          pack: null,
          hardRules: ruled.hard_rules,
        }));
    const structured = tool.parse({
      entity_id: result.entity,
      thread_id: result.thread,
      query: result.query,
      now: result.now,
      mode: result.mode,
      budget: result.budget,
      total: result.total + (pack?.tokens ?? 0),
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
      ...(pack === null
        ? {}
        : { recall_pack: { pack_id: pack.pack_id, tokens: pack.tokens, markdown: pack.markdown } }),
      ...(hardRules === null ? {} : { hard_rules: hardRules }),
    });
    return reply(structured, structured.markdown === '' ? '(no context yet)' : structured.markdown);
  },
});
