import { type Clock, EngineError } from '../core/index.js';
import {
  type BackgroundIndexing,
  createEmbedder,
  createIndexer,
  type Embedder,
  type Indexer,
  type IndexOptions,
  type IndexProgress,
  type IndexReport,
} from '../embeddings/index.js';
import type { EmbeddingModel } from '../providers/index.js';
import { createLocalEmbeddingModel } from '../providers/local/index.js';
import {
  type FusionSettings,
  hybridSearch,
  type SearchOptions,
  type SearchResult,
} from '../search/index.js';
import type { Store } from '../stores/index.js';

/** Embedding and search settings of `createEngine`. */
export interface EngineEmbeddingOptions {
  /**
   * The model that fills vectors. Default: the bundled local model (Universal Sentence Encoder
   * lite), loaded on first use, so an engine that never indexes or searches never loads it.
   * `null` turns vectors off: search is full-text only.
   */
  readonly model?: EmbeddingModel | null;
  /**
   * Whether `ingest` fills vectors for new items before it returns. Default true (a script that
   * ingests then searches sees a complete index); never while background indexing runs.
   */
  readonly waitForIndex?: boolean;
  /** Overrides of the search fusion defaults (`DEFAULT_FUSION`). */
  readonly fusion?: Partial<FusionSettings>;
}

/** Per-call indexing options of `Engine.ingest`. */
export interface IngestOptions {
  /** Fill vectors for the new items before returning. Default: the engine's `waitForIndex`. */
  readonly waitForIndex?: boolean;
  /** Progress of that indexing. */
  readonly onIndexProgress?: (progress: IndexProgress) => void;
  /**
   * Receives an indexing failure. The ingested records are durable either way; without this the
   * error is thrown after they are committed.
   */
  readonly onIndexError?: (error: unknown) => void;
  /**
   * Import mode, for history: records apply in event-time order, each resolved at its own event
   * time, so the state, confidences and explanations equal those of a live feed.
   */
  readonly import?: boolean;
}

/** Options of `Engine.startBackgroundIndexing`. */
export interface BackgroundIndexingOptions {
  /** Receives failures; the loop keeps going. */
  readonly onError: (error: unknown) => void;
  /** Called after each run that did something. */
  readonly onReport?: (report: IndexReport) => void;
  /** Runs at least this often. Default 30 000. */
  readonly intervalMs?: number;
}

/** The state of the search index, as `verity reindex` and `searchStatus` report it. */
export interface SearchStatus {
  /** The configured model (`id@version`), or null when vectors are off. */
  readonly model: string | null;
  readonly dimension: number | null;
  /** The model whose vectors the store holds, or null before the first indexing. */
  readonly indexed_model: string | null;
  /** Items in the full-text index. */
  readonly documents: number;
  /** Items with a vector of `indexed_model`. */
  readonly embedded: number;
  /** Items still lacking a vector. */
  readonly pending: number;
  /** Cached vectors (every model). */
  readonly cached_vectors: number;
}

/** The engine's search members: hybrid search and the vector index behind it. */
export interface SearchCapability {
  /**
   * Hybrid search over indexed items (messages now): BM25 and vector nearest neighbours fused by
   * weighted reciprocal rank, with filters, time-aware boosting and optional recency weighting.
   * Loads the embedding model on first use; reports how many items still lack vectors.
   */
  search(query: string, options?: SearchOptions): Promise<SearchResult>;
  /** Fills vectors for indexed items that lack one (cache first, then the model). */
  indexEmbeddings(options?: IndexOptions): Promise<IndexReport>;
  /**
   * Makes the configured model's space the store's vector space and embeds every item in it
   * (reusing cached vectors), then drops cached vectors nothing uses. Throws CONFIG_INVALID when
   * vectors are off.
   */
  reindex(options?: Pick<IndexOptions, 'onProgress' | 'signal'>): Promise<IndexReport>;
  /** Sizes of the search index and which models are configured and indexed. */
  searchStatus(): Promise<SearchStatus>;
  /**
   * Fills vectors in the background (as `verity serve` does) until stopped or the engine closes;
   * meanwhile `ingest` returns without waiting for vectors.
   */
  startBackgroundIndexing(options: BackgroundIndexingOptions): BackgroundIndexing;
}

/** What `createEngine` gets from the search service: the capability plus its hooks. */
export interface SearchService extends SearchCapability {
  /** The embedder that fills vectors (state-item reconciliation shares it); null when off. */
  readonly embedder: Embedder | null;
  /** Runs after records were committed by `ingest`. */
  afterIngest(options: IngestOptions | undefined): Promise<void>;
  /** Runs after a rebuild that replaced live derived state: re-attach cached vectors. */
  afterRebuild(): Promise<void>;
  /** Runs after `forget`: re-attach cached vectors, then drop the rest from the cache. */
  afterForget(): Promise<void>;
  close(): Promise<void>;
}

