import { describe, expect, it } from 'vitest';
import { type Subordination, subordinatedAt } from '../subordinate.js';
import {
  expectEachRead,
  expectNothingRead,
  expectReadings,
  expectSomethingRead,
  readChat,
} from './read-chat.js';

/**
 * The readings of one user chat message with more than weak evidence, as `field=value`, only
 * those of slots starting with `prefix` when one is given.
 */
export function firmReadings(text: string, prefix = ''): string[] {
  return readChat(text)
    .filter((o) => o.evidence !== 'weak' && o.field.startsWith(prefix))
    .map((o) => `${o.field}=${o.value}`);
}

/**
 * One case per sentence of a phenomenon's test: each negative reads nothing (`read` gives an
 * empty list; the test is named `<nothing>: <sentence>`), each positive still gives its reading
 * (through `keep`, by default `read`).
 */
export function phenomenonCases(
  read: (text: string) => readonly string[],
  negatives: readonly string[],
  positives: ReadonlyArray<readonly [string, string]>,
  { keep = read, nothing = 'reads nothing' }: PhenomenonCaseOptions = {},
): void {
  for (const sentence of negatives) {
    it(`${nothing}: ${sentence}`, () => {
      expect(read(sentence)).toEqual([]);
    });
  }
  for (const [sentence, reading] of positives) {
    it(`still reads ${reading}: ${sentence}`, () => {
      expect(keep(sentence)).toContain(reading);
    });
  }
}

/** How `phenomenonCases` reads its positives and names its negatives. */
export interface PhenomenonCaseOptions {
  readonly keep?: (text: string) => readonly string[];
  readonly nothing?: string;
}

/** Every sentence of a table of sentences by phenomenon, as `[phenomenon, sentence]`. */
export function byPhenomenon(
  table: Readonly<Record<string, readonly string[]>>,
): (readonly [string, string])[] {
  return Object.entries(table).flatMap(([phenomenon, sentences]) =>
    sentences.map((sentence) => [phenomenon, sentence] as const),
  );
}

/**
 * One test per `[phenomenon, sentence]`, named `<phenomenon>: "<sentence>"`: `read` gives
 * nothing for the sentence.
 */
export function itReadsNothingEach(
  read: (text: string) => readonly string[],
  cases: readonly (readonly [string, string])[],
): void {
  it.each(cases)('%s: "%s"', (_phenomenon, sentence) => {
    expect(read(sentence)).toEqual([]);
  });
}

/** What one test asserts of its sentences, each list through `read` (default: the table's). */
export interface SentenceCheck {
  readonly read?: (text: string) => readonly unknown[];
  /** Sentences that read nothing. */
  readonly nothing?: readonly string[];
  /** Sentences that read at least one thing. */
  readonly something?: readonly string[];
  /** `[sentence, ...readings]`: the sentence's readings include each of the readings. */
  readonly reads?: readonly (readonly [string, ...unknown[]])[];
  /** `[sentence, readings]`: the sentence's readings are exactly these, in this order. */
  readonly equals?: readonly (readonly [string, readonly unknown[]])[];
}

/**
 * One `describe` per phenomenon of `table` and, in it, one test per named check, each through
 * `read` unless the check names its own reader.
 */
export function describeSentences(
  read: (text: string) => readonly unknown[],
  table: Readonly<Record<string, Readonly<Record<string, SentenceCheck>>>>,
): void {
  for (const [phenomenon, checks] of Object.entries(table)) {
    describe(phenomenon, () => {
      itChecksSentences(read, checks, phenomenon);
    });
  }
}

/**
 * One test per named check of `checks`, each through `read` unless the check names its own
 * reader; `where` names the enclosing suite in the error for a check without sentences.
 */
export function itChecksSentences(
  read: (text: string) => readonly unknown[],
  checks: Readonly<Record<string, SentenceCheck>>,
  where = 'itChecksSentences',
): void {
  for (const [name, check] of Object.entries(checks)) {
    const sentences =
      (check.nothing?.length ?? 0) +
      (check.something?.length ?? 0) +
      (check.reads?.length ?? 0) +
      (check.equals?.length ?? 0);
    // A check without sentences would be a test that cannot fail.
    if (sentences === 0) throw new Error(`${where} > ${name}: no sentences`);
    it(name, () => {
      const reader = check.read ?? read;
      expectNothingRead(reader, check.nothing ?? []);
      expectSomethingRead(reader, check.something ?? []);
      expectEachRead(
        reader,
        (check.reads ?? []).flatMap(([text, ...readings]) =>
          readings.map((reading) => [text, reading] as const),
        ),
      );
      expectReadings(reader, check.equals ?? []);
    });
  }
}

/**
 * Asserts, for each `[sentence, word, subordination]`, what `subordinatedAt` gives for the
 * predicate at the first occurrence of `word` in the sentence.
 */
export function expectSubordinated(
  cases: readonly (readonly [string, string, Subordination | null])[],
): void {
  for (const [sentence, word, subordination] of cases) {
    const at = sentence.indexOf(word);
    expect(at, `${word} in ${sentence}`).toBeGreaterThanOrEqual(0);
    expect(subordinatedAt(sentence, at), sentence).toBe(subordination);
  }
}
