import { type ClauseAnalysis, type Token, verbGroupStart } from './clause.js';
import type { LexiconEntry } from './lexicon.js';

/**
 * Verbs that move a scheduled thing to another time when followed by "to <time>" ("moved the
 * recital to the 12th", "the return got pushed to Friday", "rebooked my flight home to May 26").
 * A closed class of general English; which things may be moved is the caller's question.
 */
export const RESCHEDULE_LEMMAS: ReadonlySet<string> = new Set([
  'move',
  'reschedule',
  'push',
  'shift',
  'change',
  'switch',
  'rebook',
  'bump',
  'postpone',
  'bring',
]);

/** Particles between a move verb and "to" that belong to the verb ("pushed it back to"). */
const MOVE_PARTICLE = /^(?:back|forward|up|out|over|off|along)$/i;

/** A negating word of a verb group, as written or as texted ("hasnt", "didnt"). */
const NEGATION =
  /^(?:no|not|never|n't|nt|\w+n't|(?:is|are|was|were|wo|ca|do|does|did|has|have|had)nt)$/i;

/** A clause whose main verb moves something to another time, with what moved and where "to" is. */
export interface RescheduleReading {
  /** The verb as written ("moved", "pushed"). */
  readonly verb: string;
  /**
   * What moved: the object between the verb and "to" ("my return flight"), else the subject
   * phrase before the verb group ("the recital" in "the recital got moved to …").
   */
  readonly moved: string;
  /** True when `moved` is the clause's subject (passive "got moved", intransitive "moves"). */
  readonly movedIsSubject: boolean;
  /** The words before the verb group when `moved` is the object ("my sister", "I", ""). */
  readonly agent: string;
  /** The verb group is negated ("hasn't moved", "didn't push"). */
  readonly negated: boolean;
  /** Offset in the text just after "to": where the new time starts. */
  readonly targetAt: number;
}

/**
 * The lemma of a token, or the stem of its past form when the model does not know the word
 * ("rebooked" → rebook).
 */
function moveLemma(t: Token): string {
  const lemma = t.lemma.toLowerCase();
  if (RESCHEDULE_LEMMAS.has(lemma)) return lemma;
  const word = t.text.toLowerCase();
  for (const stem of [word.replace(/ed$/, ''), word.replace(/d$/, '')]) {
    if (stem !== word && RESCHEDULE_LEMMAS.has(stem)) return stem;
  }
  return lemma;
}

/** Character offsets of tokens in `text`, found in order; -1 where a token is not found. */
function offsetsOf(tokens: readonly Token[], text: string): number[] {
  const out: number[] = [];
  let cursor = 0;
  const lower = text.toLowerCase();
  for (const t of tokens) {
    const at = lower.indexOf(t.text.toLowerCase(), cursor);
    out.push(at);
    if (at !== -1) cursor = at + t.text.length;
  }
  return out;
}

/**
 * Reads "<thing> <move verb> to <time>" and "<move verb> <thing> to <time>" from a clause's
 * analysis. The move verb must be the clause's first full verb (a verb before it makes the move
 * a complement: "they keep asking me to move the return", "I wish practice moved") and not an
 * infinitive; "to" must follow within six words. Null otherwise. Pure.
 */
