import { defineTool } from './define-tool.js';
import { memoryLine, memoryWriteInput, memoryWriteOf, memoryWriteOutput } from './memory-views.js';
import { entityIdInput } from './views.js';

/** `record_memory`: a durable memory citing the notes it rests on. */
export const recordMemory = defineTool({
  name: 'record_memory',
  title: 'Record memory',
  description: 'Call to remember something durable; cite notes with [[links]] so drift is flagged.',
  input: { entity_id: entityIdInput, ...memoryWriteInput },
  output: memoryWriteOutput,
  scope: 'write',
  idempotent: false,
  async handler(args, engine, tool) {
    const result = await engine.vault.recordMemory({
      ...memoryWriteOf(args),
      entityId: args.entity_id,
    });
    return tool.reply(result, memoryLine(result.memory));
  },
});
