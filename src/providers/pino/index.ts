/**
 * The structured logger adapter: the `Logger` contract of `core` on pino, JSON lines to standard
 * error. Imported by `engine`, which hands it to `verity serve`, the job workers and the pollers.
 * May import: core and the package pino.
 */
export * from './pino-logger.js';
