import { EngineError, err, ok, type Result } from '../core/index.js';
import type { StoredStateItem } from '../stores/index.js';

/**
 * A person's answer to a conflict between state items of one thread, as the
 * `item_conflict.resolved` event records it (snake_case, like every payload).
 */
export interface ItemConflictResolution {
  readonly thread_id: string;
  /** The entity of the items (the first one's); the event is scoped to it. */
  readonly entity_id: string;
  /** The flagged items the answer covers: one (its flag was wrong) or two of the same type. */
  readonly uids: readonly string[];
  /**
   * The uid to keep (the other one is superseded by it), or `both`: the items do not conflict.
   * With one uid, only that uid (the flag is cleared).
   */
  readonly keep: string;
  /** Why, in the person's words; null when none was given. */
  readonly note: string | null;
}

function invalid(message: string, details: Record<string, string | number>): EngineError {
  return new EngineError('VALIDATION_FAILED', message, details);
}

function checkShape(resolution: ItemConflictResolution): EngineError | null {
  const { uids, keep } = resolution;
  if (uids.length < 1 || uids.length > 2 || new Set(uids).size !== uids.length) {
    return invalid('name one flagged item, or two distinct ones', { field: 'uids' });
  }
  if (keep !== 'both' && !uids.includes(keep)) {
    return invalid('keep must be one of the named uids, or "both"', { field: 'keep' });
  }
  if (keep === 'both' && uids.length === 1) {
    return invalid('"both" needs two items; with one, keep names it', { field: 'keep' });
  }
  return null;
}

/**
 * The items a conflict resolution changes, given the thread's items it names (any order): every
 * named item loses its conflict flag; with `keep` naming one of two items, the other becomes
 * `superseded` and points at the kept one (no supersession evidence: no message made the change,
 * a person did, and the ledger event says who and why). Refuses (VALIDATION_FAILED, NOT_FOUND,
 * CONFLICT) a uid that is missing, already superseded or not flagged, or two items of different
 * types (reconciliation never compares across types). Pure: `now` becomes `updatedAt`.
 */
export function resolveItemConflict(
  found: readonly StoredStateItem[],
  resolution: ItemConflictResolution,
  now: string,
): Result<readonly StoredStateItem[]> {
  const shape = checkShape(resolution);
  if (shape !== null) return err(shape);
  const items: StoredStateItem[] = [];
  for (const uid of resolution.uids) {
    const item = found.find((candidate) => candidate.uid === uid);
    if (item === undefined) {
      return err(
        new EngineError('NOT_FOUND', `no state item ${uid} in thread ${resolution.thread_id}`, {
          uid,
        }),
      );
    }
    if (item.status === 'superseded' || !item.conflict) {
      return err(
        new EngineError('CONFLICT', `state item ${uid} is not an open conflict`, {
          uid,
          status: item.status,
        }),
      );
    }
    items.push(item);
  }
  const [first, second] = items;
  if (first !== undefined && second !== undefined && first.typeTag !== second.typeTag) {
    return err(invalid('items of different types never conflict', { field: 'uids' }));
  }
  const kept = resolution.keep;
  return ok(
    items.map((item): StoredStateItem => {
      const dropped = kept !== 'both' && item.uid !== kept;
      return dropped
        ? {
            ...item,
            conflict: false,
            status: 'superseded',
            replacedBy: kept,
            supersessionEvidence: null,
            updatedAt: now,
          }
        : { ...item, conflict: false, updatedAt: now };
    }),
  );
}
