// Prediction errors: drift detection, external signals and drift-checked retrieval.
import type { MemoryHit } from '../../context/index.js';
import {
  canonicalJson,
  deriveUuid,
  EngineError,
  type JsonObject,
  toIso,
} from '../../core/index.js';
import { EVENT_TYPES, newLedgerEvent, type PredictionErrorPayload } from '../../ledger/index.js';
import { appendAndApply, flushSession, openSession, withPipelineTx } from '../../pipeline/index.js';
import { detectDrift, lexicalWords } from '../../vault/index.js';

import type { VaultRuntime } from './runtime.js';
import { openTypes, requireMemory, toErrorView, withMemories } from './runtime.js';
import type { PredictionErrorFilters, PredictionErrorView } from './types.js';
import { DRIFT_MARKER } from './types.js';

/** Records prediction errors; all findings of one retrieval go in one write transaction. */
export async function recordFindings(
  rt: VaultRuntime,
  findings: readonly PredictionErrorPayload[],
): Promise<void> {
  if (findings.length === 0) return;
  const now = toIso(rt.deps.clock.now());
  const type = EVENT_TYPES.predictionErrorDetected;
  await withPipelineTx(rt.store, { entities: [], global: true }, async (tx) => {
    const session = await openSession(tx);
    for (const finding of findings) {
      const payload = finding as unknown as JsonObject;
      const event = newLedgerEvent({
        eventId: deriveUuid(type, canonicalJson(payload)),
        type,
        entityId: null,
        recordedAt: now,
        payload,
      });
      // A finding already recorded (same payload, same derived id) is not folded again.
      await appendAndApply(tx, session, event);
    }
    await flushSession(tx, session);
  });
}

/** Runs drift detection for memories (debounced); returns those with an open prediction error. */
export async function checkDrift(
  rt: VaultRuntime,
  memoryIds: readonly string[],
): Promise<ReadonlySet<string>> {
  if (memoryIds.length === 0) return new Set();
  const memories = await rt.store.vault.listMemories({ memoryIds });
  await recordFindings(rt, await detectDrift(rt.vaultDeps, memories, rt.settings));
  const open = await rt.store.vault.listPredictionErrors({ unresolved: true });
  const wanted = new Set(memoryIds);
  return new Set(
    open.flatMap((row) =>
      row.memoryId !== null && wanted.has(row.memoryId) ? [row.memoryId] : [],
    ),
  );
}

/** Records an external signal against a memory (`memory_external_signal`). */
export async function recordSignal(
  rt: VaultRuntime,
  memoryId: string,
  signal: { readonly notePath?: string | null; readonly detail: string; readonly source?: string },
): Promise<PredictionErrorView> {
  const memory = await requireMemory(rt, memoryId);
  const detail = signal.detail.trim();
  if (detail === '') {
    throw new EngineError('VALIDATION_FAILED', 'a signal needs a detail', {
      operation: 'recordSignal',
    });
  }
  const open = (
    await rt.store.vault.listPredictionErrors({
      memoryId,
      types: ['memory_external_signal'],
      unresolved: true,
    })
  )[0];
  const at = toIso(rt.deps.clock.now());
  const errorId = open?.errorId ?? `pe-signal-${rt.deps.ids.uuid()}`;
  const payload: PredictionErrorPayload = {
    error_id: errorId,
    error_type: 'memory_external_signal',
    memory_id: memoryId,
    note_path: signal.notePath ?? null,
    query: `signal:${signal.source ?? 'external'}`,
    distance: null,
    passage_then: null,
    passage_now: null,
    detail,
    at,
  };
  await recordFindings(rt, [payload]);
  const row = await rt.store.vault.getPredictionError(errorId);
  if (row === null) {
    throw new EngineError('STORE_FAILED', 'the signal was not stored', {
      operation: 'recordSignal',
    });
  }
  return toErrorView(row, memory);
}

/** Memories of `entityIds` sharing words with `query`, drift-checked and marked. */
export async function retrieve(
  rt: VaultRuntime,
  query: string,
  entityIds: readonly string[],
  limit: number,
): Promise<readonly MemoryHit[]> {
  const wanted = lexicalWords(query);
  if (wanted.size === 0 || limit <= 0) return [];
  const scope = new Set(entityIds);
  const scored = (await rt.store.vault.listMemories())
    .filter((memory) => scope.has(memory.entityId))
    .map((memory) => ({
      memory,
      shared: [...lexicalWords(memory.text)].filter((word) => wanted.has(word)).length,
    }))
    .filter((entry) => entry.shared > 0)
    .sort(
      (a, b) =>
        b.shared - a.shared ||
        (a.memory.updatedAt < b.memory.updatedAt ? 1 : -1) ||
        (a.memory.memoryId < b.memory.memoryId ? -1 : 1),
    )
    .slice(0, limit);
  const drifted = await checkDrift(
    rt,
    scored.map((entry) => entry.memory.memoryId),
  );
  return Promise.all(
    scored.map(async ({ memory, shared }) => {
      const types = drifted.has(memory.memoryId) ? await openTypes(rt, memory.memoryId) : [];
      const text =
        types.length === 0
          ? memory.text
          : `${DRIFT_MARKER} (${types.join(', ')}; its notes changed) ${memory.text}`;
      return {
        id: `memory:${memory.memoryId}`,
        kind: 'memory',
        text,
        // Recorded memories rank ahead of retrieved messages (search scores are below 1).
        score: 1 + shared,
        created_at: memory.updatedAt,
        message_id: null,
        thread_id: null,
      };
    }),
  );
}

/** Prediction errors matching `filters`, with their memories. */
export async function listPredictionErrors(
  rt: VaultRuntime,
  filters: PredictionErrorFilters = {},
): Promise<readonly PredictionErrorView[]> {
  const rows = await rt.store.vault.listPredictionErrors({
    ...(filters.types === undefined ? {} : { types: filters.types }),
    ...(filters.unresolved === undefined ? {} : { unresolved: filters.unresolved }),
    ...(filters.memoryId === undefined ? {} : { memoryId: filters.memoryId }),
    ...(filters.limit === undefined ? {} : { limit: filters.limit }),
  });
  return withMemories(rt, rows);
}
