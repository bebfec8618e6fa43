import { computeUid } from './compute-uid.js';
import { deriveLastSeenAt } from './derive-last-seen-at.js';
import { maxConfidence, resolveStatusMerge } from './resolve-status-merge.js';
import {
  type CandidateItem,
  defaultStatusFor,
  STATE_ITEM_LIMITS,
  type StateItem,
  type StateItemStatus,
  type SupersessionEvidence,
} from './state-item.js';

/** What turning candidates into items needs besides the candidate. */
export interface ItemContext {
  /** `createdAt` of each message of the batch, by message id. */
  readonly createdAtById: ReadonlyMap<string, string>;
  /** The reconciliation instant (RFC 3339), used for `createdAt` and `updatedAt`. */
  readonly now: string;
  /** Recorded as the new item's `source`. */
  readonly source: string;
}

/** Extraction never supersedes by status: only reconciliation does, with evidence. */
function extractedStatus(candidate: CandidateItem): StateItemStatus {
  return candidate.status === 'superseded' ? defaultStatusFor(candidate.typeTag) : candidate.status;
}

function union(a: readonly string[], b: readonly string[], limit = Infinity): string[] {
  return [...new Set([...a, ...b])].slice(0, limit);
}

/** A new item from a candidate. `lastSeenAt` is the newest `createdAt` among its refs. */
export function createItem(candidate: CandidateItem, context: ItemContext): StateItem {
  return {
    uid: computeUid(candidate.typeTag, candidate.text),
    text: candidate.text,
    status: extractedStatus(candidate),
    typeTag: candidate.typeTag,
    topicTags: union(candidate.topicTags, [], STATE_ITEM_LIMITS.maxTopicTags),
    refs: union(candidate.refs, []),
    confidence: candidate.confidence,
    replacedBy: null,
    supersessionEvidence: null,
    conflict: candidate.conflict,
    pinned: false,
    source: context.source,
    createdAt: context.now,
    lastSeenAt: deriveLastSeenAt(candidate.refs, context.createdAtById, null, context.now),
    updatedAt: context.now,
  };
}

/**
 * Folds a candidate into an existing item of the same type: refs and tags are unioned (tags capped
 * at 3, the item's own first), the status resolved by precedence, the higher confidence kept, a
 * conflict flag kept once raised, and `lastSeenAt` only ever moves forward. Text and uid stay.
 */
export function mergeItem(
  item: StateItem,
  candidate: CandidateItem,
  context: ItemContext,
): StateItem {
  return {
    ...item,
    topicTags: union(item.topicTags, candidate.topicTags, STATE_ITEM_LIMITS.maxTopicTags),
    refs: union(item.refs, candidate.refs),
    status: resolveStatusMerge(item.typeTag, item.status, extractedStatus(candidate)),
    confidence: maxConfidence(item.confidence, candidate.confidence),
    conflict: item.conflict || candidate.conflict,
    lastSeenAt: deriveLastSeenAt(
      candidate.refs,
      context.createdAtById,
      item.lastSeenAt,
      context.now,
    ),
    updatedAt: context.now,
  };
}

/** The old side of a supersession: `superseded`, pointing at its replacement, with evidence. */
export function supersedeItem(
  item: StateItem,
  evidence: SupersessionEvidence,
  now: string,
): StateItem {
  return {
    ...item,
    status: 'superseded',
    replacedBy: evidence.candidateUid,
    supersessionEvidence: evidence,
    updatedAt: now,
  };
}

/** The item with its conflict flag raised. */
export function flagConflict(item: StateItem, now: string): StateItem {
  return item.conflict ? item : { ...item, conflict: true, updatedAt: now };
}
