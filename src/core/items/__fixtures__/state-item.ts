import type { StateItem } from '../state-item.js';

/** When the fixture's items were created, last seen and updated, unless a patch says otherwise. */
export const STATE_ITEM_TIME = '2026-11-20T09:00:00.000Z';

/**
 * A state item with sensible defaults: an active, medium-confidence decision from the rules,
 * resting on message `m1`, unpinned and without conflict, seen once at `STATE_ITEM_TIME`.
 */
export function stateItem(patch: Partial<StateItem> & Pick<StateItem, 'uid' | 'text'>): StateItem {
  return {
    status: 'active',
    typeTag: 'decision',
    topicTags: [],
    refs: ['m1'],
    confidence: 'medium',
    replacedBy: null,
    supersessionEvidence: null,
    conflict: false,
    pinned: false,
    source: 'rules',
    createdAt: STATE_ITEM_TIME,
    lastSeenAt: STATE_ITEM_TIME,
    updatedAt: STATE_ITEM_TIME,
    ...patch,
  };
}
