import { EngineError } from '../../core/index.js';
import {
  checkEmbeddingModelShape,
  EmbeddingModelBase,
  type EmbeddingPrefixes,
  type EmbedOptions,
} from '../index.js';

/** The part of `@huggingface/transformers` this adapter uses (an optional peer dependency). */
export interface TransformersModule {
  readonly env: {
    allowRemoteModels: boolean;
    allowLocalModels: boolean;
    localModelPath: string;
    cacheDir: string | null;
  };
  pipeline(
    task: 'feature-extraction',
    model: string,
    options: { readonly dtype: string; readonly device: string },
  ): Promise<FeatureExtractor>;
}

/** A transformers.js feature-extraction pipeline. */
export interface FeatureExtractor {
  (
    texts: string[],
    options: { readonly pooling: 'mean' | 'cls'; readonly normalize: boolean },
  ): Promise<{ readonly dims: readonly number[]; readonly data: ArrayLike<number> }>;
  dispose?(): Promise<unknown>;
}

/** Options of `createTransformersEmbeddingModel`. */
export interface TransformersEmbeddingModelOptions {
  /**
   * The model: a folder name under `localModelPath` (holding `config.json`, `tokenizer.json`,
   * `tokenizer_config.json` and `onnx/model.onnx`), or a Hugging Face hub id such as
   * `Xenova/all-MiniLM-L6-v2` when `allowRemoteModels` is set.
   */
  readonly model: string;
  /** Length of the model's vectors (384 for MiniLM-L6), checked on every call. */
  readonly dimension: number;
  /** Folder of local models. Default: transformers.js's own (`/models/`). */
  readonly localModelPath?: string;
  /** Download from the Hugging Face hub when the model is not local (needs network). Default false. */
  readonly allowRemoteModels?: boolean;
  /** Where downloaded models are kept. */
  readonly cacheDir?: string;
  /** ONNX weights to load: `fp32` (`onnx/model.onnx`), `q8` (`onnx/model_quantized.onnx`), … Default `fp32`. */
  readonly dtype?: 'fp32' | 'fp16' | 'q8' | 'int8' | 'uint8' | 'q4' | 'bnb4' | 'q4f16';
  /** How token vectors become one vector. Default `mean` (sentence-transformers models). */
  readonly pooling?: 'mean' | 'cls';
  /** Version recorded with cached vectors; change it when the local files change. Default `1`. */
  readonly version?: string;
  /** The tokenizer's truncation length, for callers that bound inputs. Default 512. */
  readonly maxInputTokens?: number;
  /** Texts per pipeline call. Default 32. */
  readonly maxBatchSize?: number;
  /** e5 models want `{ query: 'query: ', document: 'passage: ' }`. Default: none. */
  readonly prefixes?: EmbeddingPrefixes;
  /** Loads the library. Default: a dynamic import of `@huggingface/transformers`. */
  readonly loadModule?: () => Promise<TransformersModule>;
}

/** Held in a variable so TypeScript does not require the optional package's types. */
const PACKAGE = '@huggingface/transformers';

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted === true) throw signal.reason;
}

async function importTransformers(): Promise<TransformersModule> {
  return (await import(PACKAGE)) as TransformersModule;
}

/**
 * Sentence-embedding ONNX models through transformers.js (onnxruntime-node on the CPU), loaded
 * on the first `embed` from a local folder or, when allowed, from the Hugging Face hub.
 * `@huggingface/transformers` is an optional peer dependency: without it, `embed` throws
 * PROVIDER_FAILED naming the install command. Build it with `createTransformersEmbeddingModel`.
 */
export class TransformersEmbeddingModel extends EmbeddingModelBase {
  readonly #options: TransformersEmbeddingModelOptions;
  #extractor: Promise<FeatureExtractor> | null = null;

  constructor(options: TransformersEmbeddingModelOptions) {
    super(options, { maxInputTokens: 512, maxBatchSize: 32 });
    this.#options = options;
  }

