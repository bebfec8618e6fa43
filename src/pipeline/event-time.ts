import {
  type Intent,
  MINUTE_MS,
  parseRfc3339,
  type SourceType,
  toIso,
  type ValidationIssue,
} from '../core/index.js';
import type { IngestRecord } from '../ledger/index.js';

/** How far past the clock an event may be dated before it is refused: 5 minutes. */
export const DEFAULT_MAX_FUTURE_SKEW_MS = 5 * MINUTE_MS;

/** The record's event time (when it says it happened) and the JSON pointer that carries it. */
export function eventTimeOf(record: IngestRecord): { readonly path: string; readonly at: string } {
  switch (record.kind) {
    case 'observation':
      return { path: '/event_ts', at: record.observation.event_ts };
    case 'signal':
      return { path: '/occurred_at', at: record.signal.occurred_at };
    case 'message':
      return { path: '/created_at', at: record.message.created_at };
    case 'note':
      return { path: '/updated_at', at: record.note.updated_at };
    case 'answer':
      return { path: '/answered_at', at: record.answer.answered_at };
    case 'prompt':
      return { path: '/created_at', at: record.prompt.created_at ?? '' };
  }
}

/**
 * Whether the record comes from a source that legitimately dates things in the future (a
 * calendar): its future-dated claims are kept as plans (see `planAsOf`) instead of refused.
 */
export function carriesPlans(record: IngestRecord): boolean {
  switch (record.kind) {
    case 'observation':
      return record.observation.source.type === 'calendar';
    case 'signal':
      return record.signal.kind === 'calendar' || record.signal.source.type === 'calendar';
    case 'message':
      return record.message.source === 'calendar';
    default:
      return false;
  }
}

/**
 * The issue that refuses a record dated more than `maxSkewMs` after `now`, or null. Live-only
 * (ingest, retries): the fold never sees a refused record, so replay needs no clock.
 */
export function futureDateIssue(
  record: IngestRecord,
  now: number,
  maxSkewMs: number,
): ValidationIssue | null {
  if (carriesPlans(record)) return null;
  const { path, at } = eventTimeOf(record);
  const ms = parseRfc3339(at);
  if (ms === null || ms <= now + maxSkewMs) return null;
  return {
    path,
    rule: 'not_future',
    message: `is dated ${toIso(ms)}, more than ${Math.round(maxSkewMs / 1000)} s after now (${toIso(now)}); an event cannot be evidence of the present before it happens (a calendar source may carry plans)`,
  };
}

/**
 * How the fold weighs a plan: evidence from a plan-carrying source dated after it was recorded is
 * read as intent `planning`, dated when it was recorded, so it never poses as newer than what
 * people say in the meantime. Deterministic: it depends only on the event.
 */
export function planAsOf(
  sourceType: SourceType,
  intent: Intent,
  eventTs: string,
  recordedAt: string,
): { readonly intent: Intent; readonly eventTs: string } {
  if (sourceType !== 'calendar') return { intent, eventTs };
  const at = parseRfc3339(eventTs);
  const recorded = parseRfc3339(recordedAt);
  if (at === null || recorded === null || at <= recorded) return { intent, eventTs };
  return { intent: intent === 'assertive' ? 'planning' : intent, eventTs: toIso(recorded) };
}
