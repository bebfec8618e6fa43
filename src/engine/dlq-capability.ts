import { EngineError } from '../core/index.js';
import { type DlqRetryReport, retryDeadLetters, withPipelineTx } from '../pipeline/index.js';
import type { DlqItem } from '../stores/index.js';
import type { EngineContext } from './engine-context.js';

/** The dead-letter queue: invalid input kept with its reason, retried, edited or discarded. */
export interface DlqCapability {
  /** Every dead letter, whatever its status. */
  listDlq(): Promise<readonly DlqItem[]>;
  /** Runs the retries that are due (or all pending ones with `all`). */
  retryDlq(options?: { all?: boolean }): Promise<DlqRetryReport>;
  /** Replaces a dead letter's raw input and retries it at once. */
  editDlq(dlqId: string, raw: string): Promise<DlqRetryReport>;
  /** Discards a dead letter (kept, marked discarded). */
  discardDlq(dlqId: string): Promise<void>;
}

/** Builds the dead-letter queue's operations over the engine's store. */
export function createDlqCapability(context: EngineContext): DlqCapability {
  const { store, deps } = context;
  return {
    listDlq: () => store.listDlq(),

    retryDlq: (retryOptions) => retryDeadLetters(deps, retryOptions?.all ? { all: true } : {}),

    editDlq: (dlqId, raw) => retryDeadLetters(deps, { only: dlqId, raw: raw.trim() }),

    async discardDlq(dlqId) {
      await withPipelineTx(store, { entities: [], global: true }, async (tx) => {
        const item = await tx.getDlq(dlqId);
        if (!item) throw new EngineError('NOT_FOUND', `no dead letter ${dlqId}`, { dlqId });
        await tx.putDlq({ ...item, status: 'discarded', needsReview: false, nextRetryAt: null });
      });
    },
  };
}
