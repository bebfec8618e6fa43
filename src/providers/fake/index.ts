/**
 * Fake model adapters for tests of the code around a model: `FakeEmbeddingModel` (deterministic
 * feature-hashing vectors that record their calls) and `FakeLanguageModel` (scripted answers). Imported by `engine` and tests.
 * May import: core, the provider contracts (`../index.js`).
 */
export * from './fake-embedding-model.js';
export * from './fake-language-model.js';
