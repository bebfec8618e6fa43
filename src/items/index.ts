/**
 * Structured state items, the service half: the `ItemExtractor` contract and its offline
 * rule-based implementation, deterministic reconciliation of candidates (structure first, then
 * embedding similarity), one storage-free extraction run and the `extraction.completed` payload
 * that records it. May import: core, schemas, the contracts (`stores/store.ts`, `providers/*`),
 * and the services before it (language, embeddings, extract, search).
 */
export type {
  Calibration,
  CalibrationAccuracy,
  CalibrationRecord,
  CalibrationSplit,
  EmbedCalibrationTexts,
  PairDecision,
  PairProfile,
  ProfiledPair,
  ProfiledScoredPair,
  ScoredPair,
  ScoreSummary,
  SplitAccuracy,
  ThresholdChoice,
} from './calibrate-thresholds.js';
export {
  calibrateScoredPairs,
  chooseThresholds,
  countCorrect,
  decidePairs,
  decideProfile,
  profilePair,
  reconcilePair,
  scoreCalibrationPairs,
  splitCalibrationPairs,
  summariseScores,
} from './calibrate-thresholds.js';
export type { CalibrationLabel, CalibrationPair } from './calibration-pairs.js';
export { CALIBRATION_LABELS, CALIBRATION_PAIRS, EXPECTED_ACTION } from './calibration-pairs.js';
export { CALIBRATED_THRESHOLDS, CALIBRATION_RECORDS, thresholdsFor } from './calibrations.js';
export type { EmbeddingSimilarityOptions } from './embedding-similarity.js';
export { cosineSimilarity, createEmbeddingSimilarity } from './embedding-similarity.js';
export type { ExtractionPayloadInput } from './extraction-payload.js';
export { toExtractionPayload, upsertsOf, watermarkOf } from './extraction-payload.js';
export type { ExtractItemsOptions, ItemExtractor } from './item-extractor.js';
export type { EmbedTexts, ItemSimilarity, SimilarityMode } from './item-similarity.js';
export { createItemSimilarity } from './item-similarity.js';
export type { LlmItemExtractorOptions } from './llm-item-extractor.js';
export {
  createLlmItemExtractor,
  findCandidateArray,
  LLM_ITEM_EXTRACTOR_ID,
} from './llm-item-extractor.js';
export {
  ITEM_OUTPUT_SCHEMA,
  ITEM_PROMPT_VERSION,
  ITEM_SYSTEM_PROMPT,
  itemUserPrompt,
} from './llm-item-prompt.js';
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
export type { ItemConflictResolution } from './resolve-item-conflict.js';
export { resolveItemConflict } from './resolve-item-conflict.js';
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
