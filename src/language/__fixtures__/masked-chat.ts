import { expect } from 'vitest';
import { askedBefore, maskSecrets, type SaidTurn, turnSide } from '../secrets.js';

/**
 * The turns of a chat as `askedBefore` reads them: a user and the assistant taking turns, the
 * user first, unless `oneSide` names the side that says every turn.
 */
export function chatTurns(said: readonly string[], oneSide?: string): SaidTurn[] {
  return said.map((text, i) => ({
    side: oneSide ?? turnSide(i % 2 === 0 ? 'user' : 'assistant'),
    text,
  }));
}

/** Every turn of a chat (see `chatTurns`) masked as every surface shows it, joined by " | ". */
export function shownChat(said: readonly string[], oneSide?: string): string {
  const turns = chatTurns(said, oneSide);
  return said.map((text, i) => maskSecrets(text, askedBefore(turns, i))).join(' | ');
}

/** The last turn of a chat (see `chatTurns`) masked as every surface shows it. */
export function shownLast(said: readonly string[], oneSide?: string): string {
  const last = said.length - 1;
  return maskSecrets(said[last] ?? '', askedBefore(chatTurns(said, oneSide), last));
}

/** An entry of a word list as the detector reads it: word edges, none for CJK. */
export function entryPattern(entry: string): RegExp {
  return /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(entry)
    ? new RegExp(entry, 'iu')
    : new RegExp(`(?<![\\p{L}\\p{N}])(?:${entry})(?![\\p{L}\\p{N}])`, 'iu');
}

/**
 * Asserts that every entry of a word list has a case of our own (`[entry, said, ...]`, `said` one
 * text or the turns of a chat) and that each case says its entry, in its text or in one of its
 * turns; a failure names the entry.
 */
export function expectEntriesSaid(
  entries: readonly string[],
  cases: readonly (readonly [string, string | readonly string[], ...unknown[]])[],
): void {
  expect(entries.filter((e) => !cases.some(([entry]) => entry === e))).toEqual([]);
  for (const [entry, said] of cases) {
    const texts = typeof said === 'string' ? [said] : said;
    expect(
      texts.some((text) => entryPattern(entry).test(text)),
      `${entry} in ${JSON.stringify(said)}`,
    ).toBe(true);
  }
}
