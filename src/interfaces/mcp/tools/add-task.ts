import { defineTool, reply } from './define-tool.js';
import { fieldsOf, taskFields, taskLine, taskOutput, taskTitle } from './task-views.js';
import { entityIdInput } from './views.js';

/** `add_task`: a commitment captured as a task. */
export const addTask = defineTool({
  name: 'add_task',
  title: 'Add task',
  description: 'Call when you or the user commit to doing something.',
  input: { entity_id: entityIdInput, title: taskTitle, ...taskFields },
  output: taskOutput,
  scope: 'write',
  idempotent: false,
  async handler({ entity_id, title, ...rest }, engine) {
    const added = await engine.tasks.add({
      title,
      entity_id,
      fields: fieldsOf(rest),
      actor: 'agent',
    });
    return reply({ task: added }, taskLine(added));
  },
});