  async embed(texts: readonly string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
    throwIfAborted(options.signal);
    const vectors: Float32Array[] = texts.map(() => new Float32Array(this.dimension));
    const wanted = texts
      .map((text, index) => ({ text, index }))
      .filter((entry) => entry.text.trim() !== '');
    if (wanted.length === 0) return vectors;
    const extractor = await this.#load();
    for (let start = 0; start < wanted.length; start += this.maxBatchSize) {
      throwIfAborted(options.signal);
      const batch = wanted.slice(start, start + this.maxBatchSize);
      let output: Awaited<ReturnType<FeatureExtractor>>;
      try {
        output = await extractor(
          batch.map((entry) => entry.text),
          { pooling: this.#options.pooling ?? 'mean', normalize: true },
        );
      } catch (error: unknown) {
        throw new EngineError(
          'PROVIDER_FAILED',
          `transformers.js failed to embed with ${this.id}`,
          { provider: 'transformers', model: this.id },
          { cause: error },
        );
      }
      const width = output.dims[output.dims.length - 1] ?? 0;
      if (width !== this.dimension) {
        throw new EngineError(
          'CONFIG_INVALID',
          `${this.id} returns ${width}-d vectors, not the configured ${this.dimension}`,
          { provider: 'transformers', model: this.id, dimension: width },
        );
      }
      const data = Float32Array.from(output.data);
      batch.forEach((entry, row) => {
        vectors[entry.index] = data.slice(row * width, (row + 1) * width);
      });
    }
    return vectors;
  }

  /** Releases the ONNX session. Idempotent; a later `embed` loads the model again. */
  async close(): Promise<void> {
    const loading = this.#extractor;
    this.#extractor = null;
    if (loading === null) return;
    // A model that failed to load has nothing to release.
    const extractor = await loading.catch(() => null);
    await extractor?.dispose?.();
  }

  #load(): Promise<FeatureExtractor> {
    if (this.#extractor === null) {
      const loading = this.#open();
      // A failed load is retried by the next call instead of being remembered.
      loading.catch(() => {
        if (this.#extractor === loading) this.#extractor = null;
      });
      this.#extractor = loading;
    }
    return this.#extractor;
  }

  async #open(): Promise<FeatureExtractor> {
    let library: TransformersModule;
    try {
      library = await (this.#options.loadModule ?? importTransformers)();
    } catch (error: unknown) {
      throw new EngineError(
        'PROVIDER_FAILED',
        'The optional peer dependency @huggingface/transformers is not installed; install it with ' +
          '`ONNXRUNTIME_NODE_INSTALL_CUDA=skip ONNXRUNTIME_NODE_INSTALL=skip npm install @huggingface/transformers@3`',
        { provider: 'transformers', model: this.id },
        { cause: error },
      );
    }
    // transformers.js keeps these settings module-wide: set them right before each load.
    library.env.allowLocalModels = true;
    library.env.allowRemoteModels = this.#options.allowRemoteModels ?? false;
    if (this.#options.localModelPath !== undefined) {
      library.env.localModelPath = this.#options.localModelPath;
    }
    if (this.#options.cacheDir !== undefined) library.env.cacheDir = this.#options.cacheDir;
    try {
      return await library.pipeline('feature-extraction', this.id, {
        dtype: this.#options.dtype ?? 'fp32',
        device: 'cpu',
      });
    } catch (error: unknown) {
      throw new EngineError(
        'PROVIDER_FAILED',
        `transformers.js could not load ${this.id}`,
        { provider: 'transformers', model: this.id },
        { cause: error },
      );
    }
  }
}

/**
 * Builds a transformers.js embedding model. Nothing is imported or loaded until the first
 * `embed`. Throws CONFIG_INVALID for an empty model name or a dimension or batch size that is not
 * a positive integer.
 */
export function createTransformersEmbeddingModel(
  options: TransformersEmbeddingModelOptions,
): TransformersEmbeddingModel {
  checkEmbeddingModelShape('transformers', options);
  return new TransformersEmbeddingModel(options);
}
