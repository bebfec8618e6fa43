import { type CandidateItem, createItem, type StateItem } from '../../core/index.js';

/** A candidate item: an active, high-confidence decision citing `u1`, with `patch` over it. */
export function candidateItem(text: string, patch: Partial<CandidateItem> = {}): CandidateItem {
  return {
    typeTag: 'decision',
    text,
    status: 'active',
    confidence: 'high',
    topicTags: [],
    refs: ['u1'],
    supersedes: null,
    replaces: null,
    chosen: null,
    conflict: false,
    ...patch,
  };
}

/** The item stored for `candidate` at `at`, every message it cites written then. */
export function itemOnRecord(candidate: CandidateItem, at: string, source = 'rules'): StateItem {
  return createItem(candidate, {
    createdAtById: new Map(candidate.refs.map((ref) => [ref, at])),
    now: at,
    source,
  });
}
