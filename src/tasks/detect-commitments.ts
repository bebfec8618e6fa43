import { findDates } from '../extract/index.js';

/** A commitment found in text. */
export interface Commitment {
  /** The action, as a task title ("Send the deck"). */
  readonly title: string;
  /** `user`, `assistant`, a named person, or `we`. */
  readonly owner: string;
  /** RFC 3339 deadline, or null when none was said. */
  readonly due: string | null;
  /**
   * The other reading of a deadline the words leave open, when it differs from `due` ("next
   * Wednesday" said on a Monday: `due` is in two days, this is in nine); else null.
   */
  readonly dueAlternative: string | null;
  /** The sentence it was drawn from. */
  readonly quote: string;
  /**
   * `strong`: a first-person (or named owner's) commitment with a future deadline and no hedge,
   * created as a task. `weak`: anything less, only proposed.
   */
  readonly strength: 'strong' | 'weak';
  /** Why it is weak (empty when strong). */
  readonly doubts: readonly string[];
}

const SPEAKER_COMMITMENT =
  /\b(I'll|I will|I'm going to|I am going to|I promise to|I need to|I have to|I must|we'll|we will|we're going to|let me)\s+(.+)$/i;
const OWNER_TO = /^([A-Z][a-z]+)\s+(?:to|will|is going to|needs to)\s+(.+)$/;
const HEDGES =
  /\b(maybe|might|probably|perhaps|possibly|try to|hopefully|if I can|if possible|at some point|someday|could)\b/i;
