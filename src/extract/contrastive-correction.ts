import { lookupPlace, weekdayNear } from '../language/index.js';
import type { Candidate } from './clauses.js';
import { classifyClause } from './intent.js';
import type { KnownSlot } from './types.js';

/**
 * A contrastive correction ("Boulder, not Denver", "sorry, I meant Boulder, not Denver", "it's
 * the Hilton not the Marriott") replaces one value the speaker gave earlier and says nothing
 * about the rest. It is read only against the record: every known, committed slot whose value is
 * the contrasted one ("Denver") takes the new one ("Boulder"), as the speaker's own correction;
 * the other fields of the earlier statement (its dates, its status) stay. With no slot holding
 * the contrasted value the sentence reads nothing, so "pizza, not pasta" changes nothing unless
 * pasta is what Verity recorded.
 *
 * Only fields whose new value can be checked are corrected: a trip's destination or location
 * (the replacement must be a place the gazetteer knows, so "Maybe Boulder" or "Next time Boulder"
 * is no value) and a profile preference (one or two words, no stance word in front). Statuses,
 * dates, amounts, owners and the rest are left to their own rules. A hedged or hypothetical
 * sentence, an assistant's turn, and a contrasted value held by unrelated fields read nothing.
 */
const CONTRAST =
  /^(?:(?:sorry|oops|no|nope|actually|wait|correction|i mean|i meant|it'?s|it is|make (?:that|it)|(?:that|it) should be|should be)[\s,:;.!-]+)*(?:(?:my|our|the|his|her|their)\s+((?:[\p{L}\p{N}'-]+\s+){0,3}?[\p{L}\p{N}'-]+)(?:\s+(?:is|are|was|were)|'s)\s+(?:on\s+)?)?(?:the\s+)?([\p{L}\p{N}][\p{L}\p{N}'&.-]*(?:\s+[\p{L}\p{N}][\p{L}\p{N}'&.-]*){0,2}),?\s+not\s+(?:the\s+)?([\p{L}\p{N}][\p{L}\p{N}'&.-]*(?:\s+[\p{L}\p{N}][\p{L}\p{N}'&.-]*){0,2})\s*[.!]*$/iu;

