import { EngineError, errorCodeOf } from '../../core/index.js';

/** SQLSTATEs after which PostgreSQL has rolled the transaction back and a rerun may succeed. */
const RETRYABLE = new Set([
  '40001', // serialization_failure
  '40P01', // deadlock_detected
]);

/** The SQLSTATE of a database error, or null for anything else. */
export function sqlStateOf(error: unknown): string | null {
  const code = errorCodeOf(error);
  return code !== null && /^[0-9A-Z]{5}$/.test(code) ? code : null;
}

/** True when `error`, or any error in its `cause` chain, is a deadlock or serialization failure. */
export function isRetryable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current !== undefined && current !== null; depth += 1) {
    const state = sqlStateOf(current);
    if (state !== null && RETRYABLE.has(state)) return true;
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
}

/**
 * Wraps a driver failure in `EngineError('STORE_FAILED')`, keeping the original as `cause` and its
 * SQLSTATE in `details`. An `EngineError` passes through unchanged.
 */
export function toStoreError(operation: string, error: unknown): EngineError {
  if (error instanceof EngineError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  const state = sqlStateOf(error);
  return new EngineError(
    'STORE_FAILED',
    `PostgreSQL ${operation} failed: ${reason}`,
    state === null ? { operation } : { operation, sqlState: state },
    { cause: error },
  );
}

/** Jittered backoff before rerunning a transaction: 10–40 ms, doubling per attempt up to 640. */
export function retryDelayMs(attempt: number): number {
  const ceiling = 20 * 2 ** Math.min(attempt, 5);
  return 10 + Math.random() * ceiling;
}

/** Resolves after `ms`. */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
