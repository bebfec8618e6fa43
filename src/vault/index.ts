/**
 * The notes vault: indexing markdown folders into chunks with vectors, resolving wiki links,
 * snapshotting the passages a memory cites, and detecting when memories drift from their notes;
 * the workspace's file I/O (atomic writes, legacy-mode backups, watching projected files).
 * May import: core, ledger, the store and provider contracts, and earlier services (embeddings).
 */
export * from './cite-notes.js';
export * from './detect-drift.js';
export * from './index-vault.js';
export * from './search-notes.js';
export type { VaultDeps } from './vault-deps.js';
export * from './watch-files.js';
export * from './watch-vault.js';
export * from './workspace-files.js';
