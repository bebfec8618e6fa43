import type { ParsedResult } from 'chrono-node';
import { chrono } from './chrono.js';

/** A date or time mentioned in a text, resolved against the message time. */
export interface DateMention {
  /** Offsets of the mention in the text. */
  readonly start: number;
  readonly end: number;
  readonly text: string;
  /** `YYYY-MM-DD`, or null for a bare time ("at 6:30"). */
  readonly date: string | null;
  /** `HH:MM` (24 h), or null when no time of day was given. */
  readonly time: string | null;
  /** The time said am/pm or used 24-hour form. */
  readonly meridiemKnown: boolean;
  /** `HH:MM` the range ends at ("17:00-18:00"), or null. */
  readonly endTime: string | null;
  /** `YYYY-MM-DD` a range ends on ("Thu Jun 18 to Sun Jun 21"), or null. */
  readonly endDate: string | null;
  /**
   * The words name a span of days, not one day ("next week", "in two weeks", "next month"):
   * `date` is chrono's reading (the same weekday a week on), good for "this is in the future"
   * but not a value for a date field.
   */
  readonly vague: boolean;
}

const WEEKDAYS: Readonly<Record<string, number>> = {
  sun: 0,
  mon: 1,
  tue: 2,
  wed: 3,
  thu: 4,
  fri: 5,
  sat: 6,
};

const DAY_MS = 86_400_000;

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** The month number (1-12) of a month name's first three letters, or null. */
function monthOf(name: string | undefined): number | null {
  return name === undefined ? null : MONTHS.indexOf(name.toLowerCase()) + 1 || null;
}

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/**
 * The first day on or after `fromMs` that falls on day-of-month `day`, and on `weekday` when one
 * is said. A weekday that fits neither this month's nor the next month's day is a typo or a
 * misread: no date, rather than the month, perhaps half a year on, where the two agree.
 */
function nextDayOfMonth(fromMs: number, day: number, weekday: number | null): string | null {
  const from = new Date(fromMs);
  let tried = 0;
  for (let offset = 0; offset < 15 && tried < 2; offset++) {
    const candidate = Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + offset, day);
    const date = new Date(candidate);
    if (date.getUTCDate() !== day) continue;
    if (candidate < Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate())) {
      continue;
    }
    if (weekday === null || date.getUTCDay() === weekday) return isoDay(candidate);
    tried++;
  }
  return null;
}

/** The last day strictly before `fromMs` that falls on `weekday` ("last Tuesday"). */
function previousWeekday(fromMs: number, weekday: number): string {
  const from = new Date(fromMs);
  const delta = (from.getUTCDay() - weekday + 7) % 7 || 7;
  return isoDay(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() - delta));
}

function nextWeekday(fromMs: number, weekday: number): string {
  const from = new Date(fromMs);
  const delta = (weekday - from.getUTCDay() + 7) % 7;
  return isoDay(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate() + delta));
}

/** A relative week or month with no day in it ("next week", "in 2 weeks", "this coming month"). */
const WEEK_OR_MONTH_SPAN =
  /^(?:(?:this|next|last|the following|this coming|the coming)\s+(?:week|month)|in\s+(?:a|one|two|three|four|\d+|a couple of)\s+(?:weeks?|months?)|(?:a|one|two|three|\d+)\s+(?:weeks?|months?)\s+(?:from now|later))\W*$/i;

/** A relative span that chrono reads as a day ("after two weeks", "after 10 days"). */
const STAY_SPAN =
  /^after\s+(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|several|\d+)\s+(?:days?|nights?|weeks?|months?|years?)$/i;
/**
 * How long something lasts, which chrono reads as the day it ends ("for two weeks", "for a few
 * days"): a length, not a date.
 */
const DURATION =
  /^for\s+(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|a few|a couple of|several|\d+)\s+(?:days?|nights?|weeks?|months?|years?)$/i;
/** What makes that span a stay: the place or activity it was spent at ("in Chile", "away"). */
const STAY_PLACE = /^\s*(?:in|at|on|away|abroad|of|with|travelling|traveling)\b/i;

/** A weekday said as past: "last Tuesday", "this past Friday", "past Monday". */
const PAST_WEEKDAY = /^(?:last|(?:this )?past)\s+(?:mon|tue|wed|thu|fri|sat|sun)/i;

