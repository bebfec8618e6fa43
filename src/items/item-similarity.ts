import { createEmbeddingSimilarity } from './embedding-similarity.js';
import type { SimilaritySource } from './reconcile-candidates.js';

/**
 * How one run judged similarity: with embeddings; by structure alone (no embedding model); or by
 * structure alone after the embedding model failed mid-run (`degraded`).
 */
export type SimilarityMode = 'embeddings' | 'structure' | 'degraded';

/** A `SimilaritySource` for one extraction run that reports how it ended up judging. */
interface ItemSimilarity extends SimilaritySource {
  mode(): SimilarityMode;
}

/** Embeds texts, one vector per text, in order. */
type EmbedTexts = (texts: readonly string[]) => Promise<readonly ArrayLike<number>[]>;

function orthogonal(others: readonly string[]): readonly number[] {
  return others.map(() => 0);
}

/**
 * The similarity of one extraction run. Without `embed`, every pair scores 0: below any sensible
 * conflict band, so only structure (same uid, named replacement, same chosen object) can merge,
 * supersede or conflict. With `embed`, cosine of the embeddings; if the model fails, the rest of
 * the run falls back to structure alone (consistently, so one run never mixes both) and
 * `mode()` says `degraded`: extraction keeps going when the model is down, and the event records
 * how it decided.
 */
export function createItemSimilarity(embed: EmbedTexts | null): ItemSimilarity {
  if (embed === null) {
    return { similarities: async (_text, others) => orthogonal(others), mode: () => 'structure' };
  }
  let failed = false;
  const cosine = createEmbeddingSimilarity({ embed });
  return {
    async similarities(text, others) {
      if (failed) return orthogonal(others);
      try {
        return await cosine.similarities(text, others);
      } catch {
        // The model is unavailable: decide by structure for the rest of the run (see above).
        failed = true;
        return orthogonal(others);
      }
    },
    mode: () => (failed ? 'degraded' : 'embeddings'),
  };
}
