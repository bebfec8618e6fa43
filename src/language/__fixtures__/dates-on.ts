import { findDates } from '../dates.js';

/**
 * Reads the dates of each text written at `at`, as ISO days (null where no day can be told), in
 * the text's order.
 */
export function datesOn(at: string): (text: string) => (string | null)[] {
  return (text) => findDates(text, at).map((d) => d.date);
}

/** Reads the dates of each text written at `at`, as `<words>=<date>` in the text's order. */
export function datedWordsOn(at: string): (text: string) => string[] {
  return (text) => findDates(text, at).map((d) => `${d.text}=${d.date}`);
}
