import { z } from 'zod';
import { defined, defineTool, reply } from './define-tool.js';
import { citesInput, memoryLine, memoryWriteOutput, tagsInput, textInput } from './memory-views.js';
import { entityIdInput } from './views.js';

const outputSchema = z.object(memoryWriteOutput);

/** `record_memory`: a durable memory citing the notes it rests on. */
export const recordMemory = defineTool({
  name: 'record_memory',
  title: 'Record memory',
  description: 'Call to remember something durable; cite notes with [[links]] so drift is flagged.',
  input: {
    entity_id: entityIdInput,
    text: textInput,
    tags: tagsInput.optional(),
    cites: citesInput.optional(),
  },
  output: memoryWriteOutput,
  scope: 'write',
  idempotent: false,
  async handler(args, engine) {
    const result = await engine.vault.recordMemory({
      text: args.text,
      entityId: args.entity_id,
      ...defined('tags', args.tags),
      ...defined('cites', args.cites),
    });
    return reply(outputSchema.parse(result), memoryLine(result.memory));
  },
});
