import { z } from 'zod';
import { defined } from '../../../core/index.js';
import { defineTool, reply } from './define-tool.js';
import { errorLine, memoryIdInput, ownedMemory, predictionError } from './memory-views.js';
import { entityIdInput } from './views.js';

/** `record_memory_signal`: outside evidence that a memory may be stale. */
export const recordMemorySignal = defineTool({
  name: 'record_memory_signal',
  title: 'Memory signal',
  description: 'Call when outside evidence (commit, CI, calendar) suggests a memory is stale.',
  input: {
    entity_id: entityIdInput,
    memory_id: memoryIdInput,
    detail: z.string().min(1).max(2000),
    note_path: z.string().min(1).max(300).optional(),
    source: z.string().min(1).max(60).optional(),
  },
  output: { error: predictionError },
  scope: 'write',
  idempotent: false,
  async handler(args, engine) {
    const own = await ownedMemory(engine, args.entity_id, args.memory_id);
    const row = await engine.vault.recordSignal(own.memory_id, {
      detail: args.detail,
      notePath: args.note_path ?? null,
      ...defined('source', args.source),
    });
    return reply({ error: predictionError.parse(row) }, errorLine(row));
  },
});
