import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ContextSectionName, Engine } from '../../engine/index.js';
import { entityIdInput } from './tool-schemas.js';

const SECTION_NAMES = [
  'system',
  'skills',
  'summary',
  'canonical_state',
  'state_items',
  'memories',
  'tail',
] as const satisfies readonly ContextSectionName[];

/** Input of `get_context`. */
export const getContextInput = {
  entity_id: entityIdInput,
  thread_id: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe(
      "The conversation you are in: adds its state items, summary and recent messages. Without it, the entity's state and open items only.",
    ),
  query: z
    .string()
    .min(1)
    .max(1000)
    .optional()
    .describe(
      "What to recall memories for, e.g. the user's question. Defaults to the thread's latest user message.",
    ),
  budget: z
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(2000)
    .describe('Tokens the whole context may take (o200k_base). Default 2000.'),
  mode: z
    .enum(['full', 'minimal'])
    .default('full')
    .describe('Budget split: "minimal" leaves more room for recent messages.'),
  pack: z
    .boolean()
    .default(false)
    .describe(
      "Recall-pack mode: first the recall pack (P0 constraints, open commitments, waiting-on, today's focus) within a third of the budget, then the context. Use at the start of a session.",
    ),
};

const section = z.object({
  name: z.enum(SECTION_NAMES),
  tokens: z.number().int(),
  truncated: z.boolean().describe('Content was cut or left out to fit.'),
  source: z
    .enum(['state_items', 'long_summary'])
    .nullable()
    .describe('For state_items: whether the items or the long summary filled it.'),
});

/** Output of `get_context`. */
export const getContextOutput = {
  entity_id: z.string(),
  thread_id: z.string().nullable(),
  query: z.string().nullable().describe('What memories were retrieved for.'),
  now: z.string(),
  mode: z.enum(['full', 'minimal']),
  budget: z.number().int(),
  total: z.number().int().describe('Tokens the markdown takes; never above budget.'),
  markdown: z.string().describe('The context to read, sections in order.'),
  sections: z.array(section).describe('Every section in render order, empty ones included.'),
  included: z.object({
    message_ids: z.array(z.string()).describe('Messages shown, in whole or in part.'),
    memory_ids: z.array(z.string()),
    state_item_uids: z.array(z.string()).describe('Items shown; expand_state_item gives sources.'),
    state_item_refs: z.array(z.string()).describe('Messages the shown items rest on.'),
    entity_ids: z.array(z.string()),
  }),
  recall_pack: z
    .object({ pack_id: z.string(), tokens: z.number().int(), markdown: z.string() })
    .optional()
    .describe('With pack: true, the recall pack placed before the context in markdown.'),
};

const getContextSchema = z.object(getContextOutput);

/**
 * Registers `get_context`: the budgeted context for one turn, scoped to the call's `entity_id`.
 * `guard` maps thrown errors to tool errors.
 */
export function registerGetContextTool(
  server: McpServer,
  engine: Engine,
  guard: (tool: string, fn: () => Promise<CallToolResult>) => Promise<CallToolResult>,
): void {
  server.registerTool(
    'get_context',
    {
      title: 'Get context',
      description:
        'Call at the start of a turn, or whenever you are unsure where things stand: returns one compact, token-budgeted briefing for the entity (and thread) you serve — what is true now (with STALE, PENDING REVIEW and CONFLICT markers), the decisions, actions and questions tracked in the thread, memories relevant to the query, and the recent messages. Read it before answering; use get_state for one field and search_memory to dig further.',
      inputSchema: getContextInput,
      outputSchema: getContextOutput,
      annotations: {
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    (args) =>
      guard('get_context', async () => {
        const pack = args.pack
          ? await engine.recall.recallPack({
              entity_id: args.entity_id,
              ...(args.query === undefined ? {} : { query: args.query }),
              budget: Math.max(50, Math.floor(args.budget / 3)),
            })
          : null;
        const result = await engine.buildContext({
          entity: args.entity_id,
          thread: args.thread_id,
          query: args.query,
          budget: pack === null ? args.budget : Math.max(1, args.budget - pack.tokens),
          mode: args.mode,
        });
        const structured = getContextSchema.parse({
          entity_id: result.entity,
          thread_id: result.thread,
          query: result.query,
          now: result.now,
          mode: result.mode,
          budget: result.budget,
          total: result.total + (pack?.tokens ?? 0),
          markdown:
            pack === null || pack.markdown === ''
              ? result.markdown
              : [pack.markdown, result.markdown].filter((m) => m !== '').join('\n\n'),
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
            : {
                recall_pack: {
                  pack_id: pack.pack_id,
                  tokens: pack.tokens,
                  markdown: pack.markdown,
                },
              }),
        });
        const text = structured.markdown === '' ? '(no context yet)' : structured.markdown;
        return { structuredContent: structured, content: [{ type: 'text', text }] };
      }),
  );
}
