/**
 * The dead-letter part of the `Store` contract: rejected input kept with its errors until it is
 * fixed, retried or discarded. Operational, not derived from the ledger. Composed into
 * `Store`/`WriteTx` (`stores/store.ts`). May import: core.
 */
import type { ValidationIssue } from '../core/index.js';

/** Status of a dead-letter item. */
export type DlqStatus = 'pending' | 'resolved' | 'permanently_failed' | 'discarded';

/** A rejected input kept with its errors until it is fixed, retried or discarded. */
export interface DlqItem {
  readonly dlqId: string;
  /** The raw input as received (a JSONL line's text), never lost. */
  readonly raw: string;
  readonly schemaName: string;
  readonly errors: readonly ValidationIssue[];
  /** event_id or prompt_id when the input had one. */
  readonly inputId: string | null;
  /** The domain the input was about, when it could be read. */
  readonly domain: string | null;
  readonly firstSeenAt: string;
  readonly lastTriedAt: string;
  readonly retryCount: number;
  /** When the next timed retry is due; null once resolved or permanently failed. */
  readonly nextRetryAt: string | null;
  readonly status: DlqStatus;
  /** Raised as a review item (permanently failed) and not yet dismissed. */
  readonly needsReview: boolean;
}

/** Reads of the dead-letter queue. */
export interface DeadLetterReader {
  /** One dead letter, or null. */
  getDlq(dlqId: string): Promise<DlqItem | null>;
  /** DLQ items, oldest first; optionally only those with the given statuses. */
  listDlq(statuses?: readonly DlqStatus[]): Promise<readonly DlqItem[]>;
}

/** Writes to the dead-letter queue (inside a write transaction). */
export interface DeadLetterWriter {
  /** Inserts or replaces a DLQ item. DLQ items are operational, not derived from the ledger. */
  putDlq(item: DlqItem): Promise<void>;
}
