/** How `contextForShortTexts` reads a full-text hit. */
export interface ContextHitReader<T> {
  /** The item's stable identity (the same item in both lists has the same key). */
  readonly key: (hit: T) => string;
  /** Length of the item's own text, in characters. */
  readonly length: (hit: T) => number;
  /** BM25 relevance, higher is better (both lists come from the same index and query terms). */
  readonly score: (hit: T) => number;
}

/**
 * One full-text list from two runs of the same query, with and without the previous-turn context
 * column: an item of at most `maxLength` characters keeps its score with context, a longer one
 * its score without (absent from that list, it is dropped). Short replies ("yes, twice") need the
 * turn before them to match; a long turn says enough by itself, and its context column (the end
 * of the previous turn) only adds words that match by chance. Read by search when
 * `FusionSettings.contextMaxLength` is set (off by default: ADR 2026-11-26-retrieval-across-datasets,
 * seventeenth session). Best first, ties by key; at most `limit` hits. Pure.
 */
export function contextForShortTexts<T>(
  withContext: readonly T[],
  withoutContext: readonly T[],
  maxLength: number,
  limit: number,
  read: ContextHitReader<T>,
): T[] {
  const inWith = new Set(withContext.map(read.key));
  const chosen = new Map<string, T>();
  for (const hit of withContext) {
    if (read.length(hit) <= maxLength) chosen.set(read.key(hit), hit);
  }
  for (const hit of withoutContext) {
    const key = read.key(hit);
    if (chosen.has(key)) continue;
    // A short item the context run did not return keeps the only score it has.
    if (read.length(hit) > maxLength || !inWith.has(key)) chosen.set(key, hit);
  }
  return [...chosen.values()]
    .sort((a, b) => {
      const ka = read.key(a);
      const kb = read.key(b);
      return read.score(b) - read.score(a) || (ka < kb ? -1 : ka > kb ? 1 : 0);
    })
    .slice(0, Math.max(0, limit));
}
