import { bareTime, dayOfMonthNear, findDates, lookupPlace } from '../language/index.js';
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

/** Openers of a correction said with a bare contrast ("oops,", "make that", "correction:"). */
const DATE_CONTRAST_OPENER =
  /^(?:(?:sorry|oops+|ugh|argh|my bad|typo|no|nope|actually|wait|correction|i mean|i meant|make (?:that|it)|(?:that|it) should be|should be)\b[\s,:;.!-]*)*/i;

const MONTH_WORD = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?';
const WEEKDAY_WORD = '(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\\.?,?';
/** One day or time said alone: "the 12th", "fri 12th", "Dec 12", "12 Dec", "16:45", "4:45pm". */
const BARE_WHEN = `(?:(?:${WEEKDAY_WORD}\\s+)?(?:the\\s+)?\\d{1,2}(?:st|nd|rd|th)(?:\\s+(?:of\\s+)?${MONTH_WORD})?|${MONTH_WORD}\\s+\\d{1,2}(?:st|nd|rd|th)?|\\d{1,2}\\s+${MONTH_WORD}|\\d{1,2}:\\d{2}\\s*(?:am|pm)?|\\d{1,2}\\s*(?:am|pm))`;
/** "not <old>, (but) <new>" or "<new>, not <old>", and nothing else in the sentence. */
const NOT_OLD_NEW = new RegExp(`^not\\s+(${BARE_WHEN})\\s*,?\\s+(?:but\\s+)?(${BARE_WHEN})$`, 'i');
const NEW_NOT_OLD = new RegExp(`^(${BARE_WHEN})\\s*,?\\s+not\\s+(${BARE_WHEN})$`, 'i');

/** A day or a time as said, resolved enough to compare with a value on record. */
type When =
  | {
      readonly kind: 'day';
      readonly text: string;
      readonly day: number;
      readonly month: number | null;
    }
  | { readonly kind: 'time'; readonly time: string };

function whenOf(text: string): When | null {
  const said = text.trim();
  if (/\d:\d|\d\s*(?:am|pm)$/i.test(said)) {
    const time = bareTime(said.replace(/\s+/g, ''));
    return time === null ? null : { kind: 'time', time };
  }
  const day = /(\d{1,2})/.exec(said)?.[1];
  const month = new RegExp(MONTH_WORD, 'i').exec(
    said.replace(new RegExp(`^${WEEKDAY_WORD}`, 'i'), ''),
  )?.[0];
  const months = [
    'jan',
    'feb',
    'mar',
    'apr',
    'may',
    'jun',
    'jul',
    'aug',
    'sep',
    'oct',
    'nov',
    'dec',
  ];
  return day === undefined
    ? null
    : {
        kind: 'day',
        text: said,
        day: Number(day),
        month: month === undefined ? null : months.indexOf(month.slice(0, 3).toLowerCase()) + 1,
      };
}

/** Date and time slots a bare contrast may correct, split into their day and time of day. */
const WHEN_FIELD = /^(?:travel\.(?:departure|return)_date|family\.schedule\.[\w.]+)$/;

function partsOf(value: string): { date: string | null; time: string | null } | null {
  const m = /^(?:(\d{4}-\d{2}-\d{2}))?(?:\s*(\d{2}:\d{2}))?$/.exec(value.trim());
  if (m === null || (m[1] === undefined && m[2] === undefined)) return null;
  return { date: m[1] ?? null, time: m[2] ?? null };
}

function names(old: When, parts: { date: string | null; time: string | null }): boolean {
  if (old.kind === 'time') return parts.time === old.time;
  if (parts.date === null) return false;
  const [, month, day] = parts.date.split('-').map(Number);
  return day === old.day && (old.month === null || old.month === month);
}

const DAY_MS = 86_400_000;

/**
 * A same-day correction of a date or time just stated, said as a bare contrast ("Oops, not the
 * 10th, the 12th.", "make that the 12th, not the 10th", "sorry, 16:45 not 16:30"). The sentence
 * is the contrast and nothing more (an opener aside): "the meeting is the 12th, not the 10th"
 * says what it corrects and is left to the rules of that thing. It moves exactly one slot on
 * record: the one date or time slot whose value is the contrasted day or time, when that value is
 * the date or time the speaker stated last (no date or time slot stated since) and within the day
 * before. Two slots holding it, a value stated earlier, a weekday that disagrees with the new
 * day, a day against a time, a hedge, a question or an assistant's turn read nothing. A bare day
 * resolves near the value it replaces (`dayOfMonthNear`); a time keeps the slot's day.
 */
export function dateContrastCorrections(
  sentence: string,
  known: readonly KnownSlot[],
  asked: boolean,
  role: 'user' | 'assistant' | 'system',
  at: string,
): Candidate[] {
  if (asked || role !== 'user') return [];
  const trimmed = sentence.trim();
  const body = trimmed
    .replace(DATE_CONTRAST_OPENER, '')
    .replace(/(?:\s*\bsorry\b)*[\s.!]*$/i, '')
    .trim();
  const a = NOT_OLD_NEW.exec(body);
  const b = a === null ? NEW_NOT_OLD.exec(body) : null;
  const [oldText, newText] = a !== null ? [a[1], a[2]] : b !== null ? [b[2], b[1]] : [];
  if (oldText === undefined || newText === undefined) return [];
  const said = classifyClause(trimmed, asked, trimmed);
  if (said.hedged || (said.intent !== 'assertive' && said.intent !== 'planning')) return [];
  const old = whenOf(oldText);
  const next = whenOf(newText);
  if (old === null || next === null || old.kind !== next.kind) return [];
  const slots = known.filter(
    (k) => k.committed !== false && k.value !== null && WHEN_FIELD.test(k.field),
  );
  const holding = slots.filter((k) => {
    const parts = partsOf(k.value ?? '');
    return parts !== null && names(old, parts);
  });
  const slot = holding.length === 1 ? holding[0] : undefined;
  if (slot?.since === undefined || slot.value === null) return [];
  // The value just stated: within the day before, and no date or time slot stated after it.
  const since = Date.parse(slot.since);
  const now = Date.parse(at);
  if (!(since <= now && now - since <= DAY_MS)) return [];
  if (slots.some((k) => k.since !== undefined && Date.parse(k.since) > since)) return [];
  const parts = partsOf(slot.value);
  if (parts === null) return [];
  let value: string | null = null;
  if (next.kind === 'time') {
    value = parts.date === null ? next.time : `${parts.date} ${next.time}`;
  } else if (parts.date !== null) {
    const date =
      next.month === null
        ? dayOfMonthNear(next.text, parts.date)
        : findDates(next.text, at)[0]?.date;
    if (date == null || date === 'disagrees' || date < at.slice(0, 10)) return [];
    value = parts.time === null ? date : `${date} ${parts.time}`;
  }
  if (value === null || value === slot.value) return [];
  return [
    {
      entityId: slot.entityId,
      field: slot.field,
      value,
      intent: 'assertive',
      confidence: 1,
      correction: true,
      span: trimmed,
      evidence: 'strong',
      priority: 1,
    },
  ];
}
