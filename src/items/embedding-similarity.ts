import type { SimilaritySource } from './reconcile-candidates.js';

/** Options of `createEmbeddingSimilarity`. */
interface EmbeddingSimilarityOptions {
  /**
   * Embeds texts, one vector per text in the same order (an `EmbeddingModel` call, ideally cached
   * by content hash so that replays never call the model).
   */
  readonly embed: (texts: readonly string[]) => Promise<readonly ArrayLike<number>[]>;
}

/** Cosine similarity of two vectors; 0 when either is all zeros or their lengths differ. */
export function cosineSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return 0;
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  return normA === 0 || normB === 0 ? 0 : dot / Math.sqrt(normA * normB);
}

/**
 * A `SimilaritySource` over an embedding function: cosine of the texts' vectors, each text embedded
 * once per source (missing texts in one batched call).
 */
export function createEmbeddingSimilarity(options: EmbeddingSimilarityOptions): SimilaritySource {
  const vectors = new Map<string, ArrayLike<number>>();
  return {
    similarities: async (text, others) => {
      const missing = [...new Set([text, ...others])].filter((t) => !vectors.has(t));
      if (missing.length > 0) {
        const embedded = await options.embed(missing);
        missing.forEach((t, i) => {
          const vector = embedded[i];
          if (vector !== undefined) vectors.set(t, vector);
        });
      }
      const query = vectors.get(text) ?? [];
      return others.map((other) => cosineSimilarity(query, vectors.get(other) ?? []));
    },
  };
}
