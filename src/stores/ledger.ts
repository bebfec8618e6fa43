/**
 * The ledger part of the `Store` contract: the append-only, ordered home of events. Reached
 * through `Store`/`WriteTx`, which compose it with the other concerns (`stores/store.ts`).
 * May import: core, ledger.
 */
import type { JsonObject } from '../core/index.js';
import type { LedgerEvent, NewLedgerEvent } from '../ledger/index.js';

/** What appending did. */
export type AppendOutcome =
  | { readonly kind: 'appended'; readonly seq: number }
  /** Same `eventId` (or same `dedupeKey`) with the same payload hash: nothing written. */
  | { readonly kind: 'duplicate'; readonly seq: number; readonly eventId: string }
  /** Same `eventId` or `dedupeKey` but a different payload hash: nothing written. */
  | { readonly kind: 'conflict'; readonly existing: LedgerEvent };

/** Reads of the ledger. */
export interface LedgerReader {
  /** The event with this id, or null. */
  getEvent(eventId: string): Promise<LedgerEvent | null>;
  /**
   * The events with these ids, in one read: ascending by `seq`, each once however often its id
   * is given; ids with no event are left out.
   */
  getEvents(eventIds: readonly string[]): Promise<readonly LedgerEvent[]>;
  /** Events with `seq > after`, ascending, at most `limit`. */
  readEvents(after: number, limit: number): Promise<readonly LedgerEvent[]>;
  /** The highest sequence number, 0 when the ledger is empty. */
  lastSeq(): Promise<number>;
  /** Number of events with `recordedAt >= since` (RFC 3339, compared as UTC text). */
  countEventsSince(since: string): Promise<number>;
}

/** Writes to the ledger: appending, and the one permitted mutation (a redaction). */
export interface LedgerWriter {
  /**
   * Appends one event. Idempotent: an existing `eventId` or `dedupeKey` with the same payload hash
   * is a `duplicate`, with a different hash a `conflict`; neither writes anything.
   */
  appendEvent(event: NewLedgerEvent): Promise<AppendOutcome>;
  /**
   * The one permitted mutation of the ledger: replaces an event's payload with `replacement` and
   * marks it redacted. Its `payloadHash` is kept. Throws NOT_FOUND for an unknown event.
   */
  redactEvent(eventId: string, replacement: JsonObject): Promise<void>;
}

/**
 * Every event after `after`, ascending, read `pageSize` at a time: what a replay or a scan of the
 * whole ledger walks. Events appended while it runs are included when their page is read.
 */
export async function* eachEvent(
  reader: Pick<LedgerReader, 'readEvents'>,
  pageSize: number,
  after = 0,
): AsyncGenerator<LedgerEvent> {
  let cursor = after;
  for (;;) {
    const events = await reader.readEvents(cursor, pageSize);
    if (events.length === 0) return;
    for (const event of events) {
      cursor = event.seq;
      yield event;
    }
  }
}
