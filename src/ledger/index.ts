/**
 * The ledger's event types and the pure rules that turn validated input records into events.
 * May import: core, schemas.
 */

export type { EventType, LedgerEvent, NewLedgerEvent } from './events.js';
export { EVENT_TYPES, newLedgerEvent } from './events.js';
export type { IngestRecord, ParseOutcome } from './records.js';
export { parseLine, parseProposedChange, parseRecord, toLedgerEvent } from './records.js';
export type {
  CitedPassagePayload,
  MemoryRecordedPayload,
  MemoryUpdatedPayload,
  PredictionErrorPayload,
} from './vault-events.js';
