import { CommanderError } from 'commander';
import { EngineError, type ErrorCode } from '../../core/index.js';

/** The CLI's exit codes, as documented in the README. */
export const EXIT_CODES = {
  ok: 0,
  /** The operation failed: store, provider, conflict (a stale review answer), not found. */
  failure: 1,
  /** The command line is wrong: unknown command or option, bad value, invalid config. */
  usage: 2,
  /** Input was rejected by validation (rejected lines went to the DLQ). */
  rejected: 3,
  /** Another process held the store's lock past the wait limit: nothing was done, try again. */
  busy: 4,
} as const;

/** The one mapping from engine error codes to exit codes. */
const BY_ERROR_CODE: Readonly<Record<ErrorCode, number>> = {
  VALIDATION_FAILED: EXIT_CODES.rejected,
  NOT_FOUND: EXIT_CODES.failure,
  CONFLICT: EXIT_CODES.failure,
  STORE_FAILED: EXIT_CODES.failure,
  PROVIDER_FAILED: EXIT_CODES.failure,
  CONFIG_INVALID: EXIT_CODES.usage,
};

/** A mistake on the command line found after parsing (missing `--yes`, unreadable file, ...). */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** The exit code for an error that ended a command. */
export function exitCodeFor(error: unknown): number {
  if (error instanceof EngineError) {
    return error.details['busy'] === true ? EXIT_CODES.busy : BY_ERROR_CODE[error.code];
  }
  if (error instanceof UsageError) return EXIT_CODES.usage;
  if (error instanceof CommanderError) {
    // Help and version end with exit code 0; every other commander error is a usage error.
    return error.exitCode === 0 ? EXIT_CODES.ok : EXIT_CODES.usage;
  }
  return EXIT_CODES.failure;
}

/** The message of anything thrown, for `verity: <message>` lines (never a stack trace). */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
