/**
 * The meta part of the `Store` contract: derived key-value records (policy, learning counters,
 * pending bundles, ...). Read them through typed records (`stores/meta-records.ts`) rather than
 * casting. Composed into `Store`/`WriteTx` (`stores/store.ts`). May import: core.
 */
import type { JsonValue } from '../core/index.js';

/** Reads of meta records. */
export interface MetaReader {
  /** The value stored under `key`, or null when there is none. */
  getMeta(key: string): Promise<JsonValue | null>;
}

/** Writes of meta records (inside a write transaction). */
export interface MetaWriter {
  /** Inserts or replaces the value under `key` (`getMeta` then returns it). */
  putMeta(key: string, value: JsonValue): Promise<void>;
}
