/** One ranked list to fuse: item keys best first, and the list's weight. */
export interface Ranking {
  readonly keys: readonly string[];
  readonly weight: number;
}

/**
 * Weighted reciprocal rank fusion: an item scores Σ weight / (k + rank) over the lists that
 * rank it (rank 1 is best). A small `k` lets the top of each list dominate; weights let the
 * stronger ranker lead. Returns every key's score.
 */
export function fuseRankings(rankings: readonly Ranking[], k: number): Map<string, number> {
  const scores = new Map<string, number>();
  for (const { keys, weight } of rankings) {
    keys.forEach((key, index) => {
      scores.set(key, (scores.get(key) ?? 0) + weight / (k + index + 1));
    });
  }
  return scores;
}
