import { MONTHS } from './time-hint.js';
/** Where a stretch of time lies against the day it was named on. */
export type StretchPlace = 'holds-today' | 'ahead' | 'around-today';

/** A stretch of time said without a date ("this weekend", "next month", "in May"). */
export interface StretchMention {
  readonly text: string;
  readonly start: number;
  /**
   * `holds-today`: the stretch is under way and nearly over ("this weekend" on a Saturday);
   * `ahead`: it has not begun; `around-today`: it holds today and days ahead ("this week" on a
   * Tuesday, "this weekend" on a Friday), so what is said of it may be now or later.
   */
  readonly place: StretchPlace;
}

/**
 * The months (0-based) of each season, as the northern hemisphere counts them; a season said
 * outside its months is taken as ahead (the cautious reading: never presence now).
 */
const SEASON_MONTHS: Readonly<Record<string, readonly number[]>> = {
  spring: [2, 3, 4],
  summer: [5, 6, 7],
  autumn: [8, 9, 10],
  fall: [8, 9, 10],
  winter: [11, 0, 1],
};

const STRETCH =
  /\b(?:(?<coming>next|(?:this\s+|the\s+)?coming)\s+(?<later>weekend|week|month|year|summer|winter|spring|autumn|fall)|(?<holder>this|over\s+the|for\s+the|during\s+the)\s+weekend|this\s+(?<current>week|month|year|summer|winter|spring|autumn|fall)|in\s+(?<month>january|february|march|april|may|june|july|august|september|october|november|december)\b(?!\s*\d))\b/gi;

/** "until next week", "through the weekend": how long something lasts, not when it starts. */
const UNTIL = /\b(?:until|till|til|through|thru|by)\s*$/i;

/**
 * The stretches of time a text names that the date reader leaves undated, each placed against
 * `day` (`YYYY-MM-DD`, the day the text was said): a weekend, week, month, year or season that is
 * this one or the next, or a month by name ("in May", with no day after it). A stretch after
 * "until" or "through" is how long, not when, and is left out.
 */
export function stretchesOfTime(text: string, day: string): StretchMention[] {
  const today = new Date(`${day}T00:00:00Z`);
  const weekday = today.getUTCDay();
  const out: StretchMention[] = [];
  for (const m of text.matchAll(STRETCH)) {
    if (UNTIL.test(text.slice(0, m.index))) continue;
    const g = m.groups ?? {};
    let place: StretchPlace;
    if (g['coming'] !== undefined) place = 'ahead';
    else if (g['holder'] !== undefined) {
      // Saturday and Sunday are the weekend; on a Friday it may have begun (an evening) or not.
      place =
        weekday === 6 || weekday === 0 ? 'holds-today' : weekday === 5 ? 'around-today' : 'ahead';
    } else if (g['current'] !== undefined) {
      // "this summer" said in March has not begun; said in July it holds today and days ahead.
      const season = SEASON_MONTHS[(g['current'] ?? '').toLowerCase()];
      place =
        season === undefined || season.includes(today.getUTCMonth()) ? 'around-today' : 'ahead';
    } else {
      const month = MONTHS.indexOf((g['month'] ?? '').toLowerCase());
      place = month === today.getUTCMonth() ? 'around-today' : 'ahead';
    }
    out.push({ text: m[0], start: m.index, place });
  }
  return out;
}
