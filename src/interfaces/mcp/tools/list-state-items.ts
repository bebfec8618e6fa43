import { z } from 'zod';
import { defineTool } from './define-tool.js';
import { itemLine, itemsInScope, stateItem } from './state-item-views.js';
import { entityIdInput, threadIdInput } from './views.js';

const output = { entity_id: z.string(), items: z.array(stateItem), rendered: z.string() };
/** `list_state_items`: the open decisions, constraints, actions, questions and risks. */
export const listStateItems = defineTool({
  name: 'list_state_items',
  title: 'List state items',
  description: 'Call to see open decisions, constraints, actions, questions and risks.',
  input: {
    entity_id: entityIdInput,
    thread_id: threadIdInput.optional(),
    include_closed: z.boolean().default(false),
  },
  output,
  scope: 'read',
  async handler(args, engine, tool) {
    const list = await itemsInScope(engine, args, args.include_closed ? 'all' : 'open');
    const text =
      list.items.length === 0
        ? 'no state items'
        : args.include_closed
          ? list.items.map(itemLine).join('\n')
          : list.rendered;
    return tool.reply({ entity_id: args.entity_id, ...list }, text);
  },
});
