import { toIso } from '../core/index.js';
import { newLedgerEvent } from '../ledger/index.js';
import type { StoreReader } from '../stores/index.js';
import type { TaskEventDraft } from '../tasks/index.js';
import { appendAndApply, flushSession, openSession } from './apply.js';
import { withPipelineTx } from './cached-tx.js';
import type { PipelineDeps } from './ingest.js';

/** What `recordTaskEvents` did: the builder's value and, per draft, whether it was new. */
interface RecordedTaskEvents<T> {
  readonly value: T;
  readonly appended: readonly boolean[];
}

/**
 * Runs `build` under the global write lock (task views are shared rows), then appends its drafts
 * in order and folds each new one, all in that transaction: a task id allocated or a transition
 * checked in `build` cannot race another writer. A draft whose `dedupeKey` the ledger holds
 * already is a duplicate and folds to nothing (a notification sent once). `build` throwing
 * rolls everything back.
 */
export function recordTaskEvents<T>(
  deps: PipelineDeps,
  build: (reader: StoreReader) => Promise<{ drafts: readonly TaskEventDraft[]; value: T }>,
): Promise<RecordedTaskEvents<T>> {
  return withPipelineTx(deps.store, { entities: [], global: true }, async (tx) => {
    const { drafts, value } = await build(tx);
    const session = await openSession(tx);
    const recordedAt = toIso(deps.clock.now());
    const appended: boolean[] = [];
    for (const { type, entityId, payload, dedupeKey } of drafts) {
      const eventId = deps.ids.uuid();
      const event = newLedgerEvent({ eventId, type, entityId, recordedAt, payload, dedupeKey });
      appended.push(await appendAndApply(tx, session, event));
    }
    await flushSession(tx, session);
    return { value, appended };
  });
}
