/**
 * Plumbing shared by the adapters built on the Vercel AI SDK (`anthropic/`,
 * `openai-compatible/`): one structured-output call with Verity's timeout and error contract.
 * Not an adapter itself; imported only by those adapters.
 * May import: core, the provider contracts (`../index.js`); the package ai.
 */
export * from './generate-object.js';
