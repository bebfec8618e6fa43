import { LAUGHTER } from '../extract/index.js';
import { findDates, parseTimeHint, stretchesOfTime } from '../language/index.js';

/**
 * Overstatement: a vow never to do something again ("never … again", "won't … again", "not …
 * again"), "forever", "one more time", a hyperbolic count ("a hundred years"). Said with a laugh,
 * the clause is a joke whatever it names.
 */
export const HYPERBOLE =
  /\bnever\b[^.!?]*\bagain\b|(?:\bnot\b|n't\b)[^.!?]*\bagain\b|\bforever\b|\bfor eternity\b|\bone more time\b|\b(?:a|one) (?:hundred|thousand|million|billion) (?:years|times|days)\b/i;

/**
 * The speaker saying the clause is meant despite the laugh ("seriously", "for real", "no
 * exceptions", "I mean it").
 */
export const SINCERE =
  /\b(?:seriously|for real|no exceptions?|i mean it|i'?m serious|dead serious|not joking)\b/i;

/**
 * A choice reported ("we decided to…", "we picked…"): said with a laugh, the laugh is at the
 * situation and the choice holds. A decision that something *is* so ("we decided the cat is the
 * boss") is not a choice to act. Giving in beside a laugh ("lol ok", "ok lol") concedes too.
 */
export const CONCEDING =
  /\b(?:we|i)(?:'ve| have)? (?:decided|agreed) to\b|\b(?:we|i)(?:'ve| have)? (?:picked(?! up\b)|chose|chosen|settled on|went with)\b|\b(?:we|i)(?:'re| are|'m| am) going with\b/i;

/** Words of giving in ("ok", "fine", "deal"), conceding only right beside a laugh. */
const GIVING_IN = '(?:ok(?:ay)?|fine|sure|alright|all right|yes|yeah|yep|deal)';

/** A part of the day or a meal as a point in time ("after lunch", "this evening"). */
const DAY_PART =
  /\b(?:before|after|at|by|over|during|for)\s+(?:breakfast|brunch|lunch|dinner|supper|work|school)\b|\b(?:this|tomorrow|tonight|friday|saturday|sunday|monday|tuesday|wednesday|thursday)\s+(?:morning|afternoon|evening|night)\b/i;

const LAUGHS = new RegExp(LAUGHTER.source, `${LAUGHTER.flags.replace('g', '')}g`);
/** Giving in right before or after a laugh, with only spaces or punctuation between. */
const GIVES_IN = new RegExp(
  `(?:${LAUGHTER.source})[\\s,.!]*${GIVING_IN}\\b|\\b${GIVING_IN}[\\s,.!]*(?:${LAUGHTER.source})`,
  LAUGHTER.flags.replace('g', ''),
);
/** Where a sentence breaks into clauses a laugh can belong to: a comma, semicolon, colon or dash. */
const CLAUSE_BREAK = /\s*(?:[,;:]|\s[\u2014\u2013-])\s*/;
/** An anchor for the date readers when only whether a clause names a day or time matters. */
const ANY_DAY = '2026-01-07T12:00:00Z';

/** A sentence with laughter in it, read: the text without the laughs, and whether it is a joke. */
export interface LaughterReading {
  /**
   * The sentence with every laughter marker removed, spacing and commas tidied; without the
   * laughed clause when that clause alone is a joke and other clauses stand.
   */
  readonly plain: string;
  /** The laugh belongs to the whole of what stands and nothing holds it to the real world. */
  readonly joke: boolean;
}

/** The text with laughs removed and spacing and punctuation tidied. */
function withoutLaughs(text: string): string {
  return text
    .replace(LAUGHS, ' ')
    .replace(/\s+([,.!?;:])/g, '$1')
    .replace(/([,;:])(?:\s*[,;:])+/g, '$1')
    .replace(/\s+/g, ' ')
    .replace(/^[\s,.!;:-]+|[\s,;:-]+$/g, '')
    .trim();
}

/** The longest window a named time may span and still hold a plan to a point: a month. */
const POINT_SPAN_MS = 31 * 24 * 3_600_000;
/** A stretch too long to hold a plan to a point ("next year", "this summer"). */
const LONG_STRETCH = /\b(?:year|summer|winter|spring|autumn|fall)\b/i;

/**
 * Whether the text names a point a plan can stand on: a day, date or time (`findDates`), a week,
 * weekend or month (`stretchesOfTime`, `parseTimeHint`), or a meal or part of the day. A year or
 * a season is too wide: "next year" holds a joke as easily as a plan.
 */
function namesTime(text: string): boolean {
  if (findDates(text, ANY_DAY).length > 0 || DAY_PART.test(text)) return true;
  if (stretchesOfTime(text, ANY_DAY.slice(0, 10)).some((s) => !LONG_STRETCH.test(s.text))) {
    return true;
  }
  const window = parseTimeHint(text, Date.parse(ANY_DAY));
  return window !== null && window.end - window.start <= POINT_SPAN_MS;
}

/**
 * The sentence's clauses, each with whether a laugh belongs to it: the clause the laugh stands in,
 * or, for a laugh standing alone between breaks ("haha, …"), the clause after it (the one before,
 * at the end).
 */
function clausesOf(sentence: string): { readonly text: string; readonly laughed: boolean }[] {
  const parts = sentence.split(CLAUSE_BREAK).map((part) => ({
    text: withoutLaughs(part),
    laughed: LAUGHTER.test(part),
  }));
  const clauses: { text: string; laughed: boolean }[] = [];
  let carried = false;
  for (const part of parts) {
    if (part.text === '') {
      carried ||= part.laughed;
      continue;
    }
    clauses.push({ text: part.text, laughed: part.laughed || carried });
    carried = false;
  }
  const last = clauses.at(-1);
  if (carried && last !== undefined) last.laughed = true;
  return clauses;
}

/**
 * Reads the laughter in a sentence, or null when there is none. A laugh alone never takes back a
 * plan. Only the clause a laugh belongs to is judged: it is a joke when it overstates
 * (`HYPERBOLE`), or when nothing holds the sentence to the real world: no "seriously" (`SINCERE`),
 * no concession or reported choice (`CONCEDING`), no number, day, date, time, month or part of the
 * day. A joking clause beside clauses no one laughed at is dropped and the rest stands. See ADR
 * 2026-11-26-distractor-set-c-and-laughter (amendments of session 16). Pure.
 */
export function readLaughter(sentence: string): LaughterReading | null {
  if (!LAUGHTER.test(sentence)) return null;
  const plain = withoutLaughs(sentence);
  if (SINCERE.test(plain)) return { plain, joke: false };
  const clauses = clausesOf(sentence);
  const laughed = clauses.filter((clause) => clause.laughed);
  // An overstating clause is a joke whatever stands beside it; the clauses no one laughed at
  // stand on their own.
  const overstated = laughed.filter((clause) => HYPERBOLE.test(clause.text));
  const standing = clauses.filter((clause) => !overstated.includes(clause));
  if (standing.length === 0) return { plain, joke: true };
  const rest = overstated.length === 0 ? plain : standing.map((clause) => clause.text).join(', ');
  const held =
    GIVES_IN.test(sentence) ||
    standing.some((clause) => clause.laughed && CONCEDING.test(clause.text)) ||
    /\d/.test(rest) ||
    namesTime(rest);
  const stillLaughed = standing.some((clause) => clause.laughed);
  return { plain: rest, joke: stillLaughed && !held };
}
