import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import {
  APICallError,
  type EmbeddingModelMiddleware,
  embedMany,
  RetryError,
  wrapEmbeddingModel,
} from 'ai';
import { EngineError } from '../../core/index.js';
import {
  checkEmbeddingModelShape,
  EmbeddingModelBase,
  type EmbeddingPrefixes,
  type EmbedOptions,
} from '../index.js';

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
  /** Per-request timeout (each attempt); a timed-out request is not retried. Default 60 000. */
  readonly timeoutMs?: number;
  /**
   * Retries after a 408, 409, 429 or 5xx answer or a failed connection, by the AI SDK's policy:
   * it waits as long as a `retry-after-ms`/`retry-after` header asks (under a minute), else 2 s,
   * doubled for each next retry. Default 2.
   */
  readonly maxRetries?: number;
  /** The HTTP client. Default: the global `fetch`. */
  readonly fetch?: typeof fetch;
}

/** Characters per token assumed when bounding an input for the server (English averages ~4). */
const CHARACTERS_PER_TOKEN = 4;

/** Scales a vector to unit length (servers such as Ollama may not); the zero vector stays. */
function normalise(values: readonly number[]): Float32Array {
  const vector = Float32Array.from(values);
  const norm = Math.hypot(...vector);
  return norm === 0 ? vector : vector.map((value) => value / norm);
}

/**
 * The `index` of each entry of a raw `/embeddings` answer, when all are present and form a
 * permutation; OpenAI documents the field, and the SDK itself reads the entries in array order.
 */
function answerIndexes(body: unknown, count: number): number[] | null {
  if (typeof body !== 'object' || body === null || !('data' in body)) return null;
  const data = body.data;
  if (!Array.isArray(data) || data.length !== count) return null;
  const indexes = data.map((entry: unknown) =>
    typeof entry === 'object' && entry !== null && 'index' in entry ? entry.index : null,
  );
  const seen = new Set(indexes);
  const isPermutation =
    seen.size === count &&
    indexes.every((index) => Number.isInteger(index) && (index as number) < count);
  return isPermutation ? (indexes as number[]) : null;
}

/**
 * Embeddings from any server speaking OpenAI's `POST /embeddings` (OpenAI, Ollama, vLLM,
 * LM Studio), through the Vercel AI SDK (`embedMany` on `@ai-sdk/openai-compatible`), which
 * sends the requests, splits batches and retries. Verity adds what its contract needs: inputs
 * bounded to about `maxInputTokens`, blank texts kept as zero vectors without a request, answers
 * put back in input order by their `index`, the dimension checked, and unit-length vectors.
 * Build it with `createOpenAICompatibleEmbeddingModel`.
 */
export class OpenAICompatibleEmbeddingModel extends EmbeddingModelBase {
  /** The AI SDK embedding model (batch size and checks applied), as an escape hatch. */
  readonly client: Parameters<typeof embedMany>[0]['model'];
  readonly #url: string;
  readonly #sendDimensions: boolean;
  readonly #maxRetries: number;

  constructor(options: OpenAICompatibleEmbeddingModelOptions) {
    super(options, { maxInputTokens: 8192, maxBatchSize: 64 });
    const baseURL = options.baseUrl.replace(/\/+$/, '');
    this.#url = `${baseURL}/embeddings`;
    this.#sendDimensions = options.sendDimensions ?? false;
    this.#maxRetries = options.maxRetries ?? 2;
    const provider = createOpenAICompatible({
      name: 'verity',
      baseURL,
      ...(options.apiKey === undefined ? {} : { apiKey: options.apiKey }),
      ...(options.headers === undefined ? {} : { headers: { ...options.headers } }),
      ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    });
    this.client = wrapEmbeddingModel({
      model: provider.textEmbeddingModel(options.model),
      middleware: this.#middleware(options.timeoutMs ?? 60_000),
    });
  }

