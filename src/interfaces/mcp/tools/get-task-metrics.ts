import { z } from 'zod';
import { toWireJson } from '../../../core/index.js';
import { defineTool, reply } from './define-tool.js';
import { entityIdInput } from './views.js';

/** `get_task_metrics`: a day's accountability numbers (seed 004). */
export const getTaskMetrics = defineTool({
  name: 'get_task_metrics',
  title: 'Task metrics',
  description: "Call for a day's task numbers.",
  input: {
    entity_id: entityIdInput,
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
  },
  output: { metrics: z.record(z.string(), z.unknown()) },
  scope: 'read',
  async handler(args, engine) {
    // The same wire form as HTTP: camelCase field names become snake_case, while the keys of
    // incidents_by_type are data (incident types, seed 004's spelling) and stay as they are.
    const metrics = toWireJson(await engine.tasks.metrics(args.date)) as Record<string, unknown>;
    return reply({ metrics }, JSON.stringify(metrics));
  },
});
