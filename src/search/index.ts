/**
 * Search: hybrid retrieval over the store's full-text and vector indexes (score fusion with
 * per-query confidence and intent routes, time-aware boosting, recency), plus the query
 * handling it rests on.
 * May import: core, the store and provider contracts, language (its period parser), embeddings.
 */

export type { TimeWindow } from '../language/index.js';
export { parseTimeHint, queryTimeWindow } from '../language/index.js';
export { FACT_KEY_TEXT_LIMIT, factKeyTerms, mentionedDays, messageFactKeys } from './fact-keys.js';
export type { Ranking } from './fuse-rankings.js';
export { fuseRankings } from './fuse-rankings.js';
export type {
  FusionSettings,
  RouteSettings,
  SearchDeps,
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
export { makeSnippet } from './make-snippet.js';
export type { QueryIntent, RoutedIntent } from './query-intent.js';
export { queryIntent, ROUTED_INTENTS } from './query-intent.js';
export { queryTerms, wordsOf } from './query-terms.js';
export type {
  FusionCandidate,
  FusionMethod,
  QueryWeights,
  RankAdjustments,
  RankedKey,
} from './rank-candidates.js';
export {
  fuseCandidates,
  queryWeights,
  rankCandidates,
  rankerConfidence,
} from './rank-candidates.js';
export type { SessionHit, SessionRanking, SessionScored } from './rank-sessions.js';
export { boostBySession, rankSessions } from './rank-sessions.js';
