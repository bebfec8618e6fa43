import type { ClauseAnalysis, Token } from './clause.js';

/** A noun phrase read from a clause: its head noun and the words that modify it. */
export interface NounPhrase {
  /** The head noun, lower case and singular ("flights" → "flight"). */
  readonly head: string;
  /** Modifiers before the head, lower case ("morning", "oat", "piano"). */
  readonly modifiers: readonly string[];
  /** Token index of the head in `analysis.tokens`. */
  readonly index: number;
}

/** A crude English singular: "flights" → "flight", "classes" → "class", "lessons" → "lesson". */
export function singularNoun(word: string): string {
  const w = word.toLowerCase();
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && /(?:ss|sh|ch|x)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us')) {
    return w.slice(0, -1);
  }
  return w;
}

const NOMINAL = new Set(['NOUN', 'PROPN', 'ADJ', 'NUM']);

function isNoun(t: Token | undefined): boolean {
  return t !== undefined && (t.pos === 'NOUN' || t.pos === 'PROPN');
}

/**
 * The noun phrase that contains the token at `index` (or follows or precedes it): the longest run
 * of nouns and adjectives around it, whose last noun is the head. "book me on **morning
 * flights**" → head `flight`, modifiers `morning`; "meetings in the afternoon" (index on
 * "afternoon") → the phrase that the prepositional phrase attaches to, head `meeting`. Null when
 * no noun is near. The one rule behind open-vocabulary slugs (issue #10 §3): a slot's name comes
 * from the sentence's own head noun, never from a list of expected topics.
 */
export function nounPhraseAt(analysis: ClauseAnalysis, index: number): NounPhrase | null {
  const tokens = analysis.tokens;
  let start = index;
  while (start > 0 && NOMINAL.has(tokens[start - 1]?.pos ?? '') && tokens[start - 1]?.pos !== 'NUM')
    start--;
  let end = index;
  while (end + 1 < tokens.length && NOMINAL.has(tokens[end + 1]?.pos ?? '')) end++;
  while (end > index && !isNoun(tokens[end])) end--;
  if (end > index || isNoun(tokens[index])) {
    const head = tokens[end];
    if (head !== undefined && isNoun(head) && end !== index) {
      return {
        head: singularNoun(head.text),
        modifiers: tokens.slice(start, end).map((t) => t.text.toLowerCase()),
        index: end,
      };
    }
  }
  // "<noun> in/on/at the <index>": the phrase the prepositional phrase modifies.
  let k = start - 1;
  while (k >= 0 && (tokens[k]?.pos === 'DET' || tokens[k]?.pos === 'ADJ')) k--;
  if (tokens[k]?.pos === 'ADP' && isNoun(tokens[k - 1])) {
    const head = tokens[k - 1];
    if (head !== undefined) return { head: singularNoun(head.text), modifiers: [], index: k - 1 };
  }
  return null;
}

/** Index of the first token whose text starts `word` (case-insensitive), or -1. */
export function tokenIndexOf(analysis: ClauseAnalysis, word: string): number {
  const wanted = word.toLowerCase().split(/\s+/)[0] ?? '';
  return analysis.tokens.findIndex((t) => t.text.toLowerCase() === wanted);
}
