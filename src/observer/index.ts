/**
 * The observer: session transcripts (Verity JSONL, Claude Code, pi) become captures, captures
 * become prioritised observations in segments (offline rules or a language model), observations
 * are reflected into MEMORY.md proposals that people review; promoted entries, retention of typed
 * memory (P0–P3), friction analysis and the extractive `ask`. Pure functions plus the fold of its
 * ledger events; the engine does the I/O. May import: core, ledger, the store and provider
 * contracts, earlier services (projections for the MEMORY.md zones).
 */

export type { AskAnswer, AskDocument, Citation } from './ask.js';
export { answerExtractively, questionTerms, rankDocuments } from './ask.js';
export type {
  CaptureRecord,
  MemoryZoneEditedPayload,
  MemoryZoneResolvedPayload,
  ProposalResolvedPayload,
  RetentionMarks,
  SessionCapturedPayload,
  StoredObservations,
} from './fold.js';
export {
  foldObserverEvent,
  memoryIdOf,
  memoryZoneErrorId,
  OBSERVER_KEYS,
  readCaptures,
  readFriction,
  readMemory,
  readObservations,
  readProposals,
  readRetention,
} from './fold.js';
export type { ModelObserveInput } from './llm-observer.js';
export { OBSERVER_INSTRUCTIONS, observeWithModel, serializeForModel } from './llm-observer.js';
export type { MemoryZoneLine } from './memory-file.js';
export {
  MEMORY_ZONE_SCHEMA,
  parseMemoryZone,
  sectionOfZone,
  writeMemorySections,
} from './memory-file.js';
export type { FrictionCluster, FrictionInput, RetentionPolicy } from './policies.js';
export {
  applyRetentionPolicy,
  clusterFriction,
  dueForExpiry,
  PROPOSAL_EXPIRY_MS,
  RETENTION_POLICY,
} from './policies.js';
export type {
  Reflection,
  ReflectionAttempt,
  ReflectorInput,
  ReflectorSettings,
  ReflectRequest,
  RejectedCandidate,
  TokenCounter,
} from './reflector.js';
export {
  DEFAULT_REFLECTOR_SETTINGS,
  distill,
  estimateTokens,
  qualityIssues,
  reflectObservations,
} from './reflector.js';
export type { CheckedProposal, DailyLogContext, FrictionFix } from './render.js';
export {
  checkedProposals,
  dailyLogHeader,
  memoryZoneId,
  renderDailyLogSection,
  renderMemoryZone,
  renderReview,
} from './render.js';
export type { ObserveInput, SegmentLimits } from './rule-observer.js';
export { DEFAULT_SEGMENT_LIMITS, observeTranscript, segmentEntries } from './rule-observer.js';
export type {
  CaptureTrigger,
  Transcript,
  TranscriptEntry,
  TranscriptError,
  TranscriptFormat,
  TranscriptRole,
} from './transcript.js';
export { CAPTURE_TRIGGERS, captureKey, parseTranscript, toCaptureTrigger } from './transcript.js';
export type {
  MemoryEntry,
  MemoryPriority,
  MemorySection,
  MemoryType,
  Observation,
  ObservationPriority,
  ObserverOutput,
  Proposal,
  ProposalDraft,
  ProposalStatus,
  Segment,
} from './types.js';
export { MEMORY_SECTIONS } from './types.js';
