import {
  type CandidateItem,
  fromWireEvidence,
  type ItemConfidence,
  type StateItem,
  type StateItemStatus,
  type StateItemType,
  toWireEvidence,
  type Watermark,
} from '../core/index.js';
import type { ExtractionCompleted } from '../schemas/index.js';
import type { StoredStateItem } from '../stores/index.js';
import type { SimilarityMode } from './item-similarity.js';
import type { ItemExtractionRun } from './run-item-extraction.js';

type WireWatermark = NonNullable<ExtractionCompleted['watermark']>;
type WireItem = ExtractionCompleted['upserts'][number];
type WireCandidate = ExtractionCompleted['candidates'][number];

/** What `toExtractionPayload` records about one run. */
interface ExtractionPayloadInput {
  readonly threadId: string;
  /** The entity of the newest message the run read; new items belong to it. */
  readonly entityId: string;
  /** The watermark the run read after. */
  readonly watermarkBefore: Watermark | null;
  readonly run: ItemExtractionRun;
  /** The thread's items before the run: a changed item keeps the entity it had. */
  readonly existing: readonly StoredStateItem[];
  readonly similarity: SimilarityMode;
}

function toWireWatermark(watermark: Watermark | null): WireWatermark | null {
  return watermark === null
    ? null
    : { created_at: watermark.createdAt, message_id: watermark.messageId };
}

function fromWireWatermark(watermark: WireWatermark | null): Watermark | null {
  return watermark === null
    ? null
    : { createdAt: watermark.created_at, messageId: watermark.message_id };
}

function toWireCandidate(candidate: CandidateItem): WireCandidate {
  return {
    type_tag: candidate.typeTag,
    text: candidate.text,
    status: candidate.status,
    confidence: candidate.confidence,
    topic_tags: [...candidate.topicTags],
    refs: [...candidate.refs],
    supersedes: candidate.supersedes,
    replaces: candidate.replaces,
    chosen: candidate.chosen,
    conflict: candidate.conflict,
  };
}

function toWireItem(item: StateItem, entityId: string): WireItem {
  const evidence = item.supersessionEvidence;
  return {
    uid: item.uid,
    entity_id: entityId,
    text: item.text,
    status: item.status,
    type_tag: item.typeTag,
    topic_tags: [...item.topicTags],
    refs: [...item.refs],
    confidence: item.confidence,
    replaced_by: item.replacedBy,
    supersession_evidence: evidence === null ? null : toWireEvidence(evidence),
    conflict: item.conflict,
    pinned: item.pinned,
    source: item.source,
    created_at: item.createdAt,
    last_seen_at: item.lastSeenAt,
    updated_at: item.updatedAt,
  };
}

function fromWireItem(item: WireItem, threadId: string): StoredStateItem {
  const evidence = item.supersession_evidence;
  return {
    threadId,
    entityId: item.entity_id,
    uid: item.uid,
    text: item.text,
    status: item.status as StateItemStatus,
    typeTag: item.type_tag as StateItemType,
    topicTags: [...item.topic_tags],
    refs: [...item.refs],
    confidence: item.confidence as ItemConfidence,
    replacedBy: item.replaced_by,
    supersessionEvidence: evidence === null ? null : fromWireEvidence(evidence),
    conflict: item.conflict,
    pinned: item.pinned,
    source: item.source,
    createdAt: item.created_at,
    lastSeenAt: item.last_seen_at,
    updatedAt: item.updated_at,
  };
}

/**
 * The `extraction.completed` payload of one run (snake_case, as the ledger stores it): its report,
 * the extractor's candidates, the items to upsert and the watermark to advance to.
 */
export function toExtractionPayload(input: ExtractionPayloadInput): ExtractionCompleted {
  const { run } = input;
  const entityOf = new Map(input.existing.map((item) => [item.uid, item.entityId]));
  return {
    thread_id: input.threadId,
    entity_id: input.entityId,
    result: {
      extractor: run.result.extractor,
      duration_ms: run.result.durationMs,
      skipped_reason: run.result.skippedReason,
      items_extracted: run.result.itemsExtracted,
      items_inserted: run.result.itemsInserted,
      items_merged: run.result.itemsMerged,
      items_superseded: run.result.itemsSuperseded,
      items_conflicted: run.result.itemsConflicted,
      items_dropped: run.result.itemsDropped,
    },
    watermark_before: toWireWatermark(input.watermarkBefore),
    watermark: toWireWatermark(run.watermark),
    similarity: input.similarity,
    error_code: run.error?.code ?? null,
    candidates: run.candidates.map(toWireCandidate),
    upserts: run.changed.map((item) => toWireItem(item, entityOf.get(item.uid) ?? input.entityId)),
  };
}

/** The items an `extraction.completed` payload stores, as the store takes them. */
export function upsertsOf(payload: ExtractionCompleted): StoredStateItem[] {
  return payload.upserts.map((item) => fromWireItem(item, payload.thread_id));
}

/** The watermark an `extraction.completed` payload advances to, or null to leave it. */
export function watermarkOf(payload: ExtractionCompleted): Watermark | null {
  return fromWireWatermark(payload.watermark);
}
