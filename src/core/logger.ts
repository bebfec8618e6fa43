/** Log levels, least to most severe; `silent` logs nothing. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;

/** One of `LOG_LEVELS`. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Structured context of one log line: snake_case keys, JSON values (an `Error` is serialised). */
export type LogFields = Readonly<Record<string, unknown>>;

/**
 * Where servers, job workers and pollers report what happened. A line is a short constant
 * `message` (`job failed`) plus `fields` that say which and why, so logs can be filtered by field
 * rather than parsed. Implementations never throw; lines below the configured level are dropped.
 */
export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** A logger that adds `bindings` to every line (`{ component: 'jobs' }`). */
  child(bindings: LogFields): Logger;
}

function drop(): void {}

/** The null object: a logger that logs nothing (tests, and callers that pass none). */
export const noopLogger: Logger = {
  debug: drop,
  info: drop,
  warn: drop,
  error: drop,
  child: () => noopLogger,
};

/** True when `value` names a level (`VERITY_LOG_LEVEL`). */
export function isLogLevel(value: string): value is LogLevel {
  return (LOG_LEVELS as readonly string[]).includes(value);
}
