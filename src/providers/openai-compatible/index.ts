/**
 * Models served over the OpenAI-compatible HTTP API (OpenAI, Ollama, vLLM, LM Studio). Imported
 * only by `engine` and published as `verity/providers/openai-compatible`.
 * May import: core, the provider contracts (`../index.js`); I/O goes through an injected `fetch`.
 */
export type { OpenAICompatibleEmbeddingModelOptions } from './openai-compatible-embedding-model.js';
export {
  createOpenAICompatibleEmbeddingModel,
  OpenAICompatibleEmbeddingModel,
} from './openai-compatible-embedding-model.js';
export type { OpenAICompatibleLanguageModelOptions } from './openai-compatible-language-model.js';
export {
  createOpenAICompatibleLanguageModel,
  OpenAICompatibleLanguageModel,
} from './openai-compatible-language-model.js';
