import { EngineError } from '../../core/index.js';
import type { EmbeddingModel, EmbeddingPrefixes, EmbedOptions } from '../index.js';

/** Options of `createOpenAICompatibleEmbeddingModel`. */
export interface OpenAICompatibleEmbeddingModelOptions {
  /**
   * The API root including its version, e.g. `https://api.openai.com/v1`,
   * `http://127.0.0.1:11434/v1` (Ollama) or a vLLM server's `/v1`.
   */
  readonly baseUrl: string;
  /** The model name the server knows, e.g. `text-embedding-3-small` or `nomic-embed-text`. */
  readonly model: string;
  /** Length of the vectors the model returns (checked on every response). */
  readonly dimension: number;
  /** Sent as a bearer token when given. */
  readonly apiKey?: string;
  /**
   * Ask the server to shorten vectors to `dimension` (OpenAI `text-embedding-3-*` supports it;
   * many servers reject the field). Default false.
   */
  readonly sendDimensions?: boolean;
  /** Version recorded with cached vectors; change it when the served weights change. Default `1`. */
  readonly version?: string;
  /** Default 8192 (OpenAI's limit is 8191 tokens). */
  readonly maxInputTokens?: number;
  /** Texts per request. Default 64. */
  readonly maxBatchSize?: number;
  /** Default: none. */
  readonly prefixes?: EmbeddingPrefixes;
  /** Extra request headers. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Per-request timeout. Default 60 000. */
  readonly timeoutMs?: number;
  /** Retries after a 408, 429 or 5xx answer or a network failure. Default 2. */
  readonly maxRetries?: number;
  /** First retry delay, doubled for each next one. Default 500. */
  readonly retryDelayMs?: number;
  /** The HTTP client. Default: the global `fetch`. */
  readonly fetch?: typeof fetch;
}

/** Characters per token assumed when bounding an input for the server (English averages ~4). */
const CHARACTERS_PER_TOKEN = 4;

interface EmbeddingsResponse {
  readonly data: readonly { readonly index: number; readonly embedding: readonly number[] }[];
}

function isEmbeddingsResponse(value: unknown): value is EmbeddingsResponse {
  if (typeof value !== 'object' || value === null || !('data' in value)) return false;
  const data = value.data;
  return (
    Array.isArray(data) &&
    data.every(
      (entry: unknown) =>
        typeof entry === 'object' &&
        entry !== null &&
        'index' in entry &&
        typeof entry.index === 'number' &&
        'embedding' in entry &&
        Array.isArray(entry.embedding),
    )
  );
}

function isRetryable(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

function delay(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/** Scales a vector to unit length (servers such as Ollama may not); the zero vector stays. */
function normalise(values: readonly number[]): Float32Array {
  const vector = Float32Array.from(values);
  const norm = Math.hypot(...vector);
  return norm === 0 ? vector : vector.map((value) => value / norm);
}

/**
 * A failed HTTP exchange, kept as the `cause` of the `EngineError` callers see. The body stays
 * out of the message: a server may echo the input text.
 */
class HttpFailure extends Error {
  override readonly name = 'HttpFailure';
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`HTTP ${status}`);
  }
}

/**
 * Embeddings from any server speaking OpenAI's `POST /embeddings` (OpenAI, Ollama, vLLM,
 * LM Studio). Batches, retries transient failures, bounds each input to about `maxInputTokens`
 * and returns unit-length vectors. Build it with `createOpenAICompatibleEmbeddingModel`.
 */
export class OpenAICompatibleEmbeddingModel implements EmbeddingModel {
  readonly id: string;
  readonly version: string;
  readonly dimension: number;
  readonly maxInputTokens: number;
  readonly maxBatchSize: number;
  readonly prefixes: EmbeddingPrefixes;
  /** The HTTP client, for escape hatches. */
  readonly client: typeof fetch;
  readonly #url: string;
  readonly #headers: Readonly<Record<string, string>>;
  readonly #options: Required<
    Pick<
      OpenAICompatibleEmbeddingModelOptions,
      'sendDimensions' | 'timeoutMs' | 'maxRetries' | 'retryDelayMs'
    >
  >;

