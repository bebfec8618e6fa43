import { expect, it } from 'vitest';
import type { LexiconEntry } from '../lexicon.js';

/** A pattern or predicate over a text: a lexicon entry's `pattern`, or a function like it. */
export type TextTest = { test(text: string): boolean } | ((text: string) => boolean);

/**
 * Asserts that `test` holds for every one of `matching` and for none of `notMatching`; a failure
 * names the text it failed on.
 */
export function expectMatches(
  test: TextTest,
  matching: readonly string[],
  notMatching: readonly string[] = [],
): void {
  const holds = typeof test === 'function' ? test : (text: string) => test.test(text);
  for (const text of matching) expect(holds(text), text).toBe(true);
  for (const text of notMatching) expect(holds(text), text).toBe(false);
}

/** A lexicon entry under a test name, with texts its pattern must match and texts it must not. */
export type EntryCase = readonly [
  name: string,
  entry: LexiconEntry,
  matching: readonly string[],
  notMatching: readonly string[],
];

/**
 * One test per case, named by it: the entry names its phenomenon, and its pattern matches every
 * one of `matching` and none of `notMatching`.
 */
export function itCoversEach(cases: readonly EntryCase[]): void {
  it.each(cases)('%s', (_name, entry, matching, notMatching) => {
    expect(entry.phenomenon.length).toBeGreaterThan(0);
    expectMatches(entry.pattern, matching, notMatching);
  });
}
