/**
 * Extraction: turns what people write (chat, notes, calendar, mail, bank and webhook texts) into
 * `StateObservation`s. The rule-based extractor is the default and works offline; an optional
 * model-backed extractor sits behind the `LanguageModel` contract, with a cache keyed by message
 * hash and prompt version. Extraction runs at live ingest only: its output is recorded in the
 * ledger, so replay never runs an extractor again.
 * May import: core, schemas, the provider contracts, language, embeddings (dates come from
 * `language/`, the one home of chrono-node).
 */

export { memberEntities, memberGroupOf } from './clauses.js';
export { findDates } from './dates.js';
export { createFileExtractionCache } from './extraction-cache.js';
export { LAUGHTER } from './intent.js';
export type { ConfusionMatrix, IntentMetrics } from './intent-metrics.js';
export { intentMetrics } from './intent-metrics.js';
export { createLlmExtractor, createRulesThenLlmExtractor } from './llm-extractor.js';
export {
  createRuleExtractor,
  extractWithRules,
  headingsAbove,
  RULES_EXTRACTOR_VERSION,
} from './rule-extractor.js';
export { canBeName, slugify } from './text.js';
export type {
  EntityRegistry,
  ExtractedObservation,
  Extraction,
  Extractor,
  KnownSlot,
} from './types.js';
export { EMPTY_REGISTRY } from './types.js';
