/**
 * The state pipeline: ingest → validate → resolve → persist, the fold that replay shares with live
 * ingest, dead-letter retries, rebuild and verification, forgetting, read models and metrics; and
 * the readers of outside sources that feed it (`sources/`: ICS calendars, with the package node-ical).
 * May import: core, ledger, schemas, the store contract, extract, reconcile, review.
 */

export type { ApplyResult, ApplySession, PolicyChange } from './apply.js';
export {
  appendAndApply,
  applyEvent,
  checkAnswer,
  flushSession,
  openSession,
  resolveInto,
  SIGNAL_CLAIMS_EXTRACTOR,
  signalObservations,
  toObservationInput,
} from './apply.js';
export { withPipelineTx } from './cached-tx.js';
export type { DerivedReport, ExtractionStep } from './derive.js';
export { deriveObservations } from './derive.js';
export type { DriftItem } from './fold-extensions.js';
export {
  CONFIRMED_ALIASES_KEY,
  DRIFT_KEY,
  INTENT_METRICS_KEY,
  inputMemoryKey,
  zoneMemoryKey,
} from './fold-extensions.js';
export type {
  IngestRunOptions,
  ItemOutcome,
  PipelineDeps,
  RecordOutcome,
} from './ingest.js';
export {
  adjustPolicy,
  applyRecord,
  changePolicy,
  DLQ_BACKOFF_MS,
  deadLetter,
  ingest,
} from './ingest.js';
export {
  computeStats,
  deadLetterReviews,
  derivedHash,
  forget,
  isAlert,
  rebuild,
  replayInto,
  retryDeadLetters,
} from './maintenance.js';
export { recordEvent } from './record-event.js';
export type { RecordedTaskEvents } from './record-task-events.js';
export { recordTaskEvents } from './record-task-events.js';
export type { CalendarSource, IcsOptions } from './sources/ics.js';
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
export {
  explainField,
  isStale,
  readEntity,
  readField,
  toFieldView,
  toPromptView,
} from './views.js';
