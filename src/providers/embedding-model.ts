/**
 * The `EmbeddingModel` contract: turns texts into fixed-length vectors for semantic search.
 * Adapters: `local/` (the bundled Universal Sentence Encoder lite), `transformers/` (ONNX models
 * through transformers.js), `openai-compatible/` (`/v1/embeddings`), `fake/` (deterministic, for
 * tests). May import: core.
 */

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
