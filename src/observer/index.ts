/**
 * The observer: session transcripts (Verity JSONL, Claude Code, pi) become captures, captures
 * become prioritised observations in segments (offline rules or a language model), observations
 * are reflected into MEMORY.md proposals that people review; promoted entries, retention of typed
 * memory (P0–P3), friction analysis and the extractive `ask`. Pure functions plus the fold of its
 * ledger events; the engine does the I/O. May import: core, ledger, the store and provider
 * contracts, earlier services (projections for the MEMORY.md zones).
 */

export type { AskAnswer, AskDocument } from './ask.js';
export { answerExtractively, rankDocuments, sharesQuestionTerm } from './ask.js';
export type { DraftContext } from './draft-context.js';
export type {
  CaptureRecord,
  MemoryZoneEditedPayload,
  MemoryZoneResolvedPayload,
  ProposalResolvedPayload,
  SessionCapturedPayload,
  StoredObservations,
} from './fold.js';
export {
  foldObserverEvent,
  memoryIdOf,
  readCaptures,
  readFriction,
  readMemory,
  readObservations,
  readProposals,
  readReflectionTimes,
  readRetention,
} from './fold.js';
export type { ForgetCaptureInput, MemoryForgetPlan } from './forget-plan.js';
export { planMemoryForget, planMessageForget, scrubForgotten } from './forget-plan.js';
export { observeWithModel } from './llm-observer.js';
export { parseMemoryZone, sectionOfZone, writeMemorySections } from './memory-file.js';
export type { FrictionInput } from './policies.js';
export {
  applyRetentionPolicy,
  clusterFriction,
  dueForExpiry,
  errorSignatures,
  isCorrection,
  PROPOSAL_EXPIRY_MS,
  RETENTION_POLICY,
} from './policies.js';
export type {
  ReflectionAttempt,
  ReflectorInput,
  ReflectorSettings,
  RejectedCandidate,
  TokenCounter,
} from './reflector.js';
export { DEFAULT_REFLECTOR_SETTINGS, reflectObservations } from './reflector.js';
export type { FrictionFix } from './render.js';
export {
  checkedProposals,
  dailyLogHeader,
  isFrictionFixStaged,
  memoryZoneId,
  renderDailyLogSection,
  renderMemoryZone,
  renderReview,
  writeReviewFile,
} from './render.js';
export type { CitedPassage, RetiredPassages } from './retired-passages.js';
export {
  isRetiredPassage,
  markRetired,
  passageKey,
  readRetiredPassages,
  retiredPassages,
} from './retired-passages.js';
export type { ObserveInput } from './rule-observer.js';
export {
  observeCandidates,
  observeTranscript,
  RULES_VERSION,
  SHIPPED_SCORER,
} from './rule-observer.js';
export type {
  FeatureGroup,
  ScorerCandidate,
  ScorerModel,
  TrainingExample,
  TrainOptions,
} from './scorer.js';
export {
  admissible,
  scoreCandidate,
  serializeScorer,
  trainingHash,
  trainScorer,
} from './scorer.js';
export type { CaptureTrigger, SkippedLine, TranscriptEntry } from './transcript.js';
export {
  captureKey,
  entriesNotCaptured,
  isDerivedId,
  parseTranscript,
  TEXT_DIGEST_MIN_CHARS,
  textShape,
  toCaptureTrigger,
} from './transcript.js';
export type {
  MemoryEntry,
  MemoryPriority,
  MemorySection,
  MemoryType,
  Observation,
  ObserverOutput,
  Proposal,
  ProposalDraft,
} from './types.js';
export { MEMORY_SECTIONS } from './types.js';
export type { Uptake } from './uptake.js';
export { optionsOf, readUptake } from './uptake.js';
export { withoutSecrets } from './without-secrets.js';
