// The task state machine as the engine offers it: add, list, show, move, update, done, cancel, acknowledge.

import {
  compareTasks,
  isTerminal,
  type Task,
  type TaskFields,
  type TaskState,
} from '../../core/index.js';
import {
  type AddTaskInput,
  draftAcknowledge,
  draftAddTask,
  draftMoveOf,
  draftMoveTask,
  draftUpdateTask,
  mustReadTask,
  readTask,
  readTasks,
} from '../../tasks/index.js';
import type { TasksRuntime } from './runtime.js';
import { change, single } from './runtime.js';
import type { ListTasksOptions, TaskChangeOptions } from './types.js';

/** Captures a task (CAPTURED). Refuses P2/P3 work while the dead-man switch stands. */
export function add(rt: TasksRuntime, input: AddTaskInput): Promise<Task> {
  return single(rt, async (now) => draftAddTask(rt.store, input, now));
}

/** Moves a task along the state machine, setting `fields` first. */
export function move(
  rt: TasksRuntime,
  id: string,
  to: TaskState,
  fields: TaskFields = {},
  moveOptions?: TaskChangeOptions,
): Promise<Task> {
  return single(rt, async (now) =>
    draftMoveTask(rt.store, id, to, fields, change(moveOptions), now),
  );
}

/** Sets fields without moving; `progress` resets staleness. */
export function update(
  rt: TasksRuntime,
  id: string,
  fields: TaskFields,
  updateOptions?: TaskChangeOptions & { readonly progress?: boolean },
): Promise<Task> {
  return single(rt, async (now) =>
    draftUpdateTask(
      rt.store,
      id,
      fields,
      updateOptions?.progress ?? false,
      change(updateOptions),
      now,
    ),
  );
}

/** Cancels a task; the reason is required. */
export function cancel(
  rt: TasksRuntime,
  id: string,
  reason: string,
  cancelOptions?: Omit<TaskChangeOptions, 'reason'>,
): Promise<Task> {
  return single(rt, async (now) =>
    draftMoveTask(rt.store, id, 'CANCELLED', {}, change({ ...cancelOptions, reason }), now),
  );
}

/** Acknowledges the task's escalation. */
export function acknowledge(
  rt: TasksRuntime,
  id: string,
  ackOptions?: TaskChangeOptions,
): Promise<Task> {
  return single(rt, async (now) =>
    draftAcknowledge(rt.store, id, change({ reason: 'acknowledged', ...ackOptions }), now),
  );
}

/** Tasks by priority, due, then id (open ones by default). */
export async function list(
  rt: TasksRuntime,
  listOptions: ListTasksOptions = {},
): Promise<readonly Task[]> {
  const state = listOptions.state ?? 'open';
  const keep =
    state === 'open'
      ? (s: TaskState) => !isTerminal(s)
      : state === 'all'
        ? () => true
        : (s: TaskState) => state.includes(s);
  const tasks = (await readTasks(rt.store, keep))
    .filter((t) => listOptions.entity_id === undefined || t.entity_id === listOptions.entity_id)
    .sort(compareTasks);
  return listOptions.limit === undefined ? tasks : tasks.slice(0, listOptions.limit);
}

/** One task. Throws NOT_FOUND. */
export function show(rt: TasksRuntime, id: string): Promise<Task> {
  return mustReadTask(rt.store, id);
}

/** Completes a task with its proof, through VERIFYING when it is EXECUTING. */
export async function done(
  rt: TasksRuntime,
  id: string,
  proof: string,
  doneOptions?: TaskChangeOptions,
): Promise<Task> {
  const now = rt.clock.now();
  const meta = change({ reason: 'completed', ...doneOptions });
  const { value } = await rt.record(async (reader) => {
    const task = await readTask(reader, id.toUpperCase());
    if (task?.state !== 'EXECUTING') {
      return draftMoveTask(reader, id, 'DONE', { completion_proof: proof }, meta, now);
    }
    const verifying = draftMoveOf(
      task,
      'VERIFYING',
      {},
      { ...meta, reason: 'completion proof given' },
      now,
    );
    const finished = draftMoveOf(verifying.value, 'DONE', { completion_proof: proof }, meta, now);
    return { drafts: [...verifying.drafts, ...finished.drafts], value: finished.value };
  });
  return (await readTask(rt.store, value.id)) ?? value;
}
