import { lookupPlace } from '../language/index.js';
import type { Candidate } from './clauses.js';
import { classifyClause, hedges } from './intent.js';
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
  /^(?:(?:sorry|oops|no|nope|actually|wait|correction|i mean|i meant|it'?s|it is|make (?:that|it)|(?:that|it) should be|should be)[\s,:;.!-]+)*(?:the\s+)?([\p{L}\p{N}][\p{L}\p{N}'&.-]*(?:\s+[\p{L}\p{N}][\p{L}\p{N}'&.-]*){0,2}),?\s+not\s+(?:the\s+)?([\p{L}\p{N}][\p{L}\p{N}'&.-]*(?:\s+[\p{L}\p{N}][\p{L}\p{N}'&.-]*){0,2})\s*[.!]*$/iu;

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
  const timed = timeCorrection(sentence, known);
  if (timed !== null) return timed;
  const match = CONTRAST.exec(sentence.trim());
  if (!match) return [];
  const replacement = (match[1] ?? '').trim();
  const replaced = normalised(match[2] ?? '');
  const first = replacement.split(/\s+/)[0] ?? '';
  if (NOT_A_VALUE.test(first) || normalised(replacement) === replaced || replaced === '') {
    return [];
  }
  const said = classifyClause(sentence, asked, sentence);
  if (said.hedged || (said.intent !== 'assertive' && said.intent !== 'planning')) return [];
  const holding = known.filter(
    (slot) =>
      slot.committed !== false && slot.value !== null && normalised(slot.value) === replaced,
  );
  // "Denver" as a trip's destination and location is one value; held by anything else as well,
  // which one the speaker meant is not clear.
  if (holding.some((slot) => !PLACE_FIELD.test(slot.field))) {
    if (holding.length > 1) return [];
  }
  return holding
    .filter((slot) => fits(slot.field, replacement))
    .map((slot) => ({
      entityId: slot.entityId,
      field: slot.field,
      value: inCaseOf(slot.value ?? '', replacement),
      intent: 'assertive' as const,
      confidence: 1,
      correction: true,
      span: sentence.trim(),
      evidence: 'strong' as const,
      priority: 1,
    }));
}

/**
 * A time corrected by contrast ("actually 4:15 not 4", "sorry, 7:30, not 7 — typo"): the opener
 * words only, the new time, "not" and the time it replaces, then the end of the sentence or a
 * comment after a comma. What follows the comma is the speaker's aside, not another value.
 */
const TIME_CONTRAST =
  /^(?:(?:sorry|oops|no|nope|actually|wait|correction|i mean|i meant|make (?:that|it)|(?:that|it) should be|should be)[\s,:;.!-]+)*(?:at\s+)?(\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)?),?\s+not\s+(?:at\s+)?(\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)?)\s*(?:[.!]*$|[,;\u2014-]\s)/i;

/** A value on record that ends in a time of day: "2026-10-06 16:00" or "16:00". */
const TIMED_VALUE = /^((?:\d{4}-\d{2}-\d{2}\s)?)(\d{2}):(\d{2})$/;

interface SaidTime {
  readonly hour: number;
  readonly minute: number;
  /** Whether "am" or "pm" was said: the hour is then on the 24-hour clock. */
  readonly half: boolean;
}

function saidTime(text: string): SaidTime | null {
  const m = /^(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)?$/i.exec(text.trim());
  if (!m) return null;
  const raw = Number(m[1]);
  const minute = Number(m[2] ?? '0');
  if (raw > 23 || minute > 59) return null;
  const pm = m[3]?.toLowerCase() === 'pm';
  if (m[3] === undefined) return { hour: raw, minute, half: false };
  if (raw === 0 || raw > 12) return null;
  return { hour: (raw % 12) + (pm ? 12 : 0), minute, half: true };
}

/** Whether the time said is the hour on record: "4" is 04:00 or 16:00; "4pm" only 16:00. */
function sameTime(said: SaidTime, hour: number, minute: number): boolean {
  if (said.minute !== minute) return false;
  return said.half || said.hour > 12 ? said.hour === hour : said.hour % 12 === hour % 12;
}

/**
 * "actually 4:15 not 4": the one slot on record whose time is the contrasted one takes the new
 * time, on the same day and, when no "am"/"pm" is said, in the same half of the day as the time
 * it replaces. Null when the sentence is not this shape; empty when no slot or more than one
 * holds the contrasted time (which one was meant is then a guess).
 */
function timeCorrection(sentence: string, known: readonly KnownSlot[]): Candidate[] | null {
  const match = TIME_CONTRAST.exec(sentence.trim());
  if (!match) return null;
  const replacement = saidTime(match[1] ?? '');
  const replaced = saidTime(match[2] ?? '');
  if (replacement === null || replaced === null) return [];
  // The correction itself is classified; the aside only for a hedge ("…, I think"): one that
  // cites where the time came from ("he wrote quarter past") keeps the correction.
  const said = classifyClause(match[0], false, match[0]);
  const aside = sentence.trim().slice(match[0].length);
  if (said.hedged || hedges(aside) || (said.intent !== 'assertive' && said.intent !== 'planning')) {
    return [];
  }
  const holding = known.flatMap((slot) => {
    const m = slot.committed === false || slot.value === null ? null : TIMED_VALUE.exec(slot.value);
    if (!m) return [];
    const hour = Number(m[2]);
    const minute = Number(m[3]);
    return sameTime(replaced, hour, minute) ? [{ slot, day: m[1] ?? '', hour }] : [];
  });
  const [only] = holding;
  if (only === undefined || holding.length > 1) return [];
  const hour =
    replacement.half || replacement.hour > 12
      ? replacement.hour
      : (replacement.hour % 12) + (only.hour >= 12 ? 12 : 0);
  if (hour === only.hour && replacement.minute === Number(only.slot.value?.slice(-2))) return [];
  const time = `${String(hour).padStart(2, '0')}:${String(replacement.minute).padStart(2, '0')}`;
  return [
    {
      entityId: only.slot.entityId,
      field: only.slot.field,
      value: `${only.day}${time}`,
      intent: 'assertive',
      confidence: 1,
      correction: true,
      span: sentence.trim(),
      evidence: 'strong',
      priority: 1,
    },
  ];
}
