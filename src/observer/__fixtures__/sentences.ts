/**
 * The rule observer's tests of sentences of our own: a chat from [role, text] turns, what the
 * rules observe in it, and the checks the tables of sentences share (bodies for `it.each`).
 */
import { expect } from 'vitest';
import { observeTranscript } from '../rule-observer.js';
import type { ScorerModel } from '../scorer.js';
import { classifySentence } from '../text-rules.js';
import type { TranscriptEntry } from '../transcript.js';

export type Turn = readonly [role: TranscriptEntry['role'], text: string];

export interface ChatOptions {
  /** When the first message was sent (ISO); one message a minute after it. */
  readonly from: string;
  /** The scorer, as `observeTranscript` takes it: default the shipped one, `null` the rules alone. */
  readonly scorer?: ScorerModel | null;
}

/** One transcript entry, sent `minute` minutes after `from` (ISO). */
export function entryAt(
  from: string,
  minute: number,
  [role, text]: Turn,
  id: string,
): TranscriptEntry {
  return { id, role, text, at: new Date(Date.parse(from) + minute * 60_000).toISOString() };
}

/** The turns as transcript entries: ids from 1, one message a minute from `from`. */
export function chat(turns: readonly Turn[], from: string): TranscriptEntry[] {
  return turns.map((turn, i) => entryAt(from, i, turn, String(i + 1)));
}

/** Every observation the observer makes of the entries, in order; undated, they fall on `from`'s day. */
export function observeEntries(entries: readonly TranscriptEntry[], options: ChatOptions) {
  return observeTranscript({
    captureKey: 'c'.repeat(64),
    sessionId: 's',
    entries,
    fallbackDate: options.from.slice(0, 10),
    ...(options.scorer === undefined ? {} : { scorer: options.scorer }),
  }).segments.flatMap((s) => s.observations);
}

/** Every observation the observer makes of the chat, in order. */
export function observedIn(turns: readonly Turn[], options: ChatOptions) {
  return observeEntries(chat(turns, options.from), options);
}

/** The texts of the chat's durable (🔴) observations. */
export function durableIn(turns: readonly Turn[], options: ChatOptions): string[] {
  return observedIn(turns, options)
    .filter((o) => o.priority === 'red')
    .map((o) => o.text);
}

/**
 * A check for rows [sentence, words] under `options`: what the user says is drafted (an
 * observation holds the words), and only as a 🟡 problem.
 */
export const isSymptomUnder =
  (options: ChatOptions) =>
  (sentence: string, words: string): void => {
    const seen = observedIn([['user', sentence]], options).filter((o) => o.text.includes(words));
    expect(seen.length).toBeGreaterThan(0);
    for (const o of seen) {
      expect(o.type).toBe('problem');
      expect(o.priority).toBe('yellow');
    }
  };

type Kind = ReturnType<typeof classifySentence>;

/** Check: the user's sentence is read as `kind`. */
export const isA =
  (kind: Kind) =>
  (sentence: string): void => {
    expect(classifySentence(sentence, 'user')).toBe(kind);
  };

/** Check: the user's sentence is read as anything but `kind`. */
export const isNo =
  (kind: Kind) =>
  (sentence: string): void => {
    expect(classifySentence(sentence, 'user')).not.toBe(kind);
  };

/** Check for rows [sentence, kind]: the user's sentence is read as that kind. */
export function isTheKind(sentence: string, kind: string): void {
  expect(classifySentence(sentence, 'user')).toBe(kind);
}

/** Check: every check given holds for the row, in order. */
export const all =
  (...checks: readonly ((...row: string[]) => void)[]) =>
  (...row: string[]): void => {
    for (const check of checks) check(...row);
  };

/**
 * Chats as `options` says: `said`, the texts of a chat's durable observations; `red`, those of one
 * user message; and the checks on them: `keeps` for rows [sentence, words] (a durable observation
 * holds the words), `keepsWithout(dropped)` for the same rows (one holds the words and nothing
 * `dropped` matches: the clause kept apart from the momentary one), `keepsNothing` (nothing of
 * the sentence is durable).
 */
export function chatsFrom(options: ChatOptions) {
  const said = (...turns: Turn[]) => durableIn(turns, options);
  const red = (text: string) => said(['user', text]);
  return {
    said,
    red,
    keeps(sentence: string, words: string): void {
      expect(red(sentence).some((t) => t.includes(words))).toBe(true);
    },
    keepsWithout:
      (dropped: RegExp) =>
      (sentence: string, words: string): void => {
        expect(red(sentence).some((t) => t.includes(words) && !dropped.test(t))).toBe(true);
      },
    keepsNothing(sentence: string): void {
      expect(red(sentence)).toEqual([]);
    },
  };
}

/**
 * One message of the assistant alone, in a chat as `options` says, and the checks on it:
 * `isOffered` (it is observed, and only as 🟢 talk: offered, not had), `staysWorkingContext`
 * (some observation of it is more than 🟢).
 */
export function assistantMessage(options: ChatOptions) {
  const seen = (text: string) => observedIn([['assistant', text]], options);
  return {
    isOffered(sentence: string): void {
      const observations = seen(sentence);
      expect(observations.length).toBeGreaterThan(0);
      expect(observations.every((o) => o.priority === 'green')).toBe(true);
    },
    staysWorkingContext(sentence: string): void {
      expect(seen(sentence).some((o) => o.priority !== 'green')).toBe(true);
    },
  };
}
