import { chatWords } from './text.js';
import { EVIDENCE_CONFIDENCE } from './types.js';

/**
 * Phenomenon: a long passage pasted into chat is quoted material, not the writer's statement.
 *
 * People paste articles, contracts, price lists, CVs and data dumps into a chat with an assistant
 * ("Summarise this: …", "Rewrite the text below …"). Such a passage talks about its own subjects
 * ("the Kotters paid the bill", "the fee is paid", "Monthly cost: USD 150.00") and says nothing
 * about the person who pasted it. What marks it, whatever its topic: it is long for a chat turn,
 * and it hardly ever says "I", "my" or "we" — a person telling an assistant about their own life
 * does so in the first person all the time. A message of at least 150 words with fewer than 3
 * first-person words per 100, or of at least 400 words (a composed document such as a cover
 * letter), reads as pasted; every reading from it is kept weak (tentative, visible, never
 * committed alone). The thresholds were chosen on half A of the LongMemEval run (user turns
 * that were the user's own chat stayed under 120 words; pasted ones were 145 to 6,500 words
 * with 0 to 2.6 first-person words per 100, one composed statement of purpose at 8.1).
 */

const FIRST_PERSON =
  /^(?:i|i'm|im|i've|i'll|i'd|me|my|mine|myself|we|we're|we've|we'll|our|ours|us)$/;
/** A chat turn at least this long with few first-person words reads as pasted. */
const LONG_WORDS = 150;
/** First-person words per 100 below which a long turn reads as pasted. */
const FIRST_PERSON_RATE = 3;
/** A chat turn at least this long is a composed document whatever its person. */
const DOCUMENT_WORDS = 400;

/** Whether a chat message reads as a pasted or composed passage rather than the writer's own chat. */
export function readsAsPasted(text: string): boolean {
  const words = chatWords(text);
  if (words.length >= DOCUMENT_WORDS) return true;
  if (words.length < LONG_WORDS) return false;
  const firstPerson = words.filter((w) => FIRST_PERSON.test(w)).length;
  return (firstPerson * 100) / words.length < FIRST_PERSON_RATE;
}

/**
 * A reading as it stands when its chat message reads as pasted (`pasted`): weak, at most the
 * weak confidence; otherwise unchanged.
 */
export function asPastedReading<C extends { readonly confidence: number }>(
  c: C,
  pasted: boolean,
): C {
  return pasted
    ? { ...c, evidence: 'weak', confidence: Math.min(c.confidence, EVIDENCE_CONFIDENCE.weak) }
    : c;
}
