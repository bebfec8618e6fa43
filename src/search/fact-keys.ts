import { findDates, lookupPlace } from '../language/index.js';

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

/** Keys are derived from at most this many characters of a message (bounded ingest cost). */
export const FACT_KEY_TEXT_LIMIT = 4000;
/** A query's period adds month keys only when it spans at most this many months. */
const MAX_QUERY_MONTHS = 3;
/** …and day keys only when it spans at most this many days. */
const MAX_QUERY_DAYS = 14;

/** `d20230507`: the key of a UTC day (one token in every full-text tokenizer). */
function dayKey(dayMs: number): string {
  return `d${new Date(dayMs).toISOString().slice(0, 10).replaceAll('-', '')}`;
}

/** `m202305`: the key of the month a UTC day falls in. */
function monthKey(dayMs: number): string {
  return `m${new Date(dayMs).toISOString().slice(0, 7).replace('-', '')}`;
}

/** Capitalised words that start sentences or name days and months: never a name by themselves. */
const NOT_NAMES = new Set(
  `i i'm i've i'd i'll the a an and but so oh yes no hi hey thanks thank okay ok well also my our
  it this that what when where why how who which do does did is are was were can could would
  should will just maybe sure great wow monday tuesday wednesday thursday friday saturday sunday
  january february march april may june july august september october november december`
    .split(/\s+/)
    .filter((word) => word !== ''),
);

/** Where a sentence starts: the text's start, or after a full stop, question or exclamation mark. */
function atSentenceStart(text: string, index: number): boolean {
  return /(?:^|[.!?:]["'’”)]?\s+|\n\s*)$/u.test(text.slice(Math.max(0, index - 4), index));
}

/**
 * Runs of capitalised words ("New York", "Dr Patel"), each run once, in order of appearance. A
 * capital that only opens a sentence says nothing: that word counts only when the gazetteer
 * knows it as a place.
 */
function nameRuns(text: string): string[] {
  const runs = new Set<string>();
  for (const match of text.matchAll(/\p{Lu}[\p{L}'’-]*(?:\s+\p{Lu}[\p{L}'’-]*)*/gu)) {
    let words = match[0].split(/\s+/);
    const opener = words[0] ?? '';
    if (atSentenceStart(text, match.index) && lookupPlace(opener) === null) words = words.slice(1);
    words = words.filter((word) => !NOT_NAMES.has(word.toLowerCase()));
    if (words.length > 0) runs.add(words.join(' '));
  }
  return [...runs];
}

/**
 * The fact keys of one message (issue #17 §4), as whitespace-separated words: the days and months
 * its dates resolve to against `createdAt` (`d20230502 m202305`: "last Tuesday" in a May session
 * keys the day it means), the capitalised names in it, and for names the gazetteer knows, what
 * kind of place they are (`city`, `country`, `region`), so "which city" finds "Lisbon".
 * Deterministic: the same text and instant always give the same keys; reads at most
 * `FACT_KEY_TEXT_LIMIT` characters.
 */
export function messageFactKeys(text: string, createdAt: string): string {
  const bounded = text.slice(0, FACT_KEY_TEXT_LIMIT);
  const keys: string[] = [];
  for (const day of mentionedDays(bounded, createdAt)) keys.push(dayKey(day), monthKey(day));
  for (const run of nameRuns(bounded)) {
    keys.push(run.toLowerCase());
    const place = lookupPlace(run);
    if (place !== null && place.kind !== 'feature') keys.push(place.kind);
  }
  return [...new Set(keys)].join(' ');
}

/**
 * The terms a query asks the key index for: its own full-text terms, plus the month keys (and,
 * for a short period, day keys) of the period it names, so a question about May finds a message
 * that said "last Tuesday" in early May. Empty when there is nothing to ask.
 */
export function factKeyTerms(
  terms: readonly string[],
  window: { readonly start: number; readonly end: number } | null,
): string[] {
  const out = [...terms];
  const days = window === null ? 0 : Math.ceil((window.end - window.start) / DAY_MS);
  if (window !== null && days > 0 && days <= MAX_QUERY_MONTHS * 31) {
    const months = new Set<string>();
    for (let day = Math.floor(window.start / DAY_MS) * DAY_MS; day < window.end; day += DAY_MS) {
      months.add(monthKey(day));
      if (days <= MAX_QUERY_DAYS) out.push(dayKey(day));
    }
    if (months.size <= MAX_QUERY_MONTHS) out.push(...months);
  }
  return [...new Set(out)];
}
