import { upsertsOf, watermarkOf } from '../items/index.js';
import type { LedgerEvent } from '../ledger/index.js';
import type { ExtractionCompleted } from '../schemas/index.js';
import type { WriteTx } from '../stores/index.js';

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
