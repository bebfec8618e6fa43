/**
 * The composition root: `createEngine()` wires the store adapter, the clock and the services.
 * May import: everything below it, adapters included (only here and in config).
 */

export type { EngineOptions } from './create-engine.js';
export { createEngine } from './create-engine.js';
export { engineOptionsFromConfig } from './from-config.js';
export type {
  AnswerResult,
  DeadLetterReview,
  DlqRetryReport,
  Engine,
  EntityView,
  Explanation,
  FieldView,
  ForgetResult,
  ForgetTarget,
  IngestReport,
  PromptView,
  RebuildResult,
  RecordResult,
  SlotStatus,
  Stats,
} from './types.js';
