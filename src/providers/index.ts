/**
 * Model contracts: `EmbeddingModel` (and, with its capability, `LanguageModel`). Adapters live in
 * their own folders (`local/`, `transformers/`, `openai-compatible/`, `fake/`) and are imported
 * only by `engine`. May import: core.
 */
export type { EmbeddingModel, EmbeddingPrefixes, EmbedOptions } from './embedding-model.js';
export { checkEmbeddingModelShape, EmbeddingModelBase, toModelKey } from './embedding-model.js';
export type {
  GenerateObjectRequest,
  GenerateObjectResult,
  JsonSchemaObject,
  LanguageModel,
} from './language-model.js';
