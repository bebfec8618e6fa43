/**
 * Phenomenon: a quantifier or determiner before a noun ("most nuts", "several antibiotics",
 * "some of the shellfish") says how much of a class is meant; it is no part of the thing's name.
 * A slug made from the noun phrase drops it. The words are the closed class of English
 * quantifiers and determiners, not a list of topics.
 */
const QUANTIFIER =
  /^(?:most|several|some|all|many|certain|few|any|various|numerous|both|a\s+few|a\s+couple\s+of|a\s+lot\s+of|lots\s+of|all\s+kinds\s+of|all\s+sorts\s+of)\s+(?:of\s+)?(?:(?:the|these|those)\s+)?/i;

/** Words that open a restrictive modifier after a head noun ("dogs with long hair", "cats that shed"). */
const RESTRICTIVE = /^(?:with|without|that|which|who|whose)$/i;

/**
 * Partitive quantifiers: "some nuts", "certain antibiotics", "a few pollens" say that part of a
 * class is meant without saying which, so no slug of the head names what was said.
 */
const PARTITIVE = /^(?:several|some|certain|few|any|various|numerous|a\s+few|a\s+couple\s+of)\s+/i;

/** Whether `phrase` opens with a partitive quantifier ("some nuts", "a few antibiotics"). */
export function isPartitive(phrase: string): boolean {
  return PARTITIVE.test(phrase.trim());
}

/** `phrase` without its leading quantifier or determiner: "most nuts" → "nuts". */
export function withoutQuantifier(phrase: string): string {
  return phrase.trim().replace(QUANTIFIER, '');
}

/**
 * Whether the words after a noun phrase's head open a restrictive modifier that narrows it
 * ("dogs with long hair", "cats that shed"): a slug of the head alone would name a wider class.
 */
export function restrictedAfter(words: readonly string[], head: number): boolean {
  const next = words[head + 1];
  return next !== undefined && RESTRICTIVE.test(next) && words.length > head + 2;
}
