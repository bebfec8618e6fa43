/**
 * A gauge read at the moment: a measured quantity given a bare figure ("Battery 9%", "Signal at 2
 * bars", "The answer is 42", "CPU temp 71C now", "Soil sensor reads 0"). What a gauge shows is the
 * moment's, not a lasting fact. A quantity that is also a lasting spec or setting ("Our broadband
 * speed is 900", "The laptop RAM is 32", "Fridge temp is 4C") is a reading only when the clause
 * marks the moment ("now", "currently", "so far", "sorry …") or gives a level ("at 97%", "reads
 * 0"). A setting ("Max memory is 512", "Battery alert at 20%") or a figure with a scope or a unit
 * of capacity ("Memory is 512 MB per pod", "The battery is 4000 mAh") is never a reading. The
 * reading is the clause that opens the line: words after it ("btw", ", cake going in", "in the
 * shed") do not undo it.
 */

// Quantities that only ever hold a reading of the moment: a level that moves, a count or sum
// being made, an instrument.
const LIVE =
  'battery|signal|reception|load|cpu|queue|backlog|headcount|turnout|count|tally|answer|result|total|sum|score|progress|ping|latency|fuel|reading|sensor|thermometer|meter|gauge';
// Quantities that are as often a lasting spec or setting as a reading.
const SPEC =
  'charge|wifi|disk|memory|ram|temp|temperature|humidity|pressure|tank|speed|bandwidth|scale';
// Words that make the figure a setting of the quantity rather than its reading.
const SETTING_WORD =
  'max|maximum|min|minimum|limit|target|default|threshold|alert|alarm|budget|cap|quota|ideal|allowed|expected|required|spec';
// Units a reading is given in: a share, degrees, bars of signal; or none ("The answer is 42").
const UNIT = String.raw`(?:%|°\s?[cf]?|[cf]\b|degrees?|bars?|points?)?`;
// Words that mark the moment.
const MOMENT =
  'now|currently|right now|at the moment|atm|so far|still|again|today|sorry|down to|up to|back to|only|just';
// What may follow the figure in the same line: nothing, the moment, an aside or a place.
const AFTER = String.raw`(?:[.!…]*\s*$|\s*[,;:—–-]|\s+(?:${MOMENT}|btw|by the way|fyi|lol|haha|in|on|at|for|and|but|so|if)\b)`;

const READING = new RegExp(
  String.raw`^(?:the|my|our|your|his|her|their)?\s*((?:[\p{L}\d.'-]+\s+){0,2})(${LIVE}|${SPEC})s?(?:\s+(?:on|of|for|in)\s+(?:the\s+)?[\p{L}\d.-]+)?\s*((?:(?:is|are|was|were|reads?|read|shows?|showed|says|at|=|:)\s+)*)((?:(?:at|now|currently|only|just|still|down to|up to|back to|around|about|~)\s*)*)-?\d[\d.,]*\s*${UNIT}(?=${AFTER})(.*)$`,
  'iu',
);
const SETTING = new RegExp(String.raw`\b(?:${SETTING_WORD})\b`, 'i');
const LIVE_WORD = new RegExp(String.raw`\b(?:${LIVE})\b`, 'i');
// The figure given as a level ("at 93%", "reads 0") or marked as the moment's ("now 220").
const LEVEL =
  /\b(?:at|reads?|read|shows?|showed|now|currently|still|only|just|down to|up to|back to)\b/i;
const MOMENT_AFTER = new RegExp(String.raw`^\s*,?\s*(?:${MOMENT})\b`, 'i');

/** True when a clause opens with a gauge read now: a measured quantity, a bare figure, no setting. */
export function isGaugeReading(clause: string): boolean {
  const match = READING.exec(clause.trim());
  if (match === null) return false;
  const [, modifiers = '', quantity = '', verbs = '', before = '', after = ''] = match;
  if (SETTING.test(modifiers)) return false;
  return (
    LIVE_WORD.test(`${modifiers} ${quantity}`) ||
    LEVEL.test(`${verbs} ${before}`) ||
    MOMENT_AFTER.test(after)
  );
}
