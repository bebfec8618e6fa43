import { z } from 'zod';
import { defined } from '../../../core/index.js';
import { defineTool, reply } from './define-tool.js';
import { entityOfTask, taskIdInput, taskLine, taskOutput } from './task-views.js';
import { entityIdInput } from './views.js';

/** `acknowledge_task`: the user has seen an escalation. */
export const acknowledgeTask = defineTool({
  name: 'acknowledge_task',
  title: 'Acknowledge task',
  description: 'Call when the user has seen an escalated task; stops its alerts.',
  input: { entity_id: entityIdInput, task_id: taskIdInput, note: z.string().max(1000).optional() },
  output: taskOutput,
  scope: 'write',
  idempotent: false,
  // The task's own entity, whatever entity_id says (the handler acts on the task id alone).
  targetEntities: entityOfTask,
  async handler(args, engine) {
    const acked = await engine.tasks.acknowledge(args.task_id, {
      actor: 'agent',
      ...defined('reason', args.note),
    });
    return reply({ task: acked }, taskLine(acked));
  },
});
