import { sha256Hex } from '../../core/index.js';
import type { EmbeddingModel, EmbeddingPrefixes, EmbedOptions } from '../index.js';

/** Options of `createFakeEmbeddingModel`. */
export interface FakeEmbeddingModelOptions {
  /** Vector length. Default 64. */
  readonly dimension?: number;
  /** Model id. Default `fake-embedding`. */
  readonly id?: string;
  /** Model version; change it to simulate a new model. Default `1`. */
  readonly version?: string;
  /** Default 16. */
  readonly maxBatchSize?: number;
  /** Default: none. */
  readonly prefixes?: EmbeddingPrefixes;
  /** Make every `embed` call fail with this error (to test failure handling). */
  readonly failWith?: Error;
  /** The model's `unrelatedBelow`. Default: none. */
  readonly unrelatedBelow?: number;
}

/** Lowercase runs of letters and digits. */
function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * A deterministic stand-in for a real model in unit tests: each word is hashed to a signed slot
 * of the vector (feature hashing), so texts sharing words are similar and nothing is loaded.
 * It records every call in `calls`. Build it with `createFakeEmbeddingModel`.
 */
export class FakeEmbeddingModel implements EmbeddingModel {
  readonly id: string;
  readonly version: string;
  readonly dimension: number;
  /** Unbounded: the fake reads every word. */
  readonly maxInputTokens = Number.MAX_SAFE_INTEGER;
  readonly maxBatchSize: number;
  readonly prefixes: EmbeddingPrefixes;
  readonly unrelatedBelow?: number;
  /** The texts of every `embed` call, in call order. */
  readonly calls: (readonly string[])[] = [];
  /** How many times `close` was called. */
  closed = 0;
  readonly #failWith: Error | null;

  constructor(options: FakeEmbeddingModelOptions) {
    this.id = options.id ?? 'fake-embedding';
    this.version = options.version ?? '1';
    this.dimension = options.dimension ?? 64;
    this.maxBatchSize = options.maxBatchSize ?? 16;
    this.prefixes = options.prefixes ?? { query: '', document: '' };
    this.#failWith = options.failWith ?? null;
    if (options.unrelatedBelow !== undefined) this.unrelatedBelow = options.unrelatedBelow;
  }

  async embed(texts: readonly string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
    if (options.signal?.aborted === true) throw options.signal.reason;
    this.calls.push([...texts]);
    if (this.#failWith !== null) throw this.#failWith;
    return texts.map((text) => this.#vector(text));
  }

  async close(): Promise<void> {
    this.closed += 1;
  }

  #vector(text: string): Float32Array {
    const vector = new Float32Array(this.dimension);
    for (const word of words(text)) {
      const hash = Number.parseInt(sha256Hex(word).slice(0, 8), 16);
      const slot = hash % this.dimension;
      vector[slot] = (vector[slot] ?? 0) + (hash & 0x80000000 ? -1 : 1);
    }
    const norm = Math.hypot(...vector);
    return norm === 0 ? vector : vector.map((value) => value / norm);
  }
}

/** Builds a `FakeEmbeddingModel`. */
export function createFakeEmbeddingModel(
  options: FakeEmbeddingModelOptions = {},
): FakeEmbeddingModel {
  return new FakeEmbeddingModel(options);
}
