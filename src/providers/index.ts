/**
 * Model contracts: `EmbeddingModel` (and, with its capability, `LanguageModel`). Adapters live in
 * their own folders (`local/`, `transformers/`, `openai-compatible/`, `fake/`) and are imported
 * only by `engine`. May import: core.
 */
export * from './embedding-model.js';
export type * from './language-model.js';
