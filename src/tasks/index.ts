/**
 * Tasks that cannot be dropped (seed 004): task commands checked against the state machine, the
 * reconciler pass with its escalation ladder and dead-man switch, notifiers, incidents, daily
 * metrics, the self-improvement loop and the views the fold keeps.
 * May import: core, ledger, the store contract, earlier services.
 */

export type { CaptureReport, CaptureSource } from './capture-tasks.js';
export { draftCaptures, keepAppended } from './capture-tasks.js';
export type { Commitment } from './detect-commitments.js';
export { commitmentFromAction, detectCommitments } from './detect-commitments.js';
export type { GuidanceLine, LlmPatchDraft, LlmPatchOutcome } from './llm-patches.js';
export {
  GUIDANCE_KEY,
  guidanceInForce,
  LLM_PATCH_LIMITS,
  PROCEDURE_KEY_PREFIX,
  proposeLlmPatches,
  renderGuidanceFile,
} from './llm-patches.js';
export type { Notification, Notifier, WebhookNotifierOptions } from './notifier.js';
export {
  combineNotifiers,
  createStdoutNotifier,
  createWebhookNotifier,
  noopNotifier,
} from './notifier.js';
export type { Patch, PatchChange, PatchStatus, RollbackCondition } from './patch.js';
export type { ImprovementAnalysis } from './plan-improvement.js';
export {
  analyzeWindow,
  PARAMETER_DEFAULTS,
  proposePatches,
  renderPatchRecord,
  rollbackDue,
  toPatches,
  windowBefore,
} from './plan-improvement.js';
export type {
  ReconcileActionReport,
  ReconcileReport,
  ReconcilerDeps,
} from './run-reconciler.js';
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
  nextTaskId,
} from './task-commands.js';
export type { OpsConfig, RecallUse, TaskProposal } from './task-views.js';
export {
  asJson,
  CONFIG_BOUNDS,
  mustReadTask,
  RECALL_USES_KEPT,
  readConfig,
  readCounters,
  readIncidents,
  readProposals,
  readRecallUses,
  readTask,
  readTasks,
  settingsFrom,
  TASK_KEYS,
} from './task-views.js';
