/** Error codes shared by every layer. Each interface maps them to its own status table. */
export type ErrorCode =
  | 'VALIDATION_FAILED'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'STORE_FAILED'
  | 'PROVIDER_FAILED'
  | 'CONFIG_INVALID';

/** The one error class thrown by I/O code. `details` never carries memory content or secrets. */
export class EngineError extends Error {
  override readonly name = 'EngineError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: Readonly<Record<string, string | number | boolean>> = {},
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** Outcome of pure code: expected failures are values, not exceptions. */
export type Result<T, E = EngineError> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E };

/** Wraps a success value. */
export function ok<T>(value: T): { readonly ok: true; readonly value: T } {
  return { ok: true, value };
}

/** Wraps an expected failure. */
export function err<E>(error: E): { readonly ok: false; readonly error: E } {
  return { ok: false, error };
}

/** The value of a successful result; throws the error of a failed one (for I/O callers). */
export function unwrap<T, E>(result: Result<T, E>): T {
  if (result.ok) return result.value;
  throw result.error;
}

/**
 * Runs `work` and returns its value; anything it throws is rethrown as an `EngineError` with this
 * `code`, `message` and `details`, the original kept as its `cause`. For the one-step wrappers
 * around a dynamic import or a driver call that would otherwise repeat the same try/catch.
 */
export async function rethrowAs<T>(
  code: ErrorCode,
  message: string,
  details: Readonly<Record<string, string | number | boolean>>,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error: unknown) {
    throw new EngineError(code, message, details, { cause: error });
  }
}

/** The string `code` a driver or Node error carries (`SQLITE_BUSY`, `ENOENT`, `23505`), or null. */
export function errorCodeOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  return typeof error.code === 'string' ? error.code : null;
}
