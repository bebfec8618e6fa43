import { z } from 'zod';
import { DEFAULT_ENTITY, defined, ENTITY_ID_PATTERN, formatIssues } from '../../../core/index.js';
import { defineTool, reply } from './define-tool.js';
import { issueShape, threadIdInput } from './views.js';

const entityId = z
  .string()
  .max(128)
  .regex(
    new RegExp(ENTITY_ID_PATTERN),
    'entity_id must be user:<slug>, family:<slug> or team:<slug>',
  );

const message = z.strictObject({
  message_id: z.string().min(1).max(200),
  role: z.enum(['user', 'assistant', 'system']),
  content: z.string().max(100_000),
  created_at: z.string().max(40).optional(),
  thread_id: threadIdInput.optional(),
  entity_id: entityId.optional(),
  source: z.string().min(1).max(40).optional(),
});

const output = {
  applied: z.number().int(),
  duplicate: z.number().int(),
  rejected: z.number().int(),
  messages: z.array(
    z.object({
      thread_id: z.string().nullable(),
      message_id: z.string().nullable(),
      event_id: z.string().nullable(),
      status: z.enum(['applied', 'duplicate', 'rejected']),
      issues: z.array(issueShape),
      dlq_id: z.string().nullable(),
    }),
  ),
};
/** `record_messages`: conversation in, for the extractor and the search index. */
export const recordMessages = defineTool({
  name: 'record_messages',
  title: 'Record messages',
  description: 'Call after each turn (or with past turns) so Verity can extract and recall.',
  input: {
    thread_id: threadIdInput.optional(),
    entity_id: entityId.optional(),
    messages: z.array(message).min(1).max(500),
    import: z.boolean().optional().describe('past turns: resolve each at its created_at'),
  },
  output,
  scope: 'write',
  idempotent: true,
  // Each message lands on its own entity_id, else the call's, else user:primary.
  async targetEntities(args) {
    const call = typeof args['entity_id'] === 'string' ? args['entity_id'] : DEFAULT_ENTITY;
    const messages = Array.isArray(args['messages']) ? (args['messages'] as unknown[]) : [];
    return messages.map((m) => {
      const own = (m as { entity_id?: unknown } | null)?.entity_id;
      return typeof own === 'string' ? own : call;
    });
  },
  async handler(args, engine, tool) {
    const result = tool.parse(
      await engine.recordMessages(args.messages, {
        ...defined('thread_id', args.thread_id),
        ...defined('entity_id', args.entity_id),
        ...defined('import', args.import),
      }),
    );
    const lines = result.messages
      .filter((m) => m.status === 'rejected')
      .map((m) => `${m.message_id ?? '?'}: ${formatIssues(m.issues)}`);
    const summary = `applied ${result.applied}, duplicate ${result.duplicate}, rejected ${result.rejected}`;
    return {
      ...reply(result, [summary, ...lines].join('\n')),
      ...(result.rejected > 0 && result.applied + result.duplicate === 0 ? { isError: true } : {}),
    };
  },
});
