/** The five kinds of structured state item (seed 001). There are no others. */
export const STATE_ITEM_TYPES = ['decision', 'constraint', 'action', 'question', 'risk'] as const;
/** A structured state item's kind. */
export type StateItemType = (typeof STATE_ITEM_TYPES)[number];

/** Every status any item type can have. Which ones a type allows is in `ITEM_STATUSES`. */
export type StateItemStatus = 'active' | 'open' | 'blocked' | 'done' | 'answered' | 'superseded';

/**
 * The statuses each type allows, in ascending merge precedence: when two observations of one item
 * disagree, the later entry wins (`action`: superseded > done > blocked > open). The first entry is
 * the type's default.
 */
export const ITEM_STATUSES = {
  decision: ['active', 'superseded'],
  constraint: ['active', 'superseded'],
  action: ['open', 'blocked', 'done', 'superseded'],
  question: ['open', 'answered', 'superseded'],
  risk: ['active', 'superseded'],
} as const satisfies Record<StateItemType, readonly StateItemStatus[]>;

/** How sure the extractor was, in ascending order. */
export const ITEM_CONFIDENCES = ['low', 'medium', 'high'] as const;
/** An item's confidence label. */
export type ItemConfidence = (typeof ITEM_CONFIDENCES)[number];

/** The uid prefix of each type: `d_`, `c_`, `a_`, `q_`, `r_`. */
export const UID_PREFIXES = {
  decision: 'd_',
  constraint: 'c_',
  action: 'a_',
  question: 'q_',
  risk: 'r_',
} as const satisfies Record<StateItemType, string>;

/**
 * Limits of one extraction run and of the rendered section, as seed 001 sets them. Callers pass
 * their own (from config); these are the defaults.
 */
export const STATE_ITEM_LIMITS = {
  /** Messages read after the watermark per run. */
  maxBatchMessages: 20,
  /** Candidates reconciled per run; the rest are dropped and counted. */
  maxCandidatesPerRun: 25,
  /** Items in the rendered state section. */
  maxRenderedItems: 40,
  /** Topic tags kept per item. */
  maxTopicTags: 3,
  /** Wall-clock budget of one extraction run, in milliseconds. */
  extractionTimeoutMs: 15_000,
} as const;

/** How a supersession was established. */
export type SupersessionBasis =
  /** The candidate named the old item's uid (`supersedes`). */
  | 'explicit'
  /** The candidate named the object it replaces ("ClickHouse instead of Postgres"). */
  | 'replaced_object'
  /** Same type and topic, a different chosen object, and change language. */
  | 'topic'
  /** Embedding similarity in the supersede band, with change language. */
  | 'similarity';

/** Why an item was superseded, stored on the old item. Carries ids only, never message text. */
export interface SupersessionEvidence {
  /** The change phrase found in the new item's text (`instead`, `switched`, ...), if any. */
  readonly trigger: string | null;
  /** The user message that made the change. */
  readonly refMessageId: string;
  /** The item that replaced this one. */
  readonly candidateUid: string;
  readonly basis: SupersessionBasis;
  /** The boosted similarity score when `basis` is `similarity` (or a tie was broken by it). */
  readonly score: number | null;
}

/** `SupersessionEvidence` as the ledger and every JSON surface spell it (snake_case). */
export interface WireSupersessionEvidence {
  readonly trigger: string | null;
  readonly ref_message_id: string;
  readonly candidate_uid: string;
  readonly basis: SupersessionBasis;
  readonly score: number | null;
}

/** Supersession evidence in its wire spelling, keys in schema order. */
export function toWireEvidence(evidence: SupersessionEvidence): WireSupersessionEvidence {
  const { trigger, refMessageId, candidateUid, basis, score } = evidence;
  return { trigger, ref_message_id: refMessageId, candidate_uid: candidateUid, basis, score };
}

/** Recorded supersession evidence back in its record spelling. */
export function fromWireEvidence(evidence: WireSupersessionEvidence): SupersessionEvidence {
  const {
    trigger,
    ref_message_id: refMessageId,
    candidate_uid: candidateUid,
    basis,
    score,
  } = evidence;
  return { trigger, refMessageId, candidateUid, basis, score };
}

/** A structured state item of one thread: a decision, constraint, action, question or risk. */
export interface StateItem {
  /** Type prefix + 12 hex of sha256(type + ":" + comparableText(text)); see `computeUid`. */
  readonly uid: string;
  readonly text: string;
  readonly status: StateItemStatus;
  readonly typeTag: StateItemType;
  /** At most 3 short labels; the first is the item's primary topic. */
  readonly topicTags: readonly string[];
  /** Ids of the messages this item rests on, oldest evidence first. Never empty. */
  readonly refs: readonly string[];
  readonly confidence: ItemConfidence;
  /** The uid of the item that superseded this one, once superseded. */
  readonly replacedBy: string | null;
  readonly supersessionEvidence: SupersessionEvidence | null;
  /** Another item disagrees with this one and nothing has resolved it. */
  readonly conflict: boolean;
  /** Pinned items render first. */
  readonly pinned: boolean;
  /** What produced the item: an extractor id (`rules`, `llm`) or `manual`. */
  readonly source: string;
  readonly createdAt: string;
  /** The newest `createdAt` among the messages in `refs`; see `deriveLastSeenAt`. */
  readonly lastSeenAt: string;
  readonly updatedAt: string;
}

/**
 * What an extractor proposes; reconciliation decides whether it becomes a new item, merges into
 * one, supersedes one or conflicts with one.
 */
export interface CandidateItem
  extends Pick<StateItem, 'typeTag' | 'text' | 'status' | 'confidence' | 'topicTags'> {
  /** Message ids from the extraction batch; anything else is dropped by reconciliation. */
  readonly refs: readonly string[];
  /** The uid of an existing item this one replaces, when the extractor knows it. */
  readonly supersedes: string | null;
  /** The object this item replaces ("Postgres" in "ClickHouse instead of Postgres"), if named. */
  readonly replaces: string | null;
  /** The object this item chooses ("ClickHouse"), if it chooses one. */
  readonly chosen: string | null;
  /** The extractor saw a tension with existing state. */
  readonly conflict: boolean;
}

/** A message of the extraction batch. `MessageRecord` from the store contract fits this shape. */
export interface BatchMessage {
  readonly messageId: string;
  readonly role: 'user' | 'assistant' | 'system';
  readonly content: string;
  readonly createdAt: string;
}

/** True when `value` is one of the five item types. */
export function isStateItemType(value: unknown): value is StateItemType {
  return typeof value === 'string' && (STATE_ITEM_TYPES as readonly string[]).includes(value);
}

/** True when `status` is allowed for items of `typeTag`. */
export function isStatusFor(typeTag: StateItemType, status: unknown): status is StateItemStatus {
  return (
    typeof status === 'string' && (ITEM_STATUSES[typeTag] as readonly string[]).includes(status)
  );
}

/** The status a new item of `typeTag` starts in: `open` for actions and questions, else `active`. */
export function defaultStatusFor(typeTag: StateItemType): StateItemStatus {
  return ITEM_STATUSES[typeTag][0];
}

/** True for every item that is not superseded: what the renderer and reconciliation consider. */
export function isActiveItem(item: Pick<StateItem, 'status'>): boolean {
  return item.status !== 'superseded';
}
