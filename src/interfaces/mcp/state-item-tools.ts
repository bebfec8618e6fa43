import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { EngineError } from '../../core/index.js';
import type { Engine, StateItemView } from '../../engine/index.js';
import { entityIdInput } from './tool-schemas.js';

const ITEM_TYPES = ['decision', 'constraint', 'action', 'question', 'risk'] as const;
const ITEM_STATUSES = ['active', 'open', 'blocked', 'done', 'answered', 'superseded'] as const;
const UID = /^[dcaqr]_[0-9a-f]{12}$/;

const item = z.object({
  uid: z
    .string()
    .describe('Stable id: d_ decision, c_ constraint, a_ action, q_ question, r_ risk.'),
  thread_id: z.string(),
  entity_id: z.string(),
  type: z.enum(ITEM_TYPES),
  status: z.enum(ITEM_STATUSES),
  text: z.string(),
  topic_tags: z.array(z.string()),
  refs: z.array(z.string()).describe('Ids of the messages of thread_id the item rests on.'),
  confidence: z.enum(['low', 'medium', 'high']),
  conflict: z.boolean().describe('Another item disagrees and nothing has resolved it.'),
  pinned: z.boolean(),
  replaced_by: z.string().nullable().describe('The uid of the item that superseded this one.'),
  supersession_evidence: z
    .object({
      trigger: z.string().nullable(),
      ref_message_id: z.string(),
      candidate_uid: z.string(),
      basis: z.string(),
      score: z.number().nullable(),
    })
    .nullable(),
  source: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  updated_at: z.string(),
});

/** Input of `list_state_items`. */
export const listStateItemsInput = {
  entity_id: entityIdInput,
  thread_id: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe("Only this conversation; without it, the entity's items across all its threads."),
  include_closed: z
    .boolean()
    .default(false)
    .describe('Also return superseded, done and answered items (default: only open ones).'),
};

/** Output of `list_state_items`. */
export const listStateItemsOutput = {
  entity_id: z.string(),
  items: z
    .array(item)
    .describe('Pinned first, then decisions, constraints, actions, risks, questions.'),
  rendered: z.string().describe('The compact one-line-per-item section, ready for a prompt.'),
};

/** Input of `expand_state_item`. */
export const expandStateItemInput = {
  entity_id: entityIdInput,
  uid: z.string().regex(UID).describe('The item to expand, e.g. d_3f1c0a9b2e7d.'),
  thread_id: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe('The thread, needed only when the same uid exists in several threads.'),
};

/** Output of `expand_state_item`. */
export const expandStateItemOutput = {
  entity_id: z.string(),
  item,
  messages: z
    .array(
      z.object({
        message_id: z.string(),
        role: z.enum(['user', 'assistant', 'system']),
        content: z.string(),
        created_at: z.string(),
        entity_id: z.string(),
        source: z.string(),
      }),
    )
    .describe('The source messages, in ref order.'),
  missing: z.array(z.string()).describe('Refs whose message is no longer stored (forgotten).'),
};

const listSchema = z.object(listStateItemsOutput);
const expandSchema = z.object(expandStateItemOutput);

function itemLine(view: StateItemView): string {
  const replaced = view.replaced_by === null ? '' : ` -> ${view.replaced_by}`;
  return `[${view.uid}] ${view.type.toUpperCase()} (${view.status}${replaced}) ${view.thread_id}: ${view.text}`;
}

/**
 * Registers `list_state_items` and `expand_state_item`: the decisions, constraints, actions,
 * questions and risks Verity keeps per conversation, scoped to the call's `entity_id`, and EXPAND
 * to the messages behind one of them. `guard` maps thrown errors to tool errors.
 */
export function registerStateItemTools(
  server: McpServer,
  engine: Engine,
  guard: (tool: string, fn: () => Promise<CallToolResult>) => Promise<CallToolResult>,
): void {
  const annotations = {
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  } as const;

  server.registerTool(
    'list_state_items',
    {
      title: 'List state items',
      description:
        'Call to see what has been decided, required, promised, asked or flagged as a risk in a conversation (or across all of the entity\'s conversations) and is still open: "what did we decide about the database?", "what is still to do?". Returns one line per item with a uid; call expand_state_item with a uid to read the messages behind it.',
      inputSchema: listStateItemsInput,
      outputSchema: listStateItemsOutput,
      annotations,
    },
    (args) =>
      guard('list_state_items', async () => {
        const list = await engine.listStateItems({
          entityId: args.entity_id,
          ...(args.thread_id === undefined ? {} : { threadId: args.thread_id }),
          status: args.include_closed ? 'all' : 'open',
        });
        const structured = listSchema.parse({ entity_id: args.entity_id, ...list });
        const text =
          list.items.length === 0
            ? 'no state items'
            : args.include_closed
              ? list.items.map(itemLine).join('\n')
              : list.rendered;
        return { structuredContent: structured, content: [{ type: 'text', text }] };
      }),
  );

  server.registerTool(
    'expand_state_item',
    {
      title: 'Expand a state item',
      description:
        'Call with a uid from list_state_items (or from the state section of your context) when you need the exact words behind an item: who said it, when, and how. Returns the item and its source messages.',
      inputSchema: expandStateItemInput,
      outputSchema: expandStateItemOutput,
      annotations,
    },
    (args) =>
      guard('expand_state_item', async () => {
        // Resolve the thread within the entity first, so another entity's items stay invisible
        // (an item of theirs is reported exactly like one that does not exist).
        const own = await engine.listStateItems({
          entityId: args.entity_id,
          ...(args.thread_id === undefined ? {} : { threadId: args.thread_id }),
          status: 'all',
        });
        const threads = own.items.filter((view) => view.uid === args.uid).map((v) => v.thread_id);
        const [thread] = threads;
        if (thread === undefined) {
          throw new EngineError('NOT_FOUND', `no state item ${args.uid}`, { uid: args.uid });
        }
        if (threads.length > 1) {
          throw new EngineError(
            'VALIDATION_FAILED',
            `state item ${args.uid} exists in ${threads.length} threads; pass thread_id`,
            { uid: args.uid, threads: threads.length },
          );
        }
        const expanded = await engine.expandStateItem(args.uid, thread);
        const structured = expandSchema.parse({ entity_id: args.entity_id, ...expanded });
        const lines = [
          itemLine(expanded.item),
          ...expanded.messages.map(
            (m) => `[${m.message_id}] ${m.role} ${m.created_at}: ${m.content}`,
          ),
          ...expanded.missing.map((ref) => `[${ref}] (message no longer stored)`),
        ];
        return {
          structuredContent: structured,
          content: [{ type: 'text', text: lines.join('\n') }],
        };
      }),
  );
}
