import { z } from 'zod';
import { access } from '../access.js';
import { defineTool } from './define-tool.js';
import { entityIdInput } from './views.js';

const output = {
  question: z.string(),
  answer: z.string(),
  mode: z.enum(['extractive', 'synthesised', 'none']),
  citations: z.array(
    z.object({
      ref: z.number().int(),
      kind: z.enum(['memory', 'observation', 'message', 'state_item']),
      id: z.string(),
      text: z.string(),
      at: z.string().nullable(),
      source: z.string(),
      score: z.number(),
      retired: z.boolean(),
    }),
  ),
};
/** `ask_memory`: an answer with citations from past sessions, memories, items and messages. */
export const askMemory = defineTool({
  name: 'ask_memory',
  title: 'Ask memory',
  description: 'Call when asked what was decided, said or fixed before: an answer with citations.',
  input: {
    entity_id: entityIdInput,
    question: z.string().min(1).max(1000),
    limit: z.number().int().min(1).max(20).default(5),
  },
  output,
  ...access('memory_file_read'),
  // The answer reads MEMORY.md and session observations, which belong to no entity: a token
  // limited to some entities is refused, as for reflect_memory (entity_id only narrows messages).
  async handler(args, engine, tool) {
    const answer = await engine.observer.ask(args.question, {
      limit: args.limit,
      entityId: args.entity_id,
    });
    return tool.reply(answer, answer.answer);
  },
});
