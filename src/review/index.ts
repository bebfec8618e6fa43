/**
 * The review queue: raising prompts for the review band with `max_pending` flood control,
 * expiry, closing and promotion. May import: core, the store contract.
 */
export * from './prompts.js';