const NO_BACKGROUND: BackgroundIndexing = { stop: async () => {} };

/** Wires the embedder, the indexer and hybrid search to `store`. */
export function createSearchService(
  store: Store,
  clock: Clock,
  options: EngineEmbeddingOptions = {},
): SearchService {
  const model = options.model === undefined ? createLocalEmbeddingModel() : options.model;
  const embedder: Embedder | null = model === null ? null : createEmbedder(model);
  const indexer: Indexer | null = embedder === null ? null : createIndexer(store, embedder);
  let background: BackgroundIndexing | null = null;

  const disabledReport = async (): Promise<IndexReport> => {
    const status = await store.searchIndexStatus();
    return {
      embedded: 0,
      reused: 0,
      failed: 0,
      pending: status.documents - status.embedded,
      outcome: 'disabled',
    };
  };

  return {
    embedder,

    search: (query, searchOptions = {}) =>
      hybridSearch({ store, embedder }, query, clock.now(), {
        ...searchOptions,
        fusion: { ...options.fusion, ...searchOptions.fusion },
      }),

    indexEmbeddings: (indexOptions) =>
      indexer === null ? disabledReport() : indexer.run(indexOptions),

    async reindex(indexOptions = {}) {
      if (embedder === null || indexer === null) {
        throw new EngineError(
          'CONFIG_INVALID',
          'No embedding model is configured; vectors are off',
          {
            operation: 'reindex',
          },
        );
      }
      await store.useEmbeddingSpace(embedder.space);
      const report = await indexer.run(indexOptions);
      // Vectors of the previous model (and of forgotten text) are no longer reachable.
      await store.pruneEmbeddings();
      return report;
    },

    searchStatus: () => searchStatus(store, embedder),

    startBackgroundIndexing(backgroundOptions) {
      if (indexer === null) return NO_BACKGROUND;
      const handle = startBackground(indexer, backgroundOptions);
      background = handle;
      return {
        async stop() {
          await handle.stop();
          if (background === handle) background = null;
        },
      };
    },

    afterIngest: (ingestOptions) =>
      indexer === null
        ? Promise.resolve()
        : indexAfterIngest(indexer, ingestOptions, options.waitForIndex ?? true),

    async afterRebuild() {
      if (indexer !== null) await indexer.run({ cacheOnly: true });
    },

    async afterForget() {
      if (indexer !== null) await indexer.run({ cacheOnly: true });
      await store.pruneEmbeddings();
    },

    async close() {
      await background?.stop();
      await model?.close();
    },
  };
}

/** Sizes of the search index and which models are configured and indexed. */
async function searchStatus(store: Store, embedder: Embedder | null): Promise<SearchStatus> {
  const status = await store.searchIndexStatus();
  return {
    model: embedder?.space.model ?? null,
    dimension: embedder?.space.dimension ?? null,
    indexed_model: status.space?.model ?? null,
    documents: status.documents,
    embedded: status.embedded,
    pending: status.documents - status.embedded,
    cached_vectors: status.cachedVectors,
  };
}

/** Starts the indexer's background loop; a vector-space mismatch is reported as a CONFLICT. */
function startBackground(
  indexer: Indexer,
  backgroundOptions: BackgroundIndexingOptions,
): BackgroundIndexing {
  return indexer.startBackground({
    onError: backgroundOptions.onError,
    onReport: (report) => {
      if (report.outcome === 'space_mismatch') {
        backgroundOptions.onError(
          new EngineError(
            'CONFLICT',
            'The store holds vectors of another embedding model; run `verity reindex` to switch',
            { operation: 'backgroundIndexing' },
          ),
        );
        return;
      }
      backgroundOptions.onReport?.(report);
    },
    ...(backgroundOptions.intervalMs === undefined
      ? {}
      : { intervalMs: backgroundOptions.intervalMs }),
  });
}

/**
 * After `ingest` committed: wakes the background loop when it runs, else fills vectors now unless
 * the call (or the engine's default) says not to wait. A failure goes to `onIndexError` if given.
 */
async function indexAfterIngest(
  indexer: Indexer,
  ingestOptions: IngestOptions | undefined,
  waitByDefault: boolean,
): Promise<void> {
  if (indexer.inBackground) {
    indexer.notify();
    return;
  }
  if (!(ingestOptions?.waitForIndex ?? waitByDefault)) return;
  try {
    const onProgress = ingestOptions?.onIndexProgress;
    await indexer.run(onProgress === undefined ? {} : { onProgress });
  } catch (error: unknown) {
    if (ingestOptions?.onIndexError === undefined) throw error;
    ingestOptions.onIndexError(error);
  }
}
