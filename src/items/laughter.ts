import { LAUGHTER } from '../extract/index.js';
import { findDates } from '../language/index.js';

/**
 * Overstatement and the impossible: a vow never to do something again, "forever", "one more
 * time", "at this point", a hyperbolic count ("a hundred years"), a destination no one can go to
 * ("the moon", "Mars"). Said with a laugh, the clause is a joke whatever it names.
 */
export const HYPERBOLE =
  /\bnever\b[^.!?]*\bagain\b|\b(?:not|n't)\b[^.!?]*\bagain\b|\bforever\b|\bone more time\b|\bat this point\b|\b(?:a|one) (?:hundred|thousand|million|billion) (?:years|times|days)\b|\bto (?:the moon|mars|another planet|outer space)\b/i;

/**
 * The speaker saying the clause is meant despite the laugh ("seriously", "for real", "no
 * exceptions", "I mean it").
 */
export const SINCERE =
  /\b(?:seriously|for real|no exceptions?|i mean it|i'?m serious|dead serious|not joking)\b/i;

const LAUGHS = new RegExp(LAUGHTER.source, `${LAUGHTER.flags.replace('g', '')}g`);
/** A laugh that opens the sentence and then gives in ("lol ok", "haha fine,"): a concession. */
const CONCEDING = new RegExp(
  `^(?:${LAUGHTER.source})[\\s,.!]*(?:ok(?:ay)?|fine|sure|alright|all right|yes|yeah|yep|deal)\\b`,
  LAUGHTER.flags.replace('g', ''),
);
/** An anchor for `findDates` when only whether a clause names a day or time matters. */
const ANY_DAY = '2026-01-07T12:00:00Z';

/** A sentence with laughter in it, read: the text without the laughs, and whether it is a joke. */
export interface LaughterReading {
  /** The sentence with every laughter marker removed, spacing and commas tidied. */
  readonly plain: string;
  /** The laugh belongs to the clause and nothing holds the clause to the real world. */
  readonly joke: boolean;
}

/**
 * Reads the laughter in a sentence, or null when there is none. A laugh alone never takes back a
 * plan; the clause it closes is a joke when it overstates or names the impossible (`HYPERBOLE`),
 * or when it has nothing concrete to stand on: no "seriously" (`SINCERE`), no concession ("lol
 * fine, …"), no day, time or number. See ADR 2026-11-26-distractor-set-c-and-laughter
 * (amendment of session 16). Pure.
 */
export function readLaughter(sentence: string): LaughterReading | null {
  if (!LAUGHTER.test(sentence)) return null;
  const plain = sentence
    .replace(LAUGHS, ' ')
    .replace(/\s+([,.!?;:])/g, '$1')
    .replace(/([,;:])(?:\s*[,;:])+/g, '$1')
    .replace(/\s+/g, ' ')
    .replace(/^[\s,.!;:-]+|[\s,;:-]+$/g, '')
    .trim();
  if (SINCERE.test(plain)) return { plain, joke: false };
  if (HYPERBOLE.test(plain)) return { plain, joke: true };
  const concrete =
    CONCEDING.test(sentence.trim()) || /\d/.test(plain) || findDates(plain, ANY_DAY).length > 0;
  return { plain, joke: !concrete };
}
