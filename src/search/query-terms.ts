/**
 * English function words dropped from queries: they match nearly every item and cost time in the
 * full-text index without telling items apart. The list of the LoCoMo BM25 baseline.
 */
const STOP_WORDS = new Set(
  `a an the and or but if then else of to in on at by for with about against between into through
  during before after above below from up down out off over under again further once here there
  when where why how all any both each few more most other some such no nor not only own same so
  than too very s t can will just don should now i me my myself we our ours ourselves you your
  yours yourself yourselves he him his himself she her hers herself it its itself they them their
  theirs themselves what which who whom this that these those am is are was were be been being
  have has had having do does did doing would could ought as until while also get got much many`
    .split(/\s+/)
    .filter((word) => word !== ''),
);

/** Whether `word` (lowercase) is one of the function words queries drop. */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

/** Lowercase runs of Unicode letters and digits. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * The full-text terms of a query: its distinct words without stop words, in order. A query made
 * only of stop words keeps them all, so it still finds something.
 */
export function queryTerms(query: string): string[] {
  const words = [...new Set(wordsOf(query))];
  const content = words.filter((word) => !STOP_WORDS.has(word));
  return content.length > 0 ? content : words;
}
