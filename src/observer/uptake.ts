// What a user's reply does with the assistant turn before it (issue #13): takes it up, turns it
// down, picks one of the options it listed, or none of these (a new question, another subject, a
// hedge). A reading of the reply's opening words, the same in any domain; pure and deterministic.
import { isQualifying, opensWithRefusal, readAgreement } from '../language/index.js';
import { contentWords, splitSentences, stripNonProse } from './text-rules.js';

/** How a reply takes up the assistant turn before it. */
export type Uptake =
  | { readonly kind: 'accept' }
  | { readonly kind: 'reject' }
  /** `option` is the index, in the assistant's listed options, of the one the reply picks. */
  | { readonly kind: 'choose'; readonly option: number }
  | { readonly kind: 'none' };

const NONE: Uptake = { kind: 'none' };

// The words of a reply that picks by name: "the Redis one", "go with Redis", "let's use Redis".
const CHOOSING = /\b(?:one|option|go with|take|pick|choose|prefer|use|let'?s do)\b/i;

const ORDINALS: readonly (readonly [RegExp, (count: number) => number])[] = [
  [
    /\bthe first\b|\bfirst (?:one|option)\b|\boption (?:1|a|one)\b|#1\b|^\(?(?:1|a)\)?[.)]?$/i,
    () => 0,
  ],
  [
    /\bthe second\b|\bsecond (?:one|option)\b|\boption (?:2|b|two)\b|#2\b|^\(?(?:2|b)\)?[.)]?$/i,
    () => 1,
  ],
  [
    /\bthe third\b|\bthird (?:one|option)\b|\boption (?:3|c|three)\b|#3\b|^\(?(?:3|c)\)?[.)]?$/i,
    () => 2,
  ],
  [/\bthe fourth\b|\bfourth (?:one|option)\b|\boption (?:4|d|four)\b|#4\b/i, () => 3],
  [/\bthe former\b/i, () => 0],
  [/\b(?:the )?(?:latter|last one|last option)\b/i, (count) => count - 1],
];

/** The first sentence of a reply, trimmed of closing punctuation, as a reading. */
function opening(reply: string): string {
  const first = splitSentences(stripNonProse(reply))[0] ?? '';
  return first.trim();
}

/** The second and third sentences of a reply, where a hedge after a first "Ok." stands. */
function followingSentences(reply: string): string {
  return splitSentences(stripNonProse(reply)).slice(1, 3).join(' ');
}

/** The option a reply names by position ("the second one", "option B", "the latter"). */
function byPosition(text: string, count: number): number | null {
  for (const [pattern, index] of ORDINALS) {
    if (!pattern.test(text)) continue;
    const at = index(count);
    return at >= 0 && at < count ? at : null;
  }
  return null;
}

/** Words of an option that tell it apart: content words no other option holds. */
function ownWords(options: readonly string[]): Set<string>[] {
  const words = options.map((o) => contentWords(o));
  return words.map((mine, i) => {
    const others = new Set(words.flatMap((w, j) => (j === i ? [] : [...w])));
    return new Set([...mine].filter((w) => !others.has(w)));
  });
}

/** The one option a reply names by a word only that option holds ("the Redis one"), if one. */
function byName(text: string, options: readonly string[]): number | null {
  const said = contentWords(text);
  const named = ownWords(options)
    .map((own, i) => ({ i, hits: [...own].filter((w) => said.has(w)).length }))
    .filter((o) => o.hits > 0);
  return named.length === 1 ? (named[0]?.i ?? null) : null;
}

/**
 * How `reply` takes up the assistant turn before it, given the options that turn listed (in
 * order; empty when it listed none). A choice is read only against two or more options; a hedged,
 * deferred or amended yes ("yes but not yet", "ok, maybe later", "sure, if it's cheap") is no
 * acceptance; a reply that opens with a question takes nothing up.
 */
export function readUptake(reply: string, options: readonly string[] = []): Uptake {
  const first = opening(reply);
  // The rest of the reply (up to two more sentences): "Ok. Maybe later." is no yes.
  const later = followingSentences(reply);
  const { agreement } = readAgreement(first, later);
  if (first === '' || agreement === 'hedge') return NONE;
  if (options.length >= 2) {
    const clause = first.replace(/^(?:no|nope|nah|ok(?:ay)?|yes|yeah|sure)\b[\s,.!—–-]*/i, '');
    // A name picks only alone ("Redis please") or in a choosing phrase ("the Redis one", "go with
    // Redis"), so "First I need to check the NAS" names no choice.
    const short = clause.split(/\s+/).filter((w) => w !== '').length <= 3;
    const chosen =
      byPosition(clause, options.length) ??
      (short || CHOOSING.test(clause) ? byName(clause, options) : null);
    // "not the Redis one", "skip the second": a name turned down is no pick.
    const turnedDown =
      opensWithRefusal(clause) ||
      /\b(?:not|never|skip|except|without|too)\b/i.test(clause) ||
      isQualifying(clause) ||
      isQualifying(later);
    if (chosen !== null && !turnedDown && !/\?$/.test(first))
      return { kind: 'choose', option: chosen };
  }
  if (agreement === 'refusal') return { kind: 'reject' };
  return agreement === 'accept' ? { kind: 'accept' } : NONE;
}

// A line of a list: "1. …", "2) …", "a) …", "- …", "• …", "Option A: …".
const LIST_LINE = /^\s*(?:\d{1,2}[.)]|[a-d]\)|[-*•]|option [a-d1-4]:)\s+(.+)$/i;
// An enumeration inside one line: "(1) … (2) …", "a) … b) …".
const INLINE_MARK = /(?:^|\s)\(?(?:[1-4]|[a-d])\)\s+/gi;

/**
 * The options an assistant turn lists, in order: the lines of a list (two or more), or the items of
 * an inline enumeration ("(1) Redis (2) Memcached"), or the sides of an "A or B?" question.
 */
export function optionsOf(text: string): string[] {
  const lines = text
    .split('\n')
    .map((l) => LIST_LINE.exec(l)?.[1]?.trim())
    .filter((l): l is string => l !== undefined && l !== '');
  if (lines.length >= 2) return lines;
  for (const line of text.split('\n')) {
    const parts = line.split(INLINE_MARK).slice(1);
    if (parts.length >= 2)
      return parts.map((p) => p.trim().replace(/[,;]?\s*(?:or|and)?\s*$/i, ''));
  }
  const question = splitSentences(stripNonProse(text))
    .filter((s) => /\?\s*$/.test(s))
    .pop();
  if (question === undefined) return [];
  const sides = question
    .replace(/\?\s*$/, '')
    .split(/,\s*(?:or\s+)?|\s+or\s+/i)
    .map((s) => s.trim())
    .filter((s) => s !== '');
  return sides.length >= 2 && / or /i.test(question) ? sides : [];
}
