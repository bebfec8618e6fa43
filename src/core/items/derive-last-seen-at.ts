function laterOf(a: string, b: string): string {
  const msA = Date.parse(a);
  const msB = Date.parse(b);
  if (Number.isNaN(msA) || Number.isNaN(msB)) return a >= b ? a : b;
  return msA >= msB ? a : b;
}

/**
 * An item's `lastSeenAt`: on insert, the newest `createdAt` among its refs; on merge, the later of
 * the old `lastSeenAt` and the newest new ref, so a merge never makes an item look older. Refs with
 * no known time are ignored; with none known, `previous` (or `fallback`) is returned.
 */
export function deriveLastSeenAt(
  refs: readonly string[],
  createdAtById: ReadonlyMap<string, string>,
  previous: string | null,
  fallback: string,
): string {
  let latest = previous;
  for (const ref of refs) {
    const at = createdAtById.get(ref);
    if (at !== undefined) latest = latest === null ? at : laterOf(latest, at);
  }
  return latest ?? fallback;
}
