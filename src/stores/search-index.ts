/**
 * The search part of the `Store` contract: a full-text and vector index over messages, state
 * items, memories, notes and observations. Composed into `Store`/`WriteTx` (`stores/store.ts`);
 * the vectors themselves are the `EmbeddingCache`'s. May import: core.
 */
import type { EmbeddingSpace } from './embedding-cache.js';

/**
 * Kinds of indexed items. Messages are indexed today; state items, memories and notes join the
 * same index as their capabilities land.
 */
export type SearchKind = 'message' | 'state_item' | 'memory' | 'note' | 'observation';

/**
 * What a search is restricted to. Every given filter must hold; the values inside one array are
 * alternatives. An empty array matches nothing.
 */
export interface SearchFilters {
  readonly kinds?: readonly SearchKind[];
  readonly entityIds?: readonly string[];
  readonly threadIds?: readonly string[];
  /** Only items created at or after this instant (RFC 3339 UTC, compared as text). */
  readonly since?: string;
  /** Only items created before this instant (RFC 3339 UTC, compared as text). */
  readonly until?: string;
}

/** Identity of an indexed item: unique per `(kind, threadId, itemId)`. */
export interface SearchItemRef {
  readonly kind: SearchKind;
  /** The thread the item belongs to; null for items outside threads (notes). */
  readonly threadId: string | null;
  /** The item's id within its kind and thread: a message's `messageId`, a state item's `uid`. */
  readonly itemId: string;
}

/** An indexed item as searches return it. */
export interface SearchDocument extends SearchItemRef {
  /** The message the item is, or was drawn from; null when none. */
  readonly messageId: string | null;
  readonly entityId: string;
  /** When the item was created (a message's `createdAt`). */
  readonly createdAt: string;
  /** The indexed text: a message's content, a state item's text. */
  readonly text: string;
}

/** A full-text query: terms already tokenised by the caller. */
export interface TextQuery {
  /**
   * Terms matched as alternatives (OR), each literally: adapters quote or escape them, so no
   * term is ever read as query syntax. Blank terms are ignored; no terms matches nothing.
   */
  readonly terms: readonly string[];
  /**
   * Weight of the context column (the end of the previous message in the thread, see
   * `Store.searchText`) relative to the item's own text (1). Default 0.5.
   */
  readonly contextWeight?: number;
}

/** One full-text match. */
export interface TextSearchHit {
  readonly document: SearchDocument;
  /** BM25 relevance, higher is better; comparable only within one result list. */
  readonly score: number;
}

/** One nearest neighbour. */
export interface VectorSearchHit {
  readonly document: SearchDocument;
  /** Cosine similarity to the query vector, in [-1, 1]. */
  readonly similarity: number;
}

/** How many words of the previous message a message's context column holds. */
export const CONTEXT_WORDS = 30;

/**
 * The context column of a message: the last `CONTEXT_WORDS` words of the previous message in its
 * thread, whitespace collapsed. Bounded because long previous turns would swamp short ones.
 * Every adapter indexes this exact text.
 */
export function messageContext(previousText: string): string {
  const words = previousText.split(/\s+/).filter((word) => word !== '');
  return words.slice(Math.max(0, words.length - CONTEXT_WORDS)).join(' ');
}

/** Searches over the index (committed reads). */
export interface SearchIndex {
  /**
   * BM25 full-text search over indexed items, best first, at most `limit` hits; ties keep
   * insertion order. Messages are indexed by `putMessage` in the same transaction, with their
   * content as text and, as a context column, the last 30 words of the previous message of the
   * same thread (by `createdAt`, then `messageId`); a message that arrives late updates the
   * context of the one after it. Indexed items follow the rows they come from: they are not part
   * of `exportDerived`, and `dangerouslyClearDerived` removes them with the messages.
   */
  searchText(
    query: TextQuery,
    filters: SearchFilters,
    limit: number,
  ): Promise<readonly TextSearchHit[]>;
  /**
   * Nearest items to `vector` by cosine similarity among those with a vector in `space`, best
   * first, at most `limit`. Adapters may search approximately (e.g. a binary-quantised scan with
   * an exact re-rank of the candidates) but report exact similarities. Throws CONFLICT when
   * `space` is not the active space: vectors of two models are never compared.
   */
  searchVectors(
    space: EmbeddingSpace,
    vector: Float32Array,
    filters: SearchFilters,
    limit: number,
  ): Promise<readonly VectorSearchHit[]>;
}

/** Index entries written beside the rows they come from (inside a write transaction). */
export interface SearchIndexWriter {
  /**
   * Indexes one item of a kind that has no table of its own in the index's care (observations):
   * inserts it, or replaces it when its text, entity or creation time changed (dropping its
   * vector, so it is embedded again). A null `threadId` is stored as ''. `dangerouslyClearDerived`
   * clears every kind but `note`: notes are operational, indexed from the files (like
   * `note_chunks`), so a rebuild keeps them; other kinds are indexed again by the fold.
   */
  indexDocument(document: SearchDocument): Promise<void>;
  /** Removes every indexed item of `kind` in `threadId` (null = ''), with its vector link. */
  removeDocuments(kind: SearchKind, threadId: string | null): Promise<void>;
}
