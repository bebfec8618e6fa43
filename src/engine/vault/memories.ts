// Memories: recording, revising, forgetting, listing and showing them.
import {
  contentHash,
  DEFAULT_ENTITY,
  ENTITY_ID_PATTERN,
  EngineError,
  type JsonObject,
} from '../../core/index.js';
import {
  EVENT_TYPES,
  type MemoryRecordedPayload,
  type MemoryUpdatedPayload,
} from '../../ledger/index.js';
import { recordEvent } from '../../pipeline/index.js';
import { type Citations, resolveCitations, snapshotPassages } from '../../vault/index.js';
import { checkDrift } from './drift.js';
import type { VaultRuntime } from './runtime.js';
import {
  requireMemory,
  requireText,
  sortedUnique,
  toErrorView,
  toRevisionView,
  toView,
} from './runtime.js';
import type {
  MemoryDetail,
  MemoryView,
  MemoryWriteResult,
  RecordMemoryInput,
  UpdateMemoryInput,
} from './types.js';

/** Resolves the citations of a memory text and snapshots the passages they point at. */
/**
 * The id of the memory a MEMORY.md entry is promoted to, derived from the entry id, so equal
 * ledgers give equal ids (and `verity memory retire` can take the id search shows).
 */
export function promotedMemoryId(entryId: string): string {
  return `mem_${contentHash(`promotion:${entryId}`).slice(0, 16)}`;
}

export async function cite(rt: VaultRuntime, text: string, cites: readonly string[]) {
  const citations = await resolveCitations(rt.vaultDeps, text, cites);
  const passages = await snapshotPassages(rt.vaultDeps, text, citations.resolved);
  return {
    citations,
    cites: sortedUnique(citations.resolved.map((c) => c.path)),
    passages,
  };
}

/** Records a memory (`memory.recorded`), snapshotting the passages it cites. */
export async function recordMemory(
  rt: VaultRuntime,
  input: RecordMemoryInput,
): Promise<MemoryWriteResult> {
  const text = requireText(input.text);
  const entityId = input.entityId ?? DEFAULT_ENTITY;
  if (!new RegExp(ENTITY_ID_PATTERN).test(entityId)) {
    throw new EngineError('VALIDATION_FAILED', `bad entity id ${entityId}`, {
      operation: 'recordMemory',
    });
  }
  const { citations, cites, passages } = await cite(rt, text, input.cites ?? []);
  const ref = input.source?.ref ?? null;
  // A promoted entry's memory id follows from the entry id, so equal ledgers give equal ids.
  const memoryId =
    input.source?.kind === 'promotion' && ref !== null
      ? promotedMemoryId(ref)
      : `mem_${rt.deps.ids.uuid().replaceAll('-', '').slice(-16)}`;
  const payload: MemoryRecordedPayload = {
    memory_id: memoryId,
    entity_id: entityId,
    text,
    tags: sortedUnique(input.tags ?? []),
    cites,
    passages,
    source_kind: input.source?.kind ?? 'direct',
    source_ref: input.source?.ref ?? null,
  };
  await recordEvent(
    rt.deps,
    EVENT_TYPES.memoryRecorded,
    payload as unknown as JsonObject,
    entityId,
  );
  return writeResult(rt, memoryId, citations);
}

/** Records a new revision (`memory.updated`), resolving its open prediction errors. */
export async function updateMemory(
  rt: VaultRuntime,
  memoryId: string,
  input: UpdateMemoryInput,
): Promise<MemoryWriteResult> {
  const before = await requireMemory(rt, memoryId);
  const text = requireText(input.text);
  const explicit = input.cites ?? before.cites;
  const { citations, cites, passages } = await cite(rt, text, explicit);
  const payload: MemoryUpdatedPayload = {
    memory_id: memoryId,
    text,
    tags: sortedUnique(input.tags ?? before.tags),
    cites,
    passages,
  };
  await recordEvent(
    rt.deps,
    EVENT_TYPES.memoryUpdated,
    { ...(payload as unknown as JsonObject), revision: before.revision + 1 },
    before.entityId,
  );
  return writeResult(rt, memoryId, citations);
}

/** Forgets a memory and (unless `redact` is false) redacts its events in the ledger. */
export async function forgetMemory(
  rt: VaultRuntime,
  memoryId: string,
  forgetOptions: { readonly redact?: boolean; readonly reason?: string } = {},
): Promise<{ readonly memory_id: string; readonly forgotten: true; readonly redacted: number }> {
  const memory = await requireMemory(rt, memoryId);
  // The revisions name every event that carried the text; read them before the cascade.
  const eventIds = (await rt.store.vault.listRevisions(memoryId)).map((r) => r.eventId);
  await recordEvent(rt.deps, EVENT_TYPES.memoryForgotten, { memory_id: memoryId }, memory.entityId);
  if (forgetOptions.redact === false) return { memory_id: memoryId, forgotten: true, redacted: 0 };
  const reason = forgetOptions.reason ?? `memory ${memoryId} forgotten`;
  for (const eventId of eventIds) await rt.redact(eventId, reason);
  return { memory_id: memoryId, forgotten: true, redacted: eventIds.length };
}

/** The memory recorded when a MEMORY.md entry was promoted, or null. */
export async function promotedMemory(
  rt: VaultRuntime,
  entryId: string,
): Promise<MemoryView | null> {
  const found = (await rt.store.vault.listMemories()).find(
    (m) => m.sourceKind === 'promotion' && m.sourceRef === entryId,
  );
  return found === undefined ? null : toView(rt, found);
}

/** Memories, oldest first, each with its open prediction error types. */
export async function listMemories(
  rt: VaultRuntime,
  listOptions: { readonly tag?: string; readonly entityId?: string } = {},
): Promise<readonly MemoryView[]> {
  const memories = await rt.store.vault.listMemories({
    ...(listOptions.tag === undefined ? {} : { tag: listOptions.tag }),
    ...(listOptions.entityId === undefined ? {} : { entityId: listOptions.entityId }),
  });
  return Promise.all(memories.map((m) => toView(rt, m)));
}

/** One memory with revisions and prediction errors; runs drift detection first. */
export async function showMemory(rt: VaultRuntime, memoryId: string): Promise<MemoryDetail> {
  await requireMemory(rt, memoryId);
  await checkDrift(rt, [memoryId]);
  const memory = await requireMemory(rt, memoryId);
  const rows = await rt.store.vault.listPredictionErrors({ memoryId });
  return {
    ...(await toView(rt, memory)),
    passages: memory.passages.map((p) => ({
      note_path: p.notePath,
      heading: p.heading,
      text: p.text,
    })),
    revisions: (await rt.store.vault.listRevisions(memoryId)).map(toRevisionView),
    prediction_errors: rows.map((row) => toErrorView(row, memory)),
  };
}

/** What a memory write reports: the memory as stored now and the links that did not resolve. */
async function writeResult(
  rt: VaultRuntime,
  memoryId: string,
  citations: Citations,
): Promise<MemoryWriteResult> {
  return {
    memory: await toView(rt, await requireMemory(rt, memoryId)),
    ambiguous_links: citations.ambiguous,
    missing_links: citations.missing,
  };
}
