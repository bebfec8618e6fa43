const FENCE = /```[\s\S]*?(?:```|$)/g;
const LINE_PREFIX = /^\s*(?:#{1,6}\s+|>\s*)?(?:(?:[-*+\u2022]|\d{1,3}[.)])\s+)?(?:\[[ xX]\]\s+)?/;
const ABBREVIATION = /(?:\b(?:e\.g|i\.e|etc|vs|approx|incl|mr|mrs|ms|dr|no|cf)|\b\p{L})\.$/iu;

/**
 * The sentences of a message, in order: code fences dropped, one line at a time, list bullets and
 * heading marks stripped, split after `.`, `!` or `?` unless the period ends a known abbreviation.
 * Each keeps its final punctuation.
 */
export function splitSentences(content: string): string[] {
  const sentences: string[] = [];
  for (const rawLine of content.replace(FENCE, '\n').split(/\r?\n/)) {
    const line = rawLine
      .replace(LINE_PREFIX, '')
      .replace(/\*\*|__/g, '')
      .trim();
    if (line === '') continue;
    let current = '';
    for (const piece of line.split(/(?<=[.!?])\s+/)) {
      current = current === '' ? piece : `${current} ${piece}`;
      if (!ABBREVIATION.test(current)) {
        sentences.push(current.trim());
        current = '';
      }
    }
    if (current.trim() !== '') sentences.push(current.trim());
  }
  return sentences;
}