export function rescheduleReading(
  analysis: ClauseAnalysis,
  text: string,
): RescheduleReading | null {
  const tokens = analysis.tokens;
  const at = offsetsOf(tokens, text);
  let verbAt = -1;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t === undefined) continue;
    const lemma = moveLemma(t);
    // The tagger reads some shouted, texted or unknown verbs as nouns or names ("RECITAL MOVED",
    // "Rebooked the flight"): a past form of a move verb that opens the clause, follows a
    // pronoun or comes right before "to" is the verb whatever its tag.
    const movePast =
      RESCHEDULE_LEMMAS.has(lemma) &&
      /ed$/i.test(t.text) &&
      (i === 0 || tokens[i - 1]?.pos === 'PRON' || /^to$/i.test(tokens[i + 1]?.text ?? ''));
    if (t.pos !== 'VERB' && !movePast) continue;
    if (!RESCHEDULE_LEMMAS.has(lemma)) {
      // "got moved", "has been pushed": a passive's auxiliary verb is no verb of its own.
      if (lemma === 'get' || lemma === 'be' || lemma === 'have') continue;
      // "swim practice moved to …": the tagger reads a noun modifier that opens the clause as a
      // verb; with a noun and then the move verb right after it, it is the subject's first word.
      const next = tokens[i + 1];
      const then = tokens[i + 2];
      if (i === 0 && next?.pos === 'NOUN' && then !== undefined) {
        if (RESCHEDULE_LEMMAS.has(moveLemma(then)) && /ed$|s$/i.test(then.text)) continue;
      }
      return null;
    }
    verbAt = i;
    break;
  }
  if (verbAt === -1) return null;
  const verb = tokens[verbAt];
  if (verb === undefined || /^to$/i.test(tokens[verbAt - 1]?.text ?? '')) return null;
  // "bring" moves a time only as "bring forward".
  if (moveLemma(verb) === 'bring' && !/\bforward\b/i.test(text)) return null;
  let toAt = -1;
  for (let i = verbAt + 1; i < tokens.length && i <= verbAt + 7; i++) {
    const t = tokens[i];
    if (t?.text.toLowerCase() === 'to') {
      toAt = i;
      break;
    }
    if (t?.pos === 'PUNCT' || t?.pos === 'VERB') return null;
  }
  const toOffset = at[toAt];
  if (toAt === -1 || toOffset === undefined || toOffset === -1) return null;
  const between = tokens.slice(verbAt + 1, toAt).filter((t) => !MOVE_PARTICLE.test(t.text));
  // The verb group before the verb: auxiliaries, negation, adverbs ("hasn't been", "got").
  const groupStart = verbGroupStart(
    tokens,
    verbAt,
    (t) => NEGATION.test(t.text) || (t.pos === 'VERB' && /^(?:get|be|have)$/i.test(t.lemma)),
  );
  let subjectStart = 0;
  for (let i = 0; i < groupStart; i++) {
    const t = tokens[i];
    if (t !== undefined && (t.pos === 'PUNCT' || t.pos === 'SCONJ' || t.pos === 'CCONJ')) {
      subjectStart = i + 1;
    }
  }
  const phraseOf = (from: number, to: number): string => {
    const start = at[from];
    const last = tokens[to - 1];
    const end = at[to - 1];
    if (from >= to || start === undefined || end === undefined || last === undefined) return '';
    if (start === -1 || end === -1) return '';
    return text.slice(start, end + last.text.length).trim();
  };
  const subject = phraseOf(subjectStart, groupStart);
  const negated = tokens.slice(groupStart, verbAt).some((t) => NEGATION.test(t.text));
  const movedIsSubject = between.length === 0;
  return {
    verb: verb.text,
    moved: movedIsSubject
      ? subject
      : phraseOf(verbAt + 1, toAt).replace(/\s+\S+$/, (w) =>
          MOVE_PARTICLE.test(w.trim()) ? '' : w,
        ),
    movedIsSubject,
    agent: movedIsSubject ? '' : subject,
    negated,
    targetAt: toOffset + 2,
  };
}

/**
 * The return leg of a trip as a whole noun phrase ("the return", "my return flight", "the
 * flight home", "our train back"): a "return" that is a leg of a journey, not a tax return, a
 * return window, a return type or a returned parcel.
 */
export const RETURN_LEG: LexiconEntry = {
  phenomenon: 'the return leg of a trip, as a whole noun phrase',
  pattern:
    /^(?:(?:the|my|our|his|her|their)\s+)?(?:return(?:\s+(?:flight|leg|trip|train|journey|ticket|date|bus|ferry|coach))?|(?:flight|train|trip|journey|bus|ferry|coach)\s+(?:back|home))$/i,
};

