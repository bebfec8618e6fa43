import { chrono } from './chrono.js';
import { parseTimeHint, type TimeWindow } from './time-hint.js';

const DAY_MS = 86_400_000;

function utcDay(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

/**
 * The period a query names, read against `now` (epoch ms): first the explicit forms
 * `parseTimeHint` reads (dates, months, years, "last week"), then chrono-node for the relative
 * ones it does not ("two weeks ago", "last Saturday", "a few days ago"). A relative distance
 * becomes a window around the named day, a quarter of the distance wide on each side (at least a
 * day): "three months ago" is never meant to the day. Null when the query names no time.
 */
export function queryTimeWindow(query: string, now: number): TimeWindow | null {
  const explicit = parseTimeHint(query, now);
  if (explicit !== null) return explicit;
  const results = chrono().parse(
    query,
    { instant: new Date(now), timezone: 0 },
    { forwardDate: false },
  );
  for (const result of results) {
    const text = result.text;
    if (/^(today|now|tonight|this (morning|afternoon|evening))$/i.test(text.trim())) continue;
    const start = result.start.date().getTime();
    if (!Number.isFinite(start) || start > now) continue;
    if (result.end !== null && result.end !== undefined) {
      const end = result.end.date().getTime();
      if (Number.isFinite(end) && end > start)
        return { start: utcDay(start), end: utcDay(end) + DAY_MS, text };
    }
    const day = utcDay(start);
    if (result.start.isCertain('day')) {
      const slack = Math.max(DAY_MS, Math.round((now - start) / 4 / DAY_MS) * DAY_MS);
      const relative = /\bago\b|\blast\b|\bpast\b|\bprevious\b/i.test(text);
      return relative
        ? { start: day - slack, end: day + slack + DAY_MS, text }
        : { start: day, end: day + DAY_MS, text };
    }
    if (result.start.isCertain('weekday')) {
      return { start: day - DAY_MS, end: day + 2 * DAY_MS, text };
    }
    if (result.start.isCertain('month')) {
      const date = new Date(start);
      const year = date.getUTCFullYear();
      const month = date.getUTCMonth();
      return { start: Date.UTC(year, month, 1), end: Date.UTC(year, month + 1, 1), text };
    }
  }
  return null;
}
