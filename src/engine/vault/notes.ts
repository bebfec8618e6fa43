// Note folders: registration, watching and note search.
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { EngineError, toIso } from '../../core/index.js';
import {
  indexVault,
  type NoteHit,
  SEED_DRIFT_THRESHOLD,
  searchNotes,
  type VaultWatching,
  watchVault,
} from '../../vault/index.js';
import { recordFindings } from './drift.js';
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

/** Keeps the note index current until stopped. */
export async function watch(
  rt: VaultRuntime,
  watchOptions: { readonly onError: (error: unknown) => void; readonly pollMs?: number },
): Promise<VaultWatching> {
  const roots = (await rt.store.vault.listRoots()).map((r) => r.root);
  return watchVault({
    roots,
    index: () => indexVault(rt.vaultDeps),
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
