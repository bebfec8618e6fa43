import {
  type ItemConflictResolution,
  resolveItemConflict,
  upsertsOf,
  watermarkOf,
} from '../items/index.js';
import type { LedgerEvent } from '../ledger/index.js';
import type { ExtractionCompleted } from '../schemas/index.js';
import type { StoredStateItem, WriteTx } from '../stores/index.js';

/**
 * Folds an `extraction.completed` event: stores the items the run changed and advances the
 * thread's watermark, both in the caller's transaction. Everything a model or the clock decided is
 * in the payload, so this never calls an extractor or an embedder, and replay stores the same
 * rows. A run that failed carries no upserts and no watermark, and folds to nothing.
 */
export async function foldExtractionCompleted(tx: WriteTx, event: LedgerEvent): Promise<void> {
  const payload = event.payload as unknown as ExtractionCompleted;
  for (const item of upsertsOf(payload)) await tx.putStateItem(item);
  const watermark = watermarkOf(payload);
  if (watermark !== null) await tx.putWatermark(payload.thread_id, watermark);
}

/**
 * Folds an `item_conflict.resolved` event (a person kept one item, the other, or both) into the
 * items it names, with `now` = the event's `recorded_at`. The answer was checked when it was
 * recorded; an item that is gone at replay (its messages forgotten since) leaves it folding to
 * nothing rather than failing the rebuild.
 */
export async function foldItemConflictResolved(tx: WriteTx, event: LedgerEvent): Promise<void> {
  const resolution = event.payload as unknown as ItemConflictResolution;
  const found: StoredStateItem[] = [];
  for (const uid of resolution.uids) {
    const item = await tx.getStateItem(resolution.thread_id, uid);
    if (item !== null) found.push(item);
  }
  const changed = resolveItemConflict(found, resolution, event.recordedAt);
  if (!changed.ok) return;
  for (const item of changed.value) await tx.putStateItem(item);
}