const NEGATIONS = /\b(won't|will not|never|not going to|can't|cannot|don't)\b/i;
/** "We'll go with Postgres" is a decision, not something to do. */
const DECISION_VERBS =
  /^(go with|use|stick with|stay with|choose|pick|keep|switch to|opt for|be|have|need|want|see|know|think)\b/i;
const TRAILING_PREPOSITION = /\s+(by|on|before|until|at|due|for)\s*$/i;
/** "… instead" marks a change of plan; it is not part of what there is to do. */
const CHANGE_OF_PLAN_TAIL = /,?\s+instead$/i;
/** A hedge opening the action ("try to finish …") is a doubt, kept in `doubts`, not the title. */
const LEADING_HEDGE =
  /^(?:(?:try|attempt) (?:to|and)|maybe|probably|perhaps|hopefully|possibly)\s+/i;

function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

function cleanTitle(phrase: string, dateText: string | null): string {
  let title = phrase;
  if (dateText !== null) {
    const at = title.toLowerCase().lastIndexOf(dateText.toLowerCase());
    // The deadline goes with the preposition that introduced it, wherever it stood: "ship v2 on
    // April 3 instead" is "Ship v2", not "Ship v2 on instead".
    // A date something moves to ("move the launch to May 12") is what there is to do: it stays.
    if (at >= 0 && !/\bto\s*$/i.test(title.slice(0, at))) {
      const before = title.slice(0, at).replace(TRAILING_PREPOSITION, '');
      title = `${before} ${title.slice(at + dateText.length)}`;
    }
  }
  title = title
    .replace(/[.!;,]+$/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(CHANGE_OF_PLAN_TAIL, '')
    .replace(TRAILING_PREPOSITION, '')
    .trim()
    .replace(LEADING_HEDGE, '');
  return title === '' ? '' : `${title[0]?.toUpperCase() ?? ''}${title.slice(1)}`;
}

const DAY_MS = 86_400_000;
const NEXT_WEEKDAY = /^next\s+(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?$/i;

/** The Monday that starts the week of a `YYYY-MM-DD` day, in ms (weeks start on Monday). */
function weekStart(dayMs: number): number {
  return dayMs - ((new Date(dayMs).getUTCDay() + 6) % 7) * DAY_MS;
}

/**
 * "next <weekday>" reads two ways when that weekday is still ahead in the week it is said in: the
 * coming one (this week's) or next week's. The due date is the coming one, the earlier, so acting
 * on it never misses the other; next week's is returned as the alternative (`YYYY-MM-DD`). Null
 * when the words are no "next <weekday>" or the two readings are the same day.
 */
function nextWeekdayAlternative(text: string, date: string, anchor: string): string | null {
  if (!NEXT_WEEKDAY.test(text.trim())) return null;
  const due = Date.parse(`${date}T00:00:00Z`);
  const said = Date.parse(`${anchor.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(due) || Number.isNaN(said) || weekStart(due) !== weekStart(said)) return null;
  return new Date(due + 7 * DAY_MS).toISOString().slice(0, 10);
}

function dueOf(
  sentence: string,
  anchor: string,
): { due: string | null; dueAlternative: string | null; text: string | null } {
  const mention = findDates(sentence, anchor).find((d) => d.date !== null);
  if (mention === undefined || mention.date === null) {
    return { due: null, dueAlternative: null, text: null };
  }
  const at = (date: string) => `${date}T${mention.time ?? '23:59'}:00.000Z`;
  const other = nextWeekdayAlternative(mention.text, mention.date, anchor);
  return {
    due: at(mention.date),
    dueAlternative: other === null ? null : at(other),
    text: mention.text,
  };
}

/**
 * Finds commitments in one message (`speaker` is its role), with deadlines resolved against
 * `anchor` (the message time). Questions and negated sentences are never commitments; a hedge,
 * a missing or past deadline, or a conditional makes one weak. Precision first: when in doubt it
 * is weak, so it is proposed rather than created.
 */
export function detectCommitments(
  text: string,
  speaker: 'user' | 'assistant' | 'system',
  anchor: string,
): Commitment[] {
  if (speaker === 'system') return [];
  const found: Commitment[] = [];
  for (const sentence of sentences(text)) {
    if (sentence.endsWith('?') || NEGATIONS.test(sentence)) continue;
    const own = SPEAKER_COMMITMENT.exec(sentence);
    const named = own === null ? OWNER_TO.exec(sentence) : null;
    const phrase = own?.[2] ?? named?.[2];
    if (phrase === undefined || DECISION_VERBS.test(phrase)) continue;
    const subject = own?.[1]?.toLowerCase() ?? '';
    const owner = named?.[1] ?? (subject.startsWith('we') ? 'we' : speaker);
    const { due, dueAlternative, text: dateText } = dueOf(sentence, anchor);
    const title = cleanTitle(phrase, dateText);
    if (title.split(' ').length < 2) continue;
    const doubts: string[] = [];
    if (HEDGES.test(sentence)) doubts.push('hedged');
    if (/^\s*if\b|\bif\b.*,/i.test(sentence)) doubts.push('conditional');
    if (due === null) doubts.push('no deadline');
    else if (due < anchor) doubts.push('deadline in the past');
    if (named !== null && own === null) doubts.push('named owner, not the speaker');
    found.push({
      title,
      owner,
      due,
      dueAlternative,
      quote: sentence,
      strength: doubts.length === 0 ? 'strong' : 'weak',
      doubts,
    });
  }
  return found;
}

/**
 * Reads an extracted action item ("Ana to send the contract by Friday"): strong only with an
 * owner and a future deadline; a named owner counts because the extractor already judged it an
 * action.
 */
export function commitmentFromAction(text: string, anchor: string): Commitment | null {
  const own = SPEAKER_COMMITMENT.exec(text);
  const named = own === null ? OWNER_TO.exec(text.trim()) : null;
  const phrase = own?.[2] ?? named?.[2] ?? text;
  const owner =
    named?.[1] ?? (own === null ? null : own[1]?.toLowerCase().startsWith('we') ? 'we' : 'user');
  const { due, dueAlternative, text: dateText } = dueOf(text, anchor);
  const title = cleanTitle(phrase, dateText);
  if (title === '') return null;
  const doubts: string[] = [];
  if (owner === null) doubts.push('no owner');
  if (due === null) doubts.push('no deadline');
  else if (due < anchor) doubts.push('deadline in the past');
  if (HEDGES.test(text)) doubts.push('hedged');
  return {
    title,
    owner: owner ?? 'unknown',
    due,
    dueAlternative,
    quote: text,
    strength: doubts.length === 0 ? 'strong' : 'weak',
    doubts,
  };
}