  async embed(texts: readonly string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
    const vectors: Float32Array[] = texts.map(() => new Float32Array(this.dimension));
    const maxCharacters = this.maxInputTokens * CHARACTERS_PER_TOKEN;
    // Servers reject empty inputs; a blank text keeps the zero vector instead.
    const wanted = texts
      .map((text, index) => ({ text: text.slice(0, maxCharacters), index }))
      .filter((entry) => entry.text.trim() !== '');
    if (wanted.length === 0) return vectors;
    let embeddings: number[][];
    try {
      ({ embeddings } = await embedMany({
        model: this.client,
        values: wanted.map((entry) => entry.text),
        maxRetries: this.#maxRetries,
        maxParallelCalls: 1,
        ...(options.signal === undefined ? {} : { abortSignal: options.signal }),
        ...(this.#sendDimensions
          ? { providerOptions: { verity: { dimensions: this.dimension } } }
          : {}),
      }));
    } catch (error: unknown) {
      if (options.signal?.aborted === true) throw options.signal.reason;
      throw this.#failure(error);
    }
    wanted.forEach((entry, row) => {
      vectors[entry.index] = normalise(embeddings[row] ?? []);
    });
    return vectors;
  }

  /** Nothing to release: requests hold no connection between calls. */
  async close(): Promise<void> {}

  /** Batch size, a timeout per request, and the checks of each answer, around the SDK model. */
  #middleware(timeoutMs: number): EmbeddingModelMiddleware {
    return {
      specificationVersion: 'v3',
      overrideMaxEmbeddingsPerCall: () => this.maxBatchSize,
      overrideSupportsParallelCalls: () => false,
      transformParams: async ({ params }) => {
        const timeout = AbortSignal.timeout(timeoutMs);
        const signal =
          params.abortSignal === undefined
            ? timeout
            : AbortSignal.any([params.abortSignal, timeout]);
        return { ...params, abortSignal: signal };
      },
      wrapEmbed: async ({ doEmbed, params }) => {
        const result = await doEmbed();
        const count = params.values.length;
        if (result.embeddings.length !== count) {
          throw new EngineError(
            'PROVIDER_FAILED',
            `The embeddings server did not return ${count} embeddings`,
            { provider: 'openai-compatible', model: this.id },
          );
        }
        for (const embedding of result.embeddings) {
          if (embedding.length !== this.dimension) {
            throw new EngineError(
              'CONFIG_INVALID',
              `${this.id} returned ${embedding.length}-d vectors, not the configured ${this.dimension}`,
              { provider: 'openai-compatible', model: this.id, dimension: embedding.length },
            );
          }
        }
        const indexes = answerIndexes(result.response?.body, count);
        if (indexes === null) return result;
        const ordered = [...result.embeddings];
        indexes.forEach((index, row) => {
          ordered[index] = result.embeddings[row] ?? [];
        });
        return { ...result, embeddings: ordered };
      },
    };
  }

  /**
   * The error callers see: Verity's own checks pass through; an SDK failure becomes
   * PROVIDER_FAILED with the attempts, the HTTP status (never the body: a server may echo the
   * input) and the original error as `cause` (the network error itself for a failed connection).
   */
  #failure(error: unknown): EngineError {
    const errors = RetryError.isInstance(error) ? error.errors : [error];
    const last = errors.at(-1);
    if (last instanceof EngineError) return last;
    // A 2xx status means the answer, not the exchange, was wrong: the SDK's message says how.
    const code = APICallError.isInstance(last) ? last.statusCode : undefined;
    const status = code !== undefined && code >= 300 ? code : undefined;
    const network = APICallError.isInstance(last) && code === undefined && last.cause !== undefined;
    const cause = network ? (last as APICallError).cause : last;
    const reason =
      status !== undefined
        ? `HTTP ${status}`
        : cause instanceof Error
          ? cause.message
          : String(cause);
    return new EngineError(
      'PROVIDER_FAILED',
      `Embedding request to ${this.#url} failed: ${reason}`,
      {
        provider: 'openai-compatible',
        model: this.id,
        attempts: errors.length,
        ...(status === undefined ? {} : { status }),
      },
      { cause },
    );
  }
}

/**
 * Builds an embedding model served over the OpenAI-compatible API. Throws CONFIG_INVALID for an
 * unusable base URL, model name, dimension or batch size.
 */
export function createOpenAICompatibleEmbeddingModel(
  options: OpenAICompatibleEmbeddingModelOptions,
): OpenAICompatibleEmbeddingModel {
  if (!URL.canParse(options.baseUrl)) {
    throw new EngineError('CONFIG_INVALID', 'baseUrl must be an absolute URL', {
      provider: 'openai-compatible',
      option: 'baseUrl',
    });
  }
  checkEmbeddingModelShape('openai-compatible', options);
  return new OpenAICompatibleEmbeddingModel(options);
}
