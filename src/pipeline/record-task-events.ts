import { contentHash, toIso } from '../core/index.js';
import type { StoreReader } from '../stores/index.js';
import type { TaskEventDraft } from '../tasks/index.js';
import { applyEvent, flushSession, openSession } from './apply.js';
import { withPipelineTx } from './cached-tx.js';
import type { PipelineDeps } from './ingest.js';

/** What `recordTaskEvents` did: the builder's value and, per draft, whether it was new. */
export interface RecordedTaskEvents<T> {
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
    const now = toIso(deps.clock.now());
    const appended: boolean[] = [];
    for (const draft of drafts) {
      const event = {
        eventId: deps.ids.uuid(),
        type: draft.type,
        entityId: draft.entityId,
        eventTs: now,
        recordedAt: now,
        payload: draft.payload,
        payloadHash: contentHash(draft.payload),
        dedupeKey: draft.dedupeKey ?? null,
      };
      const outcome = await tx.appendEvent(event);
      appended.push(outcome.kind === 'appended');
      if (outcome.kind === 'appended') {
        await applyEvent(tx, session, { ...event, seq: outcome.seq, redacted: false });
      }
    }
    await flushSession(tx, session);
    return { value, appended };
  });
}
