import { expect, it } from 'vitest';
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

/*
 * One test a row, named by `name` (`%s` or `%j` takes the row's values in turn): a reply to a
 * question, or the turns of a chat, as every surface shows them.
 */

/** [asked, reply, shown]: `reply` to the question `asked`, masked, reads `shown`. */
export function answers(
  rows: readonly (readonly [string, string, string])[],
  name = '"%s" → "%s"',
): void {
  it.each(rows)(name, (asked, reply, shown) => {
    expect(maskSecrets(reply, asked)).toBe(shown);
  });
}

/** [asked, reply]: `reply` to the question `asked` (none: said alone) stays as written. */
export function keepsReplies(
  rows: readonly (readonly [string | undefined, string])[],
  name = '"%s" → "%s" stays',
): void {
  it.each(rows)(name, (asked, reply) => {
    expect(maskSecrets(reply, asked)).toBe(reply);
  });
}

/** [asked, reply]: `reply` to the question `asked` is masked whole. */
export function masksReplies(
  rows: readonly (readonly [string, string])[],
  name = '"%s" → "%s" is masked',
): void {
  it.each(rows)(name, (asked, reply) => {
    expect(maskSecrets(reply, asked)).toBe('[secret]');
  });
}

/** [said]: every turn of the chat is shown as said. */
export function keepsChats(
  rows: readonly (readonly [readonly string[]])[],
  name = 'keeps %j',
): void {
  it.each(rows)(name, (said) => {
    expect(shownChat(said)).toBe(said.join(' | '));
  });
}

/** [said]: the last turn of the chat is shown as said. */
export function keepsLastTurns(
  rows: readonly (readonly [readonly string[]])[],
  name = 'keeps %j',
): void {
  it.each(rows)(name, (said) => {
    expect(shownLast(said)).toBe(said[said.length - 1]);
  });
}

/** [said]: the last turn of the chat is masked whole. */
export function masksLastTurns(
  rows: readonly (readonly [readonly string[]])[],
  name = 'masks %j',
): void {
  it.each(rows)(name, (said) => {
    expect(shownLast(said)).toBe('[secret]');
  });
}
