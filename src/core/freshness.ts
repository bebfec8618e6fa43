import { domainOf, fieldKind } from './domains/index.js';
import type { Policy } from './policy.js';
import { DAY_MS, HOUR_MS } from './time.js';

const ISO_DAY = /\b(\d{4})-(\d{2})-(\d{2})\b/g;

/**
 * The instant (epoch ms) a committed value stops being fresh: its domain's TTL after its last
 * evidence, held open by the value's own date for a `date` or `datetime` field until the day
 * after the last date it names ("2026-03-12 18:00", "2026-03-14 to 2026-03-15"). A dated future
 * event is not stale before it happens; the date never shortens the TTL.
 */
export function freshUntil(
  field: string,
  value: string,
  lastEvidenceMs: number,
  policy: Policy,
): number {
  const domain = domainOf(field);
  const ttl = domain === null ? 0 : policy.domains[domain].staleAfterHours * HOUR_MS;
  const byEvidence = lastEvidenceMs + ttl;
  const kind = fieldKind(field);
  if (kind !== 'date' && kind !== 'datetime') return byEvidence;
  let lastDay = Number.NEGATIVE_INFINITY;
  for (const m of value.matchAll(ISO_DAY)) {
    const day = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
    if (Number.isFinite(day) && day > lastDay) lastDay = day;
  }
  return Math.max(byEvidence, lastDay + DAY_MS + LATEST_DAY_END_MS);
}

/**
 * A value's day is a local day with no zone of its own ("2026-03-12 19:00" is the household's
 * wall clock): it has ended everywhere only 12 hours after midnight UTC (UTC−12). Ending it at
 * midnight UTC marked a 19:00 play in Los Angeles stale at 17:30 the same day (session 15
 * review); the cost of the slack is that a day east of UTC stays fresh up to a day longer.
 */
const LATEST_DAY_END_MS = 12 * HOUR_MS;
