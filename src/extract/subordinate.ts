/**
 * Phenomenon: a state inside an adverbial clause of time or condition is not asserted.
 *
 * "I'll call you when I'm in Nairobi", "if we land in Oslo early", "once we're back home": the
 * subordinator (when, whenever, once, as soon as, by the time, until, till, before, after, if,
 * unless, in case) makes the clause a time or a condition of something else, so it says nothing
 * about where anyone is now. "While" is ambiguous ("while I'm in Lagos" is now or later) and
 * leaves the reading weak at most. "Since" and "now that" give a reason and do assert, so they
 * are not here.
 */

/** How a subordinator frames the clause that follows it. */
export type Subordination = 'time_or_condition' | 'while';

const TIME_OR_CONDITION =
  /\b(?:when|whenever|once|as soon as|by the time|until|till|til|before|after|if|unless|in case)\s+$/i;
const WHILE = /\b(?:while|whilst)\s+$/i;

/**
 * Whether the predicate at `index` of `text` sits in an adverbial clause of time or condition:
 * the subordinator stands right before the predicate's subject (at most three words, e.g. "when
 * I", "once the kids", "if Kofi") within the same stretch of the sentence (no comma, colon,
 * semicolon or dash between). Returns the kind, or null when the predicate is a main clause.
 */
export function subordinatedAt(text: string, index: number): Subordination | null {
  const before = text.slice(0, index);
  const stretch = before.slice(
    Math.max(...[',', ';', ':', ' - ', '—'].map((p) => before.lastIndexOf(p))) + 1,
  );
  const words = stretch
    .trimEnd()
    .split(/\s+/)
    .filter((w) => w !== '');
  // The subject: up to two words ("I", "we", "the kids", "Kofi"), its contraction already cut;
  // none in a participial clause ("when working from home", "while staying in Lyon").
  for (let n = 0; n <= Math.min(3, words.length); n++) {
    const lead = `${words.slice(0, words.length - n).join(' ')} `;
    if (TIME_OR_CONDITION.test(lead)) return 'time_or_condition';
    if (WHILE.test(lead)) return 'while';
  }
  return null;
}

/**
 * The evidence a present-state reading (presence, arrival, return, home) keeps when its predicate
 * is at `index`: none (null) inside a clause of time or condition, weak at most after "while",
 * else `strength` unchanged.
 */
export function stateStrengthAt<S extends string>(
  text: string,
  index: number,
  strength: S,
): S | 'weak' | null {
  const framed = subordinatedAt(text, index);
  if (framed === 'time_or_condition') return null;
  return framed === 'while' ? 'weak' : strength;
}

/**
 * The evidence a plan read at `index` keeps: a plan inside a clause of time or condition ("if we
 * fly to Oslo", "when I go to Lima") is weak at most; else `strength` unchanged.
 */
export function planStrengthAt<S extends string>(
  text: string,
  index: number,
  strength: S,
): S | 'weak' {
  return subordinatedAt(text, index) === null ? strength : 'weak';
}
