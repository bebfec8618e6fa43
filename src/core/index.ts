/**
 * Pure domain of Verity: vocabulary, ids, canonical JSON, policy, the resolver and its records.
 * May import: nothing with I/O (only `@noble/hashes`, `zod`, and types from `schemas`).
 */

export type { AnswerInput, AnswerOutcome } from './answer.js';
export { applyAnswer } from './answer.js';
export type { BundleStep } from './bundle.js';
export { coherenceGroup, resolveBundle } from './bundle.js';
export type { JsonObject, JsonValue } from './canonical-json.js';
export { canonicalJson, contentHash, sha256Hex } from './canonical-json.js';
export type { Clock, IdSource } from './clock.js';
export { fixedClock } from './clock.js';
export { collapseWhitespace } from './collapse-whitespace.js';
export type { ScoreBreakdown } from './confidence.js';
export { intentFactor, recencyFactor, roundScore, roundTo, scoreEvidence } from './confidence.js';
export { defined } from './defined.js';
export type { DomainSpec, FieldSpec, TimelineRule, ValueKind } from './domains/index.js';
export {
  DOMAIN_SPECS,
  domainSpec,
  FIELD_PATTERN,
  fieldKind,
  isDomain,
  MEMBER_SHARED_DOMAINS,
} from './domains/index.js';
export type { ErrorCode, Result } from './errors.js';
export { EngineError, err, errorCodeOf, ok, rethrowAs, unwrap } from './errors.js';
export { escapeRegExp } from './escape-regexp.js';
export { freshUntil } from './freshness.js';
export { deriveUuid, isUuid, uuidV7 } from './ids.js';
export type { ChoiceAnalysis } from './items/analyze-choice.js';
export { analyzeChoice } from './items/analyze-choice.js';
export { comparableText, normalizeTopicTag } from './items/comparable-text.js';
export { computeUid, ITEM_UID_PATTERN } from './items/compute-uid.js';
export { deriveLastSeenAt } from './items/derive-last-seen-at.js';
export { filterRefs } from './items/filter-refs.js';
export type { ReplacementVerb } from './items/has-supersession-signal.js';
export {
  findReplacementVerb,
  findSupersessionTrigger,
  hasSupersessionSignal,
  REPLACEMENT_VERBS,
  SUPERSESSION_TRIGGERS,
} from './items/has-supersession-signal.js';
export type { ItemContext } from './items/merge-item.js';
export { createItem, flagConflict, mergeItem, supersedeItem } from './items/merge-item.js';
export type {
  ExtractionPlan,
  ExtractionSkipReason,
  Watermark,
} from './items/plan-extraction.js';
export { compareMessages, isAfterWatermark, planExtraction } from './items/plan-extraction.js';
export type { RenderStateOptions } from './items/render-state-section.js';
export {
  compareForRendering,
  renderStateSection,
  TYPE_PRIORITY,
} from './items/render-state-section.js';
export { maxConfidence, resolveStatusMerge } from './items/resolve-status-merge.js';
export type {
  BatchMessage,
  CandidateItem,
  ItemConfidence,
  StateItem,
  StateItemStatus,
  StateItemType,
  SupersessionBasis,
  SupersessionEvidence,
  WireSupersessionEvidence,
} from './items/state-item.js';
export {
  defaultStatusFor,
  fromWireEvidence,
  ITEM_CONFIDENCES,
  ITEM_STATUSES,
  isActiveItem,
  isStateItemType,
  isStatusFor,
  STATE_ITEM_LIMITS,
  STATE_ITEM_TYPES,
  toWireEvidence,
  UID_PREFIXES,
} from './items/state-item.js';
export type { ValidatedItem } from './items/validate-item.js';
export { MAX_ITEM_TEXT_LENGTH, validateItem } from './items/validate-item.js';
export type {
  DayCounts,
  DomainStats,
  LearningStats,
  Outcome,
  Rollback,
  RollbackInputs,
} from './learning.js';
export {
  adaptThresholds,
  domainStats,
  emptyStats,
  forceConfirmations,
  recordOutcome,
  rollbackRules,
  statsFromStored,
} from './learning.js';
export type { LogFields, Logger, LogLevel } from './logger.js';
export { isLogLevel, LOG_LEVELS, noopLogger } from './logger.js';
export type { DomainPolicy, DomainThresholds, Policy, RolloutStage } from './policy.js';
export { authorityTier, DEFAULT_POLICY, ROLLOUT_STAGES, stageFor } from './policy.js';
export type {
  JsonPatchOperation,
  ObservationInput,
  PromptRequest,
  ResolveContext,
  ResolveOutcome,
} from './resolver.js';
export { promptIdFor, resolveObservation, supersedes } from './resolver.js';
export type { PromptStatus, ReviewPrompt } from './review.js';
export { PROMPT_STATUSES } from './review.js';
export type {
  CommittedValue,
  Decision,
  DecisionRule,
  Evidence,
  EvidenceState,
  HistoryEntry,
  PendingProposal,
  SlotState,
} from './slot.js';
export { emptySlot, slotKey } from './slot.js';
export type { StateTrackerInput } from './state-tracker.js';
export { toStateTracker } from './state-tracker.js';
export { policyFromStored } from './stored-policy.js';
export type { NewTask, TaskChangeMeta } from './tasks/apply-task-change.js';
export {
  acknowledgeTask,
  checkTaskFields,
  createTask,
  escalateTask,
  formatTaskId,
  MAX_TASK_HISTORY,
  moveTask,
  TASK_ID_PATTERN,
  updateTask,
} from './tasks/apply-task-change.js';
export { applyTaskEvent, isTaskEventType, TASK_EVENT_TYPES } from './tasks/apply-task-event.js';
export type { DailyMetrics, DayCounters } from './tasks/daily-metrics.js';
export { computeDailyMetrics, EMPTY_DAY_COUNTERS } from './tasks/daily-metrics.js';
export type {
  IncidentType,
  NotificationTopic,
  ReconcileAction,
  ReconcileSettings,
} from './tasks/plan-reconcile.js';
export {
  DEFAULT_RECONCILE_SETTINGS,
  deadManStanding,
  draftFollowup,
  holdsDeadMan,
  INCIDENT_TYPES,
  planReconcile,
} from './tasks/plan-reconcile.js';
export type { Incident, TaskEventLine } from './tasks/render-tasks.js';
export {
  compareTasks,
  deadManLine,
  renderTaskEventsJsonl,
  renderTasksZone,
  stableJson,
  taskSummary,
  toJsonLines,
} from './tasks/render-tasks.js';
export type {
  EscalationLevel,
  Task,
  TaskFields,
  TaskHistoryEntry,
  TaskPriority,
  TaskProvenance,
  TaskState,
} from './tasks/task.js';
export {
  DEFAULT_STALE_HOURS,
  isTaskPriority,
  isTaskState,
  isTerminal,
  REQUIRED_FIELDS,
  REVIEW_ESCALATION_LEVEL,
  TASK_PRIORITIES,
  TASK_STATES,
  TASK_TRANSITIONS,
} from './tasks/task.js';
export type { TextSpan } from './text-spans.js';
export { replaceSpans } from './text-spans.js';
export {
  DAY_MS,
  HOUR_MS,
  isTimeZone,
  MINUTE_MS,
  parseRfc3339,
  sortableTime,
  toIso,
} from './time.js';
export type { TimelineIssue } from './timeline.js';
export { checkTimeline, SIMULTANEITY_WINDOW_MS } from './timeline.js';
export type { ValidationIssue } from './validation.js';
export { formatIssues, isRecord } from './validation.js';
export type { MarkdownChunk } from './vault/chunk-markdown.js';
export { chunkMarkdown, noteTitle } from './vault/chunk-markdown.js';
export type { PassageCheck, PassageFate } from './vault/drift-math.js';
export { cosineDistance, nearest, passageFate } from './vault/drift-math.js';
export { normalizePassage, passageHash } from './vault/normalize-passage.js';
export type { PredictionErrorType } from './vault/prediction-errors.js';
export { PREDICTION_ERROR_TYPES } from './vault/prediction-errors.js';
export type { LinkResolution, WikiLink } from './vault/wiki-links.js';
export { extractWikiLinks, resolveWikiLink } from './vault/wiki-links.js';
export type { Domain, Intent, SourceType } from './vocabulary.js';
export {
  canonicalSource,
  DEFAULT_ENTITY,
  DOMAINS,
  domainOf,
  ENTITY_ID_PATTERN,
  INTENTS,
  isUserSource,
  MESSAGE_SOURCES,
  messageSourceType,
  SOURCE_TYPES,
} from './vocabulary.js';
export { isWireJson, toSnakeCaseKey, toWireJson } from './wire.js';
