/**
 * Phenomenon: one of several alternatives is not the choice.
 *
 * "a week in Kyiv or Lviv", "either Seville or Granada", "Bali, Lombok or the Gilis": places
 * joined by "or" are options the speaker has not chosen between, so none of them is where the
 * trip goes, however firm the trip itself is ("I'm planning a trip to Lyon or Annecy" plans a
 * trip with no destination yet). "And" joins places that are all visited ("Rome and Florence"),
 * so it is not here. The check looks only at the words right next to the place: "or" (or "nor",
 * "either") directly after it, or "or"/"either" directly before it, optionally after a comma.
 */
const OR_AFTER = /^\s*,?\s*(?:or|nor)\s+(?:maybe\s+|perhaps\s+|possibly\s+)?(?:the\s+)?\p{Lu}/u;
const OR_BEFORE = /(?:\bor|\beither|\bnor)\s+(?:maybe\s+|perhaps\s+|possibly\s+)?(?:the\s+)?$/i;

/**
 * Whether `place`, found in `text`, is one of alternatives joined by "or" ("Kyiv or Lviv",
 * "either Seville", "Lombok or the Gilis"). False when the place is not in the text.
 */
export function amongAlternatives(text: string, place: string): boolean {
  for (let at = text.indexOf(place); at !== -1; at = text.indexOf(place, at + 1)) {
    const after = text.slice(at + place.length);
    const before = text.slice(0, at);
    if (OR_AFTER.test(after) || OR_BEFORE.test(before)) return true;
  }
  return false;
}
