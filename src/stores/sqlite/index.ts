/**
 * The SQLite adapter of the `Store` contract: better-sqlite3 in WAL mode, with the append-only
 * ledger enforced by triggers. Imported only by `engine`.
 * May import: core, ledger, the store contract (`../store.js`) and better-sqlite3.
 */
export type { BusyWait } from './sqlite-errors.js';
export type { SqliteStoreOptions } from './sqlite-store.js';
export { createSqliteStore, SqliteStore } from './sqlite-store.js';
