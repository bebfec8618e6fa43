import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { ENTITY_ID_PATTERN, formatIssues } from '../../core/index.js';
import type { Engine } from '../../engine/index.js';

const entityPattern = new RegExp(ENTITY_ID_PATTERN);
const entityId = z
  .string()
  .max(128)
  .regex(entityPattern, 'entity_id must be user:<slug>, family:<slug> or team:<slug>');

const message = z.strictObject({
  message_id: z.string().min(1).max(200).describe('Unique within the thread; retries are safe.'),
  role: z.enum(['user', 'assistant', 'system']),
  content: z.string().max(100_000),
  created_at: z.string().max(40).optional().describe('RFC 3339; default now.'),
  thread_id: z.string().min(1).max(200).optional(),
  entity_id: entityId.optional(),
  source: z
    .string()
    .min(1)
    .max(40)
    .optional()
    .describe('Channel, e.g. "telegram"; default "chat".'),
});

/** Input of `record_messages`. */
export const recordMessagesInput = {
  thread_id: z.string().min(1).max(200).optional().describe('Thread of messages naming none.'),
  entity_id: entityId.optional().describe('Whose conversation; default "user:primary".'),
  messages: z.array(message).min(1).max(500),
  import: z
    .boolean()
    .optional()
    .describe('Past conversation: resolve each message at its own created_at.'),
};

const recorded = z.object({
  thread_id: z.string().nullable(),
  message_id: z.string().nullable(),
  event_id: z.string().nullable(),
  status: z.enum(['applied', 'duplicate', 'rejected']),
  issues: z.array(z.object({ path: z.string(), rule: z.string(), message: z.string() })),
  dlq_id: z.string().nullable(),
});

/** Output of `record_messages`. */
export const recordMessagesOutput = {
  applied: z.number().int(),
  duplicate: z.number().int(),
  rejected: z.number().int(),
  messages: z.array(recorded),
};

const recordMessagesSchema = z.object(recordMessagesOutput);

/**
 * Registers `record_messages`: conversation in, so the extractor and the search index see what
 * was said. `guard` maps thrown errors to tool errors.
 */
export function registerRecordMessagesTool(
  server: McpServer,
  engine: Engine,
  guard: (tool: string, fn: () => Promise<CallToolResult>) => Promise<CallToolResult>,
): void {
  server.registerTool(
    'record_messages',
    {
      title: 'Record conversation messages',
      description:
        'Call after each turn (or with a batch of past turns) so Verity can read what was said: it extracts state changes from user messages and makes them searchable. Safe to repeat: a (thread_id, message_id) is recorded once.',
      inputSchema: recordMessagesInput,
      outputSchema: recordMessagesOutput,
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    (args) =>
      guard('record_messages', async () => {
        const result = recordMessagesSchema.parse(
          await engine.recordMessages(args.messages, {
            ...(args.thread_id === undefined ? {} : { thread_id: args.thread_id }),
            ...(args.entity_id === undefined ? {} : { entity_id: args.entity_id }),
            ...(args.import === undefined ? {} : { import: args.import }),
          }),
        );
        const lines = result.messages
          .filter((m) => m.status === 'rejected')
          .map((m) => `${m.message_id ?? '?'}: ${formatIssues(m.issues)}`);
        const summary = `applied ${result.applied}, duplicate ${result.duplicate}, rejected ${result.rejected}`;
        return {
          structuredContent: result,
          content: [{ type: 'text', text: [summary, ...lines].join('\n') }],
          ...(result.rejected > 0 && result.applied + result.duplicate === 0
            ? { isError: true }
            : {}),
        };
      }),
  );
}
