import { z } from 'zod';
import { EngineError } from '../../../core/index.js';
import { defineTool } from './define-tool.js';
import { itemLine, itemsInScope, stateItem } from './state-item-views.js';
import { entityIdInput, threadIdInput } from './views.js';

const output = {
  entity_id: z.string(),
  item: stateItem,
  messages: z.array(
    z.object({
      message_id: z.string(),
      role: z.enum(['user', 'assistant', 'system']),
      content: z.string(),
      created_at: z.string(),
      entity_id: z.string(),
      source: z.string(),
    }),
  ),
  missing: z.array(z.string()),
};
/** `expand_state_item`: the source messages behind one state item. */
export const expandStateItem = defineTool({
  name: 'expand_state_item',
  title: 'Expand state item',
  description: 'Call with an item uid to read the messages behind it.',
  input: {
    entity_id: entityIdInput,
    uid: z.string().regex(/^[dcaqr]_[0-9a-f]{12}$/),
    thread_id: threadIdInput.optional(),
  },
  output,
  scope: 'read',
  async handler(args, engine, tool) {
    // Resolve the thread within the entity first, so another entity's items stay invisible
    // (an item of theirs is reported exactly like one that does not exist).
    const own = await itemsInScope(engine, args, 'all');
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
    const lines = [
      itemLine(expanded.item),
      ...expanded.messages.map((m) => `[${m.message_id}] ${m.role} ${m.created_at}: ${m.content}`),
      ...expanded.missing.map((ref) => `[${ref}] (message no longer stored)`),
    ];
    return tool.reply({ entity_id: args.entity_id, ...expanded }, lines.join('\n'));
  },
});
