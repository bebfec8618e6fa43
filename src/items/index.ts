/**
 * Structured state items, the service half: the `ItemExtractor` contract and its offline
 * rule-based implementation, deterministic reconciliation of candidates (structure first, then
 * embedding similarity), one storage-free extraction run and the `extraction.completed` payload
 * that records it. May import: core, schemas, the contracts (`stores/store.ts`, `providers/*`),
 * and the services before it (language, embeddings, extract, search).
 */
export type { CalibrationAccuracy, CalibrationRecord } from './calibrate-thresholds.js';
export { calibrateScoredPairs, scoreCalibrationPairs } from './calibrate-thresholds.js';
export { CALIBRATION_LABELS, CALIBRATION_PAIRS } from './calibration-pairs.js';
export { CALIBRATED_THRESHOLDS, CALIBRATION_RECORDS, thresholdsFor } from './calibrations.js';
export { toExtractionPayload, upsertsOf, watermarkOf } from './extraction-payload.js';
export type { ItemExtractor } from './item-extractor.js';
export { createItemSimilarity } from './item-similarity.js';
export { createLlmItemExtractor } from './llm-item-extractor.js';
export type { ReconcileThresholds } from './reconcile-candidates.js';
export { DEFAULT_RECONCILE_THRESHOLDS } from './reconcile-candidates.js';
export { objectKey, readRetirements } from './reconcile-reversal.js';
export type { ItemConflictResolution } from './resolve-item-conflict.js';
export { resolveItemConflict } from './resolve-item-conflict.js';
export { createRuleItemExtractor } from './rule-item-extractor.js';
export { runItemExtraction } from './run-item-extraction.js';
