import { z } from 'zod';
import { defineTool } from './define-tool.js';
import { ERROR_TYPES, errorLine, predictionError } from './memory-views.js';
import { entityIdInput } from './views.js';

const output = { errors: z.array(predictionError) };
/** `list_prediction_errors`: memories that may no longer hold. */
export const listPredictionErrors = defineTool({
  name: 'list_prediction_errors',
  title: 'Prediction errors',
  description: 'Call before relying on memories: drifted memories and stale signals.',
  input: {
    entity_id: entityIdInput,
    error_type: z.enum(ERROR_TYPES).optional(),
    unresolved: z.boolean().default(true),
    limit: z.number().int().min(1).max(500).default(50),
  },
  output,
  scope: 'read',
  async handler(args, engine, tool) {
    const own = new Set(
      (await engine.vault.listMemories({ entityId: args.entity_id })).map((m) => m.memory_id),
    );
    const rows = (
      await engine.vault.listPredictionErrors({
        ...(args.error_type === undefined ? {} : { types: [args.error_type] }),
        unresolved: args.unresolved,
      })
    )
      .filter((row) => row.memory_id === null || own.has(row.memory_id))
      .slice(0, args.limit);
    return tool.reply(
      { errors: rows },
      rows.length === 0 ? 'no prediction errors' : rows.map(errorLine).join('\n'),
    );
  },
});
