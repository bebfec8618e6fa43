// Per-query scales of ranker scores, shared by the score fusion and the learned ranker's features.

/**
 * Full-text scores over the best one: every match keeps a share of its strength, and an item the
 * ranker did not return scores 0 (a min-max scale would score the weakest match like a miss).
 */
export function overMax(values: readonly number[]): (value: number | null) => number {
  const high = values.reduce((best, value) => Math.max(best, value), 0);
  return (value) => (value === null || high <= 0 ? 0 : Math.max(0, value) / high);
}

/** Cosines rescaled to 0–1 across the candidates (cosines of unrelated texts are not near 0). */
export function minMax(values: readonly number[]): (value: number | null) => number {
  let low = Infinity;
  let high = -Infinity;
  for (const value of values) {
    if (value < low) low = value;
    if (value > high) high = value;
  }
  const span = high - low;
  return (value) => {
    if (value === null) return 0;
    return span > 0 ? (value - low) / span : 1;
  };
}