/**
 * A label that opens an itinerary line about the way back ("Return: OPO → LIS", "Inbound:",
 * "Flight back:"). Only a label: the caller checks the line is an itinerary (a route), since
 * "Return: 2 items" and "Inbound: 3 pallets" use the same labels for parcels.
 */
export const RETURN_LABEL: LexiconEntry = {
  phenomenon: 'a label for the return leg of an itinerary',
  pattern:
    /^\s*(?:return(?:\s+(?:flight|leg|trip|journey|train|bus|ferry))?|inbound(?:\s+flight)?|(?:flight|train|trip|journey)\s+(?:back|home))\s*:/i,
};

/**
 * Words after a move that keep the time of day the event had ("same time", "usual time", "time
 * unchanged", "still 17:00", "still at 3pm"). The group holds the time when one is said. Not a
 * time kept by another event or another date: "same time as the dentist", "same time next year",
 * "still 17:00 for swim".
 */
export const KEPT_TIME: LexiconEntry = {
  phenomenon: 'a moved event keeps its time of day',
  pattern:
    /\b(?:(?:(?:at\s+)?(?:the\s+)?same\s+time|(?:at\s+)?(?:the\s+)?usual\s+time|time\s+(?:unchanged|stays(?:\s+the\s+same)?|is\s+the\s+same))(?!\s+(?:as\s+(?!(?:before|usual|always|ever)\b)|(?:next|last|this|for|than|of)\b))|still\s+(?:at\s+)?(\d{1,2}(?::\d{2})?\s*(?:am|pm)?)(?![\d:a-z])(?!\s*(?:for|as|on|at)\b))/i,
};

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/**
 * A day of the month said without its month, perhaps after a weekday ("the 25th", "sat 23rd",
 * "Sunday the 24th"), at the start of `text`: resolved to the nearest such day to `near`
 * (`YYYY-MM-DD`: that month, else the next when the day falls more than two weeks before it).
 * Null when `text` names no bare day of the month, and `'disagrees'` when its weekday is not the
 * weekday of that date (a misread or a typo: no date is safer than a month's jump).
 */
export function dayOfMonthNear(text: string, near: string): string | 'disagrees' | null {
  const m =
    /^\s*(?:on\s+)?(?:(mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?\.?,?\s+)?(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)\b(?!\s*(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))/i.exec(
      text,
    ) ??
    /^\s*(?:on\s+)?(mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?\.?,?\s+(?:the\s+)?(\d{1,2})\b(?![:.]\d|\s*(?:am|pm|h\b)|\s*(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))/i.exec(
      text,
    );
  const ymd = /^(\d{4})-(\d{2})-(\d{2})$/.exec(near);
  if (m?.[2] === undefined || ymd === null) return null;
  const day = Number(m[2]);
  if (day < 1 || day > 31) return null;
  const [y, mo] = [Number(ymd[1]), Number(ymd[2])];
  const nearAt = Date.UTC(y, mo - 1, Number(ymd[3]));
  let at = new Date(Date.UTC(y, mo - 1, day));
  if (at.getUTCDate() !== day || at.getTime() < nearAt - 14 * 86_400_000) {
    at = new Date(Date.UTC(y, mo, day));
  }
  // A day the month does not have ("the 31st" of a 30-day month) rolls over: no such date.
  if (at.getUTCDate() !== day) return null;
  const named = m[1]?.slice(0, 3).toLowerCase();
  if (named !== undefined && WEEKDAYS[at.getUTCDay()] !== named) return 'disagrees';
  return at.toISOString().slice(0, 10);
}

/** The weekday a text opens with ("sat 12 dec" → 6), or null. */
export function openingWeekday(text: string): number | null {
  const m = /^\s*(?:on\s+)?(mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?\b/i.exec(text);
  return m?.[1] === undefined ? null : WEEKDAYS.indexOf(m[1].toLowerCase());
}
