/**
 * The PostgreSQL adapter of the `Store` contract: node-postgres against a server (pgvector, full-text
 * search, advisory write locks) or PGlite in process. Imported only by `engine`; `pg` is an optional
 * peer dependency, loaded when a store is opened from a URL.
 * May import: core, ledger, the store contract (`../store.js`), pg, pgvector and @electric-sql.
 */
export type { PgliteDatabase, PostgresPool, PostgresPoolClient } from './postgres-driver.js';
export * from './postgres-store.js';
