/**
 * A gauge read at the moment: a measured quantity given a bare figure ("Battery 9%", "Signal at 2
 * bars", "The answer is 42", "CPU temp 71C", "Soil sensor reads 0"). What a gauge shows is the
 * moment's, not a lasting fact; a setting about the same quantity ("Max memory is 512",
 * "Battery alert at 20%") or a figure with a scope ("Memory is 512 MB per pod") is not a reading.
 */

// Quantities a gauge, a meter or a sum reads out.
const GAUGE =
  'battery|charge|signal|reception|wifi|disk|memory|ram|cpu|load|temp|temperature|humidity|pressure|fuel|tank|speed|ping|latency|bandwidth|score|answer|result|total|sum|count|tally|reading|progress|sensor|thermometer|meter|gauge|scale';
// Words that make the figure a setting of the quantity rather than its reading.
const SETTING_WORD =
  'max|maximum|min|minimum|limit|target|default|threshold|alert|alarm|budget|cap|quota|ideal|allowed|expected|required|spec';
// Units a reading is given in: a share, degrees, bars of signal; or none ("The answer is 42").
const UNIT = String.raw`(?:%|°\s?[cf]?|[cf]\b|degrees?|bars?|points?)?`;

const READING = new RegExp(
  String.raw`^(?:the|my|our|your|his|her|their)?\s*((?:[\p{L}\d.'-]+\s+){0,2})(?:${GAUGE})s?(?:\s+(?:on|of|for|in)\s+[\p{L}\d.-]+)?\s*(?:(?:is|are|was|were|reads?|read|shows?|showed|says|at|=|:)\s+)*(?:(?:at|now|only|just|still|down to|up to|back to|around|about|~)\s*)*-?\d[\d.,]*\s*${UNIT}\s*(?:now|again|today|atm|right now)?[.!]*$`,
  'iu',
);
const SETTING = new RegExp(String.raw`\b(?:${SETTING_WORD})\b`, 'i');

/** True when a clause is a gauge read now: a measured quantity with a bare figure and no setting. */
export function isGaugeReading(clause: string): boolean {
  const match = READING.exec(clause.trim());
  if (match === null) return false;
  return !SETTING.test(match[1] ?? '');
}
