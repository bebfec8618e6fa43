/**
 * Extraction: turns what people write (chat, notes, calendar, mail, bank and webhook texts) into
 * `StateObservation`s. The rule-based extractor is the default and works offline; an optional
 * model-backed extractor sits behind the `LanguageModel` contract, with a cache keyed by message
 * hash and prompt version. Extraction runs at live ingest only: its output is recorded in the
 * ledger, so replay never runs an extractor again.
 * May import: core, schemas, the provider contracts, language, embeddings (dates come from
 * `language/`, the one home of chrono-node).
 */

export type { DateMention } from './dates.js';
export { activityTime, findDates } from './dates.js';
export type { ExtractionCache } from './extraction-cache.js';
export {
  createFileExtractionCache,
  createMemoryExtractionCache,
  extractionCacheKey,
} from './extraction-cache.js';
export type { ClauseIntent } from './intent.js';
export { classifyClause } from './intent.js';
export type { ClassMetrics, ConfusionMatrix, IntentMetrics } from './intent-metrics.js';
export { intentMetrics, MEASURED_INTENTS } from './intent-metrics.js';
export type { LlmExtractorOptions } from './llm-extractor.js';
export { createLlmExtractor, createRulesThenLlmExtractor } from './llm-extractor.js';
export { PROMPT_VERSION } from './llm-prompt.js';
export {
  createRuleExtractor,
  extractWithRules,
  RULES_EXTRACTOR_ID,
  RULES_EXTRACTOR_VERSION,
} from './rule-extractor.js';
export type {
  EntityRegistry,
  EvidenceStrength,
  ExtractedObservation,
  Extraction,
  ExtractionInput,
  Extractor,
  KnownSlot,
} from './types.js';
export { EMPTY_REGISTRY, EVIDENCE_CONFIDENCE } from './types.js';