/** "since" before a day: the day is where a state began, so it lies behind the message. */
const SINCE_BEFORE = /\bsince\s+(?:(?:early|late)\s+)?$/i;

/**
 * An ordinal day of the month, perhaps after a weekday and before its month ("the 3rd of June",
 * "sat 23rd May"; "may" as a month only where it cannot be the verb: "the 21st may be busy"). The
 * month must be a whole month name or its abbreviation: "the 2nd marathon", "the 1st decade" and
 * "the 3rd octave" name no month. Whether a word after the day makes it no day at all is
 * `DAY_FOLLOWER`'s question.
 */
const ORDINAL =
  /\b(?:(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\.?,?\s+)?(?:the\s+|(?<=\b(?:back|till|til|until|thru|through)\s+)|(?<=\b(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\.?,?\s+))(\d{1,2})(?:st|nd|rd|th)\b(?:\s+(?=(?:of\s+)?(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)(?![a-z]))(?:of\s+(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|(jan|feb|mar|apr|may(?=\s*(?:$|[,.;:!?)\d-]|at\b|and\b|for\b))|jun|jul|aug|sep|oct|nov|dec))[a-z]*\b)?/gi;

/**
 * The words that may follow a day of the month said as an ordinal: function words (prepositions,
 * conjunctions, pronouns, auxiliaries: "on the 9th we fly", "the 12th and 13th", "the 21st may be
 * busy"), a time of day ("the 3rd at noon", "the 4th morning"), the few verbs a day is the subject
 * of ("the 12th works") and discourse words ("back the 9th lol"). Any other word is the noun the
 * ordinal counts ("the 9th inning", "the 3rd round", "the 2nd marathon"): no date. A closed class,
 * so the nouns an ordinal may count need no list.
 */
const DAY_FOLLOWER =
  /^(?:of|at|and|or|but|to|till|til|until|through|thru|from|for|in|on|onwards|by|with|then|so|if|when|because|as|instead|now|again|here|there|back|away|out|off|over|too|also|either|anyway|already|still|yet|though|is|was|will|would|should|could|can|might|may|must|works?|suits?|looks?|sounds?|seems?|fits?|i|we|you|he|she|they|it|my|our|your|his|her|their|me|us|them|morning|afternoon|evening|night|am|pm|ok|okay|fine|please|pls|lol|haha|yeah|yes|right|hopefully|probably|maybe|actually|latest|earliest|onward)$/i;

/** The word right after an ordinal day with no month, if it is one the day may not precede. */
function countsANoun(text: string, end: number, month: string | undefined): boolean {
  if (month !== undefined) return false;
  const next = /^\s+([\p{L}']+)/u.exec(text.slice(end))?.[1];
  return next !== undefined && !DAY_FOLLOWER.test(next.replace(/'.*$/, ''));
}

interface Partial {
  start: number;
  end: number;
  text: string;
  month: number | null;
  day: number | null;
  year: number | null;
  weekday: number | null;
  /** Said as past ("last Tuesday", "this past Friday"): resolves backwards from the anchor. */
  past: boolean;
  hour: number | null;
  minute: number;
  meridiemKnown: boolean;
  endHour: number | null;
  endMinute: number;
  endMonth: number | null;
  endDay: number | null;
}

function endDateOf(p: Partial, startDate: string | null): string | null {
  if (p.endDay === null || startDate === null) return null;
  const start = Date.parse(`${startDate}T00:00:00Z`);
  const startYear = new Date(start).getUTCFullYear();
  const month = p.endMonth ?? new Date(start).getUTCMonth() + 1;
  let end = Date.UTC(startYear, month - 1, p.endDay);
  if (end < start) end = Date.UTC(startYear + 1, month - 1, p.endDay);
  return end === start ? null : isoDay(end);
}

/** A partial with nothing read yet but its span, text and day parts. */
function blankPartial(start: number, end: number, text: string): Partial {
  return {
    start,
    end,
    text,
    month: null,
    day: null,
    year: null,
    weekday: null,
    past: false,
    hour: null,
    minute: 0,
    meridiemKnown: false,
    endHour: null,
    endMinute: 0,
    endMonth: null,
    endDay: null,
  };
}

/** Step 1: the ordinal days chrono misses or misreads ("the 3rd of June", "sat 23rd"). */
function ordinalPartials(text: string): Partial[] {
  const days = [...text.matchAll(ORDINAL)].filter(
    (match) => !countsANoun(text, match.index + match[0].length, match[3] ?? match[4]),
  );
  return days.map((match) => {
    const weekdayText = match[1]?.slice(0, 3).toLowerCase();
    return {
      ...blankPartial(match.index, match.index + match[0].length, match[0]),
      month: monthOf(match[3] ?? match[4]),
      day: Number(match[2]),
      weekday: weekdayText === undefined ? null : (WEEKDAYS[weekdayText] ?? null),
    };
  });
}

/**
 * Step 2a: a chrono result that a date already read covers, or a time of day right after an
 * ordinal ("Friday 12th at 10:00"), lends that date its time; true when the result was absorbed.
 */
function absorbed(
  text: string,
  result: ParsedResult,
  ordinals: readonly Partial[],
  partials: readonly Partial[],
): boolean {
  const start = result.index;
  const end = start + result.text.length;
  const timeOnly =
    result.start.isCertain('hour') &&
    !result.start.isCertain('day') &&
    !result.start.isCertain('weekday');
  const before = timeOnly
    ? ordinals.find((p) => p.end <= start && /^\s*,?\s*(?:at\s+)?$/i.test(text.slice(p.end, start)))
    : undefined;
  const host = before ?? partials.find((p) => start < p.end && end > p.start);
  if (host === undefined) return false;
  if (result.start.isCertain('hour') && host.hour === null) {
    host.hour = result.start.get('hour') ?? null;
    host.minute = result.start.get('minute') ?? 0;
    host.meridiemKnown = result.start.isCertain('meridiem');
    host.end = Math.max(host.end, end);
  }
  return true;
}

/** Step 2b: a chrono result that names no day or time to keep (a year, "now", a length). */
function notADate(text: string, result: ParsedResult): boolean {
  const said = result.text.trim();
  const end = result.index + result.text.length;
  if (/^\d{4}$|^(?:this |next |the )?weekend\W*$/i.test(said)) return true;
  // "now" is an adverb of the present ("I'm now flying to ..."), not a date mention.
  if (/^(?:right |just |for )?now$/i.test(said)) return true;
  // "back home after two weeks in Chile": a span spent somewhere is how long, not when.
  if (STAY_SPAN.test(said) && STAY_PLACE.test(text.slice(end))) return true;
  if (DURATION.test(said)) return true;
  const s = result.start;
  return !s.isCertain('day') && !s.isCertain('weekday') && !s.isCertain('hour');
}

/** Step 2c: the parts chrono is certain of in one result. */
function chronoPartial(text: string, result: ParsedResult): Partial {
  const start = result.index;
  const s = result.start;
  const e = result.end;
  const hour = s.isCertain('hour') ? (s.get('hour') ?? null) : null;
  return {
    ...blankPartial(start, start + result.text.length, result.text),
    month: s.isCertain('month') ? (s.get('month') ?? null) : null,
    day: s.isCertain('day') ? (s.get('day') ?? null) : null,
    year: s.isCertain('year') ? (s.get('year') ?? null) : null,
    weekday: s.isCertain('weekday') ? (s.get('weekday') ?? null) : null,
    past: PAST_WEEKDAY.test(result.text.trim()) || SINCE_BEFORE.test(text.slice(0, start)),
    hour,
    minute: s.isCertain('minute') ? (s.get('minute') ?? 0) : 0,
    meridiemKnown:
      s.isCertain('meridiem') ||
      (hour !== null && (hour === 0 || hour > 12)) ||
      /\d{1,2}:\d{2}\s*-\s*\d{1,2}:\d{2}|\b0\d:\d\d/.test(result.text) ||
      /\b(?:noon|midnight)\b/i.test(result.text),
    endHour: e?.isCertain('hour') ? (e.get('hour') ?? null) : null,
    endMinute: e?.isCertain('minute') ? (e.get('minute') ?? 0) : 0,
    endMonth: e?.isCertain('month') ? (e.get('month') ?? null) : null,
    endDay: e?.isCertain('day') ? (e.get('day') ?? null) : null,
  };
}

/** Step 3: a partial's calendar day, resolved forward from `cursor` (the previous date said). */
function dayOf(p: Partial, cursor: number, anchorMs: number): string | null {
  if (p.month !== null && p.day !== null) {
    let year = p.year ?? new Date(anchorMs).getUTCFullYear();
    let candidate = Date.UTC(year, p.month - 1, p.day);
    const c = new Date(cursor);
    const floor = Date.UTC(c.getUTCFullYear(), c.getUTCMonth(), c.getUTCDate());
    // Without a year, a date more than ~2 months before the anchor means next year.
    if (p.year === null && candidate < floor - 60 * DAY_MS) {
      year += 1;
      candidate = Date.UTC(year, p.month - 1, p.day);
    }
    return isoDay(candidate);
  }
  if (p.day !== null) return nextDayOfMonth(cursor, p.day, p.weekday);
  // A past weekday does not move the cursor: later bare weekdays still look ahead.
  if (p.weekday !== null && p.past) return previousWeekday(anchorMs, p.weekday);
  if (p.weekday !== null) return nextWeekday(cursor, p.weekday);
  return null;
}

/**
 * Every date or time in `text`, resolved against `anchor` (the message time, RFC 3339). Dates
 * without a month ("Wednesday", "the 11th", "Sat") resolve forward from the previous date in the
 * text, so "out Tuesday the 12th, back Friday the 15th" stays in one month. Wall-clock times are
 * kept as written; days are UTC days of the anchor.
 */
export function findDates(text: string, anchor: string): DateMention[] {
  const anchorMs = Date.parse(anchor);
  if (Number.isNaN(anchorMs)) return [];
  const ordinals = ordinalPartials(text);
  const partials = [...ordinals];
  const parsed = chrono().casual.parse(
    text,
    { instant: new Date(anchorMs), timezone: 0 },
    { forwardDate: true },
  );
  for (const result of parsed) {
    if (absorbed(text, result, ordinals, partials) || notADate(text, result)) continue;
    partials.push(chronoPartial(text, result));
  }
  partials.sort((a, b) => a.start - b.start);
  let cursor = anchorMs;
  return partials.map((p) => {
    const date = dayOf(p, cursor, anchorMs);
    if (date !== null && !p.past) cursor = Date.parse(`${date}T00:00:00Z`);
    return {
      start: p.start,
      end: p.end,
      text: p.text,
      date,
      time: p.hour === null ? null : `${pad(p.hour)}:${pad(p.minute)}`,
      meridiemKnown: p.meridiemKnown,
      endTime: p.endHour === null ? null : `${pad(p.endHour)}:${pad(p.endMinute)}`,
      endDate: endDateOf(p, date),
      vague: WEEK_OR_MONTH_SPAN.test(p.text.trim()),
    };
  });
}

/**
 * A time for an activity, read as the afternoon when no am/pm was given and the hour is 1-7
 * ("swim is at 6:30" → 18:30; "Thursday at 5" → 17:00).
 */
export function activityTime(mention: DateMention): string | null {
  if (mention.time === null) return null;
  const [h = '0', m = '00'] = mention.time.split(':');
  const hour = Number(h);
  if (!mention.meridiemKnown && hour >= 1 && hour <= 7) return `${pad(hour + 12)}:${m}`;
  return mention.time;
}

/** Reads a bare clock time ("5", "6:30", "5pm") as `HH:MM` for an activity. */
export function bareTime(text: string): string | null {
  const match = /^(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?$/i.exec(text.trim());
  if (!match) return null;
  let hour = Number(match[1]);
  const minute = match[2] ?? '00';
  const meridiem = match[3]?.toLowerCase().replace(/\./g, '');
  if (hour > 23 || Number(minute) > 59) return null;
  if (meridiem === 'pm' && hour < 12) hour += 12;
  else if (meridiem === 'am' && hour === 12) hour = 0;
  else if (meridiem === undefined && hour >= 1 && hour <= 7) hour += 12;
  return `${pad(hour)}:${minute}`;
}
