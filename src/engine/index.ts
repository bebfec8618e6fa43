/**
 * The composition root: `createEngine()` wires the store adapter, the clock and the services.
 * May import: everything below it, adapters included (only here and in config).
 */

export {
  CONTEXT_MODES,
  CONTEXT_SECTIONS,
  DEFAULT_CONTEXT_BUDGET,
  MAX_CONTEXT_BUDGET,
} from '../context/index.js';
export type { IntentMetrics } from '../extract/index.js';
export type { CalendarSource } from '../pipeline/index.js';
export { SEARCH_KINDS } from '../search/index.js';
export type {
  Notification,
  Notifier,
  Patch,
  ReconcileActionReport,
  ReconcileReport,
} from '../tasks/index.js';
export { createStdoutNotifier, taskEscalationDelivery } from '../tasks/index.js';
export type { Watching } from '../vault/index.js';
export { watchFiles } from '../vault/index.js';
export type { BackgroundJobs, BackgroundJobsOptions } from './background-jobs.js';
export {
  backgroundJobOptionsFromConfig,
  calendarSourcesOf,
  createServerLogger,
  startBackgroundJobs,
} from './background-jobs.js';
export type {
  MigrationFile,
  MigrationItem,
  MigrationReport,
  PolledCalendar,
  PollReport,
  ProjectedFile,
  ProjectionMode,
  ProjectionReport,
  ProjectOptions,
} from './capabilities.js';
export type {
  BuildContextRequest,
  EngineContextOptions,
  MemoryRanking,
} from './context-capability.js';
export type { EngineOptions } from './create-engine.js';
export { createEngine } from './create-engine.js';
export type { DeliveriesCapability } from './deliveries-capability.js';
export type { EngineEvent, EngineEvents } from './engine-events.js';
export { configWarnings } from './extraction-from-config.js';
export type { ExtractionJobsView, ExtractionStalls } from './extraction-stalls.js';
export { extractionStalls } from './extraction-stalls.js';
export { engineOptionsFromConfig } from './from-config.js';
export type { MigrateStoreReport } from './migrate-store.js';
export { migrateStoreBetween, parseStoreLocation } from './migrate-store.js';
export type { MigrationLineNotRead } from './migration-reading.js';
export type {
  CaptureRequest,
  CaptureResult,
  DailyReport,
  EngineObserverOptions,
  FrictionReport,
  MemoryEntryView,
  ObserveReport,
  ObserverCapability,
  ProposalView,
  ReflectReport,
  RetentionReport,
} from './observer-capability.js';
export type {
  HardRulesBlock,
  PackedContext,
  PackedContextView,
  RuledContext,
} from './packed-context.js';
export { packedContext, packedContextView, ruledContext } from './packed-context.js';
export type {
  RecallCapability,
  RecallFeedback,
  RecallPackRequest,
  RecallPackView,
} from './recall-pack.js';
export {
  PATCH_REVIEW_ACTIONS,
  type PatchReviewItem,
  reviewKindOf,
  TASK_REVIEW_ACTIONS,
  type TaskReviewAction,
  type TaskReviewAnswer,
  type TaskReviewItem,
  taskReviewAnswered,
} from './task-reviews.js';
export type {
  EngineTaskOptions,
  Experiment,
  ImprovementReport,
  ListIncidentsOptions,
  ListTasksOptions,
  TaskChangeOptions,
  TaskFilesReport,
  TaskScheduleOptions,
  TasksCapability,
} from './tasks-capability.js';
// Every type of the engine's API (`Engine`, its capabilities' views and options).
export type * from './types.js';
export type {
  EngineVaultOptions,
  MemoryDetail,
  MemoryView,
  MemoryWriteResult,
  PredictionErrorFilters,
  PredictionErrorView,
  RecordMemoryInput,
  UpdateMemoryInput,
  VaultCapability,
} from './vault-capability.js';
