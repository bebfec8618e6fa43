// A disk cache of model vectors for the benchmarks, keyed by sha256(model id@version, input), so a
// rerun never embeds the same text twice. It lives under `.cache/bench/` (gitignored, never
// committed): vectors derived from the dev sets stay on this machine like the dev sets do.
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EmbeddingModel } from '../src/providers/index.js';
import { toModelKey } from '../src/providers/index.js';

/** Where the cache files live. */
export const CACHE_DIR = join(import.meta.dirname, '..', '.cache', 'bench');

/** Counters of one cached model. */
export interface CacheStats {
  /** Texts answered from the cache. */
  hits: number;
  /** Texts the inner model embedded. */
  modelTexts: number;
  /** Seconds spent inside the inner model. */
  modelSeconds: number;
}

function keyOf(space: string, input: string): string {
  return createHash('sha256').update(space).update('\u0000').update(input).digest('hex');
}

/**
 * `inner` behind an append-only file of `[32-byte key][dimension float32]` records. Every new
 * vector is appended as soon as it is computed, so an interrupted run keeps what it paid for.
 */
export function diskCachedModel(
  inner: EmbeddingModel,
  directory = CACHE_DIR,
): {
  model: EmbeddingModel;
  stats: CacheStats;
  size: () => number;
  has: (input: string) => boolean;
} {
  const space = toModelKey(inner);
  mkdirSync(directory, { recursive: true });
  const file = join(directory, `${space.replace(/[^A-Za-z0-9._@-]/g, '_')}.vec`);
  const recordBytes = 32 + inner.dimension * 4;
  const vectors = new Map<string, Float32Array>();
  if (existsSync(file)) {
    const buffer = readFileSync(file);
    const whole = buffer.length - (buffer.length % recordBytes);
    for (let offset = 0; offset < whole; offset += recordBytes) {
      const key = buffer.subarray(offset, offset + 32).toString('hex');
      const copy = new Float32Array(inner.dimension);
      new Uint8Array(copy.buffer).set(buffer.subarray(offset + 32, offset + recordBytes));
      vectors.set(key, copy);
    }
  }
  const stats: CacheStats = { hits: 0, modelTexts: 0, modelSeconds: 0 };
  const model: EmbeddingModel = {
    id: inner.id,
    version: inner.version,
    dimension: inner.dimension,
    maxInputTokens: inner.maxInputTokens,
    maxBatchSize: inner.maxBatchSize,
    prefixes: inner.prefixes,
    ...(inner.unrelatedBelow === undefined ? {} : { unrelatedBelow: inner.unrelatedBelow }),
    async embed(texts, options) {
      const keys = texts.map((text) => keyOf(space, text));
      const missing: string[] = [];
      const missingKeys: string[] = [];
      const seen = new Set<string>();
      texts.forEach((text, index) => {
        const key = keys[index] ?? '';
        if (vectors.has(key) || seen.has(key)) return;
        seen.add(key);
        missing.push(text);
        missingKeys.push(key);
      });
      stats.hits += texts.length - missing.length;
      if (missing.length > 0) {
        const started = performance.now();
        const fresh = await inner.embed(missing, options);
        stats.modelSeconds += (performance.now() - started) / 1000;
        stats.modelTexts += missing.length;
        const chunks: Buffer[] = [];
        missingKeys.forEach((key, index) => {
          const vector = fresh[index];
          if (vector === undefined) return;
          vectors.set(key, vector);
          chunks.push(
            Buffer.from(key, 'hex'),
            Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength),
          );
        });
        appendFileSync(file, Buffer.concat(chunks));
      }
      return keys.map((key) => vectors.get(key) ?? new Float32Array(inner.dimension));
    },
    close: () => inner.close(),
  };
  return {
    model,
    stats,
    size: () => vectors.size,
    has: (input) => vectors.has(keyOf(space, input)),
  };
}
