import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** Media type of RFC 9457 problem details. */
export const PROBLEM_JSON = 'application/problem+json';

/**
 * An RFC 9457 problem document. Besides the standard members it keeps `error` ({code, message,
 * details}) so clients written against the earlier error body keep working.
 */
export interface Problem {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly code: string;
  readonly error: {
    readonly code: string;
    readonly message: string;
    readonly details: Readonly<Record<string, string | number | boolean>>;
  };
}

/** Builds a problem document; `type` is a stable URN per error code. */
export function toProblem(
  status: number,
  code: string,
  detail: string,
  details: Readonly<Record<string, string | number | boolean>> = {},
): Problem {
  return {
    type: `urn:verity:error:${code.toLowerCase()}`,
    title: code.toLowerCase().replaceAll('_', ' '),
    status,
    detail,
    code,
    error: { code, message: detail, details },
  };
}

/** A problem+json response. */
export function problemResponse(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  detail: string,
  details: Readonly<Record<string, string | number | boolean>> = {},
  headers: Readonly<Record<string, string>> = {},
): Response {
  return c.body(JSON.stringify(toProblem(status, code, detail, details)), status, {
    'Content-Type': PROBLEM_JSON,
    ...headers,
  });
}
