import { lookupPlace } from '../language/index.js';
import type { Candidate } from './clauses.js';
import type { KnownSlot } from './types.js';

/**
 * What may follow a retraction opener and still leave it bare: an apology, what is withdrawn or
 * the reason the whole statement is void ("Scratch that, sorry.", "Ignore that last one, wrong
 * group chat.").
 */
const RETRACTION_FILLER =
  /^(?:(?:sorry|oops|my bad|my mistake|please|ignore me|lol|haha|never ?mind|forget it|typo|that was wrong|wrong (?:\w+ )?(?:project|trip|thread|chat|channel|window|person|team|one|message)|(?:the |that |my )?(?:last|previous) (?:one|message|bit|part|thing))\b[\s,.!-]*)*$/i;

/**
 * What after a retraction opener keeps a value ("Scratch that, keep mornings", "never mind,
 * stick with Lisbon"): the withdrawal said with its effect. A pronoun or article after the verb
 * is another request ("keep me posted", "keep an eye on it").
 */
const RESTORES =
  /^(?:just\s+|let's\s+)?(?:keep|stick with|stay with|go back to|back to|revert to)\s+(?!(?:me|us|you|it|them|going|in|an?|on|up|out|track|quiet)\b)(?=\S)/i;

/** A determiner that makes what is kept a thing of its own ("keep the receipts", "keep my seat"). */
const OWN_THING = /^(?:the|my|our|your|his|her|their|this|that|these|those|some|all)\b/i;

/** What is kept said by pointing back at the earlier statement ("the plan", "the original"). */
const BACK_REFERENCE =
  /^(?:the\s+(?:plan|original|first|old|previous|earlier|same)(?:\s+(?:one|plan|idea|dates?|trip|booking|version))?|what (?:we|i) had|as (?:it )?(?:was|planned))$/i;

/** How a sentence after a retraction opener is read (see `readRetraction`). */
export type RetractionReading =
  | { readonly kind: 'bare' }
  | { readonly kind: 'rest' }
  | { readonly kind: 'restores'; readonly candidates: readonly Candidate[] };

/**
 * What a retraction opener followed by `rest` does:
 * - `bare`: it withdraws the speaker's previous statement ("Scratch that, sorry.", "Never mind,
 *   stick with the plan.", or a value kept that is already on record or no place);
 * - `restores`: it names the place the trip goes back to ("Never mind, stick with Kyoto." while
 *   the destination on record is another and Kyoto is one it had before): that one slot changes,
 *   whatever the last message said, and the rest of the trip stays;
 * - `rest`: it is another request or statement ("Scratch that, keep the receipts.", a question),
 *   read by the rules on its own, so a thing that is no value withdraws nothing.
 */
export function readRetraction(
  rest: string,
  known: readonly KnownSlot[],
  asked: boolean,
): RetractionReading {
  const said = rest.trim();
  if (RETRACTION_FILLER.test(said)) return { kind: 'bare' };
  const restores = RESTORES.exec(said);
  if (restores === null) return { kind: 'rest' };
  if (asked) return { kind: 'rest' };
  const kept = said
    .slice(restores[0].length)
    .replace(/(?:[\s,]+(?:please|then|instead|for now))+[\s.!]*$/i, '')
    .replace(/[\s.!]+$/, '')
    .trim();
  if (BACK_REFERENCE.test(kept)) return { kind: 'bare' };
  if (OWN_THING.test(kept)) return { kind: 'rest' };
  const place = lookupPlace(
    kept.replace(/(^|\s)(\p{Ll})/gu, (_, s: string, l: string) => s + l.toUpperCase()),
  );
  const destinations = known.filter((k) => k.field === 'travel.destination' && k.value !== null);
  const slot = destinations.length === 1 ? destinations[0] : undefined;
  if (place === null || slot === undefined || place.name.toLowerCase() !== kept.toLowerCase()) {
    return { kind: 'bare' };
  }
  if (slot.value?.toLowerCase() === place.name.toLowerCase()) return { kind: 'bare' };
  // Only a place the trip had before is kept: "Never mind, stick with Jordan." after a trip to
  // Osaka may name a person, and then withdrawing the previous statement is the reading.
  const had = (slot.earlier ?? []).some((v) => v.toLowerCase() === place.name.toLowerCase());
  if (!had) return { kind: 'bare' };
  return {
    kind: 'restores',
    candidates: [
      {
        entityId: slot.entityId,
        field: 'travel.destination',
        value: place.name,
        intent: 'assertive',
        confidence: 1,
        correction: true,
        span: said,
        evidence: 'strong',
        priority: 1,
      },
    ],
  };
}
