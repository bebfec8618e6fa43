import { EngineError } from '../../core/index.js';
import { rowLimit } from '../index.js';
import type { PgSession } from './postgres-driver.js';

/** Schema names the store accepts: lower-case SQL identifiers, so they never need escaping. */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * The qualified names the store's SQL uses. Every statement names its tables with the schema, and
 * pgvector's type, functions and operators with the extension's schema, so nothing depends on the
 * connection's `search_path`.
 */
export interface SqlNames {
  /** The schema as written by the caller (`verity`). */
  readonly schemaName: string;
  /** The quoted schema, for `${s}.events`. */
  readonly s: string;
  /** The quoted schema pgvector is installed in. */
  readonly v: string;
  /** The text search configuration, as a `regconfig` literal. */
  readonly searchConfig: string;
}

/** Statements on one session (a transaction's, a pooled connection's or PGlite's), in one schema. */
export abstract class OnSession {
  protected readonly session: PgSession;
  protected readonly names: SqlNames;

  constructor(session: PgSession, names: SqlNames) {
    this.session = session;
    this.names = names;
  }
}

/** Throws CONFIG_INVALID unless `schema` is a plain lower-case identifier. */
export function assertSchemaName(schema: string): void {
  if (!SCHEMA_NAME.test(schema)) {
    throw new EngineError(
      'CONFIG_INVALID',
      'schema must be a lower-case SQL identifier (letters, digits and _, at most 63)',
      { operation: 'open' },
    );
  }
}

/** Double-quotes an identifier. */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The names for `schema`, with pgvector installed in `vectorSchema`. */
export function sqlNames(schema: string, vectorSchema: string): SqlNames {
  const s = quoteIdent(schema);
  return {
    schemaName: schema,
    s,
    v: quoteIdent(vectorSchema),
    searchConfig: `'${s}.verity_search'::regconfig`,
  };
}

/** A driver value as a number: int8 arrives as a string from `pg` and as a number from PGlite. */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint' || typeof value === 'string') return Number(value);
  return 0;
}

/** A contract limit as a PostgreSQL `LIMIT` value: `LIMIT NULL` reads all. */
export const toSqlLimit = rowLimit;

/** A `seq` bound as an integer parameter, so the comparison stays on the bigint index. */
export function toSeqBound(after: number): string {
  if (Number.isNaN(after)) return '0';
  if (after === Number.POSITIVE_INFINITY) return '9223372036854775807';
  if (after === Number.NEGATIVE_INFINITY) return '-9223372036854775808';
  return BigInt(Math.floor(after)).toString();
}

/** A vector as pgvector's text input (`[1,2,3]`); float32 values print exactly as doubles. */
export function toVectorText(vector: Float32Array): string {
  return `[${Array.from(vector).join(',')}]`;
}
