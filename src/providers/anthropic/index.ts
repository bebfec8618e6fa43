/**
 * Claude models through the Vercel AI SDK's Anthropic provider. Imported only by `engine`.
 * May import: core, the provider contracts (`../index.js`); the packages ai, @ai-sdk/anthropic.
 */
export * from './anthropic-language-model.js';
