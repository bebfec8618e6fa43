/**
 * ONNX sentence-embedding models through transformers.js (the optional peer dependency
 * `@huggingface/transformers`, imported lazily). Imported only by `engine`.
 * May import: core, the provider contracts (`../index.js`); the library is loaded on first use.
 */
export type {
  FeatureExtractor,
  TransformersEmbeddingModelOptions,
  TransformersModule,
} from './transformers-embedding-model.js';
export {
  createTransformersEmbeddingModel,
  TransformersEmbeddingModel,
} from './transformers-embedding-model.js';
