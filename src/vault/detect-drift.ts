import { HOUR_MS, nearest, parseRfc3339, passageFate, sha256Hex, toIso } from '../core/index.js';
import type { PredictionErrorPayload } from '../ledger/index.js';
import type { MemoryRecord, PredictionError, PredictionErrorType } from '../stores/index.js';
import { type VaultDeps, vectorsFor } from './vault-deps.js';

/** Drift detection settings. */
export interface DriftSettings {
  /**
   * `memory_drift` fires when the memory is farther than this (cosine distance) from every
   * current chunk of the notes it cites. Calibrated per embedder: see `driftThresholdFor`.
   */
  readonly threshold: number;
  /** An open row seen less than this long ago is not checked again. Default 24 h. */
  readonly debounceMs: number;
}

/**
 * Calibrated `memory_drift` thresholds per embedding model (`id@version`), from labelled pairs
 * (docs/decisions/2026-11-26-notes-vault-and-drift.md). Other models start at the seed's 0.62.
 */
const DRIFT_THRESHOLDS: Readonly<Record<string, number>> = {
  // F0.5-optimal on the training half of src/vault/drift-pairs.ts (npm run bench:drift).
  'universal-sentence-encoder-lite@0.2.0': 0.449,
};

/** The seed's starting threshold, for models without a calibration. */
export const SEED_DRIFT_THRESHOLD = 0.62;

/** The default debounce window: 24 hours. */
export const DEFAULT_DEBOUNCE_MS = 24 * HOUR_MS;

/** The calibrated threshold for `model`, else the seed's starting point. */
export function driftThresholdFor(model: string | null): number {
  return (model === null ? undefined : DRIFT_THRESHOLDS[model]) ?? SEED_DRIFT_THRESHOLD;
}

function errorIdFor(memoryId: string, type: PredictionErrorType, at: string): string {
  return `pe-${sha256Hex(`${memoryId}\u0000${type}\u0000${at}`).slice(0, 20)}`;
}

function debounced(row: PredictionError | undefined, now: number, windowMs: number): boolean {
  if (row === undefined) return false;
  const seen = parseRfc3339(row.lastSeenAt);
  return seen !== null && now - seen < windowMs;
}

/**
 * Checks retrieved memories against the current chunks of the notes they cite and returns the
 * findings to record as `prediction_error.detected` events (nothing is written here):
 * - `memory_source_changed` (model-free): a snapshotted passage's normalised hash is in none of
 *   its note's current chunks (changed, or vanished with its note or heading);
 * - `memory_drift`: the memory's vector is farther than `threshold` from every current chunk of
 *   its cited notes (only with an embedder).
 * A memory without cited notes is skipped. An open row of the same memory and type is updated in
 * place (same `error_id`), and not checked again while it was seen within the debounce window.
 */
export async function detectDrift(
  deps: VaultDeps,
  memories: readonly MemoryRecord[],
  settings: DriftSettings,
): Promise<PredictionErrorPayload[]> {
  const now = deps.clock.now();
  const at = toIso(now);
  const cited = memories.filter((memory) => memory.cites.length > 0);
  if (cited.length === 0) return [];
  const paths = [...new Set(cited.flatMap((memory) => memory.cites))].sort();
  const chunks = await deps.store.vault.listChunks(paths);
  const findings: PredictionErrorPayload[] = [];
  const embedder = deps.embedder;
  const chunkVectors =
    embedder === null || chunks.length === 0
      ? []
      : await vectorsFor(
          { ...deps, embedder },
          chunks.map((chunk) => chunk.text),
        );
  const memoryVectors =
    embedder === null
      ? []
      : await vectorsFor(
          { ...deps, embedder },
          cited.map((memory) => memory.text),
        );

  for (const [index, memory] of cited.entries()) {
    const open = await deps.store.vault.listPredictionErrors({
      memoryId: memory.memoryId,
      unresolved: true,
    });
    const openOf = (type: PredictionErrorType) => open.find((row) => row.errorType === type);

    const sourceRow = openOf('memory_source_changed');
    if (!debounced(sourceRow, now, settings.debounceMs)) {
      for (const then of memory.passages) {
        const current = chunks.filter((chunk) => chunk.path === then.notePath);
        const fate = passageFate(then, current);
        if (fate.kind === 'unchanged') continue;
        findings.push({
          error_id: sourceRow?.errorId ?? errorIdFor(memory.memoryId, 'memory_source_changed', at),
          error_type: 'memory_source_changed',
          memory_id: memory.memoryId,
          note_path: then.notePath,
          query: `memory:${memory.memoryId}`,
          distance: null,
          passage_then: then.text,
          passage_now: fate.kind === 'changed' ? fate.now.text : null,
          detail: fate.kind === 'changed' ? 'passage changed' : 'passage vanished',
          at,
        });
        break;
      }
    }

    const driftRow = openOf('memory_drift');
    const memoryVector = memoryVectors[index];
    if (memoryVector === undefined || debounced(driftRow, now, settings.debounceMs)) continue;
    const ofMemory = chunks
      .map((chunk, i) => ({ chunk, vector: chunkVectors[i] }))
      .filter((entry) => memory.cites.includes(entry.chunk.path) && entry.vector !== undefined);
    const found = nearest(
      memoryVector,
      ofMemory.map((entry) => entry.vector ?? new Float32Array()),
    );
    if (found === null || found.distance <= settings.threshold) continue;
    const closest = ofMemory[found.index]?.chunk;
    const then = memory.passages.find((p) => p.notePath === closest?.path) ?? memory.passages[0];
    findings.push({
      error_id: driftRow?.errorId ?? errorIdFor(memory.memoryId, 'memory_drift', at),
      error_type: 'memory_drift',
      memory_id: memory.memoryId,
      note_path: closest?.path ?? null,
      query: `memory:${memory.memoryId}`,
      distance: Math.round(found.distance * 1e6) / 1e6,
      passage_then: then?.text ?? null,
      passage_now: closest?.text ?? null,
      detail: `nearest chunk at distance ${found.distance.toFixed(3)} > ${settings.threshold}`,
      at,
    });
  }
  return findings;
}
