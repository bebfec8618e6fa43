import { isStopWord, wordsOf } from './query-terms.js';

/**
 * Pseudo-relevance feedback for the full-text ranker: how many of the first query's best hits are
 * read, and how many of their words are added to a second query. `documents` 0 = off.
 */
export interface FeedbackSettings {
  readonly documents: number;
  readonly terms: number;
}

/** Shorter words are mostly fragments of contractions ("ve", "ll") or noise. */
const MIN_WORD_LENGTH = 3;

/**
 * The words to add to a query from its first full-text hits (best first, with their BM25 scores):
 * a word scores the sum, over the best `documents` hits that contain it, of the hit's score over
 * the best, times its rarity among all the hits given (log((n + 0.5) / (hits containing it + 0.5))),
 * so words every hit shares add nothing. Words of the query, stop words and words shorter than
 * three letters are never added; a word must occur in at least two of the best hits (one when only
 * one is read). Best first, ties in alphabetical order: the same hits always give the same words.
 */
export function feedbackTerms(
  queryWords: readonly string[],
  hits: readonly { readonly text: string; readonly score: number }[],
  settings: FeedbackSettings,
): string[] {
  const read = hits.slice(0, Math.max(0, settings.documents));
  if (read.length === 0 || settings.terms <= 0) return [];
  const known = new Set(queryWords);
  const eligible = (word: string) =>
    word.length >= MIN_WORD_LENGTH && !known.has(word) && !isStopWord(word);
  const contains = hits.map((hit) => new Set(wordsOf(hit.text).filter(eligible)));
  const spread = new Map<string, number>();
  for (const words of contains)
    for (const word of words) spread.set(word, (spread.get(word) ?? 0) + 1);
  const best = Math.max(...read.map((hit) => hit.score));
  const minimum = read.length === 1 ? 1 : 2;
  const weight = new Map<string, { total: number; seen: number }>();
  read.forEach((hit, index) => {
    const share = best > 0 ? hit.score / best : 1;
    for (const word of contains[index] ?? []) {
      const rarity = Math.log((hits.length + 0.5) / ((spread.get(word) ?? 0) + 0.5));
      const entry = weight.get(word) ?? { total: 0, seen: 0 };
      entry.total += share * rarity;
      entry.seen += 1;
      weight.set(word, entry);
    }
  });
  return [...weight.entries()]
    .filter(([, entry]) => entry.seen >= minimum && entry.total > 0)
    .sort(([a, x], [b, y]) => y.total - x.total || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, settings.terms)
    .map(([word]) => word);
}
