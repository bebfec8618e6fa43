import type { JsonObject } from '../core/index.js';
import {
  type CitedPassagePayload,
  EVENT_TYPES,
  type LedgerEvent,
  type MemoryRecordedPayload,
  type MemoryUpdatedPayload,
  type PredictionErrorPayload,
} from '../ledger/index.js';
import type {
  CitedPassage,
  MemoryRecord,
  PredictionError,
  SearchDocument,
  WriteTx,
} from '../stores/index.js';

function toPassages(passages: readonly CitedPassagePayload[]): CitedPassage[] {
  return passages.map((p) => ({
    notePath: p.note_path,
    heading: p.heading,
    text: p.text,
    normalizedHash: p.normalized_hash,
  }));
}

/**
 * A memory as an item of the shared search index (`verity search --kind memory`): thread id and
 * item id = the memory id, so an update replaces it and forgetting removes it.
 */
function memoryDocument(memory: MemoryRecord): SearchDocument {
  return {
    kind: 'memory',
    threadId: memory.memoryId,
    itemId: memory.memoryId,
    messageId: null,
    entityId: memory.entityId,
    createdAt: memory.createdAt,
    text: memory.text,
  };
}

/** The id of the `state_zone_edit` row raised by a `projection.drifted` event. */
export function zoneEditErrorId(eventId: string): string {
  return `pe-zone-${eventId}`;
}

/** Stores `memory` as of `event`, indexes it for search, and records it as its latest revision. */
async function putMemoryRevision(
  tx: WriteTx,
  memory: MemoryRecord,
  event: LedgerEvent,
): Promise<void> {
  await tx.vault.putMemory(memory);
  await tx.indexDocument(memoryDocument(memory));
  await tx.vault.appendRevision({
    memoryId: memory.memoryId,
    revision: memory.revision,
    text: memory.text,
    tags: memory.tags,
    eventId: event.eventId,
    recordedAt: event.recordedAt,
  });
}

/**
 * Folds the vault's event types: memories with their revisions (an update resolves the memory's
 * open prediction errors, forgetting deletes them), and prediction errors (a repeat detection of
 * an open row updates its distance, passage now and `lastSeenAt` in place). Returns false for any
 * other type. Everything a model or the clock decided is in the payload.
 */
export async function foldVaultEvent(tx: WriteTx, event: LedgerEvent): Promise<boolean> {
  switch (event.type) {
    case EVENT_TYPES.memoryRecorded: {
      const p = event.payload as unknown as MemoryRecordedPayload;
      if ((await tx.vault.getMemory(p.memory_id)) !== null) return true;
      const memory: MemoryRecord = {
        memoryId: p.memory_id,
        entityId: p.entity_id,
        text: p.text,
        tags: [...p.tags],
        cites: [...p.cites],
        passages: toPassages(p.passages),
        sourceKind: p.source_kind,
        sourceRef: p.source_ref,
        revision: 1,
        createdAt: event.eventTs,
        updatedAt: event.eventTs,
        confirmedAt: event.eventTs,
      };
      await putMemoryRevision(tx, memory, event);
      return true;
    }
    case EVENT_TYPES.memoryUpdated: {
      const p = event.payload as unknown as MemoryUpdatedPayload;
      const before = await tx.vault.getMemory(p.memory_id);
      if (before === null) return true;
      const memory: MemoryRecord = {
        ...before,
        text: p.text,
        tags: [...p.tags],
        cites: [...p.cites],
        passages: toPassages(p.passages),
        revision: before.revision + 1,
        updatedAt: event.eventTs,
        confirmedAt: event.eventTs,
      };
      await putMemoryRevision(tx, memory, event);
      await tx.vault.resolvePredictionErrors(memory.memoryId, event.recordedAt);
      return true;
    }
    case EVENT_TYPES.memoryForgotten: {
      const memoryId = String(event.payload['memory_id']);
      await tx.vault.deleteMemory(memoryId);
      await tx.removeDocuments('memory', memoryId);
      return true;
    }
    case EVENT_TYPES.predictionErrorDetected: {
      const p = event.payload as unknown as PredictionErrorPayload;
      if (p.memory_id !== null && (await tx.vault.getMemory(p.memory_id)) === null) return true;
      const existing = await tx.vault.getPredictionError(p.error_id);
      const row: PredictionError = {
        errorId: p.error_id,
        errorType: p.error_type,
        memoryId: p.memory_id,
        notePath: p.note_path,
        query: p.query,
        distance: p.distance,
        passageThen: existing?.passageThen ?? p.passage_then,
        passageNow: p.passage_now,
        detail: p.detail,
        detectedAt: existing?.detectedAt ?? event.eventTs,
        lastSeenAt: event.eventTs,
        resolvedAt: existing?.resolvedAt ?? null,
      };
      await tx.vault.putPredictionError(row);
      return true;
    }
    default:
      return false;
  }
}

/** The `state_zone_edit` row for a manual edit found inside a `STATE` zone. */
export async function raiseZoneEdit(tx: WriteTx, event: LedgerEvent): Promise<void> {
  const p: JsonObject = event.payload;
  const file = String(p['file']);
  const zoneId = String(p['zone_id']);
  await tx.vault.putPredictionError({
    errorId: zoneEditErrorId(event.eventId),
    errorType: 'state_zone_edit',
    memoryId: null,
    notePath: file,
    query: `zone:${zoneId}`,
    distance: null,
    passageThen: null,
    passageNow: null,
    detail: `manual edit inside STATE zone ${zoneId} was reverted`,
    detectedAt: event.eventTs,
    lastSeenAt: event.eventTs,
    resolvedAt: null,
  });
}
