import { sha256Hex } from '../core/index.js';
import { type EmbeddingModel, toModelKey } from '../providers/index.js';
import type { EmbeddingSpace } from '../stores/index.js';

/** Options of `createEmbedder`. */
interface EmbedderOptions {
  /** Query vectors remembered in memory, most recent first. Default 256. */
  readonly queryCacheSize?: number;
}

/**
 * A model with Verity's preprocessing around it: prefixes, a bound on input length, content
 * hashes (the vector cache keys) and a small query cache.
 */
export interface Embedder {
  readonly model: EmbeddingModel;
  /** The space the model's vectors live in: `id@version` and the dimension. */
  readonly space: EmbeddingSpace;
  /** The exact model input for an indexed item's text. */
  documentInput(text: string): string;
  /** Hash of a model input: with the space, the key of its cached vector. */
  contentHash(input: string): string;
  /** Embeds document inputs (from `documentInput`), one vector each, in order. */
  embedDocuments(inputs: readonly string[], signal?: AbortSignal): Promise<readonly Float32Array[]>;
  /** Embeds a search query (with the model's query prefix), remembering recent ones. */
  embedQuery(text: string, signal?: AbortSignal): Promise<Float32Array>;
}

/**
 * Characters kept per input token. Generous on purpose: inputs are cut only to keep requests and
 * hashes bounded; the model truncates at its own token limit.
 */
const CHARACTERS_PER_TOKEN = 16;

/** Wraps `model` with preprocessing, hashing and a query cache. */
export function createEmbedder(model: EmbeddingModel, options: EmbedderOptions = {}): Embedder {
  const cacheSize = options.queryCacheSize ?? 256;
  const queries = new Map<string, Float32Array>();
  const maxCharacters = model.maxInputTokens * CHARACTERS_PER_TOKEN;
  const bound = (text: string): string =>
    text.length > maxCharacters ? text.slice(0, maxCharacters) : text;
  return {
    model,
    space: { model: toModelKey(model), dimension: model.dimension },
    documentInput: (text) => bound(`${model.prefixes.document}${text}`),
    contentHash: (input) => sha256Hex(input),
    embedDocuments: (inputs, signal) => model.embed(inputs, signal === undefined ? {} : { signal }),
    async embedQuery(text, signal) {
      const input = bound(`${model.prefixes.query}${text}`);
      const cached = queries.get(input);
      if (cached !== undefined) {
        queries.delete(input);
        queries.set(input, cached);
        return cached;
      }
      const [vector] = await model.embed([input], signal === undefined ? {} : { signal });
      const result = vector ?? new Float32Array(model.dimension);
      queries.set(input, result);
      if (queries.size > cacheSize) {
        const oldest = queries.keys().next();
        if (oldest.done !== true) queries.delete(oldest.value);
      }
      return result;
    },
  };
}
