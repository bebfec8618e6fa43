/**
 * The state pipeline: ingest → validate → resolve → persist, the fold that replay shares with live
 * ingest, dead-letter retries, rebuild and verification, forgetting, read models and metrics; and
 * the readers of outside sources that feed it (`sources/`: ICS calendars, with the package node-ical).
 * May import: core, ledger, schemas, the store contract, extract, reconcile, review.
 */

export {
  appendAndApply,
  applyEvent,
  checkAnswer,
  FOLD_VERSION,
  flushSession,
  openSession,
} from './apply.js';
export { withPipelineTx } from './cached-tx.js';
export type { ExtractionStep } from './derive.js';
export type { DriftItem } from './fold-extensions.js';
export { DRIFT_KEY, INTENT_METRICS_KEY, inputMemoryKey, zoneMemoryKey } from './fold-extensions.js';
export type { IngestRunOptions, PipelineDeps } from './ingest.js';
export { applyRecord, changePolicy, deadLetter, ingest } from './ingest.js';
export * from './maintenance.js';
export { sharedThreadRecord } from './meta-records.js';
export * from './record-event.js';
export * from './record-task-events.js';
export * from './sources/ics.js';
export type * from './types.js';
export { explainField, readEntity, readField, toPromptView } from './views.js';
