import { canonicalJson, deriveUuid, type JsonObject, toIso } from '../core/index.js';
import { type EventType, newLedgerEvent } from '../ledger/index.js';
import { appendAndApply, flushSession, openSession } from './apply.js';
import { withPipelineTx } from './cached-tx.js';
import type { PipelineDeps } from './ingest.js';

/**
 * Appends one event that Verity itself produces (a projection write, a drift item, a label, an
 * alias confirmation, a session capture) and folds it, in one write. Its id derives from its type
 * and payload, so recording the same thing twice is a no-op; with a `dedupeKey`, so is a second
 * event under the same key (the store enforces it). Returns whether it was new.
 */
export async function recordEvent(
  deps: PipelineDeps,
  type: EventType,
  payload: JsonObject,
  entityId: string | null = null,
  dedupeKey: string | null = null,
): Promise<boolean> {
  const eventId = deriveUuid(type, canonicalJson(payload));
  const recordedAt = toIso(deps.clock.now());
  const event = newLedgerEvent({ eventId, type, entityId, recordedAt, payload, dedupeKey });
  return withPipelineTx(
    deps.store,
    { entities: entityId === null ? [] : [entityId], global: true },
    async (tx) => {
      const session = await openSession(tx);
      if (!(await appendAndApply(tx, session, event))) return false;
      await flushSession(tx, session);
      return true;
    },
  );
}
