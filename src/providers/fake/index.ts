/**
 * Fake model adapters for tests of the code around a model: `FakeEmbeddingModel` (deterministic
 * feature-hashing vectors that record their calls) and `FakeLanguageModel` (scripted answers). Imported by `engine` and tests.
 * May import: core, the provider contracts (`../index.js`).
 */
export type { FakeEmbeddingModelOptions } from './fake-embedding-model.js';
export { createFakeEmbeddingModel, FakeEmbeddingModel } from './fake-embedding-model.js';
export type { FakeLanguageModelOptions, FakeReply } from './fake-language-model.js';
export { createFakeLanguageModel, FakeLanguageModel } from './fake-language-model.js';
