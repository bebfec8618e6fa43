/**
 * The embedding part of the `Store` contract: the active vector space, vectors attached to
 * indexed items, and the cache of vectors by content hash. Vectors are a cache, never part of
 * `exportDerived`. Composed into `Store` (`stores/store.ts`). May import: core.
 */
import type { SearchDocument, SearchItemRef } from './search-index.js';

/** A vector space: the model that made the vectors (`id@version`) and their length. */
export interface EmbeddingSpace {
  readonly model: string;
  readonly dimension: number;
}

/** An indexed item whose vector in the active space is missing. */
export interface PendingEmbedding {
  readonly document: SearchDocument;
}

/** A vector for one indexed item, in the active space. */
export interface EmbeddingRow {
  readonly item: SearchItemRef;
  /** Hash of the exact model input the vector was computed from; the cache key in its space. */
  readonly contentHash: string;
  /**
   * The vector (`dimension` numbers). Omit it to reuse the vector cached under `contentHash`; the
   * row is then reported as missing when the cache holds none.
   */
  readonly vector?: Float32Array;
}

/** What `putEmbeddings` did. */
export interface PutEmbeddingsOutcome {
  /** Rows whose item now has a vector. */
  readonly attached: number;
  /** Rows without a vector whose hash the cache does not hold: embed these and put them again. */
  readonly missing: readonly SearchItemRef[];
}

/** Size of the search index. */
export interface SearchIndexStatus {
  /** The space vectors are held in, or null before the first `useEmbeddingSpace`. */
  readonly space: EmbeddingSpace | null;
  /** Indexed items (full-text). */
  readonly documents: number;
  /** Indexed items with a vector in `space`; `documents - embedded` still lack one. */
  readonly embedded: number;
  /** Cached vectors in every space, used or not. */
  readonly cachedVectors: number;
}

/** The vector space, its vectors and their cache. */
export interface EmbeddingCache {
  /** The active vector space, or null before the first `useEmbeddingSpace`. */
  embeddingSpace(): Promise<EmbeddingSpace | null>;
  /**
   * Makes `space` the active one. Switching to another space detaches every vector (all items
   * become pending) but keeps the cache, so switching back re-attaches without a model. A no-op
   * for the active space. Serialised with `withWriteLock`.
   */
  useEmbeddingSpace(space: EmbeddingSpace): Promise<void>;
  /**
   * Items without a vector in `space`, at most `limit`, ordered by `createdAt`, then `kind`,
   * `threadId` and `itemId`; with `after`, only items that come after it in that order (a cursor
   * for walking past items that could not be embedded). Empty when `space` is not the active one.
   */
  pendingEmbeddings(
    space: EmbeddingSpace,
    limit: number,
    after?: SearchDocument,
  ): Promise<readonly PendingEmbedding[]>;
  /**
   * Stores vectors in the cache (keyed by `space.model` and `contentHash`; a key already cached
   * keeps its first vector) and attaches them to their items. Rows for items no longer indexed
   * are ignored. Idempotent. Throws CONFLICT when `space` is not the active space and
   * VALIDATION_FAILED when a vector's length differs from `space.dimension`. Serialised with
   * `withWriteLock`; vectors are a cache, never part of `exportDerived`.
   */
  putEmbeddings(
    space: EmbeddingSpace,
    rows: readonly EmbeddingRow[],
  ): Promise<PutEmbeddingsOutcome>;
  /**
   * Deletes cached vectors that no indexed item uses (after `forget`, so nothing of erased text
   * survives, or after a model switch) and returns how many went. Serialised with `withWriteLock`.
   */
  pruneEmbeddings(): Promise<number>;
  /** Counts of indexed items, attached vectors and cached vectors. */
  searchIndexStatus(): Promise<SearchIndexStatus>;
}
