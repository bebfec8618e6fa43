/**
 * Facts as retrieval keys (issue #17 §4): words derived from a message at ingest (the days it
 * mentions, the names and places in it, state facts recorded about it) kept in a full-text index
 * of their own and joined back to the message's search document. Composed into `Store`/`WriteTx`
 * (`stores/store.ts`). May import: core.
 */
import type { SearchFilters, TextQuery, TextSearchHit } from './search-index.js';

/** The message a set of keys points at. */
export interface FactKeyRef {
  readonly threadId: string;
  readonly messageId: string;
}

/** Searches over the key index (committed reads). */
export interface FactKeyIndex {
  /**
   * BM25-style full-text search over the keys (not the text) of indexed messages, best first, at
   * most `limit` hits, each the message's own `SearchDocument` (joined back to the search index)
   * with the keys' relevance as `score`; ties in doc order. `query.contextWeight` is ignored.
   * Filters apply to the message's document as in `searchText`. Keys are derived rows: cleared by
   * `dangerouslyClearDerived`, never part of `exportDerived`.
   */
  searchFactKeys(
    query: TextQuery,
    filters: SearchFilters,
    limit: number,
  ): Promise<readonly TextSearchHit[]>;
}

/** Key writes, inside a write transaction. */
export interface FactKeyWriter {
  /**
   * Replaces the keys of the message `ref` (already written with `putMessage` in this or an
   * earlier transaction) with `keys`, whitespace-separated words; an empty string removes them.
   * A message that is not indexed is a no-op. Idempotent.
   */
  putFactKeys(ref: FactKeyRef, keys: string): Promise<void>;
}
