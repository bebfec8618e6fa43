/**
 * The refs that name a message of the extraction batch, deduplicated, in their original order.
 * Extractors may only cite messages they were shown; anything else is dropped.
 */
export function filterRefs(refs: readonly string[], allowed: ReadonlySet<string>): string[] {
  return [...new Set(refs.filter((ref) => allowed.has(ref)))];
}
