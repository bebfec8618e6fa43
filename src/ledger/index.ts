/**
 * The ledger's event types and the pure rules that turn validated input records into events.
 * May import: core, schemas.
 */

export * from './events.js';
export * from './records.js';
export type * from './vault-events.js';
