/**
 * Test helpers shipped as `verity/testing`: a settable clock, a deterministic id source and record
 * builders for the ingest format. May import: core.
 */
import { type Clock, deriveUuid, type IdSource } from '../core/index.js';

/** A clock tests can move. */
export interface ManualClock extends Clock {
  set(iso: string): void;
  advance(ms: number): void;
}

/** A clock pinned at `iso` that only moves when told to. */
export function createManualClock(iso: string): ManualClock {
  let now = Date.parse(iso);
  return {
    now: () => now,
    set: (next) => {
      now = Date.parse(next);
    },
    advance: (ms) => {
      now += ms;
    },
  };
}

/** Ids that are UUID-shaped, unique and the same on every run. */
export function createSequentialIds(seed = 'test'): IdSource {
  let n = 0;
  return { uuid: () => deriveUuid(seed, String(n++)) };
}

/** Options for `observation()`. */
export interface ObservationOptions {
  readonly id: number | string;
  readonly field?: string;
  readonly value?: string | null;
  readonly at?: string;
  readonly entity?: string;
  readonly source?: string;
  readonly ref?: string;
  readonly intent?: string;
  readonly extra?: Readonly<Record<string, unknown>>;
}

/** A UUID for a small test number, readable in failures: 00000000-0000-4000-8000-0000000000NN. */
export function testUuid(id: number | string): string {
  if (typeof id === 'string') return id;
  return `00000000-0000-4000-8000-${id.toString(16).padStart(12, '0')}`;
}

/** An ingest line object for a `StateObservation`. */
export function observation(options: ObservationOptions): Record<string, unknown> {
  const field = options.field ?? 'travel.status';
  return {
    type: 'observation',
    event_id: testUuid(options.id),
    event_ts: options.at ?? '2026-02-19T15:00:00Z',
    domain: field.split('.', 1)[0],
    entity_id: options.entity ?? 'user:primary',
    field,
    candidate_value: options.value === undefined ? 'in_progress' : options.value,
    intent: options.intent ?? 'assertive',
    source: { type: options.source ?? 'user_statement', ref: options.ref ?? `test:${options.id}` },
    ...options.extra,
  };
}

/** Joins records into JSONL text. */
export function toJsonl(records: readonly unknown[]): string {
  return `${records.map((r) => JSON.stringify(r)).join('\n')}\n`;
}