  constructor(options: OpenAICompatibleEmbeddingModelOptions) {
    this.id = options.model;
    this.version = options.version ?? '1';
    this.dimension = options.dimension;
    this.maxInputTokens = options.maxInputTokens ?? 8192;
    this.maxBatchSize = options.maxBatchSize ?? 64;
    this.prefixes = options.prefixes ?? { query: '', document: '' };
    this.client = options.fetch ?? fetch;
    this.#url = `${options.baseUrl.replace(/\/+$/, '')}/embeddings`;
    this.#headers = {
      'content-type': 'application/json',
      ...(options.apiKey === undefined ? {} : { authorization: `Bearer ${options.apiKey}` }),
      ...options.headers,
    };
    this.#options = {
      sendDimensions: options.sendDimensions ?? false,
      timeoutMs: options.timeoutMs ?? 60_000,
      maxRetries: options.maxRetries ?? 2,
      retryDelayMs: options.retryDelayMs ?? 500,
    };
  }

  async embed(texts: readonly string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
    const vectors: Float32Array[] = texts.map(() => new Float32Array(this.dimension));
    const maxCharacters = this.maxInputTokens * CHARACTERS_PER_TOKEN;
    // Servers reject empty inputs; a blank text keeps the zero vector instead.
    const wanted = texts
      .map((text, index) => ({ text: text.slice(0, maxCharacters), index }))
      .filter((entry) => entry.text.trim() !== '');
    for (let start = 0; start < wanted.length; start += this.maxBatchSize) {
      const batch = wanted.slice(start, start + this.maxBatchSize);
      const embedded = await this.#request(
        batch.map((entry) => entry.text),
        options.signal,
      );
      batch.forEach((entry, row) => {
        vectors[entry.index] = embedded[row] ?? new Float32Array(this.dimension);
      });
    }
    return vectors;
  }

  /** Nothing to release: requests hold no connection between calls. */
  async close(): Promise<void> {}

  async #request(
    input: readonly string[],
    signal: AbortSignal | undefined,
  ): Promise<Float32Array[]> {
    const body = JSON.stringify({
      model: this.id,
      input,
      encoding_format: 'float',
      ...(this.#options.sendDimensions ? { dimensions: this.dimension } : {}),
    });
    for (let attempt = 0; ; attempt += 1) {
      const timeout = AbortSignal.timeout(this.#options.timeoutMs);
      const combined = signal === undefined ? timeout : AbortSignal.any([signal, timeout]);
      let failure: unknown;
      let retryable = false;
      try {
        const response = await this.client(this.#url, {
          method: 'POST',
          headers: this.#headers,
          body,
          signal: combined,
        });
        const text = await response.text();
        if (response.ok) return this.#parse(text, input.length);
        failure = new HttpFailure(response.status, text);
        retryable = isRetryable(response.status);
      } catch (error: unknown) {
        if (error instanceof EngineError) throw error;
        if (signal?.aborted === true) throw signal.reason;
        failure = error;
        retryable = true;
      }
      if (!retryable || attempt >= this.#options.maxRetries) {
        throw new EngineError(
          'PROVIDER_FAILED',
          `Embedding request to ${this.#url} failed: ${failure instanceof Error ? failure.message : String(failure)}`,
          {
            provider: 'openai-compatible',
            model: this.id,
            attempts: attempt + 1,
            ...(failure instanceof HttpFailure ? { status: failure.status } : {}),
          },
          { cause: failure },
        );
      }
      await delay(this.#options.retryDelayMs * 2 ** attempt, signal);
    }
  }

  #parse(text: string, count: number): Float32Array[] {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error: unknown) {
      throw new EngineError(
        'PROVIDER_FAILED',
        'The embeddings server answered with invalid JSON',
        { provider: 'openai-compatible', model: this.id },
        { cause: error },
      );
    }
    if (!isEmbeddingsResponse(parsed) || parsed.data.length !== count) {
      throw new EngineError(
        'PROVIDER_FAILED',
        `The embeddings server did not return ${count} embeddings`,
        { provider: 'openai-compatible', model: this.id },
      );
    }
    const vectors: Float32Array[] = [];
    for (const entry of parsed.data) {
      if (entry.embedding.length !== this.dimension) {
        throw new EngineError(
          'CONFIG_INVALID',
          `${this.id} returned ${entry.embedding.length}-d vectors, not the configured ${this.dimension}`,
          { provider: 'openai-compatible', model: this.id, dimension: entry.embedding.length },
        );
      }
      vectors[entry.index] = normalise(entry.embedding);
    }
    return vectors;
  }
}

/**
 * Builds an embedding model served over the OpenAI-compatible API. Throws CONFIG_INVALID for an
 * unusable base URL, model name, dimension or batch size.
 */
export function createOpenAICompatibleEmbeddingModel(
  options: OpenAICompatibleEmbeddingModelOptions,
): OpenAICompatibleEmbeddingModel {
  const invalid = (option: string, message: string): EngineError =>
    new EngineError('CONFIG_INVALID', message, { provider: 'openai-compatible', option });
  if (!URL.canParse(options.baseUrl)) throw invalid('baseUrl', 'baseUrl must be an absolute URL');
  if (options.model.trim() === '') throw invalid('model', 'model must name a model');
  if (!Number.isInteger(options.dimension) || options.dimension < 1) {
    throw invalid('dimension', 'dimension must be a positive integer');
  }
  const batch = options.maxBatchSize ?? 64;
  if (!Number.isInteger(batch) || batch < 1) {
    throw invalid('maxBatchSize', 'maxBatchSize must be a positive integer');
  }
  return new OpenAICompatibleEmbeddingModel(options);
}
