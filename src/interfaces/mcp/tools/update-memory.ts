import { defineTool } from './define-tool.js';
import {
  memoryIdInput,
  memoryLine,
  memoryWriteInput,
  memoryWriteOf,
  memoryWriteOutput,
  ownedMemory,
} from './memory-views.js';
import { entityIdInput } from './views.js';

/** `update_memory`: a new revision of a memory, resolving its prediction errors. */
export const updateMemory = defineTool({
  name: 'update_memory',
  title: 'Update memory',
  description: 'Call when a memory is out of date: a new revision.',
  input: { entity_id: entityIdInput, memory_id: memoryIdInput, ...memoryWriteInput },
  output: memoryWriteOutput,
  scope: 'write',
  idempotent: false,
  async handler(args, engine, tool) {
    const own = await ownedMemory(engine, args.entity_id, args.memory_id);
    const result = await engine.vault.updateMemory(own.memory_id, memoryWriteOf(args));
    return tool.reply(result, memoryLine(result.memory));
  },
});
