import type { Embedder } from '../embeddings/index.js';
import { parseTimeHint, queryTimeWindow } from '../language/index.js';
import type {
  SearchDocument,
  SearchFilters,
  SearchKind,
  Store,
  TextSearchHit,
  VectorSearchHit,
} from '../stores/index.js';
import { contextForShortTexts } from './context-for-short-texts.js';
import { factKeyTerms, mentionedDays } from './fact-keys.js';
import { type FeedbackSettings, feedbackTerms } from './feedback-terms.js';
import type { LearnedModel } from './learned-ranker.js';
import { makeSnippet } from './make-snippet.js';
import { queryIntent, ROUTED_INTENTS, type RoutedIntent } from './query-intent.js';
import { queryTerms } from './query-terms.js';
import { type FusionCandidate, type RankAdjustments, rankCandidates } from './rank-candidates.js';
import { shownText } from './shown-text.js';

/**
 * How the rankers are combined. The defaults were chosen on tuning halves of two dev sets and
 * reported on their held-out halves (docs/decisions/2026-11-26-retrieval-across-datasets.md).
 */
export interface FusionSettings {
  /**
   * `score`: convex combination of min-max normalised scores, with the vector share moved per
   * query toward the ranker that is more confident (`adaptive`); `rrf`: weighted reciprocal rank;
   * `learned`: the per-candidate linear ranker (`learned-ranker.json`) with `score` as its base.
   */
  readonly method: 'score' | 'rrf' | 'learned';
  /** The model `learned` scores with; the shipped one when absent (training scripts set it). */
  readonly model?: LearnedModel;
  /**
   * How far the per-query confidence moves the fixed vector share, 0–1 (`score`; under `learned`
   * it shapes only the base feature).
   */
  readonly adaptive: number;
  /**
   * Weight of the BM25 ranking in the fusion. Default 0.8. Under `learned` (the default method)
   * the weights shape only the model's base feature (the `score` fusion's score and rank); the
   * model reads both lists' scores and ranks on its own, so 1 / 0 no longer means "BM25 alone":
   * for that, set `method: 'score'` too (or search in `text` mode).
   */
  readonly textWeight: number;
  /** Weight of the vector ranking in the fusion. Default 0.2. Under `learned`: see `textWeight`. */
  readonly vectorWeight: number;
  /** The reciprocal-rank constant k (`rrf` only). Default 10. */
  readonly rankConstant: number;
  /** Weight of the previous-turn context column against the item's own text. Default 0.5. */
  readonly contextWeight: number;
  /**
   * The context column counts only for items of at most this many characters: full text runs the
   * query with and without it and keeps, per item, the score its length calls for
   * (`contextForShortTexts`). Short replies need the turn before them; a long turn's context only
   * adds chance matches. 0 = context for every item (one query; the default). Costs one more
   * full-text query; not applied with `feedback`. At 600 it gained out of fold on both tuning
   * halves but not on the held-out ones, so it is off (ADR 2026-11-26-retrieval-across-datasets,
   * seventeenth session).
   */
  readonly contextMaxLength: number;
  /** Hits taken from each ranker before fusing. Default 50. */
  readonly candidates: number;
  /**
   * Score multiplier 1 + this for items inside a date the query names. Default 1. Under
   * `learned` it multiplies the model's logit mapped to a positive score (1 + s above 0,
   * 1 / (1 − s) below), as do recency, `latestBoost` and `sessionSpread`: a boost multiplies,
   * it is not a term added to the logit.
   */
  readonly timeBoost: number;
  /** Days after a named period that still count as inside it (talk follows events). Default 14. */
  readonly timeGraceDays: number;
  /**
   * Also read relative times chrono-node understands ("two weeks ago", "last Saturday") besides
   * the explicit forms of `parseTimeHint`.
   */
  readonly relativeDates: boolean;
  /**
   * For queries asking for a current value ("currently", "still", "latest"): score ×
   * (1 + this × how new the item is among the candidates). 0 = off.
   */
  readonly latestBoost: number;
  /**
   * For queries that gather across occasions ("how many", "in total"): each further item of a
   * session already ranked above is scored × this. 1 = off.
   */
  readonly sessionSpread: number;
  /**
   * Dates as keys: when the query names a period, an item whose text mentions a day inside it
   * (read against the item's own time, `mentionedDays`) is boosted like one written then.
   */
  readonly mentionedDates: boolean;
  /**
   * Facts as keys: weight of the fact-key ranking (`Store.searchFactKeys`: dates, names and places
   * derived from each message at ingest), added to the fused score as this × keys relevance over
   * the best. 0 = the key index is not read.
   */
  readonly keyWeight: number;
  /** How cosines are scaled before fusion: `minmax` over the candidates, or over the best (`max`). */
  readonly vectorScale: 'minmax' | 'max';
  /** Which way per-query confidence may move the vector share (`both`, `up`, `down`). */
  readonly adaptiveDirection: 'both' | 'up' | 'down';
  /**
   * The vector share for queries whose candidates mix short and long texts (length coefficient
   * of variation ≥ `spread`; `spread` 0 = off), replacing the weights' share before `adaptive`.
   * Default 0.8 → 0.4: long texts among short ones hold more of a query's words by chance, so
   * BM25 is trusted less there (ADR 2026-11-26-retrieval-across-datasets, fifth session).
   */
  readonly mixedLengths: { readonly spread: number; readonly vectorShare: number };
  /**
   * Pseudo-relevance feedback: the words the first full-text query's best `documents` hits share
   * (`feedbackTerms`, at most `terms` of them) are added to a second full-text query, whose hits
   * replace the first's. Costs one more full-text query. `documents` 0 = off (the default; tried
   * and not adopted, ADR 2026-11-26-retrieval-across-datasets, fourteenth session).
   */
  readonly feedback: FeedbackSettings;
  /**
   * Per-query routing: ranking settings that replace these for queries of an intent
   * (`queryIntent`); when several match, they apply in `ROUTED_INTENTS` order, the later winning.
   */
  readonly routes: Readonly<Partial<Record<RoutedIntent, RouteSettings>>>;
}

