import type { Clock } from '../core/index.js';
import type { Embedder } from '../embeddings/index.js';
import type { Store } from '../stores/index.js';

/** What the vault services need: the store, the embedder (null: vectors off) and the clock. */
export interface VaultDeps {
  readonly store: Store;
  readonly embedder: Embedder | null;
  readonly clock: Clock;
}

/** The key a text's vector is cached under: the hash of the exact model input. */
export function vectorKeyOf(embedder: Embedder, text: string): string {
  return embedder.contentHash(embedder.documentInput(text));
}

/**
 * Vectors for `texts` (by index), from the vault cache where held, else from the model (then
 * cached). One model call for all misses.
 */
export async function vectorsFor(
  deps: VaultDeps & { readonly embedder: Embedder },
  texts: readonly string[],
): Promise<Float32Array[]> {
  const { embedder, store } = deps;
  const keys = texts.map((text) => vectorKeyOf(embedder, text));
  const cached = await store.vault.getVectors(embedder.space.model, keys);
  const missing = [...new Set(keys.filter((key) => !cached.has(key)))];
  const fresh = new Map<string, Float32Array>();
  if (missing.length > 0) {
    const inputs = missing.map((key) => embedder.documentInput(texts[keys.indexOf(key)] ?? ''));
    const vectors = await embedder.embedDocuments(inputs);
    missing.forEach((key, i) => {
      const vector = vectors[i];
      if (vector !== undefined) fresh.set(key, vector);
    });
    await store.withWriteLock({ entities: [], global: true }, (tx) =>
      tx.vault.putVectors(embedder.space.model, fresh),
    );
  }
  return keys.map(
    (key) => cached.get(key) ?? fresh.get(key) ?? new Float32Array(embedder.space.dimension),
  );
}
