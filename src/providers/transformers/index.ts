/**
 * ONNX sentence-embedding models through transformers.js (the optional peer dependency
 * `@huggingface/transformers`, imported lazily). Imported only by `engine`.
 * May import: core, the provider contracts (`../index.js`); the library is loaded on first use.
 */
export * from './transformers-embedding-model.js';