/** What a route may change: how the two rankers' scores are weighed and adjusted, not fetched. */
export type RouteSettings = Partial<
  Pick<
    FusionSettings,
    | 'adaptive'
    | 'textWeight'
    | 'vectorWeight'
    | 'keyWeight'
    | 'timeBoost'
    | 'latestBoost'
    | 'sessionSpread'
  >
>;

/** `fusion` with the routes of the intents `query` shows applied (pure). */
export function routedFusion(query: string, fusion: FusionSettings): FusionSettings {
  const intent = queryIntent(query);
  let routed = fusion;
  for (const name of ROUTED_INTENTS) {
    const route = fusion.routes[name];
    if (intent[name] && route !== undefined) routed = { ...routed, ...route };
  }
  return routed;
}

/**
 * The fusion settings search uses unless told otherwise: chosen on LoCoMo half A and the
 * LongMemEval-S dev tuning half together (docs/decisions/2026-11-26-retrieval-across-datasets.md).
 * The learned ranker ranks; the score-fusion settings below are its base feature, and rank alone
 * when only one list answers.
 */
export const DEFAULT_FUSION: FusionSettings = {
  method: 'learned',
  adaptive: 0.35,
  textWeight: 0.8,
  vectorWeight: 0.2,
  rankConstant: 10,
  contextWeight: 0.5,
  contextMaxLength: 0,
  candidates: 50,
  timeBoost: 1,
  timeGraceDays: 14,
  relativeDates: true,
  latestBoost: 0,
  sessionSpread: 0.8,
  mentionedDates: false,
  keyWeight: 0,
  vectorScale: 'minmax',
  adaptiveDirection: 'both',
  mixedLengths: { spread: 0.8, vectorShare: 0.4 },
  feedback: { documents: 0, terms: 0 },
  routes: {},
};

/** The period a query names, read as `fusion` says (explicit forms, or relative ones too). */
function queryWindow(
  query: string,
  now: number,
  fusion: Pick<FusionSettings, 'relativeDates'>,
): { readonly start: number; readonly end: number } | null {
  return fusion.relativeDates ? queryTimeWindow(query, now) : parseTimeHint(query, now);
}

