/**
 * The `EmbeddingModel` contract: turns texts into fixed-length vectors for semantic search.
 * Adapters: `local/` (the bundled Universal Sentence Encoder lite), `transformers/` (ONNX models
 * through transformers.js), `openai-compatible/` (`/v1/embeddings`), `fake/` (deterministic, for
 * tests). May import: core.
 */

import { EngineError } from '../core/index.js';

/** Text a model expects before a query or a document (e5-style models need `query: `). */
export interface EmbeddingPrefixes {
  /** Prepended to a search query before it is embedded. */
  readonly query: string;
  /** Prepended to an indexed document before it is embedded. */
  readonly document: string;
}

/** Options of one `embed` call. */
export interface EmbedOptions {
  /** Aborts the call; the promise then rejects with the signal's reason. */
  readonly signal?: AbortSignal;
}

/**
 * A text-embedding model. Vectors from two models (or two versions of one) live in different
 * spaces and are never compared: `id@version` names the space, and cached vectors are keyed by it.
 */
export interface EmbeddingModel {
  /** Stable model name, e.g. `universal-sentence-encoder-lite` or `text-embedding-3-small`. */
  readonly id: string;
  /**
   * Version of the weights and of everything that changes the vector of a given input text
   * (tokenizer, pooling, normalisation). Bump it whenever the same text would embed differently:
   * `id@version` keys the vector cache.
   */
  readonly version: string;
  /** Length of every vector `embed` returns. */
  readonly dimension: number;
  /**
   * How much of an input the model reads, in its own tokens. Longer inputs are truncated by the
   * adapter (never rejected); callers use it to bound what they send.
   */
  readonly maxInputTokens: number;
  /** The most texts one `embed` call should carry; callers split larger batches. */
  readonly maxBatchSize: number;
  /** Prefixes the model was trained with; empty strings when it needs none. */
  readonly prefixes: EmbeddingPrefixes;
  /**
   * Cosine similarity below which this model's nearest neighbours of a query are unrelated to it
   * (measured for the model: the scale differs from one model to another). Memories found by the
   * vector search alone are not shown under it. Absent: not measured, every neighbour is shown.
   */
  readonly unrelatedBelow?: number;
  /**
   * Embeds `texts`, returning one vector of `dimension` numbers per text, in input order: unit
   * length, except the zero vector for an empty or blank text. Deterministic for a given input.
   * The first call may load the model (lazily: constructing an adapter never loads weights).
   * Throws `PROVIDER_FAILED` (with the original error as `cause`) when the model cannot be loaded
   * or fails, and `CONFIG_INVALID` when it returns vectors of another dimension.
   */
  embed(texts: readonly string[], options?: EmbedOptions): Promise<readonly Float32Array[]>;
  /** Releases what the model holds (worker threads, sessions). Idempotent; `embed` may reopen. */
  close(): Promise<void>;
}

/** `id@version`: the name of a model's vector space, the key of its cached vectors. */
export function toModelKey(model: Pick<EmbeddingModel, 'id' | 'version'>): string {
  return `${model.id}@${model.version}`;
}

/** The options every embedding adapter's factory checks before building the model. */
interface EmbeddingModelShape {
  /** The model name (not blank). */
  readonly model: string;
  /** Vector length (a positive integer). */
  readonly dimension: number;
  /** Texts per call (a positive integer) when given. */
  readonly maxBatchSize?: number;
}

/**
 * Throws CONFIG_INVALID (naming `provider` and the option) for a blank model name or a dimension
 * or batch size that is not a positive integer. Shared by the adapters' factories.
 */
export function checkEmbeddingModelShape(provider: string, options: EmbeddingModelShape): void {
  const invalid = (option: string, message: string): EngineError =>
    new EngineError('CONFIG_INVALID', message, { provider, option });
  if (options.model.trim() === '') throw invalid('model', 'model must name a model');
  const positive = (value: number): boolean => Number.isInteger(value) && value >= 1;
  if (!positive(options.dimension)) {
    throw invalid('dimension', 'dimension must be a positive integer');
  }
  if (options.maxBatchSize !== undefined && !positive(options.maxBatchSize)) {
    throw invalid('maxBatchSize', 'maxBatchSize must be a positive integer');
  }
}

/** What every adapter's options say about the model, beyond its shape. */
interface EmbeddingModelSettings extends EmbeddingModelShape {
  /** Version recorded with cached vectors. Default `1`. */
  readonly version?: string;
  readonly maxInputTokens?: number;
  readonly prefixes?: EmbeddingPrefixes;
}

/**
 * The identity and limits every adapter carries, set once from its options (`model` becomes
 * `id`); subclasses add `embed` and `close`.
 */
export abstract class EmbeddingModelBase implements EmbeddingModel {
  readonly id: string;
  readonly version: string;
  readonly dimension: number;
  readonly maxInputTokens: number;
  readonly maxBatchSize: number;
  readonly prefixes: EmbeddingPrefixes;

  /** `defaults` fill `maxInputTokens` and `maxBatchSize` when the options leave them out. */
  protected constructor(
    options: EmbeddingModelSettings,
    defaults: { readonly maxInputTokens: number; readonly maxBatchSize: number },
  ) {
    this.id = options.model;
    this.version = options.version ?? '1';
    this.dimension = options.dimension;
    this.maxInputTokens = options.maxInputTokens ?? defaults.maxInputTokens;
    this.maxBatchSize = options.maxBatchSize ?? defaults.maxBatchSize;
    this.prefixes = options.prefixes ?? { query: '', document: '' };
  }

  abstract embed(
    texts: readonly string[],
    options?: EmbedOptions,
  ): Promise<readonly Float32Array[]>;
  abstract close(): Promise<void>;
}
