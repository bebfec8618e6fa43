/**
 * Tasks that cannot be dropped (seed 004): task commands checked against the state machine, the
 * reconciler pass with its escalation ladder and dead-man switch, notifiers, incidents, daily
 * metrics, the self-improvement loop and the views the fold keeps.
 * May import: core, ledger, the store contract, earlier services.
 */

export * from './capture-tasks.js';
export {
  GUIDANCE_KEY,
  guidanceInForce,
  PROCEDURE_KEY_PREFIX,
  proposeLlmPatches,
  renderGuidanceFile,
} from './llm-patches.js';
export * from './notifier.js';
export type { Patch, PatchStatus } from './patch.js';
export * from './plan-improvement.js';
export type { ReconcileActionReport, ReconcileReport } from './run-reconciler.js';
export { runReconciler } from './run-reconciler.js';
export type {
  AddTaskInput,
  IncidentInput,
  TaskEventDraft,
  TaskRecorder,
} from './task-commands.js';
export {
  deadManTasks,
  draftAcknowledge,
  draftAddTask,
  draftIncident,
  draftMoveOf,
  draftMoveTask,
  draftUpdateTask,
} from './task-commands.js';
export type { OpsConfig, TaskProposal } from './task-views.js';
export {
  asJson,
  mustReadTask,
  RECALL_USES_KEPT,
  readConfig,
  readCounters,
  readIncidents,
  readProposals,
  readRecallUses,
  readTask,
  readTasks,
  TASK_KEYS,
} from './task-views.js';
