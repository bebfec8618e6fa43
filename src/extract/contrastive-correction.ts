import { lookupPlace } from '../language/index.js';
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
