import { toIso, type ValidationIssue } from '../core/index.js';
import { messageEventId } from '../ledger/index.js';
import type { IngestReport, IngestRunOptions } from '../pipeline/index.js';

/** One message handed to `Engine.recordMessages`: a `message` ingest record without `type`. */
export interface MessageToRecord {
  /** The conversation; falls back to the call's `thread_id`. */
  readonly thread_id?: string;
  /** Unique within the thread: the same (thread_id, message_id) is recorded once. */
  readonly message_id: string;
  readonly role: 'user' | 'assistant' | 'system';
  readonly content: string;
  /** When it was said (RFC 3339); defaults to the engine clock's now. */
  readonly created_at?: string;
  /** Whose conversation it is; falls back to the call's `entity_id`, then `user:primary`. */
  readonly entity_id?: string;
  /** The channel it came from (`chat` by default), e.g. `telegram`, `email`. */
  readonly source?: string;
}

/** Per-call options of `Engine.recordMessages`. */
export interface RecordMessagesOptions {
  /** Entity for messages that name none. */
  readonly entity_id?: string | undefined;
  /** Thread for messages that name none. */
  readonly thread_id?: string | undefined;
  /** Import mode: resolve each message at its own event time (see `IngestOptions.import`). */
  readonly import?: boolean | undefined;
  /** Wait for vectors and state items before returning. Default: the engine's setting. */
  readonly wait_for_index?: boolean | undefined;
}

/** What happened to one message of a `recordMessages` call. */
export interface RecordedMessage {
  readonly thread_id: string | null;
  readonly message_id: string | null;
  /** The message's ledger id, derived from (thread_id, message_id); null when rejected. */
  readonly event_id: string | null;
  /** `duplicate`: this (thread_id, message_id) was already recorded with the same content. */
  readonly status: 'applied' | 'duplicate' | 'rejected';
  /** Why it was rejected (it then waits in the dead-letter queue as `dlq_id`). */
  readonly issues: readonly ValidationIssue[];
  readonly dlq_id: string | null;
}

/** The result of `Engine.recordMessages`, snake_case as every surface prints it. */
export interface RecordMessagesResult {
  readonly applied: number;
  readonly duplicate: number;
  readonly rejected: number;
  /** One entry per message, in the order given. */
  readonly messages: readonly RecordedMessage[];
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/**
 * Turns messages into `message` ingest records, filling the call's defaults (thread, entity,
 * `created_at` = now). Values of the wrong type are passed through so validation names them.
 */
export function toMessageRecords(
  messages: readonly unknown[],
  options: RecordMessagesOptions,
  now: number,
): unknown[] {
  return messages.map((message) => {
    if (typeof message !== 'object' || message === null || Array.isArray(message)) return message;
    const m = message as Record<string, unknown>;
    return {
      type: 'message',
      ...(options.thread_id === undefined ? {} : { thread_id: options.thread_id }),
      ...(options.entity_id === undefined ? {} : { entity_id: options.entity_id }),
      created_at: toIso(now),
      ...m,
    };
  });
}

/**
 * Runs `ingest` over the message records and reports each message's outcome. `ingest` is the
 * engine's own (so extraction, vectors and state items follow as for any ingest).
 */
export async function recordMessages(
  ingest: (
    records: readonly unknown[],
    onRecord: NonNullable<IngestRunOptions['onRecord']>,
  ) => Promise<IngestReport>,
  messages: readonly unknown[],
  options: RecordMessagesOptions,
  now: number,
): Promise<RecordMessagesResult> {
  const records = toMessageRecords(messages, options, now);
  const outcomes = new Map<number, { status: RecordedMessage['status']; eventId: string | null }>();
  const report = await ingest(records, (outcome) => {
    outcomes.set(outcome.index, { status: outcome.status, eventId: outcome.eventId });
  });
  const rejections = new Map(report.rejections.map((r) => [r.line - 1, r]));
  const views = records.map((record, index): RecordedMessage => {
    const fields = (record ?? {}) as Record<string, unknown>;
    const threadId = text(fields['thread_id']);
    const messageId = text(fields['message_id']);
    const rejection = rejections.get(index);
    const outcome = outcomes.get(index);
    const status = rejection !== undefined ? 'rejected' : (outcome?.status ?? 'rejected');
    return {
      thread_id: threadId,
      message_id: messageId,
      event_id:
        status === 'rejected' || threadId === null || messageId === null
          ? null
          : (outcome?.eventId ?? messageEventId(threadId, messageId)),
      status,
      issues: rejection?.issues ?? [],
      dlq_id: rejection?.dlq_id ?? null,
    };
  });
  return {
    applied: report.applied,
    duplicate: report.duplicate,
    rejected: report.rejected,
    messages: views,
  };
}
