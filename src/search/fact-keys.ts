import { findDates } from '../language/index.js';

const DAY_MS = 86_400_000;

/** At most this many mentioned days are kept per text (a long text listing dates is rare). */
const MAX_DAYS = 16;

/**
 * The days a text mentions, read by the extractors' date reader (chrono-node plus ordinals)
 * against the moment the text was written: "yesterday" in a message of 8 May 2023 is 7 May 2023.
 * UTC day starts in epoch ms, ascending, without duplicates; ranges count their end day too.
 * Deterministic: the same text and instant always give the same days.
 */
export function mentionedDays(text: string, createdAt: string): number[] {
  const days = new Set<number>();
  for (const mention of findDates(text, createdAt)) {
    for (const date of [mention.date, mention.endDate]) {
      if (date === null) continue;
      const day = Date.parse(`${date}T00:00:00Z`);
      if (Number.isFinite(day)) days.add(Math.floor(day / DAY_MS) * DAY_MS);
    }
  }
  return [...days].sort((a, b) => a - b).slice(0, MAX_DAYS);
}
