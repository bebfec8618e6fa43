/**
 * Test helpers shipped as `verity/testing`: a settable clock, a deterministic id source and record
 * builders for the ingest format. May import: core.
 */
import { type Clock, deriveUuid, type IdSource } from '../core/index.js';

export type {
  FakeLlmReply,
  FakeLlmRequest,
  FakeLlmServer,
  FakeLlmServerOptions,
} from './fake-llm-server.js';
export { startFakeLlmServer } from './fake-llm-server.js';

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

/**
 * A `message` ingest record (`type`, `thread_id`, `message_id`, `role`, `content`, `created_at`,
 * in that order), then the fields of `extra` (e.g. `entity_id`).
 */
export function messageRecord(
  thread: string,
  id: string,
  role: 'user' | 'assistant',
  content: string,
  at: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    type: 'message',
    thread_id: thread,
    message_id: id,
    role,
    content,
    created_at: at,
    ...extra,
  };
}

/**
 * One line of a session transcript as `verity capture` and the observer read it: `message_id`,
 * `role`, `content`, `created_at`, as JSON.
 */
export function transcriptLine(id: string, role: string, content: string, at: string): string {
  return JSON.stringify({ message_id: id, role, content, created_at: at });
}

/** Joins records into JSONL text. */
export function toJsonl(records: readonly unknown[]): string {
  return `${records.map((r) => JSON.stringify(r)).join('\n')}\n`;
}

/** Seed 000's `StateObservation` example, exactly as written there (no ingest `type`). */
export const SEED_OBSERVATION = {
  event_id: '0190a5f2-7b1c-7c3e-9a4b-2f6d8e1c3a5b',
  event_ts: '2026-02-19T15:00:00Z',
  domain: 'travel',
  entity_id: 'user:primary',
  field: 'travel.status',
  candidate_value: 'in_progress',
  intent: 'assertive',
  source: { type: 'conversation_assertive', ref: 'thread:646:msg:1842' },
  corroborators: [{ type: 'calendar', ref: 'event:abc123' }],
} as const;

/** Seed 000's `UserConfirmation` example (the prompt side), with a UUID for its id. */
export const SEED_PROMPT = {
  prompt_id: '0190a5f2-7b1c-7c3e-9a4b-2f6d8e1c3a5c',
  entity_id: 'user:primary',
  domain: 'travel',
  proposed_change: 'travel.status: planning -> in_progress',
  confidence: 0.78,
  reason_summary: [
    'Explicit first-person assertion detected',
    'Recent travel calendar corroboration',
  ],
  actions: ['confirm', 'reject', 'edit'],
} as const;

/** Options of `mixedRecords`. */
export interface MixedRecordsOptions {
  readonly count: number;
  /** Seed of the deterministic generator. */
  readonly seed?: number;
  readonly entities?: number;
  /** Epoch ms of the first record; each next one is a minute later. */
  readonly start?: number;
}

/**
 * A deterministic mix of ingest records for load and replay tests: about 80 % observations over
 * every domain, source type and intent, 10 % retractions of recent observations, 10 % messages.
 */
export function mixedRecords(options: MixedRecordsOptions): Record<string, unknown>[] {
  const fields = [
    'travel.status',
    'travel.location',
    'project.verity.status',
    'family.leo.status',
    'financial.rent.status',
    'profile.preference.seat',
  ];
  const sources = [
    'user_statement',
    'calendar',
    'static_markdown',
    'transactions_email',
    'webhook',
    'assistant_statement',
  ];
  const intents = ['assertive', 'assertive', 'assertive', 'planning', 'hypothetical', 'question'];
  const entities = options.entities ?? 1000;
  const start = options.start ?? Date.parse('2026-01-01T00:00:00Z');
  // mulberry32: the low bits of a plain LCG cycle, which collapsed entities onto a few hundred slots.
  let state = (options.seed ?? 12345) >>> 0;
  const rand = (n: number): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) % 2 ** 32) % n;
  };
  const records: Record<string, unknown>[] = [];
  for (let i = 0; i < options.count; i++) {
    const at = new Date(start + i * 60_000 - rand(5) * 3_600_000).toISOString();
    const kind = rand(10);
    if (kind === 0) {
      records.push({
        type: 'message',
        thread_id: `t${rand(200)}`,
        message_id: `m${i}`,
        role: 'user',
        content: `we are in city ${rand(50)} now`,
        created_at: at,
      });
    } else if (kind === 1 && i > 20) {
      records.push(
        observation({
          id: i,
          value: null,
          intent: 'retract',
          at,
          entity: `user:u${rand(entities)}`,
          extra: { retracts: testUuid(i - 1 - rand(20)) },
        }),
      );
    } else {
      records.push(
        observation({
          id: i,
          field: fields[rand(fields.length)] ?? 'travel.status',
          value: `v${rand(5)}`,
          at,
          entity: `user:u${rand(entities)}`,
          source: sources[rand(sources.length)] ?? 'user_statement',
          intent: intents[rand(intents.length)] ?? 'assertive',
        }),
      );
    }
  }
  return records;
}

/** One event of `icsCalendar`: ICS values, a date (`20260418`) or a UTC time (`20260418T090000Z`). */
export interface IcsEvent {
  readonly uid: string;
  readonly summary: string;
  readonly start: string;
  readonly end?: string;
  readonly modified?: string;
}

/** An ICS calendar (CRLF lines) of the given events; a start without a time is an all-day date. */
export function icsCalendar(events: readonly IcsEvent[]): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//verity test//EN'];
  for (const event of events) {
    const kind = event.start.includes('T') ? '' : ';VALUE=DATE';
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `LAST-MODIFIED:${event.modified ?? '20260301T090000Z'}`,
      `DTSTART${kind}:${event.start}`,
      ...(event.end === undefined ? [] : [`DTEND${kind}:${event.end}`]),
      `SUMMARY:${event.summary}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR', '');
  return lines.join('\r\n');
}
