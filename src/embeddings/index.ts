/**
 * Embeddings: preprocessing, hashing and caching around an `EmbeddingModel`, and the indexer that
 * fills vectors for indexed items after they are stored (never inside the write that stores
 * them). May import: core, the store and provider contracts.
 */
export type { Embedder } from './create-embedder.js';
export { createEmbedder } from './create-embedder.js';
export type { BackgroundIndexing, Indexer } from './create-indexer.js';
export { createIndexer } from './create-indexer.js';
export type { IndexOptions, IndexProgress, IndexReport } from './index-pending.js';
