/** Cosine distance `1 - cos(a, b)` in [0, 2]; 1 when either vector is zero. */
export function cosineDistance(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let normA = 0;
  let normB = 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i += 1) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  if (normA === 0 || normB === 0) return 1;
  return 1 - dot / Math.sqrt(normA * normB);
}

/** The nearest of `candidates` to `vector`: its index and distance; null when there is none. */
export function nearest(
  vector: Float32Array,
  candidates: readonly Float32Array[],
): { readonly index: number; readonly distance: number } | null {
  let best: { index: number; distance: number } | null = null;
  candidates.forEach((candidate, index) => {
    const distance = cosineDistance(vector, candidate);
    if (best === null || distance < best.distance) best = { index, distance };
  });
  return best;
}

/** A passage a memory relied on, as snapshotted, and the note's chunks now. */
export interface PassageCheck {
  readonly heading: string;
  readonly text: string;
  readonly normalizedHash: string;
}

/** What became of a snapshotted passage. */
export type PassageFate =
  | { readonly kind: 'unchanged' }
  | { readonly kind: 'changed'; readonly now: PassageCheck }
  | { readonly kind: 'vanished' };

/**
 * Whether a passage still exists in a note's current chunks, compared by normalised hash so that
 * formatting alone never counts as a change. A passage whose hash is gone has `changed` when a
 * chunk under the same heading exists (the first such chunk is reported as the passage now) and
 * `vanished` otherwise.
 */
export function passageFate(then: PassageCheck, now: readonly PassageCheck[]): PassageFate {
  if (now.some((chunk) => chunk.normalizedHash === then.normalizedHash)) {
    return { kind: 'unchanged' };
  }
  const sameHeading = now.find((chunk) => chunk.heading === then.heading);
  return sameHeading === undefined ? { kind: 'vanished' } : { kind: 'changed', now: sameHeading };
}
