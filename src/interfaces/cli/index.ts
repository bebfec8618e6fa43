/**
 * The `verity` command line: every engine capability as a command, `--json` on every read, and
 * exit codes 0 ok, 1 failure, 2 usage, 3 validation rejected, as documented in the README.
 * May import: engine, config, core types (and, lazily, the mcp and http interfaces it launches).
 */
export * from './cli-io.js';
export { EXIT_CODES, exitCodeFor } from './exit-codes.js';
export { main, run } from './run.js';
