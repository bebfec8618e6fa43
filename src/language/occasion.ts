import type { ClauseAnalysis } from './clause.js';
import { COMMENT_ADVERB, RELATIONAL_NOUN } from './lexicon.js';

/**
 * An adjunct that says on which occasions a statement holds: a prepositional phrase of time,
 * place, circumstance or company ("on long flights", "at work", "on weekdays", "over 4 hours",
 * "with the kids") or a clause opened by a subordinator of time or condition ("when I fly with
 * the kids", "if it's a red-eye").
 */
export interface OccasionAdjunct {
  /** Token index of the preposition or subordinator, and the index after the adjunct's end. */
  readonly start: number;
  readonly end: number;
  /** Lower-case lemmas of its content words (nouns, names, verbs, adjectives, numbers). */
  readonly content: readonly string[];
}

/**
 * Prepositions that open an adjunct of time, place or circumstance (closed class). "for" only
 * with a plural noun or an adjective ("for work trips", "for long-haul"): with a bare singular
 * noun it is most often a purpose or a beneficiary ("for meal planning", "for me").
 */
const OCCASION_PREPOSITION = new Set(['on', 'at', 'during', 'over', 'in', 'for', 'with']);
/** Subordinators of time and condition (closed class). */
const OCCASION_SUBORDINATOR = new Set(['when', 'whenever', 'if', 'unless', 'while', 'except']);
/** Parts of speech inside a noun phrase. */
const PHRASE_POS = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'NUM', 'PRON']);
/** Parts of speech whose lemma carries content. */
const CONTENT_POS = new Set(['NOUN', 'PROPN', 'VERB', 'ADJ', 'NUM']);

/**
 * Whether token `at` continues a noun phrase: a word of a phrase's part of speech, a hyphen
 * inside a compound ("long-haul"), or a capitalised word the tagger took for a verb ("during
 * Lent", "on Sundays").
 */
function inPhrase(tokens: ClauseAnalysis['tokens'], at: number): boolean {
  const token = tokens[at];
  // "in my coffee tbh": a comment ends the phrase, whatever the tagger calls it.
  if (token === undefined || COMMENT_ADVERB.pattern.test(token.text)) return false;
  if (PHRASE_POS.has(token.pos)) return true;
  if (token.text === '-') return /^\p{L}/u.test(tokens[at + 1]?.text ?? '');
  return /^\p{Lu}/u.test(token.text);
}

function contentOf(analysis: ClauseAnalysis, start: number, end: number): string[] {
  return analysis.tokens
    .slice(start, end)
    .filter((t) => CONTENT_POS.has(t.pos))
    .map((t) => t.lemma.toLowerCase());
}

/**
 * The occasion adjuncts of a clause, in order. A prepositional phrase with no content word ("for
 * me", "from now on") is none; "with" opens one only for company (a person by relation, a name
 * or a pronoun: "with the kids", "with Ana"), not for an attribute ("with oat milk", "with extra
 * legroom"). A subordinate clause runs to the next punctuation mark.
 */
export function occasionAdjuncts(analysis: ClauseAnalysis): OccasionAdjunct[] {
  const tokens = analysis.tokens;
  const out: OccasionAdjunct[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token === undefined) continue;
    const word = token.text.toLowerCase();
    if (OCCASION_SUBORDINATOR.has(word) && token.pos !== 'NOUN') {
      let end = i + 1;
      while (end < tokens.length && tokens[end]?.pos !== 'PUNCT') end++;
      const content = contentOf(analysis, i + 1, end);
      if (content.length > 0) out.push({ start: i, end, content });
      continue;
    }
    if (token.pos !== 'ADP' || !OCCASION_PREPOSITION.has(word)) continue;
    let end = i + 1;
    while (end < tokens.length && inPhrase(tokens, end)) end++;
    const phrase = tokens.slice(i + 1, end);
    const head = [...phrase].reverse().find((t) => t.pos !== 'DET' && t.pos !== 'PUNCT');
    if (head === undefined) continue;
    const plural = head.pos === 'NOUN' && head.lemma !== head.text.toLowerCase();
    if (word === 'for' && !plural && !phrase.some((t) => t.pos === 'ADJ')) continue;
    if (
      word === 'with' &&
      !(head.pos === 'PROPN' || head.pos === 'PRON' || RELATIONAL_NOUN.pattern.test(head.text))
    ) {
      continue;
    }
    const content = contentOf(analysis, i + 1, end);
    if (content.length > 0 || word === 'with') out.push({ start: i, end, content });
  }
  return out;
}
