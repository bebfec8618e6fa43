/**
 * Typed meta records: a meta key with the shape of the value stored under it, so that reading
 * checks the stored JSON instead of casting it. `readMeta(tx, STATS)` returns the record's type,
 * null when nothing is stored, or throws STORE_FAILED naming the key and the first place where
 * the stored value does not fit. Shapes are built from the small combinators of `metaShape`.
 * May import: core.
 */
import { EngineError, type JsonValue } from '../core/index.js';
import type { MetaReader, MetaWriter } from './meta-store.js';

/** Thrown by a shape; turned into an `EngineError` naming the record by `readMeta`. */
class ShapeMismatch extends Error {
  override readonly name = 'ShapeMismatch';
  constructor(
    readonly path: string,
    readonly expected: string,
  ) {
    super(`${path || 'the value'} should be ${expected}`);
  }
}

/** Checks a JSON value against a shape and returns it typed; throws on the first mismatch. */
export type MetaShape<T> = (value: JsonValue | undefined, path: string) => T;

function isObject(value: JsonValue | undefined): value is { readonly [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The shape combinators meta records are described with. Values are returned, not copied. */
export const metaShape = {
  string: ((value, path) => {
    if (typeof value !== 'string') throw new ShapeMismatch(path, 'a string');
    return value;
  }) as MetaShape<string>,
  number: ((value, path) => {
    if (typeof value !== 'number') throw new ShapeMismatch(path, 'a number');
    return value;
  }) as MetaShape<number>,
  /** Any JSON object, unchecked inside (for parts whose shape belongs to another layer). */
  anyObject: ((value, path) => {
    if (!isObject(value)) throw new ShapeMismatch(path, 'an object');
    return value;
  }) as MetaShape<{ readonly [key: string]: JsonValue }>,
  nullable<T>(shape: MetaShape<T>): MetaShape<T | null> {
    return (value, path) => (value === null ? null : shape(value, path));
  },
  array<T>(shape: MetaShape<T>): MetaShape<readonly T[]> {
    return (value, path) => {
      if (!Array.isArray(value)) throw new ShapeMismatch(path, 'an array');
      value.forEach((item, index) => {
        shape(item, `${path}[${index}]`);
      });
      return value as readonly T[];
    };
  },
  /** An object used as a map: every value has `shape`. */
  record<T>(shape: MetaShape<T>): MetaShape<Readonly<Record<string, T>>> {
    return (value, path) => {
      if (!isObject(value)) throw new ShapeMismatch(path, 'an object');
      for (const [key, item] of Object.entries(value)) shape(item, `${path}.${key}`);
      return value as Readonly<Record<string, T>>;
    };
  },
  /** An object with (at least) these fields; other fields are kept, unchecked. */
  object<T extends object>(fields: { readonly [K in keyof T]-?: MetaShape<T[K]> }): MetaShape<T> {
    return (value, path) => {
      if (!isObject(value)) throw new ShapeMismatch(path, 'an object');
      for (const [key, shape] of Object.entries(fields) as [string, MetaShape<unknown>][]) {
        shape(value[key], `${path}.${key}`);
      }
      return value as unknown as T;
    };
  },
};

/** A meta key and the shape of its value. */
export interface MetaRecord<T> {
  readonly key: string;
  readonly shape: MetaShape<T>;
}

/** Declares a meta record. Its value must be JSON (the shape combinators only describe JSON). */
export function defineMetaRecord<T>(key: string, shape: MetaShape<T>): MetaRecord<T> {
  return { key, shape };
}

/**
 * Reads a typed meta record: null when nothing (or JSON null) is stored under its key. Throws
 * STORE_FAILED when the stored value does not fit the record's shape.
 */
export async function readMeta<T>(reader: MetaReader, record: MetaRecord<T>): Promise<T | null> {
  return decodeMeta(record, await reader.getMeta(record.key));
}

/** Checks a value already read from `record.key` (see `readMeta`). */
export function decodeMeta<T>(record: MetaRecord<T>, value: JsonValue | null): T | null {
  if (value === null) return null;
  try {
    return record.shape(value, '');
  } catch (error: unknown) {
    if (!(error instanceof ShapeMismatch)) throw error;
    throw new EngineError(
      'STORE_FAILED',
      `The stored meta record "${record.key}" is not valid: ${error.message}`,
      { operation: 'readMeta', key: record.key, path: error.path },
      { cause: error },
    );
  }
}

/** Writes a typed meta record (null stores JSON null, which `readMeta` reads as absent). */
export function writeMeta<T>(
  writer: MetaWriter,
  record: MetaRecord<T>,
  value: T | null,
): Promise<void> {
  // The shape combinators describe JSON only, so a value of T is JSON.
  return writer.putMeta(record.key, value as JsonValue);
}
