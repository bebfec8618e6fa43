/**
 * The notes vault: indexing markdown folders into chunks with vectors, resolving wiki links,
 * snapshotting the passages a memory cites, and detecting when memories drift from their notes;
 * the workspace's file I/O (atomic writes, legacy-mode backups, watching projected files).
 * May import: core, ledger, the store and provider contracts, and earlier services (embeddings).
 */
export type { Citations } from './cite-notes.js';
export { resolveCitations, snapshotPassages } from './cite-notes.js';
export type { DriftSettings } from './detect-drift.js';
export {
  DEFAULT_DEBOUNCE_MS,
  detectDrift,
  driftThresholdFor,
  SEED_DRIFT_THRESHOLD,
} from './detect-drift.js';
export type { VaultIndexReport } from './index-vault.js';
export { indexVault } from './index-vault.js';
export type { NoteHit } from './search-notes.js';
export { searchNotes } from './search-notes.js';
export type { VaultDeps } from './vault-deps.js';
export type { Watching } from './watch-files.js';
export { watchFiles } from './watch-files.js';
export type { VaultWatching } from './watch-vault.js';
export { watchVault } from './watch-vault.js';
export { backupFile, readTextFile, writeTextFile } from './workspace-files.js';
