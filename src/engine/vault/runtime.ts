// The vault runtime and the views and checks every vault step shares.
import { EngineError } from '../../core/index.js';
import type { Embedder } from '../../embeddings/index.js';
import type { PipelineDeps } from '../../pipeline/index.js';
import type { MemoryRecord, MemoryRevision, PredictionError, Store } from '../../stores/index.js';
import {
  DEFAULT_DEBOUNCE_MS,
  type DriftSettings,
  driftThresholdFor,
  type VaultDeps,
} from '../../vault/index.js';
import type { EngineVaultOptions, MemoryView, PredictionErrorView } from './types.js';

/** What every vault step reads: the engine's dependencies and the drift settings in force. */
export interface VaultRuntime {
  readonly store: Store;
  readonly deps: PipelineDeps;
  readonly vaultDeps: VaultDeps;
  readonly options: EngineVaultOptions;
  readonly settings: DriftSettings;
  /** Redacts one event's text in the ledger. */
  readonly redact: (eventId: string, reason: string) => Promise<void>;
}

/** Resolves the vault's settings once. */
export function createVaultRuntime(
  store: Store,
  deps: PipelineDeps,
  embedder: Embedder | null,
  options: EngineVaultOptions,
  redact: (eventId: string, reason: string) => Promise<void>,
): VaultRuntime {
  return {
    store,
    deps,
    vaultDeps: { store, embedder, clock: deps.clock },
    options,
    settings: {
      threshold: options.driftThreshold ?? driftThresholdFor(embedder?.space.model ?? null),
      debounceMs: (options.debounceHours ?? DEFAULT_DEBOUNCE_MS / 3_600_000) * 3_600_000,
    },
    redact,
  };
}

/** Trimmed, non-empty, unique and sorted. */
export function sortedUnique(values: readonly string[]): string[] {
  return [...new Set(values.map((v) => v.trim()).filter((v) => v !== ''))].sort();
}

/** A prediction error as the interfaces show it. */
export function toErrorView(
  row: PredictionError,
  memory: MemoryRecord | null,
): PredictionErrorView {
  return {
    error_id: row.errorId,
    error_type: row.errorType,
    memory_id: row.memoryId,
    memory_text: memory?.text ?? null,
    note_path: row.notePath,
    query: row.query,
    distance: row.distance,
    passage_then: row.passageThen,
    passage_now: row.passageNow,
    detail: row.detail,
    detected_at: row.detectedAt,
    last_seen_at: row.lastSeenAt,
    resolved_at: row.resolvedAt,
  };
}

/** A memory revision as the interfaces show it. */
export function toRevisionView(revision: MemoryRevision) {
  return { revision: revision.revision, text: revision.text, recorded_at: revision.recordedAt };
}

/** The memory's open prediction error types, sorted. */
export async function openTypes(rt: VaultRuntime, memoryId: string): Promise<string[]> {
  return sortedUnique(
    (await rt.store.vault.listPredictionErrors({ memoryId, unresolved: true })).map(
      (row) => row.errorType,
    ),
  );
}

/** A memory as the interfaces show it, with its open prediction error types. */
export async function toView(rt: VaultRuntime, memory: MemoryRecord): Promise<MemoryView> {
  return {
    memory_id: memory.memoryId,
    entity_id: memory.entityId,
    text: memory.text,
    tags: memory.tags,
    cites: memory.cites,
    source: { kind: memory.sourceKind, ref: memory.sourceRef },
    revision: memory.revision,
    created_at: memory.createdAt,
    updated_at: memory.updatedAt,
    drift: await openTypes(rt, memory.memoryId),
  };
}

/** The trimmed text of a memory; VALIDATION_FAILED when empty. */
export function requireText(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') {
    throw new EngineError('VALIDATION_FAILED', 'a memory needs text', { operation: 'memory' });
  }
  return trimmed;
}

/** The memory `memoryId`; NOT_FOUND otherwise. */
export async function requireMemory(rt: VaultRuntime, memoryId: string): Promise<MemoryRecord> {
  const memory = await rt.store.vault.getMemory(memoryId);
  if (memory === null) {
    throw new EngineError('NOT_FOUND', `No memory ${memoryId}`, { operation: 'memory' });
  }
  return memory;
}

/** Prediction errors as views, each with its memory. */
export async function withMemories(
  rt: VaultRuntime,
  rows: readonly PredictionError[],
): Promise<PredictionErrorView[]> {
  const ids = sortedUnique(rows.flatMap((row) => (row.memoryId === null ? [] : [row.memoryId])));
  const memories = new Map(
    (await rt.store.vault.listMemories({ memoryIds: ids })).map((m) => [m.memoryId, m]),
  );
  return rows.map((row) =>
    toErrorView(row, row.memoryId === null ? null : (memories.get(row.memoryId) ?? null)),
  );
}
