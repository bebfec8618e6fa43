import { z } from 'zod';
import {
  parseRfc3339,
  TASK_PRIORITIES,
  TASK_STATES,
  type Task,
  taskSummary,
} from '../../../core/index.js';
import type { Engine } from '../../../engine/index.js';

/** A task id argument, e.g. TASK-20260130-001. */
export const taskIdInput = z.string().regex(/^TASK-\d{8}-\d{3,}$/);

/**
 * The entity owning the task `args.task_id` names, for the allow-list of restricted tokens; none
 * for an unknown task (the tool itself answers not found).
 */
export async function entityOfTask(
  args: Record<string, unknown>,
  engine: Engine,
): Promise<string[]> {
  const id = args['task_id'];
  if (typeof id !== 'string') return [];
  const tasks = await engine.tasks.list({ state: 'all' });
  const task = tasks.find((t) => t.id === id);
  return task === undefined ? [] : [task.entity_id];
}

const instant = z.string().refine((value) => parseRfc3339(value) !== null, {
  message: 'must be an RFC 3339 timestamp such as 2026-02-19T15:00:00Z',
});

/** A task's free text (the engine trims it): a string with something in it. */
export const taskText = z.string().regex(/\S/, 'must not be blank');

/** A task's title. */
export const taskTitle = taskText.max(500);

/**
 * The task fields an agent may set; the target state of a move says which it requires (an
 * illegal move is refused naming them). HTTP validates and documents task bodies with these too,
 * so a wrong type is refused the same way on both.
 */
export const taskFields = {
  priority: z.enum(TASK_PRIORITIES).optional(),
  due: instant.optional(),
  definition_of_done: z.array(taskText).optional(),
  next_action: taskText.optional(),
  next_check: instant.optional(),
  who_waiting_on: taskText.optional(),
  followup_cadence_hours: z.number().positive().optional(),
  last_followup: instant.optional(),
  blocking_question: taskText.optional(),
  completion_proof: taskText.optional(),
  owner: taskText.optional(),
};

/** The task fields of a call's arguments. */
export type TaskFieldArgs = { [K in keyof typeof taskFields]?: z.infer<(typeof taskFields)[K]> };

/** The task fields that were given. */
export function fieldsOf(args: TaskFieldArgs) {
  return Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined));
}

/** A task in its wire form (further fields pass through). */
export const task = z
  .object({
    id: z.string(),
    entity_id: z.string(),
    title: z.string(),
    state: z.enum(TASK_STATES),
    priority: z.enum(TASK_PRIORITIES).nullable(),
    due: z.string().nullable(),
    next_action: z.string().nullable(),
    next_check: z.string().nullable(),
    escalation_level: z.number().int(),
    acknowledged_at: z.string().nullable(),
  })
  .loose();

/** Output of the tools that answer with one task. */
export const taskOutput = { task };

/** One line for people describing a task. */
export function taskLine(t: Task): string {
  return taskSummary(t);
}
