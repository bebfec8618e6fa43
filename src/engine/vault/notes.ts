// Note folders: registration, watching and note search.
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { EngineError, toIso } from '../../core/index.js';
import {
  indexVault,
  type NoteHit,
  SEED_DRIFT_THRESHOLD,
  searchNotes,
  type VaultIndexReport,
  type VaultWatching,
  watchVault,
} from '../../vault/index.js';
import { checkDrift, recordFindings } from './drift.js';
import type { VaultRuntime } from './runtime.js';
import { toErrorView } from './runtime.js';
import type { PredictionErrorView } from './types.js';

/** Registers a folder of markdown notes. Throws NOT_FOUND when it is not a directory. */
export async function addRoot(
  rt: VaultRuntime,
  directory: string,
): Promise<{ readonly root: string; readonly added_at: string }> {
  const root = resolve(directory);
  const info = await stat(root).catch(() => null);
  if (info === null || !info.isDirectory()) {
    throw new EngineError('NOT_FOUND', `${directory} is not a directory`, {
      operation: 'vaultAdd',
    });
  }
  const addedAt = toIso(rt.deps.clock.now());
  await rt.store.withWriteLock({ entities: [], global: true }, (tx) =>
    tx.vault.putRoot({ root, addedAt }),
  );
  const kept = (await rt.store.vault.listRoots()).find((r) => r.root === root);
  return { root, added_at: kept?.addedAt ?? addedAt };
}

/** Each cited note's chunks, as one fingerprint per path (absent: not indexed). */
async function citedFingerprints(
  rt: VaultRuntime,
  paths: readonly string[],
): Promise<ReadonlyMap<string, string>> {
  const byPath = new Map<string, string>();
  for (const chunk of await rt.store.vault.listChunks(paths)) {
    byPath.set(chunk.path, `${byPath.get(chunk.path) ?? ''}${chunk.ordinal}:${chunk.contentHash};`);
  }
  return byPath;
}

/**
 * Indexes the registered folders, then runs drift detection for the memories citing a note whose
 * chunks changed, so `drift list` and `list_prediction_errors` see the change without waiting for
 * a read of those memories.
 */
export async function indexAndCheckDrift(rt: VaultRuntime): Promise<VaultIndexReport> {
  const cited = (await rt.store.vault.listMemories()).filter((m) => m.cites.length > 0);
  const paths = [...new Set(cited.flatMap((m) => m.cites))].sort();
  const before = await citedFingerprints(rt, paths);
  const report = await indexVault(rt.vaultDeps);
  if (report.indexed === 0 && report.removed === 0) return report;
  const after = await citedFingerprints(rt, paths);
  const changed = new Set(paths.filter((path) => before.get(path) !== after.get(path)));
  const touched = cited.filter((m) => m.cites.some((path) => changed.has(path)));
  await checkDrift(
    rt,
    touched.map((m) => m.memoryId),
  );
  return report;
}

/** Keeps the note index current until stopped. */
export async function watch(
  rt: VaultRuntime,
  watchOptions: { readonly onError: (error: unknown) => void; readonly pollMs?: number },
): Promise<VaultWatching> {
  const roots = (await rt.store.vault.listRoots()).map((r) => r.root);
  return watchVault({
    roots,
    index: () => indexAndCheckDrift(rt),
    onError: watchOptions.onError,
    ...(watchOptions.pollMs === undefined ? {} : { pollMs: watchOptions.pollMs }),
  });
}

/** Searches the note chunks, recording a `low_overlap` prediction error when even the best is far. */
export async function findNotes(
  rt: VaultRuntime,
  query: string,
  searchOptions: { readonly limit?: number } = {},
): Promise<{
  readonly hits: readonly NoteHit[];
  readonly low_overlap: PredictionErrorView | null;
}> {
  const found = await searchNotes(rt.vaultDeps, query, {
    limit: searchOptions.limit ?? 10,
    lowOverlapThreshold: rt.options.lowOverlapThreshold ?? SEED_DRIFT_THRESHOLD,
  });
  if (found.lowOverlap === null) return { hits: found.hits, low_overlap: null };
  await recordFindings(rt, [found.lowOverlap]);
  const row = await rt.store.vault.getPredictionError(found.lowOverlap.error_id);
  return { hits: found.hits, low_overlap: row === null ? null : toErrorView(row, null) };
}
