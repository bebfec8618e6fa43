import { z } from 'zod';
import { TASK_STATES } from '../../../core/index.js';
import { defineTool, reply } from './define-tool.js';
import {
  entityOfTask,
  fieldsOf,
  taskFields,
  taskIdInput,
  taskLine,
  taskOutput,
} from './task-views.js';
import { entityIdInput } from './views.js';

/** `move_task`: a step along the task state machine. */
export const moveTask = defineTool({
  name: 'move_task',
  title: 'Move task',
  description: 'Call when a task advances, waits, is blocked or cancelled.',
  input: {
    entity_id: entityIdInput,
    task_id: taskIdInput,
    to: z.enum(TASK_STATES),
    reason: z.string().max(1000).default(''),
    ...taskFields,
  },
  output: taskOutput,
  scope: 'write',
  idempotent: false,
  // The task's own entity, whatever entity_id says (the handler acts on the task id alone).
  targetEntities: entityOfTask,
  async handler({ entity_id: _entity, task_id, to, reason, ...rest }, engine) {
    const moved =
      to === 'DONE' && rest.completion_proof !== undefined
        ? await engine.tasks.done(task_id, rest.completion_proof, { reason, actor: 'agent' })
        : await engine.tasks.move(task_id, to, fieldsOf(rest), { reason, actor: 'agent' });
    return reply({ task: moved }, taskLine(moved));
  },
});