/**
 * The adjustments a query's wording asks for under `fusion`: the period it names (when
 * `timeAware`), recency for current-value questions, spread across sessions for gathering ones.
 */
export function rankAdjustments(
  query: string,
  now: number,
  fusion: FusionSettings,
  options: {
    readonly timeAware: boolean;
    readonly recencyHalfLifeDays?: number | undefined;
    readonly recencyWeight: number;
    readonly threadOf: (key: string) => string;
  },
): RankAdjustments {
  const intent = queryIntent(query);
  const window = !options.timeAware ? null : queryWindow(query, now, fusion);
  return {
    window,
    timeBoost: fusion.timeBoost,
    timeGraceDays: fusion.timeGraceDays,
    now,
    recencyHalfLifeDays: options.recencyHalfLifeDays,
    recencyWeight: options.recencyWeight,
    latestBoost: intent.latest ? fusion.latestBoost : 0,
    sessionSpread: intent.aggregate ? fusion.sessionSpread : 1,
    threadOf: options.threadOf,
    query,
  };
}

/** Options of one search. */
export interface SearchOptions {
  /** Hits to return. Default 10. */
  readonly limit?: number;
  readonly filters?: SearchFilters;
  /**
   * `hybrid` (default), `text` (BM25 only), `vector` (nearest neighbours only) or `keys` (the
   * fact-key index only, whatever `keyWeight` says).
   */
  readonly mode?: 'hybrid' | 'text' | 'vector' | 'keys';
  /**
   * Favour recent items: a score is multiplied by (1 - recencyWeight) + recencyWeight × 0.5^(age /
   * half-life). Off unless given.
   */
  readonly recencyHalfLifeDays?: number;
  /** Share of the score that decays with age when `recencyHalfLifeDays` is set. Default 0.3. */
  readonly recencyWeight?: number;
  /** Boost items inside a period the query names ("in June 2023", "last week"). Default true. */
  readonly timeAware?: boolean;
  /** Overrides of `DEFAULT_FUSION`. */
  readonly fusion?: Partial<FusionSettings>;
  readonly signal?: AbortSignal;
}

/** One search result, as the CLI, MCP and SDK return it. */
export interface SearchHit {
  readonly kind: SearchKind;
  /** The item's id: a message's `message_id`. */
  readonly id: string;
  readonly thread_id: string | null;
  /** The message the item is (or came from); null when none. */
  readonly message_id: string | null;
  /** Fused score, higher is better; comparable only within one result list. */
  readonly score: number;
  /** Each ranker's own score, or null when that ranker did not return the item. */
  readonly scores: {
    /** BM25 relevance, higher is better. */
    readonly bm25: number | null;
    /** Cosine similarity to the query. */
    readonly vector: number | null;
    /** Relevance of the item's fact keys, when the key index was read and returned it. */
    readonly keys: number | null;
  };
  /** A short excerpt around the first matching word. */
  readonly snippet: string;
  readonly entity_id: string;
  readonly created_at: string;
  /** The item's full text. */
  readonly text: string;
}

/** How vectors took part in a search. */
export type VectorSearchState =
  /** Nearest neighbours were fused in. */
  | 'used'
  /** Text-only search: asked for, or no embedding model is configured. */
  | 'off'
  /** The store holds another model's vectors; `reindex` switches. Full text only meanwhile. */
  | 'space_mismatch'
  /** The model failed to embed the query; full text only. */
  | 'failed';

/** The result of a search. */
export interface SearchResult {
  /** Best first. */
  readonly hits: readonly SearchHit[];
  /** Indexed items that still lack a vector: only full text can find them yet. */
  readonly pending_vectors: number;
  readonly vector_search: VectorSearchState;
}

/** What a search needs. */
export interface SearchDeps {
  readonly store: Store;
  /** Null when vectors are off. */
  readonly embedder: Embedder | null;
}

function keyOf(document: SearchDocument): string {
  return `${document.kind}\u0000${document.threadId ?? ''}\u0000${document.itemId}`;
}

