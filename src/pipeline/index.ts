/**
 * The state pipeline: ingest → validate → resolve → persist, the fold that replay shares with live
 * ingest, dead-letter retries, rebuild and verification, forgetting, read models and metrics; and
 * the readers of outside sources that feed it (`sources/`: ICS calendars, with the package node-ical).
 * May import: core, ledger, schemas, the store contract, extract, reconcile, review.
 */

export { applyEvent, checkAnswer, flushSession, openSession } from './apply.js';
export { withPipelineTx } from './cached-tx.js';
export type { ExtractionStep } from './derive.js';
export type { DriftItem } from './fold-extensions.js';
export { DRIFT_KEY, INTENT_METRICS_KEY, inputMemoryKey, zoneMemoryKey } from './fold-extensions.js';
export type { IngestRunOptions, PipelineDeps } from './ingest.js';
export { applyRecord, changePolicy, deadLetter, ingest } from './ingest.js';
export {
  computeStats,
  deadLetterReviews,
  derivedHash,
  forget,
  rebuild,
  replayInto,
  retryDeadLetters,
} from './maintenance.js';
export { recordEvent } from './record-event.js';
export { recordTaskEvents } from './record-task-events.js';
export type { CalendarSource } from './sources/ics.js';
export { icsToSignals, readCalendar } from './sources/ics.js';
export type {
  AnswerResult,
  DeadLetterReview,
  DlqRetryReport,
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
export { explainField, readEntity, readField, toPromptView } from './views.js';
