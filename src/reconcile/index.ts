/**
 * Structured state items, the service half: the `ItemExtractor` contract and its offline
 * rule-based implementation, deterministic reconciliation of candidates (structure first, then
 * embedding similarity) and one storage-free extraction run. May import: core, the contracts
 * (`stores/store.ts`, `providers/*`), and the services before it (embeddings, extract, search).
 */
export type { EmbeddingSimilarityOptions } from './embedding-similarity.js';
export { cosineSimilarity, createEmbeddingSimilarity } from './embedding-similarity.js';
export type { ExtractItemsOptions, ItemExtractor } from './item-extractor.js';
export type {
  DropReason,
  ExtractCounts,
  MergeBasis,
  ReconcileAction,
  ReconcileInput,
  ReconcileOutcome,
  ReconcileThresholds,
  SimilaritySource,
} from './reconcile-candidates.js';
export { DEFAULT_RECONCILE_THRESHOLDS, reconcileCandidates } from './reconcile-candidates.js';
export type { SentenceItem } from './rule-item-extractor.js';
export {
  classifySentence,
  createRuleItemExtractor,
  extractRuleCandidates,
  RULE_EXTRACTOR_ID,
  topicTagsFor,
} from './rule-item-extractor.js';
export type {
  ExtractResult,
  ExtractSkipReason,
  ItemExtractionRun,
  RunItemExtractionOptions,
} from './run-item-extraction.js';
export { runItemExtraction, toExtractResult } from './run-item-extraction.js';
