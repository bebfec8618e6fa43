import { expect } from 'vitest';

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