/** "not Wednesday but Thursday": the same correction with the contrasted value first. */
const NOT_BUT =
  /^(?:(?:sorry|oops|no|nope|actually|wait|correction)[\s,:;.!-]+)*(?:(?:my|our|the|his|her|their)\s+((?:[\p{L}\p{N}'-]+\s+){0,3}?[\p{L}\p{N}'-]+)(?:\s+(?:is|are|was|were)|'s)\s+)?not\s+(?:on\s+)?([\p{L}\p{N}][\p{L}\p{N}'&.-]*(?:\s+[\p{L}\p{N}][\p{L}\p{N}'&.-]*){0,2}),?\s+but\s+(?:on\s+)?([\p{L}\p{N}][\p{L}\p{N}'&.-]*(?:\s+[\p{L}\p{N}][\p{L}\p{N}'&.-]*){0,2})\s*[.!]*$/iu;

/** Words that open a clause rather than name a value ("we're going to X, not Y" is a statement). */
const NOT_A_VALUE =
  /^(?:i|i'm|im|we|we're|were|you|you're|he|she|they|they're|it|that|this|there|is|are|was|am|be|do|does|did|going|go|will|would|can|could|just|still|only|also)$/i;

const PLACE_FIELD = /^travel\.(?:destination|location)$/;
const PREFERENCE_FIELD = /^profile\.preference\./;
// Words that make the phrase before ", not Y" a stance, an answer or a time rather than a value
// (hedges such as "maybe" are the intent classifier's, checked on the whole sentence).
const STANCE =
  /^(?:next|yes|yeah|yep|no|definitely|honestly|actually|really|i'?d|i|say|only|just|not|more|less|lunch|dinner|breakfast|coffee|drinks)\b/i;

/** Whether `value` can stand as the new value of `field` (see the module comment). */
function fits(field: string, value: string): boolean {
  if (STANCE.test(value)) return false;
  if (PLACE_FIELD.test(field)) return lookupPlace(value) !== null;
  if (PREFERENCE_FIELD.test(field)) return value.split(/\s+/).length <= 2;
  return false;
}

function normalised(value: string): string {
  return value
    .toLowerCase()
    .replace(/^the\s+/, '')
    .replace(/[.!,]+$/, '')
    .trim();
}

/** "boulder" typed in lower case for a recorded "Denver" is written as the record writes names. */
function inCaseOf(recorded: string, typed: string): string {
  const capitalised = /^\p{Lu}/u.test(recorded);
  if (!capitalised || typed !== typed.toLowerCase()) return typed;
  return typed.replace(
    /(^|\s)(\p{Ll})/gu,
    (_, space: string, letter: string) => space + letter.toUpperCase(),
  );
}

/**
 * The corrections one sentence makes to values on record (see `CONTRAST`), as strong assertive
 * readings marked as corrections; empty when the sentence is not a contrastive correction or
 * nothing on record holds the contrasted value. `asked` sentences correct nothing.
 */
export function contrastiveCorrections(
  sentence: string,
  known: readonly KnownSlot[],
  asked: boolean,
  role: 'user' | 'assistant' | 'system',
): Candidate[] {
  if (asked || role !== 'user') return [];
  // "not B but A" first: read as "A, not B" its "X is not B" would be the replacement.
  const notBut = NOT_BUT.exec(sentence.trim());
  const contrast = notBut === null ? CONTRAST.exec(sentence.trim()) : null;
  const match = notBut ?? contrast;
  if (match === null) return [];
  const lead = match[1] ?? null;
  const replacement = ((contrast ? match[2] : match[3]) ?? '').trim();
  const replaced = normalised((contrast ? match[3] : match[2]) ?? '');
  const first = replacement.split(/\s+/)[0] ?? '';
  if (NOT_A_VALUE.test(first) || normalised(replacement) === replaced || replaced === '') {
    return [];
  }
  const said = classifyClause(sentence, asked, sentence);
  if (said.hedged || (said.intent !== 'assertive' && said.intent !== 'planning')) return [];
  const correction = (slot: KnownSlot, value: string, evidence: 'strong' | 'moderate') => ({
    entityId: slot.entityId,
    field: slot.field,
    value,
    intent: 'assertive' as const,
    confidence: evidence === 'strong' ? 1 : 0.8,
    correction: true,
    span: sentence.trim(),
    evidence,
    priority: 1,
  });
  const dated = dateCorrections(lead, replacement, replaced, known);
  if (dated !== null) return dated.map((d) => correction(d.slot, d.value, d.evidence));
  const holding = known.filter(
    (slot) =>
      slot.committed !== false &&
      slot.value !== null &&
      normalised(slot.value) === replaced &&
      (lead === null || leadNames(lead, slot.field)),
  );
  // "Denver" as a trip's destination and location is one value; held by anything else as well,
  // which one the speaker meant is not clear.
  if (holding.some((slot) => !PLACE_FIELD.test(slot.field))) {
    if (holding.length > 1) return [];
  }
  return holding
    .filter((slot) => fits(slot.field, replacement))
    .map((slot) => correction(slot, inCaseOf(slot.value ?? '', replacement), 'strong'));
}

/** The words of a trip's slots a subject may use ("my flight is", "our return is"). */
const TRIP_WORDS = /\b(?:trip|flights?|travel|holiday|vacation|destination|train|journey)\b/i;
const LEAVING_WORDS = /\b(?:flight|flying|departure|leaving|outbound|trip|train|drive)\b/i;
const RETURN_WORDS = /\b(?:return|back|home|inbound)\b/i;

/**
 * Whether the subject of "<subject> is A, not B" is about `field`: a trip word for a trip's
 * fields (the flight out for its departure, the way back for its return), the item's own words
 * for the rest ("the dentist is Friday" → `family.schedule.dentist`). "The capital is Lisbon,
 * not Porto" is about no slot, whatever Porto is on record as.
 */
function leadNames(lead: string, field: string): boolean {
  if (field === 'travel.return_date') return RETURN_WORDS.test(lead);
  if (field === 'travel.departure_date')
    return LEAVING_WORDS.test(lead) && !RETURN_WORDS.test(lead);
  if (field.startsWith('travel.')) return TRIP_WORDS.test(lead);
  const words = lead.toLowerCase().split(/[^\p{L}\p{N}]+/u);
  const item = field.split('.').slice(1);
  return item.some((part) => part.split('_').some((w) => w.length > 2 && words.includes(w)));
}

const DATE_FIELD = /^(?:travel\.(?:departure|return)_date|family\.schedule\.[a-z0-9_]+)$/;
const DATED = /^(\d{4}-\d{2}-\d{2})(.*)$/;

/**
 * "My flight is Thursday, not Wednesday", "the dentist is not Friday but Monday": a day said
 * against the day on record. Each dated slot (a trip's departure or return, a schedule entry)
 * whose day falls on the contrasted weekday, and that the subject names when it has one, moves to
 * the nearest day of the new weekday, its time of day kept. Exactly one such slot: a strong
 * correction. None, but the subject names exactly one dated slot: the speaker says it is wrong
 * without its day matching, so it is asked (moderate). Null when the values are not weekdays.
 */
function dateCorrections(
  lead: string | null,
  replacement: string,
  replaced: string,
  known: readonly KnownSlot[],
): { slot: KnownSlot; value: string; evidence: 'strong' | 'moderate' }[] | null {
  const probe = '2026-01-07';
  if (weekdayNear(replacement, probe) === null || weekdayNear(replaced, probe) === null)
    return null;
  const dated = known.filter(
    (slot) =>
      slot.committed !== false &&
      DATE_FIELD.test(slot.field) &&
      DATED.test(slot.value ?? '') &&
      (lead === null || leadNames(lead, slot.field)),
  );
  const moved = (slot: KnownSlot) => {
    const [, day = '', rest = ''] = DATED.exec(slot.value ?? '') ?? [];
    return `${weekdayNear(replacement, day)}${rest}`;
  };
  const holding = dated.filter((slot) => {
    const day = DATED.exec(slot.value ?? '')?.[1] ?? '';
    return weekdayNear(replaced, day) === day;
  });
  if (holding.length === 1 && holding[0] !== undefined) {
    return [{ slot: holding[0], value: moved(holding[0]), evidence: 'strong' }];
  }
  if (holding.length === 0 && lead !== null && dated.length === 1 && dated[0] !== undefined) {
    return [{ slot: dated[0], value: moved(dated[0]), evidence: 'moderate' }];
  }
  return [];
}
