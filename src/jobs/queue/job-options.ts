import type { JsonObject } from '../../core/index.js';
import { EngineError, isUuid, parseRfc3339 } from '../../core/index.js';
import type { EnqueueOptions, JobState, ListJobsFilter, WorkOptions } from './job-queue.js';
import { JOB_STATES } from './job-queue.js';

/** @internal `EnqueueOptions` with defaults applied and values checked. */
export interface ResolvedEnqueueOptions {
  readonly idempotencyKey: string | null;
  /** Epoch milliseconds, or null for "now" in the implementation's own clock. */
  readonly runAtMs: number | null;
  readonly retryLimit: number;
  readonly retryBackoffSeconds: number;
  readonly priority: number;
  readonly expireInSeconds: number;
}

/** @internal `WorkOptions` with defaults applied and values checked. */
export interface ResolvedWorkOptions {
  readonly concurrency: number;
  readonly pollIntervalMs: number;
}

/** @internal `ListJobsFilter` with defaults applied and values checked. */
export interface ResolvedListJobsFilter {
  readonly queue: string | null;
  readonly states: readonly JobState[];
  readonly limit: number;
}

const DEFAULT_ENQUEUE = {
  retryLimit: 2,
  retryBackoffSeconds: 30,
  priority: 0,
  expireInSeconds: 900,
} as const satisfies Required<
  Pick<EnqueueOptions, 'retryLimit' | 'retryBackoffSeconds' | 'priority' | 'expireInSeconds'>
>;

const DEFAULT_WORK = {
  concurrency: 1,
  pollIntervalMs: 1_000,
} as const satisfies Required<WorkOptions>;

const QUEUE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;
const MAX_IDEMPOTENCY_KEY_LENGTH = 500;
/** pg-boss refuses an expiry of 24 hours or more. */
const MAX_EXPIRE_IN_SECONDS = 86_399;
/** Keeps `2^(attempt-1)` finite and the same in both implementations (pg-boss caps at 2^16). */
export const MAX_BACKOFF_EXPONENT = 16;

function invalid(operation: string, message: string, field: string): EngineError {
  return new EngineError('VALIDATION_FAILED', message, { operation, field });
}

function integerIn(
  operation: string,
  field: string,
  value: number,
  min: number,
  max: number,
): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw invalid(operation, `${field} must be an integer from ${min} to ${max}`, field);
  }
  return value;
}

/** @internal Throws VALIDATION_FAILED unless `queue` is a valid queue name. */
export function assertQueueName(operation: string, queue: string): void {
  if (typeof queue !== 'string' || !QUEUE_NAME.test(queue)) {
    throw invalid(
      operation,
      'queue must be 1-100 letters, digits, "_", "." or "-", starting with a letter or digit',
      'queue',
    );
  }
}

/** @internal Throws VALIDATION_FAILED unless `payload` is a JSON object. */
export function assertPayload(operation: string, payload: JsonObject): void {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw invalid(operation, 'payload must be a JSON object', 'payload');
  }
}

/** @internal Checks `options` and fills in the defaults. */
export function resolveEnqueueOptions(options: EnqueueOptions = {}): ResolvedEnqueueOptions {
  const operation = 'enqueue';
  const merged = { ...DEFAULT_ENQUEUE, ...options };
  const key = options.idempotencyKey;
  if (
    key !== undefined &&
    (typeof key !== 'string' || key === '' || key.length > MAX_IDEMPOTENCY_KEY_LENGTH)
  ) {
    throw invalid(
      operation,
      `idempotencyKey must be a non-empty string of at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`,
      'idempotencyKey',
    );
  }
  let runAtMs: number | null = null;
  if (options.runAt !== undefined) {
    runAtMs = typeof options.runAt === 'string' ? parseRfc3339(options.runAt) : null;
    if (runAtMs === null) throw invalid(operation, 'runAt must be an RFC 3339 timestamp', 'runAt');
  }
  return {
    idempotencyKey: key ?? null,
    runAtMs,
    retryLimit: integerIn(operation, 'retryLimit', merged.retryLimit, 0, 1_000),
    retryBackoffSeconds: integerIn(
      operation,
      'retryBackoffSeconds',
      merged.retryBackoffSeconds,
      0,
      86_400,
    ),
    priority: integerIn(operation, 'priority', merged.priority, -1_000_000, 1_000_000),
    expireInSeconds: integerIn(
      operation,
      'expireInSeconds',
      merged.expireInSeconds,
      1,
      MAX_EXPIRE_IN_SECONDS,
    ),
  };
}

/** @internal Checks `options` and fills in the defaults. */
export function resolveWorkOptions(options: WorkOptions = {}): ResolvedWorkOptions {
  const merged = { ...DEFAULT_WORK, ...options };
  return {
    concurrency: integerIn('work', 'concurrency', merged.concurrency, 1, 1_000),
    pollIntervalMs: integerIn('work', 'pollIntervalMs', merged.pollIntervalMs, 1, 3_600_000),
  };
}

/** @internal Checks `filter` and fills in the defaults. */
export function resolveListJobsFilter(filter: ListJobsFilter = {}): ResolvedListJobsFilter {
  if (filter.queue !== undefined) assertQueueName('listJobs', filter.queue);
  const states = filter.states ?? JOB_STATES;
  for (const state of states) {
    if (!JOB_STATES.includes(state)) {
      throw invalid('listJobs', `unknown job state ${String(state)}`, 'states');
    }
  }
  return {
    queue: filter.queue ?? null,
    states,
    limit: integerIn('listJobs', 'limit', filter.limit ?? 100, 1, 1_000),
  };
}

/**
 * @internal Seconds to wait before retry number `attempt` (1-based: the retry after the first
 * failed attempt is 1): `base × 2^(attempt−1)`, the lower bound of pg-boss's jittered backoff.
 */
export function backoffSeconds(base: number, attempt: number): number {
  return base * 2 ** Math.min(Math.max(attempt - 1, 0), MAX_BACKOFF_EXPONENT);
}

/** @internal The message kept as `lastError` for whatever a handler threw. */
export function errorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 2_000 ? `${text.slice(0, 2_000)}…` : text;
}

/**
 * @internal `error` as the `STORE_FAILED` error of `operation` (`<what> <operation> failed: …`);
 * an `EngineError` passes through unchanged.
 */
export function storeFailed(what: string, operation: string, error: unknown): EngineError {
  if (error instanceof EngineError) return error;
  return new EngineError(
    'STORE_FAILED',
    `${what} ${operation} failed: ${errorMessage(error)}`,
    { operation },
    { cause: error },
  );
}

/** @internal True when `id` could name a job (both implementations use UUIDs). */
export function isJobId(id: string): boolean {
  return typeof id === 'string' && isUuid(id);
}
