/**
 * Verity's public API: the engine factory, its read models and the core vocabulary.
 * Adapters, interfaces and test helpers have their own entry points (`verity/stores/sqlite`,
 * `verity/mcp`, `verity/http`, `verity/testing`).
 */
export type { Config, ConfigFlags, LoadConfigOptions } from './config/index.js';
export { loadConfig } from './config/index.js';
export type {
  Clock,
  Decision,
  DecisionRule,
  Domain,
  ErrorCode,
  HistoryEntry,
  IdSource,
  Intent,
  Policy,
  ReviewPrompt,
  RolloutStage,
  SourceType,
  ValidationIssue,
} from './core/index.js';
export {
  DEFAULT_ENTITY,
  DEFAULT_POLICY,
  DOMAINS,
  EngineError,
  fixedClock,
  INTENTS,
  SOURCE_TYPES,
} from './core/index.js';
export type {
  AnswerResult,
  DeadLetterReview,
  DlqRetryReport,
  Engine,
  EngineOptions,
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
} from './engine/index.js';
export { createEngine } from './engine/index.js';
export type {
  ConfirmationAnswer,
  ConfirmationPrompt,
  MessageInput,
  NoteInput,
  SignalEvent,
  StateObservation,
  UserConfirmation,
} from './schemas/index.js';
export { SCHEMAS } from './schemas/index.js';
