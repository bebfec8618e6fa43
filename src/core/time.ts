const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** Parses an RFC 3339 timestamp to epoch milliseconds, or returns null when it is not one. */
export function parseRfc3339(text: string): number | null {
  if (!RFC3339.test(text)) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * Epoch milliseconds of an instant for sorting: one that does not parse is
 * `Number.NEGATIVE_INFINITY`, so it sorts as the oldest. Two that do not parse subtract to NaN,
 * which `Array.prototype.sort` reads as equal: a comparator should break that tie itself.
 */
export function sortableTime(iso: string): number {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

/** Formats epoch milliseconds as an RFC 3339 UTC timestamp with millisecond precision. */
export function toIso(epochMs: number): string {
  return new Date(epochMs).toISOString();
}

/** Milliseconds in one minute. */
export const MINUTE_MS = 60_000;
/** Milliseconds in one hour. */
export const HOUR_MS = 3_600_000;
/** Milliseconds in one day. */
export const DAY_MS = 24 * HOUR_MS;

/** Whether `zone` is a time zone this runtime knows by name ("Europe/Berlin", "UTC"). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    // Intl throws a RangeError for a zone it does not know: that is the answer, not a failure.
    return false;
  }
}
