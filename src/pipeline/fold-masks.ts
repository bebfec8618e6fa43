import type { LedgerEvent } from '../ledger/index.js';
import { keptMaskRecord } from '../search/index.js';
import { type WriteTx, writeMeta } from '../stores/index.js';

/**
 * Folds a forget's tombstone: writes each mask it kept on a reply it left in place (`kept_masks`,
 * see `KeptMask`), where search, ask and the context read masks, so a rebuild keeps them. Read from
 * the event alone, as every fold is (a verify replays into a store without the ledger): a reply
 * forgotten since leaves its offsets behind, which name no text. The tombstone's other effect is
 * the redaction `forget` performs.
 */
export async function foldKeptMasks(tx: WriteTx, event: LedgerEvent): Promise<void> {
  const masks = event.payload['kept_masks'];
  if (!Array.isArray(masks)) return;
  for (const mask of masks) {
    if (typeof mask !== 'object' || mask === null || Array.isArray(mask)) continue;
    const { event_id: eventId, spans } = mask;
    if (typeof eventId !== 'string' || !Array.isArray(spans)) continue;
    const pairs = spans.flatMap((span) =>
      Array.isArray(span) && typeof span[0] === 'number' && typeof span[1] === 'number'
        ? [[span[0], span[1]]]
        : [],
    );
    await writeMeta(tx, keptMaskRecord(eventId), pairs);
  }
}
