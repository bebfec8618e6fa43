import type { ClauseAnalysis } from './clause.js';
import { TIME_STRETCH } from './lexicon.js';

/** A choice between two things read from a clause: "tea **over** coffee", "X rather than Y". */
export interface Comparison {
  /** Token index of the first word of the marker ("over", "rather" of "rather than", "than"). */
  readonly marker: number;
  /** Token indices `[start, end)` of the rejected thing, the phrase after the marker. */
  readonly rejected: readonly [number, number];
}

/**
 * Nouns for a medium or a place, and words of a span: after "over" they make it mean "by" or
 * "during" ("over the phone", "over the past month"), not "in preference to". Stretches of time
 * ("over the weekend") are `TIME_STRETCH`.
 */
const OVER_MEDIUM =
  /^(?:phone|email|e-mail|text|chat|video|zoom|internet|radio|counter|top|there|here|time|course|past|next|last|few|couple)$/i;

const overMeansDuring = (word: string) => TIME_STRETCH.pattern.test(word) || OVER_MEDIUM.test(word);

/** The words a rejected thing is made of: a determiner, then adjectives, nouns and names. */
const REJECTED_WORD = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'NUM']);

/**
 * The comparison of a clause, when it names a thing chosen in preference to another: "rather
 * than Y", "instead of Y", "rather X than Y", and "X over Y" when "over" means "in preference
 * to" (not "more than": "over 4 hours", nor "during": "over the weekend"). The rejected thing is
 * the noun phrase right after the marker; whatever follows it ("in the mornings") is said of the
 * whole choice. Null when the clause compares nothing.
 */
export function comparisonOf(analysis: ClauseAnalysis): Comparison | null {
  const tokens = analysis.tokens;
  const word = (i: number) => tokens[i]?.text.toLowerCase() ?? '';
  const rather = tokens.findIndex((_, i) => word(i) === 'rather');
  for (let i = 0; i < tokens.length; i++) {
    let after = -1;
    if (word(i) === 'rather' && word(i + 1) === 'than') after = i + 2;
    else if (word(i) === 'instead' && word(i + 1) === 'of') after = i + 2;
    else if (word(i) === 'than' && rather >= 0 && rather < i) after = i + 1;
    else if (word(i) === 'over') {
      let k = i + 1;
      while (tokens[k]?.pos === 'DET') k++;
      const next = tokens[k];
      if (next === undefined || next.pos === 'NUM' || /^\d/.test(next.text)) continue;
      if (overMeansDuring(next.text) || overMeansDuring(tokens[i + 1]?.text ?? '')) continue;
      after = i + 1;
    }
    if (after < 0) continue;
    let end = after;
    while (end < tokens.length && REJECTED_WORD.has(tokens[end]?.pos ?? '')) end++;
    if (end === after) continue;
    return { marker: i, rejected: [after, end] };
  }
  return null;
}
