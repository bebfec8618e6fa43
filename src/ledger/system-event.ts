import { contentHash, type JsonObject } from '../core/index.js';
import type { EventType, NewLedgerEvent } from './events.js';

/**
 * A ledger event that Verity itself produces (a projection write, a drift finding, an extraction
 * run, a conflict resolution): recorded at `now`, which is also its event time, with its payload
 * hash and an optional dedupe key.
 */
export function systemEvent(
  eventId: string,
  type: EventType,
  entityId: string | null,
  payload: JsonObject,
  now: string,
  dedupeKey: string | null = null,
): NewLedgerEvent {
  return {
    eventId,
    type,
    entityId,
    eventTs: now,
    recordedAt: now,
    payload,
    payloadHash: contentHash(payload),
    dedupeKey,
  };
}
