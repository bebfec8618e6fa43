/**
 * Verity's public API: the engine factory, its read models, the embedding model factories and the
 * core vocabulary.
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
// Every type the engine's entry names: the `Engine` interface, its views, options and reports.
export type * from './engine/index.js';
export { createEngine } from './engine/index.js';
export type { EmbeddingModel } from './providers/index.js';
export type { LocalEmbeddingModelOptions } from './providers/local/index.js';
export { createLocalEmbeddingModel } from './providers/local/index.js';
export type { OpenAICompatibleEmbeddingModelOptions } from './providers/openai-compatible/index.js';
export { createOpenAICompatibleEmbeddingModel } from './providers/openai-compatible/index.js';
export type { TransformersEmbeddingModelOptions } from './providers/transformers/index.js';
export { createTransformersEmbeddingModel } from './providers/transformers/index.js';
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
