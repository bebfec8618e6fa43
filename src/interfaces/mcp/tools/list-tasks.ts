import { z } from 'zod';
import { defineTool, reply } from './define-tool.js';
import { task, taskLine } from './task-views.js';
import { entityIdInput } from './views.js';

/** `list_tasks`: open tasks by priority and deadline, and the dead-man switch. */
export const listTasks = defineTool({
  name: 'list_tasks',
  title: 'List tasks',
  description: 'Call when starting work or asked what is open; blocked_by lists overdue P0s.',
  input: { entity_id: entityIdInput, include_closed: z.boolean().default(false) },
  output: { tasks: z.array(task), blocked_by: z.array(z.string()) },
  scope: 'read',
  async handler(args, engine) {
    const tasks = await engine.tasks.list({
      entity_id: args.entity_id,
      state: args.include_closed ? 'all' : 'open',
    });
    const blocked = (await engine.tasks.deadMan()).map((t) => t.id);
    const text = [
      ...blocked.map((id) => `BLOCKED: P0 task ${id} is overdue; resolve it before other work.`),
      ...(tasks.length === 0 ? ['no tasks'] : tasks.map(taskLine)),
    ].join('\n');
    return reply({ tasks: [...tasks], blocked_by: blocked }, text);
  },
});
