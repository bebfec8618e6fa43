/** A span of time a query names, as epoch ms: `[start, end)`. */
export interface TimeWindow {
  readonly start: number;
  readonly end: number;
  /** The words that named it, e.g. `October 13, 2023` or `last month`. */
  readonly text: string;
}

const DAY_MS = 86_400_000;
/** Month names, January first (a month's index is its number minus one). */
export const MONTHS: readonly string[] = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
/** Month names that are also common words: taken as months only when capitalised or dated. */
const AMBIGUOUS = new Set(['may', 'march']);
const MONTH = `(${MONTHS.join('|')}|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\\.?`;
const DAY = '(\\d{1,2})(?:st|nd|rd|th)?';
const YEAR = '((?:19|20)\\d{2})';

function monthIndex(name: string): number {
  const lower = name.toLowerCase().replace(/\.$/, '');
  return MONTHS.findIndex((month) => month.startsWith(lower.slice(0, 3)));
}

function isCapitalised(word: string): boolean {
  return /^\p{Lu}/u.test(word);
}

function dayWindow(year: number, month: number, day: number, text: string): TimeWindow | null {
  const start = Date.UTC(year, month, day);
  const check = new Date(start);
  if (check.getUTCMonth() !== month || check.getUTCDate() !== day) return null;
  return { start, end: start + DAY_MS, text };
}

function monthWindow(year: number, month: number, text: string): TimeWindow {
  return { start: Date.UTC(year, month, 1), end: Date.UTC(year, month + 1, 1), text };
}

/** The most recent year in which `month` had started by `now`. */
function latestYearOf(month: number, now: Date): number {
  const year = now.getUTCFullYear();
  return Date.UTC(year, month, 1) <= now.getTime() ? year : year - 1;
}

type Rule = (text: string, now: Date) => TimeWindow | null;

const RULES: readonly Rule[] = [
  (text) => {
    const match = /\b((?:19|20)\d{2})-(\d{2})-(\d{2})\b/.exec(text);
    if (match === null) return null;
    return dayWindow(Number(match[1]), Number(match[2]) - 1, Number(match[3]), match[0]);
  },
  (text) => {
    const match = new RegExp(`\\b${MONTH}\\s+${DAY},?\\s+${YEAR}\\b`, 'i').exec(text);
    if (match === null) return null;
    return dayWindow(Number(match[3]), monthIndex(match[1] ?? ''), Number(match[2]), match[0]);
  },
  (text) => {
    const match = new RegExp(`\\b${DAY}\\s+(?:of\\s+)?${MONTH},?\\s+${YEAR}\\b`, 'i').exec(text);
    if (match === null) return null;
    return dayWindow(Number(match[3]), monthIndex(match[2] ?? ''), Number(match[1]), match[0]);
  },
  (text) => {
    const match = new RegExp(`\\b${MONTH}\\s+(?:of\\s+)?${YEAR}\\b`, 'i').exec(text);
    if (match === null) return null;
    return monthWindow(Number(match[2]), monthIndex(match[1] ?? ''), match[0]);
  },
  (text, now) => {
    const match = new RegExp(`\\b${MONTH}\\s+${DAY}\\b(?!\\s*[,:]?\\s*\\d)`, 'i').exec(text);
    if (match === null) return null;
    const month = monthIndex(match[1] ?? '');
    return dayWindow(latestYearOf(month, now), month, Number(match[2]), match[0]);
  },
  (text, now) => {
    for (const match of text.matchAll(new RegExp(`\\b${MONTH}\\b`, 'gi'))) {
      const word = match[1] ?? '';
      if (AMBIGUOUS.has(word.toLowerCase()) && !isCapitalised(word)) continue;
      const month = monthIndex(word);
      return monthWindow(latestYearOf(month, now), month, match[0]);
    }
    return null;
  },
  (text, now) => {
    const match = /\b(yesterday|today|(last|this|past)\s+(week|month|year))\b/i.exec(text);
    if (match === null) return null;
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const phrase = match[0];
    const word = (match[1] ?? '').toLowerCase();
    if (word === 'yesterday') return { start: today - DAY_MS, end: today, text: phrase };
    if (word === 'today') return { start: today, end: today + DAY_MS, text: phrase };
    const which = (match[2] ?? '').toLowerCase();
    const unit = (match[3] ?? '').toLowerCase();
    const year = now.getUTCFullYear();
    const month = now.getUTCMonth();
    if (unit === 'week') {
      return which === 'this'
        ? { start: today - 6 * DAY_MS, end: today + DAY_MS, text: phrase }
        : { start: today - 13 * DAY_MS, end: today + DAY_MS, text: phrase };
    }
    if (unit === 'month') {
      return which === 'last'
        ? monthWindow(year, month - 1, phrase)
        : {
            start: Date.UTC(year, month - (which === 'past' ? 1 : 0), 1),
            end: today + DAY_MS,
            text: phrase,
          };
    }
    return which === 'last'
      ? { start: Date.UTC(year - 1, 0, 1), end: Date.UTC(year, 0, 1), text: phrase }
      : {
          start: Date.UTC(year - (which === 'past' ? 1 : 0), which === 'past' ? month : 0, 1),
          end: today + DAY_MS,
          text: phrase,
        };
  },
  (text) => {
    const match = /\b(?:in|during|of|since)\s+((?:19|20)\d{2})\b/i.exec(text);
    if (match === null) return null;
    const year = Number(match[1]);
    return { start: Date.UTC(year, 0, 1), end: Date.UTC(year + 1, 0, 1), text: match[0] };
  },
];

/**
 * The span of time a query names, if any: an ISO date, a dated day (`October 13, 2023`,
 * `13 May 2023`), a month (`June 2023`, or `in June` meaning the latest June by `now`), a year
 * (`in 2023`), or a relative period (`yesterday`, `last week`, `this month`). All in UTC. The first
 * and most specific form found wins.
 */
export function parseTimeHint(query: string, now: number): TimeWindow | null {
  const reference = new Date(now);
  for (const rule of RULES) {
    const window = rule(query, reference);
    if (window !== null) return window;
  }
  return null;
}
