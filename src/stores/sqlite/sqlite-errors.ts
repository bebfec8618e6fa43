import { EngineError, errorCodeOf } from '../../core/index.js';

/** True for SQLite's "database is locked by another connection" family (`SQLITE_BUSY*`). */
export function isBusyError(error: unknown): boolean {
  return hasSqliteCode(error, 'SQLITE_BUSY');
}

/** True for SQLite's "attempt to write a readonly database" family (`SQLITE_READONLY*`). */
function isReadOnlyError(error: unknown): boolean {
  return hasSqliteCode(error, 'SQLITE_READONLY');
}

/** True for a driver error whose code is in the family `prefix` names (`SQLITE_BUSY` → `SQLITE_BUSY_*`). */
export function hasSqliteCode(error: unknown, prefix: string): boolean {
  return error instanceof Error && errorCodeOf(error)?.startsWith(prefix) === true;
}

/**
 * Wraps a driver failure in `EngineError('STORE_FAILED')`, keeping the original as `cause`.
 * An `EngineError` passes through unchanged.
 */
export function toStoreError(operation: string, error: unknown): EngineError {
  if (error instanceof EngineError) return error;
  if (isReadOnlyError(error)) {
    return new EngineError(
      'STORE_FAILED',
      `The SQLite store is read-only (no write permission on its file or folder): ${operation} cannot write. Commands that only read work; give write access to change it.`,
      { operation, readOnly: true },
      { cause: error },
    );
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new EngineError(
    'STORE_FAILED',
    `SQLite ${operation} failed: ${reason}`,
    { operation },
    {
      cause: error,
    },
  );
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Jittered backoff between 5 and 50 ms, growing with the attempt number. */
function backoffMs(attempt: number): number {
  const ceiling = Math.min(50, 5 * 2 ** Math.min(attempt, 4));
  return 5 + Math.random() * (ceiling - 5);
}

/** How long a call waits for another process's lock, and who hears that it is waiting. */
export interface BusyWait {
  /** After this long waiting, `onWaiting` is called once. Default 1000. */
  readonly noticeAfterMs?: number;
  /**
   * After this long waiting, the call fails with a STORE_FAILED error whose details carry
   * `busy: true`. Default: no limit (contention is never an error).
   */
  readonly limitMs?: number;
  /** Told once that the call has waited `noticeAfterMs` and is still waiting. */
  readonly onWaiting?: (waitedMs: number) => void;
}

/** Waits as long as it takes and tells no one: the store's default. */
export const WAIT_FOREVER: BusyWait = {};

/** The error of a call that waited `limitMs` for another process's lock. */
export function busyError(waitedMs: number): EngineError {
  const seconds = (waitedMs / 1000).toFixed(1);
  return new EngineError(
    'STORE_FAILED',
    `the SQLite store is busy: another process has held its write lock for ${seconds} s (a capture, ingest or server writing); try again when it has finished`,
    { operation: 'lock', busy: true, waitedMs },
  );
}

/**
 * Runs `attempt` until it stops failing with `SQLITE_BUSY`, waiting asynchronously between tries
 * so the event loop keeps running. By default it waits for as long as another connection holds
 * the lock; `wait` can say so after a while and give up after a limit (see `BusyWait`). Any other
 * failure is rethrown as it is.
 */
export async function retryWhileBusy<T>(
  attempt: () => T | Promise<T>,
  wait: BusyWait = WAIT_FOREVER,
): Promise<T> {
  const started = Date.now();
  let told = false;
  for (let tries = 0; ; tries += 1) {
    try {
      return await attempt();
    } catch (error: unknown) {
      if (!isBusyError(error)) throw error;
    }
    const waited = Date.now() - started;
    if (wait.limitMs !== undefined && waited >= wait.limitMs) throw busyError(waited);
    if (!told && waited >= (wait.noticeAfterMs ?? 1000)) {
      told = true;
      wait.onWaiting?.(waited);
    }
    await delay(backoffMs(tries));
  }
}