interface Candidate {
  readonly document: SearchDocument;
  bm25: number | null;
  vector: number | null;
  keys: number | null;
  textRank: number;
  vectorRank: number;
}

/** The three rankers' hits as one candidate per item, each with its scores and ranks. */
function mergeHits(
  textHits: readonly TextSearchHit[],
  vectorHits: readonly VectorSearchHit[],
  keyHits: readonly TextSearchHit[],
): Map<string, Candidate> {
  const byKey = new Map<string, Candidate>();
  const candidate = (document: SearchDocument): Candidate => {
    const key = keyOf(document);
    let entry = byKey.get(key);
    if (entry === undefined) {
      entry = {
        document,
        bm25: null,
        vector: null,
        keys: null,
        textRank: Infinity,
        vectorRank: Infinity,
      };
      byKey.set(key, entry);
    }
    return entry;
  };
  textHits.forEach((hit, index) => {
    const entry = candidate(hit.document);
    entry.bm25 = hit.score;
    entry.textRank = index;
  });
  vectorHits.forEach((hit, index) => {
    const entry = candidate(hit.document);
    entry.vector = hit.similarity;
    entry.vectorRank = index;
  });
  for (const hit of keyHits) candidate(hit.document).keys = hit.score;
  return byKey;
}

/**
 * Hybrid search: BM25 over the full-text index and nearest neighbours over vectors, fused by
 * score (or weighted reciprocal rank) under the routes of the query's intent, with an optional boost for items inside a period the query names and
 * optional recency weighting. The query is embedded while the full-text search runs. `now` (epoch
 * ms) anchors relative dates and recency.
 */
export async function hybridSearch(
  deps: SearchDeps,
  query: string,
  now: number,
  options: SearchOptions = {},
): Promise<SearchResult> {
  const fusion = routedFusion(query, { ...DEFAULT_FUSION, ...options.fusion });
  const mode = options.mode ?? 'hybrid';
  const filters = options.filters ?? {};
  const limit = Math.max(0, Math.floor(options.limit ?? 10));
  const candidates = Math.max(limit, fusion.candidates);
  const terms = queryTerms(query);

  const queryVector = await startQueryVector(deps, query, mode, options.signal);

  const textHits = await fullTextHits(deps.store, terms, filters, candidates, fusion, mode);
  const vector = await queryVector.vector;
  const vectorHits: readonly VectorSearchHit[] =
    vector === null || deps.embedder === null
      ? []
      : await deps.store.searchVectors(deps.embedder.space, vector, filters, candidates);

  const timeAware = options.timeAware !== false;
  const readKeys = mode === 'keys' || (mode === 'hybrid' && fusion.keyWeight > 0);
  const keyHits: readonly TextSearchHit[] = readKeys
    ? await deps.store.searchFactKeys(
        { terms: factKeyTerms(terms, timeAware ? queryWindow(query, now, fusion) : null) },
        filters,
        candidates,
      )
    : [];

  const byKey = mergeHits(textHits, vectorHits, keyHits);
  const adjustments = rankAdjustments(query, now, fusion, {
    timeAware,
    recencyHalfLifeDays: options.recencyHalfLifeDays,
    recencyWeight: options.recencyWeight ?? 0.3,
    threadOf: (key) => byKey.get(key)?.document.threadId ?? key,
  });
  // Dates said in the text are read only when the query names a period: most queries do not.
  const readDates = fusion.mentionedDates && adjustments.window !== null;
  const fusionCandidates: FusionCandidate[] = [...byKey.entries()].map(([key, entry]) => ({
    key,
    bm25: entry.bm25,
    vector: entry.vector,
    keys: entry.keys,
    textRank: entry.textRank,
    vectorRank: entry.vectorRank,
    createdAt: Date.parse(entry.document.createdAt),
    length: entry.document.text.length,
    ...(readDates
      ? { mentionedDays: mentionedDays(entry.document.text, entry.document.createdAt) }
      : {}),
  }));
  const ranked = rankCandidates(
    fusionCandidates,
    mode === 'keys' ? { ...fusion, keyWeight: 1 } : fusion,
    adjustments,
  );
  const scored = ranked.map(({ candidate, score }) => {
    const entry = byKey.get(candidate.key);
    if (entry === undefined) throw new Error(`unknown candidate ${candidate.key}`);
    return { entry, score };
  });

  const status = await deps.store.searchIndexStatus();
  return {
    hits: await Promise.all(
      scored.slice(0, limit).map(({ entry, score }) => shownHit(deps.store, entry, score, terms)),
    ),
    pending_vectors: status.documents - status.embedded,
    vector_search: queryVector.state(),
  };
}

