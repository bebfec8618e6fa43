import { z } from 'zod';
import { defined, defineTool, reply } from './define-tool.js';
import {
  citesInput,
  memoryIdInput,
  memoryLine,
  memoryWriteOutput,
  ownedMemory,
  tagsInput,
  textInput,
} from './memory-views.js';
import { entityIdInput } from './views.js';

const outputSchema = z.object(memoryWriteOutput);

/** `update_memory`: a new revision of a memory, resolving its prediction errors. */
export const updateMemory = defineTool({
  name: 'update_memory',
  title: 'Update memory',
  description: 'Call when a memory is out of date: a new revision.',
  input: {
    entity_id: entityIdInput,
    memory_id: memoryIdInput,
    text: textInput,
    tags: tagsInput.optional(),
    cites: citesInput.optional(),
  },
  output: memoryWriteOutput,
  scope: 'write',
  idempotent: false,
  async handler(args, engine) {
    await ownedMemory(engine, args.entity_id, args.memory_id);
    const result = await engine.vault.updateMemory(args.memory_id, {
      text: args.text,
      ...defined('tags', args.tags),
      ...defined('cites', args.cites),
    });
    return reply(outputSchema.parse(result), memoryLine(result.memory));
  },
});
