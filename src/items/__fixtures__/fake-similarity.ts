import { comparableText } from '../../core/index.js';
import type { SimilaritySource } from '../reconcile-candidates.js';

/** A similarity source with scripted scores, for tests. */
export interface TableSimilarity extends SimilaritySource {
  /** Every `similarities` call, in order. */
  readonly calls: { readonly text: string; readonly others: readonly string[] }[];
}

/**
 * Scores from a table of text pairs (order-insensitive, compared normalised); identical texts
 * score 1 and unlisted pairs `fallback`.
 */
export function createTableSimilarity(
  pairs: readonly (readonly [string, string, number])[],
  fallback = 0.1,
): TableSimilarity {
  const key = (a: string, b: string) =>
    [comparableText(a), comparableText(b)].sort().join('\u0000');
  const table = new Map(pairs.map(([a, b, score]) => [key(a, b), score]));
  const calls: TableSimilarity['calls'] = [];
  return {
    calls,
    similarities: async (text, others) => {
      calls.push({ text, others });
      return others.map((other) =>
        comparableText(other) === comparableText(text)
          ? 1
          : (table.get(key(text, other)) ?? fallback),
      );
    },
  };
}
