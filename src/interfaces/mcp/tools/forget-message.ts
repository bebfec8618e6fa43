import { z } from 'zod';
import { defineTool, reply } from './define-tool.js';
import { entityIdInput, forgetView } from './views.js';

/**
 * `forget_message`: erases one message, named by the thread and message ids `search_memory` and
 * `ask_memory` cite, as `verity forget --message` does: its text is redacted in the ledger and
 * the state read from it re-derived. A message names no entity the call could check, so tokens
 * limited to some entities are refused (as `POST /api/forget` refuses them).
 */
export const forgetMessage = defineTool({
  name: 'forget_message',
  title: 'Forget message',
  description:
    'Call only when the user asks to forget something they said: erases that message for good.',
  input: {
    entity_id: entityIdInput,
    thread_id: z.string().min(1).max(200),
    message_id: z.string().min(1).max(200),
    reason: z.string().max(1000).optional(),
  },
  output: forgetView.shape,
  scope: 'write',
  destructive: true,
  idempotent: false,
  allEntities: true,
  async handler(args, engine) {
    const result = await engine.forget(
      { kind: 'message', threadId: args.thread_id, messageId: args.message_id },
      args.reason ?? 'forgotten on request',
    );
    return reply(
      { ...result },
      `forgot message ${args.thread_id}/${args.message_id}: ${result.redacted} redacted`,
    );
  },
});
