import { deadManTasks } from '../tasks/index.js';
import { acceptProposal, capture, proposals } from './tasks/capture.js';
import { writeWorkspace } from './tasks/files.js';
import { incidents, logIncident, metrics } from './tasks/incidents.js';
import { acknowledge, add, cancel, done, list, move, show, update } from './tasks/lifecycle.js';
import { checkRollbacks, experiments, improve, patches, reviewPatch } from './tasks/patches.js';
import { reconcile, startSchedule } from './tasks/reconcile.js';
import { answerReview, reviewItems } from './tasks/review.js';
import { createTasksRuntime } from './tasks/runtime.js';
import type { EngineTaskOptions, TasksCapability, TasksCapabilityDeps } from './tasks/types.js';

export type * from './tasks/types.js';
export { TASK_QUEUES } from './tasks/types.js';

/**
 * Builds `engine.tasks`: each operation is a step in `engine/tasks/` over one runtime (the
 * engine's dependencies, the notifier and the task-event recorder).
 */
export function createTasksCapability(
  context: TasksCapabilityDeps,
  options: EngineTaskOptions = {},
): TasksCapability {
  const rt = createTasksRuntime(context, options);
  return {
    add: (input) => add(rt, input),
    list: (listOptions) => list(rt, listOptions),
    show: (id) => show(rt, id),
    move: (id, to, fields, moveOptions) => move(rt, id, to, fields, moveOptions),
    update: (id, fields, updateOptions) => update(rt, id, fields, updateOptions),
    done: (id, proof, doneOptions) => done(rt, id, proof, doneOptions),
    cancel: (id, reason, cancelOptions) => cancel(rt, id, reason, cancelOptions),
    acknowledge: (id, ackOptions) => acknowledge(rt, id, ackOptions),
    reconcile: (reconcileOptions) => reconcile(rt, reconcileOptions),
    deadMan: () => deadManTasks(rt.store),
    logIncident: (input) => logIncident(rt, input),
    incidents: (listOptions) => incidents(rt, listOptions),
    metrics: (date) => metrics(rt, date),
    capture: (captureOptions) => capture(rt, captureOptions),
    proposals: (proposalOptions) => proposals(rt, proposalOptions),
    acceptProposal: (proposalId) => acceptProposal(rt, proposalId),
    improve: () => improve(rt),
    patches: (patchOptions) => patches(rt, patchOptions),
    reviewPatch: (id, verdict, note) => reviewPatch(rt, id, verdict, note),
    checkRollbacks: () => checkRollbacks(rt),
    experiments: () => experiments(rt),
    startSchedule: (scheduleOptions) => startSchedule(rt, scheduleOptions),
    writeWorkspace: (dir) => writeWorkspace(rt, dir),
    reviewItems: () => reviewItems(rt),
    answerReview: (id, action, note) => answerReview(rt, id, action, note),
  };
}
