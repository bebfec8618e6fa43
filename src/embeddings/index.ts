/**
 * Embeddings: preprocessing, hashing and caching around an `EmbeddingModel`, and the indexer that
 * fills vectors for indexed items after they are stored (never inside the write that stores
 * them). May import: core, the store and provider contracts.
 */
export * from './create-embedder.js';
export * from './create-indexer.js';
export type { IndexOptions, IndexProgress, IndexReport } from './index-pending.js';
