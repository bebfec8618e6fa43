/**
 * Row helpers both adapters use: records stored as JSON text in a `doc` column, and vectors
 * stored as raw little-endian float32 bytes. May import: nothing.
 */

/** A row holding one record as JSON text. */
export interface DocRow {
  readonly doc: string;
}

/** The records of `rows`, parsed, in row order. */
export function parseDocs<T>(rows: readonly DocRow[]): T[] {
  return rows.map((row) => JSON.parse(row.doc) as T);
}

/** The record of the first row, or null when there is none. */
export function parseFirstDoc<T>(rows: readonly DocRow[] | DocRow | undefined): T | null {
  const row = Array.isArray(rows) ? rows[0] : (rows as DocRow | undefined);
  return row === undefined ? null : (JSON.parse(row.doc) as T);
}

/** A vector's bytes, for a binary column (no copy). */
export function vectorToBytes(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}

/** A vector read from a binary column, copied so that it owns aligned memory. */
export function vectorFromBytes(bytes: Uint8Array): Float32Array {
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return new Float32Array(copy.buffer);
}
