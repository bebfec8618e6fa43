import { canonicalJson, deriveUuid, type JsonObject, toIso } from '../core/index.js';
import { type EventType, systemEvent } from '../ledger/index.js';
import { applyEvent, flushSession, openSession } from './apply.js';
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
  const now = toIso(deps.clock.now());
  const event = systemEvent(
    deriveUuid(type, canonicalJson(payload)),
    type,
    entityId,
    payload,
    now,
    dedupeKey,
  );
  return withPipelineTx(
    deps.store,
    { entities: entityId === null ? [] : [entityId], global: true },
    async (tx) => {
      const appended = await tx.appendEvent(event);
      if (appended.kind !== 'appended') return false;
      const session = await openSession(tx);
      await applyEvent(tx, session, { ...event, seq: appended.seq, redacted: false });
      await flushSession(tx, session);
      return true;
    },
  );
}
