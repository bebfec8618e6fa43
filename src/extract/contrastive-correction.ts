import { type DateMention, findDates, lookupPlace } from '../language/index.js';
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
 * is no value), a profile preference (one or two words, no stance word in front) and a project's
 * provider (a name, capitalised: "MySQL instead of Postgres" names one). Statuses,
 * amounts, owners and the rest are left to their own rules, and a trip's dates to
 * `tripDateCorrections` (they need a cue naming which date). A hedged or hypothetical
 * sentence, an assistant's turn, and a contrasted value held by unrelated fields read nothing.
 */
const CONTRAST =
  /^(?:(?:sorry|oops|no|nope|actually|wait|correction|i mean|i meant|it'?s|it is|make (?:that|it)|(?:that|it) should be|should be)[\s,:;.!-]+)*(?:the\s+)?([\p{L}\p{N}][\p{L}\p{N}'&.-]*(?:\s+[\p{L}\p{N}][\p{L}\p{N}'&.-]*){0,2}),?\s+not\s+(?:the\s+)?([\p{L}\p{N}][\p{L}\p{N}'&.-]*(?:\s+[\p{L}\p{N}][\p{L}\p{N}'&.-]*){0,2})\s*[.!]*$/iu;

/**
 * "(we're going with) MySQL instead of Postgres": the same correction said with "instead of",
 * read only of a provider on record (a trip's "Porto instead of Madrid" is the travel rules').
 * Only the speaker or "we" may choose ("the analytics team uses X instead of Y" is theirs).
 */
const INSTEAD =
  /^(?:(?:we|i)(?:'re| are|'m| am|'ll| will)?\s+)?(?:(?:are |am |'re |'m )?(?:going|go|gonna go)\s+with|(?:are |'re |'m )?using|use|(?:are |'re |'m )?switching to|switch to|picked|chose|(?:are |'re |'m )?picking|(?:are |'re |'m )?choosing)\s+(?:the\s+)?([\p{L}\p{N}][\p{L}\p{N}'&.-]*(?:\s+[\p{L}\p{N}][\p{L}\p{N}'&.-]*){0,2})\s+instead\s+of\s+(?:the\s+)?([\p{L}\p{N}][\p{L}\p{N}'&.-]*(?:\s+[\p{L}\p{N}][\p{L}\p{N}'&.-]*){0,2})\s*[.!]*$/iu;

/** Words that open a clause rather than name a value ("we're going to X, not Y" is a statement). */
const NOT_A_VALUE =
  /^(?:i|i'm|im|we|we're|were|you|you're|he|she|they|they're|it|that|this|there|is|are|was|am|be|do|does|did|going|go|will|would|can|could|just|still|only|also)$/i;

const PLACE_FIELD = /^travel\.(?:destination|location)$/;
const PROVIDER_FIELD =
  /^project\.[^.]+\.(?:provider|vendor|platform|stack|tool|database|host|processor)$/;
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
  // A product is named: "MySQL", "Google Cloud", "Adyen", not "something cheaper".
  if (PROVIDER_FIELD.test(field)) return /^[\p{Lu}\p{N}]/u.test(value);
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
  const contrast = CONTRAST.exec(sentence.trim());
  const instead = contrast === null ? INSTEAD.exec(sentence.trim()) : null;
  const match = contrast ?? instead;
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
    .filter((slot) => instead === null || PROVIDER_FIELD.test(slot.field))
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

/** A sentence said as a correction ("Correction: …", "Sorry, I meant …", "Actually …"). */
const CORRECTION_OPENER =
  /^(?:correction|sorry|oops|actually|wait|no|scratch that|strike that|i meant|i mean)\b/i;

/**
 * The trip date a correction names, said of the speaker's own trip: "we leave", "for departure",
 * "the return is", "we're back". Another subject ("my sister is leaving") names none.
 */
const TRIP_DATE_CUES: readonly { readonly field: string; readonly cue: RegExp }[] = [
  {
    field: 'travel.departure_date',
    cue: /\b(?:(?:we|i)(?:'re|'m|'ll| are| am| will)?\s+(?:now\s+)?(?:leave|leaving|depart|departing|fly out|flying out|head out|heading out)|(?:for|the|our|my)\s+departure|departure(?:\s+date)?\s+is)\b/i,
  },
  {
    field: 'travel.return_date',
    cue: /\b(?:(?:we|i)(?:'re|'m|'ll| are| am| will)?\s+(?:now\s+)?(?:(?:get|getting|come|coming|fly|flying|head|heading)\s+(?:back|home)|return|returning|back)|(?:for|the|our|my)\s+return|return(?:\s+date)?\s+is)\b/i,
  },
];

const DAY_ONLY = /^(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?$/i;

/** `mention` as a value for a date recorded as `recorded`: a bare day keeps the recorded month. */
function dateFor(mention: DateMention, recorded: string): string | null {
  if (mention.date === null) return null;
  if (!DAY_ONLY.test(mention.text.trim())) return mention.date;
  const day = mention.date.slice(8, 10);
  const value = `${recorded.slice(0, 8)}${day}`;
  return Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ||
    new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value
    ? null
    : value;
}

/** Whether `mention` names the recorded date (a bare day: the same day of the month). */
function namesDate(mention: DateMention, recorded: string): boolean {
  if (mention.date === null) return false;
  return DAY_ONLY.test(mention.text.trim())
    ? mention.date.slice(8, 10) === recorded.slice(8, 10)
    : mention.date.slice(5, 10) === recorded.slice(5, 10);
}

/**
 * A correction of one date of the trip on record ("Correction: we leave December 12, not the
 * 10th", "Sorry, I meant December 12 for departure", "Actually the return is December 21"): said
 * as a correction, naming exactly one of the trip's dates by a cue of the speaker's own trip, with
 * either one date in the sentence or "X, not Y" where Y is that field's recorded date. The other
 * fields of the trip stay. Anything less (no cue, two cues, a contrasted date that is not the one
 * on record, a hedge, a question, an assistant's turn) reads nothing.
 */
export function tripDateCorrections(
  sentence: string,
  known: readonly KnownSlot[],
  asked: boolean,
  role: 'user' | 'assistant' | 'system',
  at: string,
): Candidate[] {
  const text = sentence.trim();
  if (asked || role !== 'user' || !CORRECTION_OPENER.test(text)) return [];
  const cued = TRIP_DATE_CUES.filter((c) => c.cue.test(text));
  if (cued.length !== 1) return [];
  const field = cued[0]?.field ?? '';
  const slot = known.find(
    (k) => k.field === field && k.committed !== false && k.value !== null,
  );
  const recorded = slot?.value ?? null;
  if (slot === undefined || recorded === null || !/^\d{4}-\d{2}-\d{2}$/.test(recorded)) return [];
  const said = classifyClause(text, asked, text);
  if (said.hedged || (said.intent !== 'assertive' && said.intent !== 'planning')) return [];
  const dates = findDates(text, at).filter((d) => d.date !== null && !d.vague && d.time === null);
  let replacement: DateMention | undefined;
  if (dates.length === 1) {
    replacement = dates[0];
  } else if (dates.length === 2) {
    const [first, second] = dates as [DateMention, DateMention];
    const between = text.slice(first.end, second.start);
    if (/^\s*,?\s*not\s+(?:on\s+)?$/i.test(between) && namesDate(second, recorded)) {
      replacement = first;
    } else if (
      /\bnot\s+(?:on\s+)?$/i.test(text.slice(0, first.start)) &&
      /^\s*,\s*(?:but\s+)?(?:on\s+)?$/i.test(between) &&
      namesDate(first, recorded)
    ) {
      replacement = second;
    }
  }
  const value = replacement === undefined ? null : dateFor(replacement, recorded);
  if (value === null || value === recorded) return [];
  return [
    {
      entityId: slot.entityId,
      field,
      value,
      intent: 'assertive',
      confidence: 1,
      correction: true,
      span: text,
      evidence: 'strong',
      priority: 1,
    },
  ];
}
