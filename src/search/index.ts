/**
 * Search: hybrid retrieval over the store's full-text and vector indexes (a learned per-candidate
 * ranker over score fusion with per-query confidence and intent routes, time-aware boosting,
 * recency), plus the query handling it rests on.
 * May import: core, the store and provider contracts, language (its period parser), embeddings.
 */

export type { ContextHitReader } from './context-for-short-texts.js';
export { contextForShortTexts } from './context-for-short-texts.js';
export { mentionedDays, messageFactKeys } from './fact-keys.js';
export type { FeedbackSettings } from './feedback-terms.js';
export { feedbackTerms } from './feedback-terms.js';
export type {
  FusionSettings,
  RouteSettings,
  SearchHit,
  SearchOptions,
  SearchResult,
  VectorSearchState,
} from './hybrid-search.js';
export {
  DEFAULT_FUSION,
  hybridSearch,
  rankAdjustments,
  routedFusion,
} from './hybrid-search.js';
export type { KeptMask } from './kept-masks.js';
export { keptMaskRecord, maskSpans } from './kept-masks.js';
export type {
  LearnedModel,
  TrainingQuery,
  TrainOptions,
} from './learned-ranker.js';
export {
  BASE_FEATURE_NAMES,
  FEATURE_NAMES,
  FEATURE_SETS,
  FEATURE_VERSION,
  RECALL_FEATURE_NAMES,
  SESSION_FEATURE_NAMES,
  scoreFeatures,
  TRAIN_DEFAULTS,
  trainRanker,
} from './learned-ranker.js';
export * from './make-snippet.js';
export type { RoutedIntent } from './query-intent.js';
export { ROUTED_INTENTS } from './query-intent.js';
export * from './query-terms.js';
export type { FusionCandidate, RankAdjustments } from './rank-candidates.js';
export { learnedFeatures, rankCandidates, rankFused } from './rank-candidates.js';
export type { SessionRanking } from './rank-sessions.js';
export { boostBySession, rankSessions } from './rank-sessions.js';
export { SEARCH_KINDS } from './search-kinds.js';
export { maskedRecords, shownText } from './shown-text.js';
