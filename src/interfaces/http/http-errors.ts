import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode } from '../../core/index.js';
import { EngineError } from '../../core/index.js';

/**
 * The HTTP interface's one mapping from engine error code to status. Only the caller's faults are
 * 4xx; a failing store, provider or configuration is always the server's (5xx).
 */
export const HTTP_STATUS: Readonly<Record<ErrorCode, ContentfulStatusCode>> = {
  VALIDATION_FAILED: 400,
  NOT_FOUND: 404,
  CONFLICT: 409,
  STORE_FAILED: 500,
  PROVIDER_FAILED: 500,
  CONFIG_INVALID: 500,
};

/** A VALIDATION_FAILED error about request member `field` (400), wrapping `cause` when given. */
export function invalid(message: string, field: string, cause?: unknown): EngineError {
  return new EngineError(
    'VALIDATION_FAILED',
    message,
    { field },
    cause === undefined ? undefined : { cause },
  );
}

/** The JSON body of every error response. `details` never carries memory content or secrets. */
export interface ErrorBody {
  readonly error: {
    readonly code: string;
    readonly message: string;
    readonly details: Readonly<Record<string, string | number | boolean>>;
  };
}

/** Builds an error body. */
export function errorBody(
  code: string,
  message: string,
  details: Readonly<Record<string, string | number | boolean>> = {},
): ErrorBody {
  return { error: { code, message, details } };
}

/**
 * Maps anything a route threw to a status and body. Errors other than `EngineError` are bugs:
 * they are `report`ed and their text stays on the server.
 */
export function toHttpError(
  error: unknown,
  report: (error: unknown) => void,
): { readonly status: ContentfulStatusCode; readonly body: ErrorBody } {
  if (error instanceof EngineError) {
    const status = HTTP_STATUS[error.code];
    if (status >= 500) report(error);
    return { status, body: errorBody(error.code, error.message, error.details) };
  }
  report(error);
  return { status: 500, body: errorBody('INTERNAL', 'internal error; the server log has details') };
}