/** One ranked candidate as search returns it; what it shows never holds a secret's value. */
async function shownHit(
  store: Store,
  entry: Candidate,
  score: number,
  terms: readonly string[],
): Promise<SearchHit> {
  const text = await shownText(store, entry.document);
  return {
    kind: entry.document.kind,
    id: entry.document.itemId,
    thread_id: entry.document.threadId,
    message_id: entry.document.messageId,
    score,
    scores: { bm25: entry.bm25, vector: entry.vector, keys: entry.keys },
    snippet: makeSnippet(text, terms),
    entity_id: entry.document.entityId,
    created_at: entry.document.createdAt,
    text,
  };
}

/**
 * The query's embedding, started before the full-text query so the model works while the store
 * does, and what became of it (`state()` read after `vector` settles).
 */
async function startQueryVector(
  deps: SearchDeps,
  query: string,
  mode: NonNullable<SearchOptions['mode']>,
  signal: AbortSignal | undefined,
): Promise<{ readonly vector: Promise<Float32Array | null>; state(): VectorSearchState }> {
  let state: VectorSearchState = 'off';
  const none = { vector: Promise.resolve(null), state: () => state };
  const embedder = deps.embedder;
  if ((mode !== 'hybrid' && mode !== 'vector') || embedder === null || query.trim() === '') {
    return none;
  }
  const active = await deps.store.embeddingSpace();
  if (active === null) return none;
  if (active.model !== embedder.space.model || active.dimension !== embedder.space.dimension) {
    state = 'space_mismatch';
    return none;
  }
  state = 'used';
  const vector = embedder.embedQuery(query, signal).catch((error: unknown) => {
    if (signal?.aborted === true) throw error;
    // A broken model must not take search down: full text still answers, the result says
    // `failed`, and the indexer reports the model's error where vectors are filled.
    state = 'failed';
    return null;
  });
  return { vector, state: () => state };
}

/**
 * The full-text candidates: the previous-turn column only for short texts when so set, and a
 * second query with pseudo-relevance feedback terms when that is on.
 */
async function fullTextHits(
  store: Store,
  terms: readonly string[],
  filters: SearchFilters,
  candidates: number,
  fusion: FusionSettings,
  mode: NonNullable<SearchOptions['mode']>,
): Promise<readonly TextSearchHit[]> {
  if (mode === 'vector' || mode === 'keys') return [];
  let textHits = await store.searchText(
    { terms, contextWeight: fusion.contextWeight },
    filters,
    candidates,
  );
  const splitContext =
    textHits.length > 0 &&
    fusion.contextMaxLength > 0 &&
    fusion.contextWeight > 0 &&
    fusion.feedback.documents === 0;
  if (splitContext) {
    const plain = await store.searchText({ terms, contextWeight: 0 }, filters, candidates);
    textHits = contextForShortTexts(textHits, plain, fusion.contextMaxLength, candidates, {
      key: (hit) => keyOf(hit.document),
      length: (hit) => hit.document.text.length,
      score: (hit) => hit.score,
    });
  }
  const expansion =
    fusion.feedback.documents > 0
      ? feedbackTerms(
          terms,
          textHits.map((hit) => ({ text: hit.document.text, score: hit.score })),
          fusion.feedback,
        )
      : [];
  if (expansion.length === 0) return textHits;
  return store.searchText(
    { terms: [...terms, ...expansion], contextWeight: fusion.contextWeight },
    filters,
    candidates,
  );
}
