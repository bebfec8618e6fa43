import { sha256Hex } from '../core/index.js';
import {
  type AgreementReading,
  analyseClause,
  HEARSAY,
  isQualifying,
  opensWithRefusal,
  readAgreement,
  SAYING_VERB,
  SUPPOSITION,
} from '../language/index.js';
import { currentTask } from './current-task.js';
import { type DraftContext, draftContexts } from './draft-context.js';
import { type ScorerCandidate, type ScorerModel, scoredPriority } from './scorer.js';
import shippedModel from './scorer-model.json' with { type: 'json' };
import { takenUp } from './taken-up.js';
import {
  classifySentence,
  closesWithCheer,
  closesWithLaugh,
  contentWords,
  hasSpecifics,
  hasValue,
  hasVerb,
  isChatter,
  isHedged,
  isLeaving,
  isOneOff,
  isPassingState,
  isProgressNow,
  isQuestion,
  leadInstruction,
  namesSomething,
  reportsChangeMade,
  type SentenceClass,
  splitSentences,
  stateChange,
  stripNonProse,
  trimInterjection,
} from './text-rules.js';
import type { TranscriptEntry } from './transcript.js';
import type {
  MemoryPriority,
  MemoryType,
  Observation,
  ObservationPriority,
  ObserverOutput,
  Segment,
} from './types.js';
import { clipMasked } from './without-secrets.js';

/** Segment size limits (seed 002: 10–50 messages). */
export interface SegmentLimits {
  readonly minMessages: number;
  readonly maxMessages: number;
  /** A quiet gap this long closes a segment of at least `minMessages` (ms). */
  readonly softGapMs: number;
  /** A quiet gap this long always closes a segment (ms). */
  readonly hardGapMs: number;
}

/** Default segment limits. */
export const DEFAULT_SEGMENT_LIMITS: SegmentLimits = {
  minMessages: 10,
  maxMessages: 50,
  softGapMs: 30 * 60_000,
  hardGapMs: 2 * 3_600_000,
};

const BREAKPOINT = /\b(fixed|committed|decided|shipped|merged|released|deployed|done)\b/i;

function timeOf(entry: TranscriptEntry): number | null {
  return entry.at === null ? null : Date.parse(entry.at);
}

/**
 * Splits a session into coherent stretches: at time gaps, after natural breakpoints ("fixed",
 * "committed", "decided") and at topic shifts (a user message sharing almost no words with the
 * stretch so far), never below `minMessages` (except at a hard gap or the end) nor above
 * `maxMessages`. A short tail joins the stretch before it.
 */
export function segmentEntries(
  entries: readonly TranscriptEntry[],
  limits: SegmentLimits = DEFAULT_SEGMENT_LIMITS,
): TranscriptEntry[][] {
  const segments: TranscriptEntry[][] = [];
  let current: TranscriptEntry[] = [];
  let words = new Set<string>();
  let breakAfter = false;
  for (const entry of entries) {
    const previous = current[current.length - 1];
    const gap =
      previous === undefined ? 0 : (timeOf(entry) ?? 0) - (timeOf(previous) ?? timeOf(entry) ?? 0);
    const full = current.length >= limits.minMessages;
    let boundary =
      current.length >= limits.maxMessages || (current.length > 0 && gap >= limits.hardGapMs);
    if (!boundary && full) {
      if (gap >= limits.softGapMs || breakAfter) boundary = true;
      else if (entry.role === 'user' && !isReply(entry, previous)) {
        const incoming = contentWords(entry.text);
        boundary = incoming.size >= 4 && containment(incoming, words) < 0.1;
      }
    }
    if (boundary) {
      segments.push(current);
      current = [];
      words = new Set();
    }
    current.push(entry);
    if (entry.role !== 'tool') for (const w of contentWords(entry.text)) words.add(w);
    breakAfter = entry.role === 'user' && BREAKPOINT.test(entry.text);
  }
  if (current.length > 0) {
    const last = segments[segments.length - 1];
    const first = current[0];
    const prev = last?.[last.length - 1];
    const gap = first && prev ? (timeOf(first) ?? 0) - (timeOf(prev) ?? timeOf(first) ?? 0) : 0;
    if (last && current.length < limits.minMessages / 2 && gap < limits.hardGapMs) {
      last.push(...current);
    } else segments.push(current);
  }
  return segments;
}

/**
 * A user message that answers the assistant message before it (a question asked, or a reply that
 * opens by agreeing) belongs with it, even when it then changes the subject.
 */
function isReply(entry: TranscriptEntry, previous: TranscriptEntry | undefined): boolean {
  if (previous?.role !== 'assistant') return false;
  const opening = splitSentences(stripNonProse(entry.text))[0] ?? '';
  return sentencesOf(previous).some(isQuestion) || readAgreement(opening).assent !== null;
}

/**
 * The share of a message's content words the segment already holds. Jaccard against the whole
 * segment shrinks as the segment grows, so a reply on topic late in a long stretch read as a shift
 * and lost the assistant message it answered.
 */
function containment(incoming: ReadonlySet<string>, segment: ReadonlySet<string>): number {
  if (incoming.size === 0) return 0;
  let shared = 0;
  for (const word of incoming) if (segment.has(word)) shared += 1;
  return shared / incoming.size;
}

interface Reading {
  readonly kind: SentenceClass['kind'];
  readonly priority: ObservationPriority;
  readonly type: MemoryType;
  readonly memoryPriority: MemoryPriority;
}

/** Priority, memory type and memory priority per sentence kind; `skip` gives no observation. */
const READINGS: Readonly<
  Record<
    Exclude<SentenceClass['kind'], 'skip'>,
    readonly [ObservationPriority, MemoryType, MemoryPriority]
  >
> = {
  rule: ['red', 'constraint', 'P0'],
  preference: ['red', 'preference', 'P1'],
  decision: ['red', 'decision', 'P1'],
  fix: ['red', 'insight', 'P1'],
  state: ['red', 'fact', 'P1'],
  fact: ['red', 'fact', 'P1'],
  setting: ['red', 'procedure', 'P1'],
  instruction: ['yellow', 'procedure', 'P2'],
  problem: ['yellow', 'problem', 'P2'],
  context: ['yellow', 'fact', 'P2'],
  question: ['green', 'question', 'P3'],
  hedge: ['green', 'commitment', 'P3'],
};

function reading(kind: SentenceClass['kind']): Reading | null {
  if (kind === 'skip') return null;
  const [priority, type, memoryPriority] = READINGS[kind];
  return { kind, priority, type, memoryPriority };
}

function hhmm(at: string | null): string | null {
  return at === null ? null : at.slice(11, 16);
}

function observationId(captureKey: string, sourceId: string, text: string): string {
  return `o-${sha256Hex(`${captureKey}\u0000${sourceId}\u0000${text}`).slice(0, 12)}`;
}

interface Draft {
  observation: Observation;
  kind: SentenceClass['kind'];
  change: { now: string; before: string } | null;
}

const OFFER = /^(?:should|shall|can|could) (?:i|we)\s+|^(?:do you )?want me to\s+/i;
const FAILURE =
  /\b(?:fail(?:s|ed|ing)?|broken|crash(?:es|ed|ing)?|errors?|not working|doesn'?t work|refused|denied)\b/i;
// A change the assistant proposes in the gerund ("Bumping X to 30000 should fix it", "Raising the
// pool to 40 would help"): the action, in the imperative, and what it changes (up to "should …").
const CHANGE_PROPOSAL =
  /^(bumping|raising|lowering|setting|increasing|decreasing|switching|moving|changing|capping|limiting|pinning|enabling|disabling|reducing|extending|shortening)\s+(.+?\d.*?)(?:\s+(?:should|would|will|could|might)\b.*)?$/i;
const IMPERATIVE_OF: Readonly<Record<string, string>> = {
  bumping: 'bump',
  raising: 'raise',
  lowering: 'lower',
  setting: 'set',
  increasing: 'increase',
  decreasing: 'decrease',
  switching: 'switch',
  moving: 'move',
  changing: 'change',
  capping: 'cap',
  limiting: 'limit',
  pinning: 'pin',
  enabling: 'enable',
  disabling: 'disable',
  reducing: 'reduce',
  extending: 'extend',
  shortening: 'shorten',
};
const FIRST_PERSON_ACTION = /^(i|i'll|i will|i'm|i am|let me|we could|i can|i've|i have)\b/i;
const PLAN =
  /^(?:i'll|i will|i'd|i can|let me|i(?:'d)? (?:suggest|recommend|propose))\s+(?:also\s+|just\s+|now\s+)?/i;
// A reply that takes back ("…, but no …", "not the …"); one that declines opens with a refusal.
const NEGATED = /\b(?:but|not|no|don'?t|never)\b/i;
// Questions about the moment ("who is on call this week?", "is the VPN up?", "how long will it
// take?"): their answers do not last.
const EPHEMERAL =
  /\b(this (week|morning|afternoon|evening|sprint)|today|tonight|right now|at the moment|how long|how much longer|eta)\b|\b(up|down|running|done|ready|finished|online|offline|green|passing|failing|working|busy|awake|asleep)\s*\?\s*$/i;
// Numbers standing alone (not the digits of an identifier such as nas-01), with a short unit
// written onto them ("48h", "10s", "5GB", "80%"), so that "48h" can correct "24h".
const NUMBER = /(?<![\w-])\d+(?:[.:,]\d+)*(?:[a-z]{1,3}\b|%)?(?![\w-])/gi;

/**
 * The statement an answer that corrects one number of the question makes, or null when it
 * corrects none. An offer ("Should I set the pool to 25?" → "Use 40") becomes its action with
 * the value replaced ("Set the pool to 40"), "already N" becomes "the pool is already N"; any other
 * question is restated with the number replaced ("Backups start at 22:30 on nas-01"). An empty
 * string is a correction that cannot be placed.
 */
function corrected(answer: string, question: string): string | null {
  const asked: string[] = question.match(NUMBER) ?? [];
  const given: string[] = answer.match(NUMBER) ?? [];
  const fresh = given.filter((v) => !asked.includes(v));
  if (fresh.length === 0) return null;
  const wrong = asked.filter((v) => !given.includes(v));
  // A value where the question held none ("3.12 everywhere" to "Which version?") is an answer.
  if (wrong.length === 0) return null;
  // "friday 09:30" to "still Thursday 14:00?" replaces the day too: no single number to swap.
  const days = (text: string) => (text.match(DAY_OR_NUMBER) ?? []).filter((d) => /[a-z]/i.test(d));
  const newDays = days(answer).filter((d) => !question.toLowerCase().includes(d.toLowerCase()));
  if (newDays.length > 0 && days(question).length > 0) return '';
  const [value] = fresh;
  // Of several numbers, the one written like the new value ("18:30" for "18:45") is replaced.
  const alike =
    wrong.length === 1 ? wrong : wrong.filter((v) => shapeOf(v) === shapeOf(value ?? ''));
  const [old] = alike;
  // "6h" does not correct "90%": a value written with another unit answers something else.
  if (old !== undefined && value !== undefined && unitOf(old) !== unitOf(value)) {
    if (unitOf(old) !== '' && unitOf(value) !== '') return null;
  }
  if (alike.length !== 1 || fresh.length !== 1 || old === undefined || value === undefined)
    return '';
  const bare = question.replace(/(,?\s*(correct|right))?\?\s*$/i, '').trim();
  if (OFFER.test(bare)) {
    const action = bare.replace(OFFER, '').replace(/^(?:also|just|now)\s+/i, '');
    const object = /^\w+\s+(.+?)\s+(?:to|at|as)\s+\S*\d\S*$/.exec(action)?.[1];
    if (/\balready\b/i.test(answer) && object !== undefined)
      return `${capitalise(object)} is already ${value}`;
    return capitalise(action.replace(old, value));
  }
  return bare.replace(old, value);
}

/** The unit written onto a number: "h" of "48h", "%" of "80%", "" of "12". */
function unitOf(value: string): string {
  return /[a-z%]+$/i.exec(value)?.[0]?.toLowerCase() ?? '';
}

/** How a number is written: "18:30" and "18:45" share a shape, "12" and "18:45" do not. */
function shapeOf(value: string): string {
  return value.replace(/\d+/g, '9');
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The fact a short answer states, with its question beside it. An answer that corrects a number
 * of the question states the corrected question instead (see `corrected`), so the wrong value is
 * never kept; a correction that cannot be placed is dropped.
 */
function answered(answer: string, question: string): string {
  return (
    corrected(answer, question) ?? `${answer} (answering "${narrowedQuestion(question, answer)}")`
  );
}

/**
 * A short user answer to the assistant's question is a fact only with the question beside it
 * ("Still web-02" means nothing alone): `Still web-02 (answering "Is the host still web-02?")`.
 * Needs specifics in the question or a value in the answer; never a bare "no", a hedge, a
 * question back, or an answer the sentence rules already made durable.
 */
function answerDraft(
  captureKey: string,
  entry: TranscriptEntry,
  asked: TranscriptEntry,
  question: string,
): Draft | null {
  const raw = firstSentence(entry);
  const first = trimInterjection(raw).replace(/[.!]+$/, '');
  const answer = withFragments(entry, first);
  if (answer === '' || answer.split(/\s+/).length > 12) return null;
  if (EPHEMERAL.test(question) || isHedged(answer)) return null;
  if (isHedged(question) && !guessedName(answer, question)) return null;
  // "went from 12% to 40% this morning", "it burned us in March": an event, not a standing fact.
  if (isOneOff(answer)) return null;
  const renamed = renamedAnswer(answer, question);
  if (renamed !== null) {
    const read = reading('fact') as Reading;
    return draftOf(captureKey, entry, [asked.id, entry.id], clipMasked(renamed, 280), 'fact', read);
  }
  // "No, it's 5433" to "Is it on 5432?" corrects the question: the corrected statement is kept;
  // "yes, "the 3.1 rollback"" to "add a note for March 3?" agrees and corrects nothing.
  const fixed = saysYes(readAgreement(raw)) ? null : corrected(answer, question);
  if (fixed) {
    const read = reading('fact') as Reading;
    return draftOf(captureKey, entry, [asked.id, entry.id], clipMasked(fixed, 280), 'fact', read);
  }
  if (takesBack(raw)) return null;
  const exact = hasSpecifics(question) || hasValue(question) || hasValue(answer);
  if (!exact && !picks(answer, question)) return null;
  // What the sentence rules made of the first sentence alone, which they read as any other.
  const kind = classifySentence(first === '' ? answer : first, 'user');
  if (kind === 'question' || kind === 'hedge' || kind === 'problem') return null;
  if (reading(kind)?.priority === 'red') return null;
  const text = clipMasked(answered(answer, question), 280);
  if (text === '') return null;
  return draftOf(captureKey, entry, [asked.id, entry.id], text, 'fact', reading('fact') as Reading);
}

/**
 * The answer with the verbless pieces that follow it in the reply, each a name or value of at most
 * three words ("external. pg-logi-01:5433", "256k. STM32G474", "yes. cwa-seed"): one answer
 * written in several sentences. Stops at the first sentence with a verb, a question or no
 * specific, which says something else.
 */
function withFragments(entry: TranscriptEntry, answer: string): string {
  let whole = answer;
  for (const piece of splitSentences(stripNonProse(entry.text)).slice(1)) {
    const bare = piece.trim().replace(/[.!]+$/, '');
    if (bare.split(/\s+/).length > 3 || !hasSpecifics(bare) || isQuestion(piece) || hasVerb(bare))
      break;
    whole = whole === '' ? bare : `${whole}, ${bare}`;
  }
  return whole;
}

// "lyon actually", "hetzner instead": a name that replaces the one the question guessed.
const RENAME = /^(?:no,?\s+)?([\w.&'-]+(?:\s+[\w.&'-]+)?)\s+(?:actually|instead|rather)$/i;

/**
 * The question restated with its one proper name replaced by the answer's ("Courts of Amsterdam
 * for the venue?" → "lyon actually" → "Offices of lyon for the venue"), or null when the
 * answer is not such a correction or the question names no single thing to replace.
 */
function renamedAnswer(answer: string, question: string): string | null {
  const name = RENAME.exec(answer)?.[1];
  if (name === undefined) return null;
  const bare = question.replace(/\?\s*$/, '');
  const names = bare.match(/(?<=\S\s+)[A-Z][\w-]+/g) ?? [];
  const [old] = names;
  if (names.length !== 1 || old === undefined) return null;
  return bare.replace(old, name);
}

// A name written as no word is: snake or kebab case with a digit or underscore, dotted, a host
// and port, a chat channel ("mossgrave_ci", "module.transit_gw", "pg-logi-01:5433", "#seq-ops").
const IDENTIFIER =
  /(?:^|\s)(?:[a-z][a-z0-9]*_[\w]+|[a-z]+[a-z0-9]*(?:-[a-z0-9]+)*-\d[\w-]*|[a-z][\w-]*\.[a-z_][\w.]*|[\w.-]+:\d{2,5}|#[a-z][\w-]+)(?=$|[\s,.;!])/i;

/**
 * rules@33: the assistant's guess, hedged ("module.tgw isn't there — maybe it's named
 * differently?", "perhaps the bucket is called logs-eu?"), answered by the name itself ("its
 * module.transit_gw"): the hedge is the assistant's doubt, the answer is the user's fact. An
 * offer ("maybe I should rename it?") asks for no name, and a hedged answer stays out.
 */
function guessedName(answer: string, question: string): boolean {
  if (OFFER.test(question) || SUGGESTION.test(question)) return false;
  const bare = answer.replace(/^(?:no,?\s+)?(?:it'?s|its|it is|called|named)\s+/i, '');
  return bare.split(/\s+/).length <= 3 && IDENTIFIER.test(bare);
}

// A question that is only a noun phrase ("Backup bucket?", "Cutoff for orders?") asks
// "what is it", as a which/what question does.
const NOUN_QUESTION = /^(?:[\w./-]+\s+){0,3}[\w./-]+\?\s*$/;

/**
 * True when a short answer names what the question asked for: one of the alternatives the
 * question itself named ("Mairead" to "Mairead or Maired — which is right?"), or something exact
 * in answer to a which/what/who question ("#labeling" to "which Slack channel?").
 */
function picks(answer: string, question: string): boolean {
  const mine = contentWords(answer);
  const theirs = contentWords(question);
  if (mine.size > 0 && [...mine].every((w) => theirs.has(w))) return true;
  // "yes, mossgrave_ci" to "a dedicated Steam account for CI?": a few words around an
  // identifier name the very thing the question asked about, whatever its form. An offer asks
  // for no name: "keep it in limits.yml" to "Want me to …?" turns the offer down.
  const offer = OFFER.test(question) || SUGGESTION.test(question);
  if (mine.size <= 3 && IDENTIFIER.test(answer) && !offer) return true;
  // rules@37: a capital inside the reply, not at its start, is a name written as such ("Ana for
  // pt, Jonas for de", "the office, attention Bruno"), as two capitalised words in a row are.
  const named =
    hasSpecifics(answer) ||
    /\b[A-Z][a-z]+\s+[A-Z][a-z]+/.test(answer) ||
    /(?<=[\w,]\s+)[A-Z][a-z]+\b/.test(answer);
  const what =
    /\b(which|what|who|where)\b/i.test(question) ||
    (NOUN_QUESTION.test(question) && !/^(?:ok|right|yes|no|sure|really|done)\b/i.test(question));
  return what && named;
}

// What makes a "yes" to a question a standing answer: a word for every time, or no exception.
// "every time" and "each time" say how often; "everyone", "each" alone count people or things.
const STANDING_YES =
  /\b(?:always|every time|each time|never|no exceptions?|from now on|wins|by default|as a rule)\b/i;
// A yes/no question about what happened ("Was the outage caused by …?", "Did everyone get …?"):
// its "yes" confirms a past fact, never a standing decision.
const ASKS_ABOUT_THE_PAST = /^(?:was|were|did|had|has|have)\b/i;

/**
 * A "yes" that takes the assistant's yes/no question as a standing rule ("… should it send
 * immediately?" → "yes always"; "Keep the newest record?" → "yes newest wins, we always do") is
 * written with the question it answers. A bare "yes", a "yes" to a question about the moment or
 * to an offer, and a hedged or one-off reply are not.
 */
function agreedDraft(
  captureKey: string,
  entry: TranscriptEntry,
  asked: TranscriptEntry,
  question: string,
): Draft | null {
  const raw = firstSentence(entry);
  const reply = raw.replace(/[.!]+$/, '');
  const rest = readAgreement(reply).rest.replace(/^[\s,.!]+/, '');
  if (rest === '' || isHedged(reply) || isOneOff(reply) || isQuestion(reply)) return null;
  if (EPHEMERAL.test(question) || isHedged(question) || HYPOTHETICAL.test(question)) return null;
  if (ASKS_ABOUT_THE_PAST.test(question.trim())) return null;
  const shared = [...contentWords(rest)].some((w) => contentWords(question).has(w));
  if (!STANDING_YES.test(rest) && !(shared && hasSpecifics(question))) return null;
  const text = clipMasked(`${capitalise(reply)} (answering "${question}")`, 280);
  return replyDecision(captureKey, entry, asked, text);
}

/** A decision the user's reply makes of the assistant message it answers. */
function replyDecision(
  captureKey: string,
  entry: TranscriptEntry,
  asked: TranscriptEntry,
  text: string,
): Draft {
  const read = reading('decision') as Reading;
  return draftOf(captureKey, entry, [asked.id, entry.id], text, 'decision', read);
}

/** The first prose sentence of an entry, as written. */
function firstSentence(entry: TranscriptEntry): string {
  return splitSentences(stripNonProse(entry.text))[0] ?? '';
}

/** The prose sentences of an entry, interjections trimmed. */
function sentencesOf(entry: TranscriptEntry): string[] {
  return splitSentences(stripNonProse(entry.text)).map(trimInterjection);
}

// A sentence that supposes ("if we …, we could …", "suppose we moved …", "I'd raise it to 40 if
// traffic ever doubles"): a condition with a would/could/might, or an opening supposition.
const HYPOTHETICAL =
  /^(?:suppose|supposing|assuming|say|imagine|hypothetically)\b|\b(?:if|unless|in case|were)\b.*\b(?:would|could|might|'d)\b|\b(?:would|could|might|'d)\b.*\b(?:if|unless|in case)\b/i;

/** A reply that is only a nod ("ok", "yes.", "👍", "sure thing"): two words at most, no specifics. */
function bareNod(entry: TranscriptEntry): boolean {
  const words = stripNonProse(entry.text)
    .split(/\s+/)
    .filter((w) => /\p{L}|\p{N}|\p{Extended_Pictographic}/u.test(w));
  return words.length <= 2 && !hasSpecifics(entry.text);
}

/** A reply that declines ("nope", "nah", "skip it") or takes back ("…, but no …"). */
function takesBack(text: string): boolean {
  return opensWithRefusal(text) || NEGATED.test(text);
}

/** Whether a reading says yes or tells the assistant to go ahead ("yes", "correct", "do it"). */
function saysYes(read: AgreementReading): boolean {
  return read.assent === 'yes' || read.assent === 'go';
}

/**
 * How a user message answers the message before it, read from its first sentence alone
 * (`readAgreement`): a qualifier in a later sentence ("Yes. Only on weekdays though.") usually
 * bounds the confirmed statement rather than takes the yes back.
 */
function agreementOf(entry: TranscriptEntry): AgreementReading {
  return readAgreement(firstSentence(entry));
}

/** True when a user message opens by saying yes, with nothing that takes the yes back. */
function confirms(entry: TranscriptEntry): boolean {
  const read = agreementOf(entry);
  return read.agreement === 'accept' && saysYes(read);
}

/**
 * What a user confirmation makes durable in the assistant's message just before it: its factual
 * statements with specifics ("The cache holds 512 MB"), or the action it offered with specifics
 * ("Should I cap uploads at 25 MB?" → "Cap uploads at 25 MB"). Never its plans ("I'll …").
 */
function confirmedStatements(
  assistant: TranscriptEntry,
  bare = false,
): { text: string; kind: 'fact' | 'decision' }[] {
  const out: { text: string; kind: 'fact' | 'decision' }[] = [];
  for (const sentence of sentencesOf(assistant)) {
    if (!hasSpecifics(sentence)) continue;
    // "If we pointed the workers at 10.8.1.12 we could skip the relay" → "ok": a bare nod
    // acknowledges a hypothetical, it does not decide it.
    if (bare && HYPOTHETICAL.test(sentence)) continue;
    // "Imports with accented names fail": a problem the user saw, not a fact to keep.
    if (FAILURE.test(sentence)) continue;
    const change = CHANGE_PROPOSAL.exec(sentence);
    if (change !== null && !isQuestion(sentence)) {
      // "Bumping session.timeout.ms to 30000 should fix it" → "Bump session.timeout.ms to 30000".
      const verb = IMPERATIVE_OF[(change[1] ?? '').toLowerCase()] ?? '';
      const text = `${capitalise(verb)} ${change[2] ?? ''}`.replace(/[.!]+$/, '');
      out.push({ text, kind: 'decision' });
      continue;
    }
    if (FIRST_PERSON_ACTION.test(sentence)) {
      // A plan the user agreed to is a decision: "I'll cap retries at 3" → "Cap retries at 3".
      const plan = PLAN.exec(sentence);
      if (plan === null || isQuestion(sentence)) continue;
      const action = sentence.slice(plan[0].length).replace(/[.!]+$/, '');
      out.push({ text: action.charAt(0).toUpperCase() + action.slice(1), kind: 'decision' });
    } else if (isQuestion(sentence)) {
      const offered = sentence.replace(/\?\s*$/, '');
      if (!OFFER.test(offered)) continue;
      const action = offered.replace(OFFER, '');
      out.push({ text: action.charAt(0).toUpperCase() + action.slice(1), kind: 'decision' });
    } else if (classifySentence(sentence, 'assistant') === 'context') {
      out.push({ text: sentence.replace(/[.!]+$/, ''), kind: 'fact' });
    }
  }
  return out;
}

function draftOf(
  captureKey: string,
  entry: TranscriptEntry,
  sources: readonly string[],
  text: string,
  kind: SentenceClass['kind'],
  read: Reading,
  change: Draft['change'] = null,
): Draft {
  return {
    observation: {
      observation_id: observationId(captureKey, entry.id, text),
      priority: read.priority,
      memory_priority: read.memoryPriority,
      type: read.type,
      time: hhmm(entry.at),
      at: entry.at,
      text,
      speaker: entry.role === 'user' ? 'user' : 'assistant',
      source_message_ids: [...sources],
      resolved_by: null,
    },
    kind,
    change,
  };
}

/** The observations a user confirmation adds: the assistant's confirmed statements, as the user's. */
function confirmationDrafts(
  captureKey: string,
  assistant: TranscriptEntry,
  user: TranscriptEntry,
): Draft[] {
  return confirmedStatements(assistant, bareNod(user)).map(({ text, kind }) => {
    const read = reading(kind) as Reading;
    const draft = draftOf(captureKey, user, [assistant.id, user.id], text, kind, read);
    return { ...draft, observation: { ...draft.observation, speaker: 'user' } };
  });
}

/**
 * What a user reply makes durable of the assistant messages it answers: confirmed statements and
 * plans, a short answer with its question, an option chosen, or an offer declined for good.
 */
function replyDrafts(
  captureKey: string,
  segment: readonly TranscriptEntry[],
  index: number,
  asked: TranscriptEntry,
  question: string | null,
): Draft[] {
  const entry = segment[index] as TranscriptEntry;
  const out: Draft[] = [];
  if (confirms(entry)) out.push(...confirmationDrafts(captureKey, asked, entry));
  else if (approves(entry)) out.push(...approvalDrafts(captureKey, segment, index));
  if (question !== null && confirms(entry) && !OFFER.test(question)) {
    const agreed = agreedDraft(captureKey, entry, asked, question);
    if (agreed !== null) return [...out, agreed];
  }
  if (question !== null && !(confirms(entry) && OFFER.test(question))) {
    const answer = answerDraft(captureKey, entry, asked, question);
    if (answer !== null) return [...out, answer];
    const declined = declineDraft(captureKey, entry, asked, question);
    if (declined !== null) return [...out, declined];
  }
  if (question === null) {
    const fixed = statementCorrection(captureKey, entry, asked);
    if (fixed !== null) return [...out, fixed];
  }
  const chosen = choiceDraft(captureKey, entry, asked);
  return chosen === null ? out : [...out, chosen];
}

/**
 * A bare value that corrects one number of what the assistant just stated ("… on
 * localhost:5432." → "5433.") gives the statement with the number replaced, as the user's fact.
 */
function statementCorrection(
  captureKey: string,
  entry: TranscriptEntry,
  asked: TranscriptEntry,
): Draft | null {
  const answer = (sentencesOf(entry)[0] ?? '').replace(/[.!]+$/, '');
  if (answer === '' || answer.split(/\s+/).length > 6 || isHedged(answer)) return null;
  // "80% nice" reacts to a figure; "keep logs 30 days on that host" says something new.
  if (isOneOff(answer) || !bareValue(answer)) return null;
  for (const sentence of [...sentencesOf(asked)].reverse()) {
    const bare = sentence.replace(/[.!]+$/, '');
    // "I'd bump the pool size" → "to 40.": the value the plan takes, beside the plan.
    const planned = /\d/.test(answer) && /^i'?d\b|^i (?:would|suggest|recommend)\b/i.test(sentence);
    if (!planned && (FIRST_PERSON_ACTION.test(sentence) || !hasSpecifics(sentence))) continue;
    const fixed = planned ? `${answer} (answering "${bare}")` : corrected(answer, bare);
    if (!fixed) continue;
    const read = reading('fact') as Reading;
    const draft = draftOf(
      captureKey,
      entry,
      [asked.id, entry.id],
      clipMasked(fixed, 280),
      'fact',
      read,
    );
    return { ...draft, observation: { ...draft.observation, speaker: 'user' } };
  }
  return null;
}

/** At most one word besides its numbers and their units: "5433.", "18:30 actually", "make it 40". */
function bareValue(answer: string): boolean {
  const words = [...contentWords(answer.replace(NUMBER, ' '))].filter(
    (w) =>
      !/^(?:make|it|actually|instead|ms|s|sec|min|mins|minutes?|hours?|days?|weeks?|mb|gb|kb)$/.test(
        w,
      ),
  );
  return words.length <= 1;
}

const STANDING_KINDS = new Set<SentenceClass['kind']>(['setting', 'rule', 'decision', 'fact']);

// A reply that commits to what the assistant just proposed ("go with that", "let's do it"): it
// takes the whole plan, one-off steps included, as decided.
const COMMIT_REPLY =
  /^(?:ok(?:ay)?,?\s+)?(?:let'?s\s+)?(?:go (?:with|for|ahead with)|do|ship|stick with)\s+(?:it|that|this|them)\b/i;

/**
 * A reply that approves without saying yes ("OK.", "Good.", "👍 …") accepts the plans the
 * assistant announced, not every status line it printed; one that commits takes them all.
 */
function approves(entry: TranscriptEntry): boolean {
  const read = agreementOf(entry);
  if (read.agreement === 'accept' && read.assent === 'nod') return true;
  const first = splitSentences(stripNonProse(entry.text))[0] ?? '';
  return COMMIT_REPLY.test(first) && !isQualifying(first);
}

/**
 * An approval accepts the assistant's plans and offers since the user last spoke ("I'll treat
 * empty results as ok labels", then "Good."), and, when the user had asked a question, the
 * statements that answered it ("What size?" → "500 messages or 200 ms" → "OK.").
 */
function approvalDrafts(
  captureKey: string,
  segment: readonly TranscriptEntry[],
  index: number,
): Draft[] {
  const user = segment[index] as TranscriptEntry;
  let start = index - 1;
  while (start >= 0 && segment[start]?.role !== 'user') start -= 1;
  const before = segment[start];
  const asked = before === undefined ? [] : sentencesOf(before).filter(isQuestion);
  const answering = asked.length > 0 && !asked.some((q) => EPHEMERAL.test(q));
  const committed = COMMIT_REPLY.test(splitSentences(stripNonProse(user.text))[0] ?? '');
  const out: Draft[] = [];
  for (const assistant of segment.slice(start + 1, index)) {
    if (assistant.role !== 'assistant') continue;
    for (const { text, kind } of confirmedStatements(assistant, bareNod(user))) {
      if (kind === 'fact' && !answering) continue;
      // A nod accepts a standing plan ("I'll route invoices to the CFO"), not a one-off step.
      if (kind === 'decision' && !committed && !STANDING_KINDS.has(classifySentence(text, 'user')))
        continue;
      const read = reading(kind) as Reading;
      const draft = draftOf(captureKey, user, [assistant.id, user.id], text, kind, read);
      out.push({ ...draft, observation: { ...draft.observation, speaker: 'user' } });
    }
  }
  return out;
}

// An offer or suggestion the user can turn down.
const SUGGESTION =
  /^(?:(?:should|shall|can|could) (?:i|we|there)\b|(?:do you )?want\b|would you like\b|(?:how|what) about\b|(?:i|we) could\b|maybe\b)/i;
// A reply that turns it down …
const DECLINE =
  /^(?:no|nope|nah|never|don'?t|do not|not (?:possible|an option|allowed|worth it)|(?:we )?tried (?:that|it)|can'?t|cannot|won'?t)\b/i;
// … for good ("ever", "don't", a reason), not for now ("not yet", "later", "leave it for now").
// "no need", "no, the hall has its own", "no not the X, just the Y": a reply, not a thing ruled out.
const LASTING_DECLINE =
  /\b(?:ever|never|don'?t|do not|not possible|can'?t|cannot|tried|breaks?|broke|gave|because|(?<!\bno )needs?|requires?|must)\b|^no\s+(?!(?:thanks?|worries|need|rush|the|not|it|that|this|we|they|you)\b)[a-z]{3,}/i;
const DEFERRAL =
  /\b(?:yet|later|for now|right now|today|tonight|this (?:week|time)|next (?:week|month|sprint|time)|leave (?:it|them|that)|thanks|maybe)\b/i;

/**
 * A suggestion turned down for good is a standing rule: "Would you like comments via giscus?"
 * → "No comments on the blog. Ever." is written `Declined "…": No comments on the blog. Ever.`
 * A refusal for now ("not yet", "maybe later", "leave them") stays out.
 */
function declineDraft(
  captureKey: string,
  entry: TranscriptEntry,
  asked: TranscriptEntry,
  question: string,
): Draft | null {
  const reply = splitSentences(stripNonProse(entry.text)).join(' ');
  if (!SUGGESTION.test(question) || !DECLINE.test(reply)) return null;
  if (!LASTING_DECLINE.test(reply) || DEFERRAL.test(reply) || isHedged(reply)) return null;
  // A reason in words of its own ("no, the lab logs every run to its own MLflow server") is the
  // rule as the user said it; quoted beside it, the offer would only repeat the option ruled out.
  const own = sentencesOf(entry).some(standsAlone);
  const text = clipMasked(
    own ? capitalise(trimInterjection(reply)) : `Declined "${question}": ${reply}`,
    280,
  );
  return draftOf(captureKey, entry, [asked.id, entry.id], text, 'rule', reading('rule') as Reading);
}

const STANDING_REASON: ReadonlySet<SentenceClass['kind']> = new Set<SentenceClass['kind']>([
  'rule',
  'fact',
  'setting',
  'decision',
  'preference',
]);

/** A sentence of a reply that states something lasting without pointing back at what it answers. */
function standsAlone(sentence: string): boolean {
  if (ANAPHORA.test(sentence)) return false;
  const kind = classifySentence(sentence, 'user');
  // A rule stands on its own words ("never put card numbers in the sheet"); anything else needs
  // specifics of its own.
  return kind === 'rule' || (hasSpecifics(sentence) && STANDING_REASON.has(kind));
}

// Alternatives the assistant laid out ("We could raise the timeout, or split by region").
const ALTERNATIVES = /\b(?:or|options?|either|alternatively|would|could|vs|versus|whereas)\b|;/i;
// Where a reply's clauses part: a comma, semicolon, colon or dash, not inside "11:40" or "1,150".
const CLAUSE_MARK = /[,:](?!\d)|[;—]/;

const CHOOSING_WORDS = new Set(['go', 'do', 'use', 'take', 'pick', 'then', 'option', 'one']);

/**
 * A terse reply that picks one of the alternatives the assistant laid out ("Split by region.",
 * "Do both.", "Go dynamic then") is a decision, written with the alternatives it chose from.
 */
function choiceDraft(
  captureKey: string,
  entry: TranscriptEntry,
  asked: TranscriptEntry,
): Draft | null {
  const first = sentencesOf(entry)[0] ?? '';
  // An option turned down first ("Skip the van, the removals firm then") is no pick: the clause
  // after it may be one, and an option the reply turns down is never written as taken.
  const clauses = sentencesOf(entry)
    .flatMap((s) => s.split(CLAUSE_MARK))
    .map((c) => c.trim().replace(/[.!]+$/, ''));
  const turned = clauses.findIndex((c) => !turnsDown(c));
  if (turned === -1) return null;
  if (turned > 0) {
    const rest = clauses.slice(turned).join('; ');
    if (rest === '') return null;
    return choiceDraft(captureKey, { ...entry, text: `${rest}.` }, asked);
  }
  const clause = clauses[0] ?? '';
  const words = clause.split(/\s+/).filter((w) => w !== '');
  if (words.length === 0 || words.length > 5 || isQuestion(first) || isHedged(first)) return null;
  if (takesBack(clause) || /\b(is|are|was|were|has|have|had)\b/i.test(clause)) return null;
  const mine = [...contentWords(clause)].filter((w) => !CHOOSING_WORDS.has(w));
  // "both", "the second one", "option B", "the latter": a pick that names no option's words.
  const both =
    /\b(both|all of them|all three|first|second|third|last|former|latter|option [a-z0-9])\b/i.test(
      clause,
    );
  const named = /\boption [a-z0-9]\b/i.exec(clause)?.[0].toLowerCase();
  const options = sentencesOf(asked).find(
    (s) =>
      (named === undefined || s.toLowerCase().includes(named)) &&
      (ALTERNATIVES.test(s) || laysOutOptions(s)) &&
      (both ? /\b(or|options?)\b/i.test(s) : mine.some((w) => contentWords(s).has(w))),
  );
  if (options === undefined || (!both && mine.length === 0)) return null;
  // A number of its own ("Shard into 4" to "… across 3 runners") replaces the offer's: the
  // value decision stands alone rather than beside the guess it overrides.
  const offered: string[] = options.match(NUMBER) ?? [];
  if ((clause.match(NUMBER) ?? []).some((v) => !offered.includes(v))) return null;
  const offer = options.replace(/[.!?]+$/, '');
  const taken = both ? null : takenAlternative(offer, mine);
  const text = clipMasked(
    taken === null ? `${clause} (choosing from "${offer}")` : `${clause} (choosing "${taken}")`,
    280,
  );
  return replyDecision(captureKey, entry, asked, text);
}

// A reply that turns an option down ("Skip the van", "Drop the buffet", "Pass on Hertz", "Not the
// hostel"), unless the verb lowers a value ("Drop it to 10 minutes").
const TURNS_DOWN =
  /^(?:skip|drop|scrap|ditch|forget|nix|pass on|rule out|cross off|no to|not)\s+(?!(?:\S+\s+){0,3}(?:to|by|down)\s+\d)\S/i;

// What opens a list of options in a sentence: "… you could (do|use|try) ", "… we can ".
const LEAD_IN =
  /^.*?\b(?:you|we|i)\s+(?:could|can|might|may|would|should)\s+(?:(?:do|use|go with|go for|try|have|get|pick|take|book|choose|order)\s+)?/i;

function turnsDown(clause: string): boolean {
  return TURNS_DOWN.test(trimInterjection(clause));
}

// Where a list of alternatives splits: a semicolon, "or", "vs", an enumerator ("(a)", "(2)"), or a
// comma outside parentheses.
const ALTERNATIVE_BREAK =
  /\s*;\s*|,?\s+(?:or|vs\.?|versus|and(?=\s+(?:a|an|one|another)\b))\s+|\s*\((?:[a-z]|\d)\)\s*|,\s*(?![^()]*\))/i;

/**
 * The one alternative of those laid out in `options` ("Options: (1) a hosted monitor, or (2) a
 * cron script") that the reply's `words` name, or null when they name none or several. The
 * alternatives not taken are not written into the memory of the choice: a memory that names the
 * option turned down reads as much like that option as like the one taken.
 */
function takenAlternative(options: string, words: readonly string[]): string | null {
  const body = options.replace(/^[^:;]{0,40}:\s*/, '');
  const parts = body
    .split(ALTERNATIVE_BREAK)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  // The list's lead-in ("For six guests you could do a roast, …") is no part of its first option.
  if (parts[0] !== undefined) parts[0] = parts[0].replace(LEAD_IN, '') || parts[0];
  if (parts.length < 2) return null;
  const taken = parts.filter((part) => {
    const tokens = part.toLowerCase().split(/[^\p{L}\p{N}]+/u);
    return words
      .flatMap((w) => w.split(/[^\p{L}\p{N}]+/u))
      .some((w) => w.length >= 3 && tokens.includes(w));
  });
  return taken.length === 1 ? (taken[0] ?? null) : null;
}

/**
 * The question with the alternatives the answer did not take left out ("Registry — harbor.internal
 * or GHCR?" answered "Harbor" → "Registry — harbor.internal?"); the question as asked when its
 * alternatives follow no dash or colon, or the answer names none or several of them.
 */
function narrowedQuestion(question: string, answer: string): string {
  const m = /^(.*\S\s*[—–:]\s*)([^—–:]+?)(\?\s*)$/.exec(question);
  if (m === null || !/\bor\b/i.test(m[2] ?? '')) return question;
  const words = [...contentWords(answer)].map((w) => w.replace(/[^\p{L}\p{N}]+/gu, ' ').trim());
  const taken = takenAlternative(
    m[2] ?? '',
    words.flatMap((w) => w.split(' ')),
  );
  return taken === null ? question : `${m[1]}${taken}${m[3]}`;
}

/**
 * The assistant message whose options the user's replies since have only turned down ("Skip the
 * van." then "The removals firm."), if any: a later pick still chooses among them.
 */
function offerStillOpen(
  segment: readonly TranscriptEntry[],
  index: number,
): TranscriptEntry | null {
  let refused = false;
  for (let i = index - 1; i >= 0; i--) {
    const e = segment[i];
    if (e === undefined) return null;
    if (e.role === 'assistant') return refused ? e : null;
    if (e.role !== 'user') continue;
    if (!turnsDown(sentencesOf(e)[0]?.split(CLAUSE_MARK)[0]?.trim() ?? '')) return null;
    refused = true;
  }
  return null;
}

/** The last assistant message before `index` with no user message in between, if any. */
function previousAssistant(
  segment: readonly TranscriptEntry[],
  index: number,
): TranscriptEntry | null {
  for (let i = index - 1; i >= 0; i--) {
    const e = segment[i];
    if (e === undefined || e.role === 'user') return null;
    if (e.role === 'assistant') return e;
  }
  return null;
}

/** The last user message before `index`, whatever the assistant or tools said since. */
function previousUser(segment: readonly TranscriptEntry[], index: number): TranscriptEntry | null {
  for (let i = index - 1; i >= 0; i--) {
    const e = segment[i];
    if (e?.role === 'user') return e;
  }
  return null;
}

/**
 * The kind of an assistant's report of a change made or a note taken (`reportsChangeMade`) that
 * carries out what the user's message before it asked or told ("make it 45" → "Changed to 45
 * minutes"; "the shutoff is under the sink" → "Noted: shutoff under the kitchen sink"; "ya do
 * that" → "Added: the sync reads its last run from …") and that the user's next message neither
 * turns down nor hedges: the user's setup as it now stands. A report nobody asked for (after a
 * problem report only, or unprompted) is left to the user's uptake (`takenUp`); null for any
 * other sentence.
 */
function carriedOutReport(
  segment: readonly TranscriptEntry[],
  index: number,
  sentence: string,
): SentenceClass['kind'] | null {
  const reported = reportsChangeMade(sentence);
  if (reported === null) return null;
  const asking = previousUser(segment, index);
  // A change made after the user only reported a problem is the assistant's own try at a fix.
  if (
    asking === null ||
    sentencesOf(asking).every((s) => classifySentence(s, 'user') === 'problem')
  )
    return null;
  // A note restates what the user said ("Noted - dry event, no alcohol"), so it shares a word
  // with it; "Understood - sorry about that" restates nothing.
  if (reported === 'fact') {
    const said = contentWords(asking.text);
    if (![...contentWords(sentence)].some((w) => said.has(w))) return null;
  }
  const reply = segment.slice(index + 1).find((e) => e.role === 'user');
  const answer = reply === undefined ? null : agreementOf(reply).agreement;
  return answer === 'refusal' || answer === 'hedge' ? null : reported;
}

function observeSegment(captureKey: string, segment: readonly TranscriptEntry[]): Draft[] {
  const drafts: Draft[] = [];
  let lastInstruction: Draft | null = null;
  for (const [index, entry] of segment.entries()) {
    if (entry.role !== 'user' && entry.role !== 'assistant') continue;
    const speaker = entry.role;
    const asked = speaker === 'user' ? previousAssistant(segment, index) : null;
    const question = asked === null ? null : (sentencesOf(asked).filter(isQuestion).pop() ?? null);
    const replied = asked === null ? [] : replyDrafts(captureKey, segment, index, asked, question);
    drafts.push(...replied);
    const reopened = speaker === 'user' && asked === null ? offerStillOpen(segment, index) : null;
    const pick = reopened === null ? null : choiceDraft(captureKey, entry, reopened);
    if (pick !== null) drafts.push(pick);
    const sentences = sentencesOf(entry);
    for (const [at, sentence] of sentences.entries()) {
      const heard = kindInContext(sentences, at, speaker, asked, question);
      if (heard === null) continue;
      let { kind, text } = heard;
      if (
        speaker === 'user' &&
        kind === 'context' &&
        question !== null &&
        // The first sentence a reply draft already took ("Still redis-cache-3 (answering …)",
        // the offer a "yes, 30 is fine" accepts) is kept once, as that draft.
        !(at === 0 && replied.length > 0) &&
        answersAboutSetup(entry, sentences, at, question)
      )
        kind = 'fact';
      if (speaker === 'assistant' && (kind === 'context' || kind === 'skip'))
        kind = carriedOutReport(segment, index, sentence) ?? kind;
      if ((kind === 'problem' || kind === 'context') && speaker === 'user') {
        const versions = versionsIn(sentence);
        if (versions !== null)
          drafts.push(
            draftOf(captureKey, entry, [entry.id], versions, 'fact', reading('fact') as Reading),
          );
      }
      let read = reading(kind);
      // The laugh closes its own clause ("Our director is Ana Lima, hopeless with sheets lol"):
      // the clauses before it are read on their own, as a question's or a hedge's are.
      if (read === null && speaker === 'user' && closesWithLaugh(sentence))
        for (const c of passingClauses(sentence))
          drafts.push(draftOf(captureKey, entry, [entry.id], c.text, c.kind, c.read));
      if (read === null) continue;
      // What went wrong once ("last time it wrote X instead of Y") changed no state.
      const change = PAST_INCIDENT.test(sentence) ? null : stateChange(sentence);
      if (change !== null && speaker === 'user' && kind !== 'question' && kind !== 'hedge') {
        text = `${text.replace(/[.!]+$/, '')} (${change.now} replaced ${change.before})`;
        if (read.priority !== 'red')
          read = { ...read, priority: 'red', type: 'fact', memoryPriority: 'P1' };
      }
      // A bare "fixed" names no fix: the user's last instruction with specifics is what fixed it.
      const sources = [entry.id];
      if (kind === 'fix' && speaker === 'user' && RELIEF.test(sentence)) {
        // "Much better, the drift is gone on the test run" reports the effect of the change made
        // before it, which is kept on its own: the effect is working context.
        read = { ...read, priority: 'yellow', memoryPriority: 'P2' };
      } else if (kind === 'fix' && !hasSpecifics(sentence)) {
        if (lastInstruction !== null) {
          text = `${lastInstruction.observation.text.replace(/[.!]+$/, '')}: ${sentence}`;
          sources.unshift(...lastInstruction.observation.source_message_ids);
        } else {
          // Nothing names the fix: keep it as working context, not as a durable fact.
          read = { ...read, priority: 'yellow', memoryPriority: 'P2' };
        }
      }
      const draft = draftOf(
        captureKey,
        entry,
        sources,
        text,
        kind,
        read,
        speaker === 'user' ? change : null,
      );
      drafts.push(draft);
      if ((kind === 'instruction' || kind === 'setting') && speaker === 'user')
        lastInstruction = draft;
      if (speaker === 'user' && PASSING_FROM.has(kind))
        for (const c of passingClauses(sentence))
          drafts.push(draftOf(captureKey, entry, [entry.id], c.text, c.kind, c.read));
    }
  }
  return demoteSuperseded(resolveProblems(drafts));
}

// The relief a fix's effect opens with ("much better, …", "better now, …"): status of the work.
const RELIEF = /^(?:(?:much|way|a lot|so much|loads)\s+better|better now)\b/i;

/**
 * The kinds of a whole user sentence whose clauses are read again on their own: the 🟢 ones.
 * Reading 🟡 context and problem sentences too was measured leave-one-author-out over twelve
 * authors and not kept (+2 to +6 labels for +2 to +6 junk, pooled junk at or over 5 %; ADR
 * 2026-11-26-observer-rules, "rules@7").
 */
const PASSING_FROM: ReadonlySet<SentenceClass['kind']> = new Set<SentenceClass['kind']>([
  'question',
  'hedge',
]);
// Where a long user sentence joins clauses: a comma or semicolon, a parenthesis, or a conjunction
// that opens a clause with its own subject ("…, but we leave it alone for now", "… and im a bit
// worried").
const CLAUSE_BREAK =
  /\s*[;,]\s+|\s*[()]\s*|\s+(?:but|and|so|though|tho|because|cos)\s+(?=(?:i|i'?m|im|i'?ll|we|we'?re|it|it'?s|they|he|she|you|that|this|there)\b)/i;
// A clause with a subject or a question word of its own: a separate proposition.
const STANDS_APART =
  /^(?:i|i'?m|im|i'?ll|i'?ve|we|we'?re|we'?ll|it|it'?s|its|they|he|she|you|that|this|there|is|are|do|does|can|could|should|would|will|what|which|who|how|when|where|why)\b/i;
// A clause that opens with a condition ("if we go with …", "unless the budget …") makes the whole
// sentence conditional: nothing in it is stated. The supposition words are the language lexicon's
// (the intent classifier reads them too); a proviso or a time that conditions ("as long as …",
// "once …", "whenever …") is added here, where a clause is read for what it states.
const PROVISO = /^(?:once|whenever|provided|as long as)\b/i;
const opensWithCondition = (clause: string) =>
  PROVISO.test(clause) || SUPPOSITION.pattern.exec(clause)?.index === 0;
// A question that points back at what was just said ("is that true", "can you confirm", "right?"):
// the claim before it is put to the listener, not stated.
const ASKS_ABOUT_IT =
  /^(?:(?:is|was|does|did|can|could|would|will|isn'?t|doesn'?t)\s+(?:that|this|it)\b|can you (?:confirm|check|verify)|(?:right|ok|okay|correct|true)\b)/i;
// Someone else's claim, relayed ("my boss says …", "someone told me …", "apparently …"): the
// language lexicon's hearsay markers and verbs of saying, which the intent classifier reads too.
const relayed = (clause: string) =>
  HEARSAY.pattern.test(clause) || SAYING_VERB.pattern.test(clause);
const DURABLE_CLAUSE: ReadonlySet<SentenceClass['kind']> = new Set<SentenceClass['kind']>([
  'rule',
  'preference',
  'decision',
  'state',
  'fact',
  'setting',
]);

/**
 * A durable fact said in passing inside a sentence the rules read as a whole as a question or a
 * hedge ("I'll take the blue kit, the shop stocks it anyway i think?", "The main
 * bucket is 4417 but we leave it alone for now"): each clause is classified on its own, and a clause that reads
 * as durable with specifics, and is neither a question nor hedged itself, is drafted alone.
 */
function passingClauses(
  sentence: string,
): { kind: SentenceClass['kind']; text: string; read: Reading }[] {
  // "All 12k rows in, nice": the cheer closes what the whole sentence reports; nothing is re-read.
  if (closesWithCheer(sentence) && !isLeaving(sentence)) return [];
  const passing = (c: string) => isLeaving(c) || isPassingState(c) || isProgressNow(c);
  if (passing(sentence)) return readAlone(clausesOf(sentence).filter((c) => !passing(c)));
  // "I was tempted to quit but I signed for two more years": the temptation is the hedge, what
  // was done instead is read on its own.
  const resisted = RESISTED.exec(sentence)?.[1];
  if (resisted !== undefined) return readAlone([resisted.replace(/[.!?]+$/, '')]);
  const clauses = clausesOf(sentence);
  if (clauses.length < 2) return [];
  // "… , not decided which yet", "…, probably two coats": a hedge or question without a subject of
  // its own qualifies the clause before it, so the sentence stays what it is as a whole.
  const qualifies = clauses.some(
    (c) => (isQuestion(c) || isHedged(c) || /\?\s*$/.test(c)) && !STANDS_APART.test(c),
  );
  if (qualifies || clauses.some((c) => opensWithCondition(c) || ASKS_ABOUT_IT.test(c))) return [];
  const out: { kind: SentenceClass['kind']; text: string; read: Reading }[] = [];
  for (const clause of clauses) {
    if (!hasSpecifics(clause) || isQuestion(clause) || isHedged(clause) || relayed(clause)) {
      continue;
    }
    const kind = classifySentence(clause, 'user');
    const read = reading(kind);
    if (read === null || !DURABLE_CLAUSE.has(kind)) continue;
    out.push({ kind, text: clipMasked(capitalise(clause), 280), read });
  }
  return out;
}

const clausesOf = (sentence: string) =>
  sentence
    .split(CLAUSE_BREAK)
    .map((c) => c.trim().replace(/[.!?,;]+$/, ''))
    .filter((c) => c.split(/\s+/).length >= 3);

const RESISTED = /\btempted\b[^.!?;]*?,?\s+but\s+([^.!?;]+)/i;

/**
 * Clauses read on their own as any sentence is, beside a clause that leaves ("gotta run, my aunt
 * Rosa keeps the spare key") or a temptation resisted: each with a verb (`hasVerb`: the tagger's
 * reading first) is drafted with the priority it would have alone, 🔴 or 🟡 (rv2-obs: keeping only
 * 🔴 lost "the billing service is owned by the payments team" with the leaving words); a verbless
 * one ("first delivery at 7" beside "off to open up") is the day's plan.
 */
function readAlone(
  clauses: readonly string[],
): { kind: SentenceClass['kind']; text: string; read: Reading }[] {
  const out: { kind: SentenceClass['kind']; text: string; read: Reading }[] = [];
  for (const clause of clauses) {
    if (!hasVerb(clause)) continue;
    const kind = classifySentence(clause, 'user');
    const read = reading(kind);
    if (read !== null && read.priority !== 'green')
      out.push({ kind, text: clipMasked(capitalise(clause), 280), read });
  }
  return out;
}

// A sentence that labels the one before it: "that's the rule from today", "that's policy now",
// "thats the plan", "that's always been the rule", "decided." It adds no observation of its own; the sentence it labels becomes
// a rule (rule, policy, standard) or a decision (plan, decision, final, call).
const LABEL =
  /^(?:and\s+)?(?:that'?s|thats|this is|it'?s)\s+(?:(?:always|been|still|now|just)\s+){0,2}(?:(?:the|our|a|my)\s+)?(rule|policy|standard|law|convention|plan|decision|final|call|deal)\b[^.!?]*[.!]*$|^(decided|final|settled|agreed|done deal)[.!]*$/i;

// The assistant laying out options or a suggestion ("Options: (a) …", "Suggested: …", "You could
// …", "I'd recommend …"): what it offers is not yet anything the user has, until a reply takes it.
const OFFERED =
  /^(?:(?:a few |two |three |some )?options?|alternatives?|suggest(?:ed|ion|ions)?|i'?d (?:suggest|recommend|go with)|i (?:suggest|recommend)|you could|one option|another option)\b/i;

// Options by their shape: an enumerated list ("(1) … (2) …", "a) … b) …"), or two alternatives
// each with its own figure joined by "or" before an article, or by "and" after "there's" ("There's
// a bus at 07:10 and a train at 07:45", "the 07:10 bus or the 07:45 train"; not "before 08:00 or
// after 19:00", "23% or 6%").
const ENUMERATED = /(?:^|[\s:])\(?(?:1|a|i)\)\s.+\s\(?(?:2|b|ii)\)\s/i;
const FIGURED_OR =
  /\d[^,;.?!]*?,?\s+or\s+(?:a|an|the|one)\s+(?:\S+\s+){0,3}?\S*\d|^(?:there(?:'s| is| are)|we have|you have|i found|i see)\b[^.?!]*\d[^,;.?!]*?,?\s+(?:and|or)\s+(?:a|an|the|one|another)\b[^.?!]*\d/i;

function laysOutOptions(sentence: string): boolean {
  return OFFERED.test(sentence) || ENUMERATED.test(sentence) || FIGURED_OR.test(sentence);
}

// The assistant laid out a suggestion or alternatives ("I'd put the cache on 10.20.0.5", "could
// be switched to a predictive alert", "A pivot table … Or =SUMIF"): a value the user gives in
// reply is a choice made, as an answer to a question is.
const SUGGESTS =
  /\b(?:i'?d|i would|could|would|suggest|recommend|options?|alternatively)\b|^or\b/im;

// A short heading before a colon or a dash ("Change of plan: …", "Update — …", "Quick note: …"):
// a noun phrase of up to four words with no subject of its own. Its first word may read as a verb
// ("change", "update"), which turns the whole sentence into a bare command to skip.
const HEADING = /^([^:;,.!?—–]{2,40}?)\s*(?::|\s[—–-]\s)\s*(\S.*)$/u;
const HEADING_SUBJECT =
  /\b(?:i|i'm|we|we're|you|they|he|she|it|this|that|let'?s|is|are|was|will)\b/i;

/**
 * The kind of what follows a user sentence's heading, when the whole sentence reads as nothing to
 * keep: "Change of plan: we're dropping Redis." is read as "We're dropping Redis." (the sentence's
 * text, heading and all, is what is kept). Null when there is no such heading or the rest is
 * nothing to keep either.
 */
function afterHeading(sentence: string): SentenceClass['kind'] | null {
  const m = HEADING.exec(sentence);
  const head = m?.[1] ?? '';
  const rest = m?.[2] ?? '';
  if (head.split(/\s+/).length > 4 || HEADING_SUBJECT.test(head)) return null;
  if (rest.split(/\s+/).length < 2) return null;
  const kind = classifySentence(rest.charAt(0).toUpperCase() + rest.slice(1), 'user');
  return kind === 'skip' ? null : kind;
}

// A symptom the user reports without a failure word (issue #13, rules@25): what the system does
// now, brought up as wrong. It is working context, a problem to link to its fix, not a fact:
// - a state with an onset in time and no cause ("the panel is flat since tuesday", "the queue is
//   empty since last night"): it began at a moment nobody explains and is expected to end. An
//   onset that is an event ("running Postgres 16.3 since the upgrade") dates the new state a
//   change brought, and "since 2019", "since last year" date a standing fact: neither is read here;
const RECENT_ONSET =
  /\bsince\s+(?:(?:last|this)\s+)?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|yesterday|last night|this morning|the weekend)\b/i;
//   the speaker's own state with an onset ("I have been vegan since last tuesday", "we're on the
//   night shift since monday") is how a new state of theirs begins, a fact (rules@26); their own
//   activity ("I've been getting 502s since monday") stays a symptom;
const OWN_STATE = /^(?:i|we)(?:\s+(?:am|are|have been)|['’](?:m|re|ve been))\s+(?!\w+ing\b)/i;
// - a statement the same sentence asks to have looked into ("ep 87 sounds louder than 86, can u
//   check"): what is to be checked is what seems wrong;
const CHECK_REQUEST =
  /\S[,;]?\s+(?:can|could|would|pls|please)\s+(?:u|you)\s+(?:pls\s+|please\s+)?(?:check|look|see|investigate|fix|figure)\b[^.!?]*[?.!]*$/i;
// - something the speaker has just noticed ("… and I only noticed because someone ordered");
const NOTICED = /\b(?:i|we)\s+(?:only\s+|just\s+)?noticed\b/i;
// - behaviour as it currently stands, "currently" between a thing and its verb ("the form
//   currently charges 85 for everyone"): brought up to be changed. The speaker's own setup ("we
//   currently run Visma plus Excel"), where a thing runs ("the site currently runs on Heroku"), a
//   value with no verb ("currently 92,000 words"), a participle in an aside ("her office,
//   currently booked for the 29th") or a sentence that also says what is wanted instead
//   ("currently 3 km, ops want 4.5") is not read here.
const CURRENTLY_DOES =
  /^[^,;:]*\b(?!(?:i|we|they|you|he|she)\b)[a-z]+\s+currently\s+(?!(?:\w+ed|being|been|at|on|in|under|with|uses?|runs?|hosts?|has|have|lives?|works?|sits?)\b)[a-z]+/i;
const WANTED_INSTEAD = /\b(?:wants?|wanted|should|needs? to|instead|rather)\b/i;
// - a symptom that persists after something was tried, said with no subject ("still skipping a
//   little on the small cog", "still dropping the first packet"): the problem restated. A standing
//   use ("still using Jenkins", "still running 14.04") is not read here;
const PERSISTS = /^still\s+(?!(?:using|running|hosting|living|working)\b)[a-z]+ing\b/i;
// - what a thing is doing, against what it should ("the reminders are going out in UTC not local
//   time"): a thing's behaviour put beside the expected one. The speaker's own plan ("we're
//   flying Ryanair, not easyJet") and where a thing stands ("the backups are running on nas-02,
//   not nas-01") are not read here;
// A person as the subject ("my sister Anna is visiting in May, not June") states a plan or a
// fact about them, not a thing misbehaving (rules@26).
const WRONG_WAY =
  /^(?!(?:i|i'?m|im|we|we'?re|you|you'?re)\b)(?!(?:my|our|his|her|their)\s+(?:[a-z]+\s+)?(?:sister|brother|mum|mom|mother|dad|father|son|daughter|kids?|child|children|wife|husband|partner|parents?|grandma|grandpa|grandmother|grandfather|aunt|uncle|cousin|niece|nephew|friends?|boss|in-laws?|family|baby|boyfriend|girlfriend|neighbou?rs?)\b)[^.;]*\b(?:is|are|'s|'re)\s+(?:still\s+)?(?!(?:running|using|hosting|living|staying|sitting|working|stored)\b)[a-z]+ing\b[^.;]*?\b(?:not|instead of)\s+\w/i;
// - a reading of nothing under a condition ("the soil sensor reads 0 after deep sleep", "the
//   counter shows nothing when the lid is shut"): a gauge that fails, not what it measures.
//   "Shows nothing on topic x/#" names where to look, not when it fails, and is not read here;
const NULL_READING =
  /\b(?:reads?|shows?|returns?|reports?|gives?|displays?)\s+(?:0|zero|nothing|blank|null|nan|empty)\s+(?:after|when|whenever|every time|once)\b/i;
// - output that is plainly off: behaviour nobody can explain ("the heating comes on at 3am for no
//   reason"), output that is blank or empty ("the printer on floor 2 prints blank pages"), a thing
//   shown or done twice ("the chart shows Tuesday twice"), turned over ("photos show up
//   sideways"). "Twice a day", "twice per run" say how often, and "checked twice" how sure the
//   speaker is: they are not read here;
const OFF_OUTPUT =
  /\bfor (?:no|some) (?:apparent |obvious )?reason\b|\bout of nowhere\b|\b(?:white|black|blank)\s+(?:screen|page)s?\b|\b(?:blank|empty)\s+(?:pages?|screens?|lists?|results?|responses?|rows?|files?|cells?|emails?|messages?|output|body|bodies|labels?|pdfs?)\b|(?<!\b(?:checked|looked|tried|asked|called|counted|measured)\s+)\btwice\b(?!\s+(?:a|an|per|each|every|as|the|weekly|daily|monthly|yearly|over)\b|\s+(?:on|at)\s+(?:weekends?|weekdays|(?:mon|tues|wednes|thurs|fri|satur|sun)days?)\b|\s+in\s+the\s+(?:mornings?|afternoons?|evenings?)\b)|\b(?:sideways|upside down)\b/i;
// - the thing working against the speaker ("the app logs me out every 5 minutes"), never getting
//   done ("the upload sits at 99% forever", "the totals don't add up"), or warning them ("Safari
//   shows a certificate warning"). "The session logs users out after 30 minutes" sets a policy,
//   and "the archive is kept forever" a retention: neither is read here;
const AGAINST_SPEAKER =
  /\b(?:logs?|kicks?|locks?|signs?|throws?|boots?)\s+(?:me|us)\s+out\b|\b(?:takes?|taking|sits?|sitting|spins?|spinning|loads?|loading|hangs?|waits?)\b[^.]*\bforever\b|\bnever (?:finishes|ends|loads|completes|arrives|shows)\b|\b(?:doesn'?t|don'?t) add up\b|\b(?:shows?|gives?|throws?|pops? up|displays?)\s+(?:me\s+|us\s+)?(?:a|an)\s+(?:[\w-]+\s+){0,2}warnings?\b/i;
const SYMPTOM_OF: ReadonlySet<SentenceClass['kind']> = new Set<SentenceClass['kind']>([
  'fact',
  'state',
]);

/** True when a user sentence read as a fact reports a symptom (see RECENT_ONSET and after). */
function reportsSymptom(sentence: string): boolean {
  return (
    (RECENT_ONSET.test(sentence) && !OWN_STATE.test(sentence)) ||
    CHECK_REQUEST.test(sentence) ||
    NOTICED.test(sentence) ||
    PERSISTS.test(sentence) ||
    NULL_READING.test(sentence) ||
    OFF_OUTPUT.test(sentence) ||
    AGAINST_SPEAKER.test(sentence) ||
    WRONG_WAY.test(sentence) ||
    (CURRENTLY_DOES.test(sentence) && !WANTED_INSTEAD.test(sentence))
  );
}

// A recurring symptom (issue #13, rules@28): a thing that misbehaves each time something else
// happens ("the kiosk screen flickers whenever the card reader wakes up", "the hall light blinks
// every time the pump starts"). The verb stands bare, no object and no particle before the
// recurrence, and names a fault of a device; a thing's routine on a trigger ("the backup runs
// whenever the laptop is plugged in") names no fault and is left to the other rules.
const FAULT_VERB =
  /\b(?:flickers?|flicker|blinks?|flashes|glitch(?:es)?|stutters?|jitters?|beeps?|reboots?|restarts?|disconnects?|drops? out|cuts? out|dies|shuts? (?:off|down)|overheats?|jams?|skips?|freezes|crashes|hangs|lags?|buzzes|squeals?|rattles?|resets?)\s+(?:\w+ly\s+)?(?:whenever|every time|each time|any ?time|as soon as)\b/i;

// A verb that says the thing does its work wrong by its very form ("the script double-counts
// transfers", "the till miscalculates the change") is the same kind of fault, trigger or not.
const DONE_WRONG = /\b(?:double-[a-z]+s|mis[a-z]{3,}s)\b/i;

/** True when a user sentence says a thing misbehaves each time something happens, or does its work wrong. */
function recursAsFault(sentence: string): boolean {
  if (!FAULT_VERB.test(sentence) && !DONE_WRONG.test(sentence)) return false;
  const { kind } = analyseClause(sentence).subject;
  return kind === 'named' || kind === 'other';
}

// Working context of the moment, read as a fact by the sentence rules (issue #13, rules@25):
// - a day taken by a one-off event, said as the reason for moving something ("wait, friday is the
//   assembly. move the quiz to monday"): a clash of the moment, not a standing fact about the
//   day. The next sentence of the same message must move or reschedule something; "Thursday is
//   bin day" said alone is left to the other rules;
const DAY_TAKEN =
  /^(?:(?:no|oh|ugh|but|actually|hmm)[,\s]+)*(?:wait[,.!]?\s+)?(?:(?:this|next|on)\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day(?:\s+(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?)?\s+(?:is|'s)\s+(?:the|a|an|our|my|their)\b/i;
const RESCHEDULE = /^(?:please\s+)?(?:move|shift|push|postpone|reschedule|bring forward)\b/i;
// - a state the speaker's own activity of the moment explains ("the tank is empty, we're cleaning
//   it"): it lasts as long as the activity. A standing verb ("the NAS is in the attic, we're
//   keeping it there") is not read here;
const WHILE_DOING =
  /[,;]\s*(?:we'?re|we are|i'?m|im|i am|they'?re|they are)\s+(?!(?:keeping|leaving|using|running|hosting|storing)\b)[a-z]+ing\s+(?:it|them|that|this)\b/i;
// - a step of the work reported done, in the telegraphic style of a status line ("rollout 10%
//   staged", "tests passed", "firmware flashed"): progress of the moment. A participle that goes
//   on to say where or how ("uploaded as build 1882 on the qa branch") and a full clause ("the
//   API is deployed on fly.io") are not read here;
const STEP_DONE =
  /^(?!.*\b(?:is|are|was|were|has|have|had|be|been)\b)(?:[\w%.#/-]+\s+){1,6}(?:staged|deployed|pushed|merged|uploaded|flashed|installed|rebooted|restarted|built|compiled|tested|passed|done|finished|sent|submitted|applied|rolled out|restored|imported|exported|printed|posted)[.!]*$/i;
// - progress of the work under way, told as it goes: how far it has got ("halfway through the
//   import", "down to 12 open tickets"), a step the speaker has just taken ("just pushed the fix
//   to login-2"), a run that came out clean ("tests on ci-3 are green now"). "Just use the 2.1
//   image" asks for a step; it reports none. "So far" is left out: it bounds one clause of a
//   sentence whose other clauses may last ("ETC Ion Xe, about 85 cues so far");
const PROGRESS =
  /\bhalfway\b|^down to\s+\d|^just\s+(?:\w+ed|ran|sent|found|got|did|made|wrote|built)\b|\b(?:all|is|are)\s+green\b/i;
// - an incident recalled ("Last time the import turned é into Ã© everywhere"): what happened
//   once, told as a warning; the rule it motivates is a sentence of its own. No change of state
//   is written from it.
const PAST_INCIDENT = /^last time\b/i;

/** True when a sentence names a day's one-off event as the reason the next one moves something. */
function dayTakenBeforeMove(sentences: readonly string[], at: number): boolean {
  return DAY_TAKEN.test(sentences[at] ?? '') && RESCHEDULE.test(sentences[at + 1] ?? '');
}

/**
 * The kind and text of one sentence among its message's `sentences`, read with the assistant
 * message it replies to; null when it adds nothing (a label of the sentence before it).
 */
function kindInContext(
  sentences: readonly string[],
  at: number,
  speaker: 'user' | 'assistant',
  asked: TranscriptEntry | null,
  question: string | null,
): { kind: SentenceClass['kind']; text: string } | null {
  const sentence = sentences[at] ?? '';
  if (speaker === 'user' && LABEL.test(sentence)) return null;
  let kind = classifySentence(sentence, speaker);
  if (speaker === 'user' && kind === 'skip') kind = afterHeading(sentence) ?? kind;
  if (speaker === 'user' && kind === 'context' && recursAsFault(sentence)) kind = 'problem';
  if (speaker === 'user' && SYMPTOM_OF.has(kind)) {
    if (
      dayTakenBeforeMove(sentences, at) ||
      WHILE_DOING.test(sentence) ||
      STEP_DONE.test(sentence) ||
      PROGRESS.test(sentence) ||
      PAST_INCIDENT.test(sentence)
    )
      kind = 'context';
    else if (reportsSymptom(sentence)) kind = 'problem';
  }
  // The assistant's hypotheticals and offers ("I could remove … if you like") state nothing.
  if (
    speaker === 'assistant' &&
    kind === 'context' &&
    (HYPOTHETICAL.test(sentence) || /^i could\b/i.test(sentence) || laysOutOptions(sentence))
  )
    kind = 'hedge';
  const label = speaker === 'user' ? LABEL.exec(sentences[at + 1] ?? '') : null;
  if (label !== null && kind !== 'question' && kind !== 'skip') {
    kind = /^(?:rule|policy|standard|law|convention)$/i.test(label[1] ?? '') ? 'rule' : 'decision';
  }
  // The complaint after an instruction's comma is its reason, not something to remember.
  let text = clipMasked(
    kind === 'problem' ? sentence : (leadInstruction(sentence) ?? sentence),
    280,
  );
  // A value given in answer to the assistant's question, or to its suggestion, is a choice
  // made: a decision.
  const suggested = asked !== null && SUGGESTS.test(stripNonProse(asked.text));
  if (
    (question !== null || suggested) &&
    (kind === 'instruction' || kind === 'setting') &&
    (hasValue(sentence) || namesSomething(sentence))
  ) {
    kind = 'decision';
    // The answer replaces the question's guess when it drops one of its numbers or brings a
    // value of its own ("Make it monday" to "Friday 15:00?").
    const replaced =
      question === null ||
      (question.match(NUMBER) ?? []).some((v) => !sentence.includes(v)) ||
      ((question.match(DAY_OR_NUMBER) ?? []).length > 0 &&
        [...(sentence.match(DAY_OR_NUMBER) ?? [])].some(
          (v) => !question.toLowerCase().includes(v.toLowerCase()),
        ));
    // A reply to an offer that does not take it ("Want me to make it an admin command?" → "keep
    // it in config.yml only") is not written beside the offer it turns down.
    const declinesOffer = question !== null && SUGGESTION.test(question);
    if (ANAPHORA.test(sentence) && !replaced && !declinesOffer)
      text = clipMasked(`${text.replace(/[.!]+$/, '')} (answering "${question}")`, 280);
  }
  return { kind, text };
}

// A name written in double quotes ("base "pantry stock"", "the sheet "Rota""): a value given.
const QUOTED_NAME = /"[^"\s][^"]{0,40}"/;
// "I think …", "not sure": the user's own doubt, which `isHedged` leaves to the sentence rules.
const UNSURE = /\b(?:i think|i believe|not sure|if i remember)\b/i;
// A reply that corrects itself as it goes ("… and Handling & Delivery... no sorry that's wrong").
const SELF_CORRECTED = /\b(?:sorry|scratch that|that'?s wrong|i mean|no wait)\b/i;
// What is so only for the moment: "charge is at 40% now", "kiln 4 is cold, we're relining it".
const FOR_THE_MOMENT =
  /\bnow[\s.!]*$|\b(?:i['’]?m|im|we['’]?re)\s+(?!(?:using|running|hosting|paying|going|gonna)\b)\w+ing\b/i;

/**
 * rules@36: a sentence of the user's reply to the assistant's direct question, stating with
 * specifics how the user's own things are ("Where do you keep the stock list?" → "about 40 lines.
 * it lives in airtable, base "pantry stock""; "how much flash does the board have?" → "1M.
 * NRF52840"): the question gives the subject, the reply the value, so the context sentence is a
 * durable fact. A reply to an offer ("Do you want a message when it finishes?" → "yes, teams
 * channel #stock-alerts") answers with its first sentence only, after a yes: what follows a refusal or a pause to think is no answer. A
 * question about the moment, a hedged or one-off sentence, one that turns an option down or
 * corrects itself, and a state for the moment stay context.
 */
function answersAboutSetup(
  entry: TranscriptEntry,
  sentences: readonly string[],
  at: number,
  question: string,
): boolean {
  const sentence = sentences[at] ?? '';
  if (EPHEMERAL.test(question) || isHedged(question) || HYPOTHETICAL.test(question)) return false;
  // "Do you want X, or Y?" asks for a choice; "Do you want X?" offers.
  const offer = (OFFER.test(question) || SUGGESTION.test(question)) && !/\bor\b/i.test(question);
  if (offer && (at > 0 || !confirms(entry))) return false;
  // "hmm let me think. it lives in notion, …": thinking aloud, not answering.
  if (sentences.slice(0, at).some(isHedged)) return false;
  // "it is the zebra, tray 2... no sorry that is wrong": taken back at once.
  if (SELF_CORRECTED.test(sentences[at + 1]?.split(/[,;]/)[0] ?? '')) return false;
  if (isHedged(sentence) || UNSURE.test(sentence) || isOneOff(sentence)) return false;
  if (HYPOTHETICAL.test(sentence) || turnsDown(sentence) || SELF_CORRECTED.test(sentence))
    return false;
  if (FOR_THE_MOMENT.test(sentence) || isPassingState(sentence) || isProgressNow(sentence))
    return false;
  if (hasSpecifics(sentence) || hasValue(sentence) || QUOTED_NAME.test(sentence)) return true;
  // rules@38: to a which/what/who/where question, a reply sentence that takes up the question's
  // own words ("Where does the stock list live?" → "… it is in the pantry binder, the stock sheet
  // at the back") gives its value in plain words, with no name or number to mark it. rules@39: so
  // does one to a question that is only a noun phrase ("Power source?"), which asks "what is it".
  const noun =
    NOUN_QUESTION.test(question) && !/^(?:ok|right|yes|no|sure|really|done)\b/i.test(question);
  if (!/\b(?:which|what|who|where)\b/i.test(question) && !noun) return false;
  const asked = contentWords(question);
  return [...contentWords(sentence)].some((w) => asked.has(w));
}

// A component and its version named after a problem report ("… crashing on deploy, elixir 1.16,
// otp 26"): the versions are facts about the system whatever the problem.
const VERSION_CLAUSE = /^(?:on\s+)?[a-z][\w.+-]*(?:\s+[a-z][\w.+-]*)?\s+v?\d+(?:\.(?:\d+|x))*$/i;

/** "Versions in use: elixir 1.16, otp 26" from a problem report that names them, else null. */
function versionsIn(sentence: string): string | null {
  const parts = sentence.replace(/[.!]+$/, '').split(/[,()]\s*/);
  // "checkout takes 9s, normally 1s": the usual value is a fact the problem departs from.
  const usual = parts.findIndex(
    (c, i) => i > 0 && /^(?:normally|usually|typically)\s+\S*\d/i.test(c),
  );
  if (usual > 0) {
    const what = (parts[usual - 1] ?? '').replace(/\s+\S*\d\S*\s*$/, '').trim();
    return `${capitalise(parts[usual] ?? '')} (${what})`;
  }
  const clauses = parts
    .slice(1)
    .map((c) => c.trim())
    .filter((c) => VERSION_CLAUSE.test(c));
  if (clauses.length === 0 || !clauses.some((c) => /\d\.(?:\d|x)/.test(c))) return null;
  return `Versions in use: ${clauses.join(', ')}`;
}

const ANAPHORA = /\b(it|that|this|them|those|these|one)\b/i;
const DAY_OR_NUMBER =
  /(?<![\w-])\d+(?:[.:,]\d+)*(?![\w-])|\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b/gi;

/**
 * A durable fact that a later state change in the segment names as the old value ("pg_dump" in
 * "switching from pg_dump to pgBackRest") no longer holds: it stays, as working context.
 */
function demoteSuperseded(drafts: Draft[]): Draft[] {
  return drafts.map((draft, index) => {
    const o = draft.observation;
    if (o.priority !== 'red' || (o.type !== 'fact' && o.type !== 'procedure')) return draft;
    const later = drafts.slice(index + 1).filter((d) => d.change !== null);
    const stale = later.some((d) => {
      const { now, before } = d.change as { now: string; before: string };
      const text = o.text.toLowerCase();
      return text.includes(before.toLowerCase()) && !text.includes(now.toLowerCase());
    });
    if (!stale) return draft;
    return { ...draft, observation: { ...o, priority: 'yellow', memory_priority: 'P2' } };
  });
}

/** Marks each problem fixed by a later fix in the same segment, so the reflector can drop it. */
function resolveProblems(drafts: Draft[]): Draft[] {
  return drafts.map((draft, index) => {
    if (draft.kind !== 'problem') return draft;
    const fix = drafts.slice(index + 1).find((d) => d.kind === 'fix');
    if (fix === undefined) return draft;
    return {
      ...draft,
      observation: { ...draft.observation, resolved_by: fix.observation.observation_id },
    };
  });
}

function titleOf(segment: readonly TranscriptEntry[]): string {
  for (const entry of segment) {
    if (entry.role !== 'user') continue;
    for (const sentence of splitSentences(stripNonProse(entry.text))) {
      const s = trimInterjection(sentence);
      if (!isChatter(s)) return clipMasked(s.replace(/[.!?]+$/, ''), 72);
    }
  }
  return 'Session';
}

function narrativeOf(segment: readonly TranscriptEntry[], drafts: readonly Draft[]): string {
  const users = segment.filter((e) => e.role === 'user').length;
  const first = segment.find((e) => e.at !== null)?.at ?? null;
  const last = [...segment].reverse().find((e) => e.at !== null)?.at ?? null;
  const span = first && last ? ` (${hhmm(first)}–${hhmm(last)})` : '';
  const outcome = [...drafts]
    .reverse()
    .find((d) => d.kind === 'fix' || d.kind === 'decision' || d.kind === 'rule');
  const parts = [`${segment.length} messages, ${users} from the user${span}: ${titleOf(segment)}.`];
  if (outcome) parts.push(`Outcome: ${clipMasked(outcome.observation.text, 160)}`);
  return parts.join(' ');
}

/** Input of `observeTranscript`. */
export interface ObserveInput {
  readonly captureKey: string;
  readonly sessionId: string;
  readonly entries: readonly TranscriptEntry[];
  /** The day to file observations under when the transcript has no timestamps (`YYYY-MM-DD`). */
  readonly fallbackDate: string;
  readonly limits?: SegmentLimits;
  /**
   * The learned scorer that gates and admits the rules' candidates; default the shipped
   * `scorer-model.json`, `null` for the rules alone.
   */
  readonly scorer?: ScorerModel | null;
}

/** The shipped scorer (trained by `bench/observe-train.ts` on every observe set). */
export const SHIPPED_SCORER: ScorerModel = shippedModel as ScorerModel;

/**
 * The observer version the output names: the rules, and the scorer when one is used.
 * rules@27: how the user's or the team's things are set up, in the simple present with a named
 * thing ("we host the docs on Netlify"), is a 🔴 fact (`describesSetup` in text-rules.ts).
 * rules@28: a device that misbehaves each time something happens, or whose verb says it does its
 * work wrong, is a 🟡 problem (`recursAsFault`).
 * rules@29: the assistant's report of a change it made or a note of what it was told ("Updated:
 * …", "Changed to …", "Noted: …"), carrying out the user's message before it and not turned
 * down or hedged by the next, is 🔴 (`carriedOutReport`).
 * rules@30: a user's standing limit said with "only" ("manual failover only", "only named
 * partners get a plus one"), tied to no moment, is a 🔴 rule (`restrictsToOnly` in text-rules.ts).
 * rules@31: "Understood -" and "Got it:" note what the user said as "Noted:" does, with or
 * without a specific, when the note shares a word with the user's message.
 * rules@32: a short answer goes on in the verbless names or values after it ("external.
 * pg-logi-01:5433", `withFragments`), and an identifier beside a yes names what the question
 * asked about ("yes, mossgrave_ci", `picks`).
 * rules@33: a name given to the assistant's hedged guess ("maybe it's named differently?" →
 * "its module.transit_gw") answers it: the hedge is the assistant's (`guessedName`).
 * rules@34: an auxiliary with no subject after it ("Is on a VPS in Hetzner", "Will be ready by
 * Friday") opens a statement whose subject was dropped, not a question (`isQuestion`); the
 * reflector no longer refuses it once its final stop is trimmed.
 * rules@35: "Understood, …", "Agreed, …" and "Will do: …" note what the user said as "Noted:"
 * does (`reportsChangeMade` in text-rules.ts).
 * rules@36: a sentence of the user's reply to the assistant's direct question that states how
 * the user's things are, with specifics ("it lives in airtable, base "pantry stock"", "1M. NRF52840"),
 * is a 🔴 fact; after an offer only a first sentence that says yes (`answersAboutSetup`).
 * rules@37: a short answer to a who/which/what question names something when a word inside it,
 * not at its start, is capitalised ("Ana for pt, Jonas for de", `picks`).
 * rules@38: to a which/what/who/where question, a reply sentence that shares a word with the
 * question is an answer about the user's setup without specifics too (`answersAboutSetup`).
 * rules@39: and so is one to a question that is only a noun phrase ("Power source?").
 */
export const RULES_VERSION = 'rules@39';

function candidateOf(
  { observation, kind, change }: Draft,
  context?: DraftContext,
): ScorerCandidate {
  const { text, speaker, priority } = observation;
  const fromReply = observation.source_message_ids.length > 1;
  const base = { text, kind, speaker, priority, fromReply, change: change !== null };
  return context === undefined ? base : { ...base, context };
}

/** The scorer's view of each of a segment's drafts, with its place in the segment. */
function candidatesOf(
  segment: readonly TranscriptEntry[],
  drafts: readonly Draft[],
): ScorerCandidate[] {
  const contexts = draftContexts(
    segment,
    drafts.map(({ observation: o, kind }) => ({
      text: o.text,
      kind,
      speaker: o.speaker,
      sourceIds: o.source_message_ids,
    })),
  );
  return drafts.map((d, i) => candidateOf(d, contexts[i]));
}

/** The scorer's say on each unresolved draft's priority (see `scoredPriority`). */
function scoreDrafts(
  segment: readonly TranscriptEntry[],
  drafts: readonly Draft[],
  model: ScorerModel,
): Draft[] {
  const candidates = model.features?.includes('context')
    ? candidatesOf(segment, drafts)
    : drafts.map((d) => candidateOf(d));
  return drafts.map((draft, i) => {
    const o = draft.observation;
    if (o.resolved_by !== null) return draft;
    const scored = scoredPriority(model, candidates[i] as ScorerCandidate);
    if (scored === null || scored.priority === o.priority) return draft;
    const memoryPriority =
      scored.priority === 'red'
        ? o.memory_priority === 'P0'
          ? 'P0'
          : 'P1'
        : o.memory_priority === 'P3'
          ? 'P3'
          : 'P2';
    return {
      ...draft,
      observation: { ...o, priority: scored.priority, memory_priority: memoryPriority },
    };
  });
}

/**
 * Every candidate the rules draft for a transcript, before the scorer, with the observation it
 * would become: the training material of `bench/observe-train.ts`.
 */
export function observeCandidates(
  input: ObserveInput,
): { candidate: ScorerCandidate; observation: Observation }[] {
  return segmentEntries(input.entries, input.limits).flatMap((entries) => {
    const drafts = observeSegment(input.captureKey, entries);
    const candidates = candidatesOf(entries, drafts);
    return drafts.map((d, i) => ({
      candidate: candidates[i] as ScorerCandidate,
      observation: d.observation,
    }));
  });
}

/**
 * The offline observer: segments the session, reads each user and assistant sentence (never tool
 * output, code blocks or command lines) and keeps prioritised observations with the transcript's
 * own `HH:MM`, state changes as "A replaced B", specifics verbatim, and problems linked to the
 * fix that resolved them; the learned scorer then gates and admits the rules' candidates, and
 * what the user's next message takes up of the assistant's statements becomes the user's
 * (`takenUp`, ADR 2026-11-28-assistant-turns-taken-up).
 * Deterministic: same entries and model, same output.
 */
export function observeTranscript(input: ObserveInput): ObserverOutput {
  const model = input.scorer === undefined ? SHIPPED_SCORER : input.scorer;
  const segments: Segment[] = segmentEntries(input.entries, input.limits).map((entries, i) => {
    const raw = observeSegment(input.captureKey, entries);
    const scored = model === null ? raw : scoreDrafts(entries, raw, model);
    const taken = takenUp(
      entries,
      scored.map((d) => d.observation),
    );
    const drafts = scored.map((d, at) => ({ ...d, observation: taken[at] ?? d.observation }));
    const first = entries.find((e) => e.at !== null)?.at ?? null;
    const last = [...entries].reverse().find((e) => e.at !== null)?.at ?? null;
    return {
      segment_id: `${input.captureKey.slice(0, 12)}-${i + 1}`,
      title: titleOf(entries),
      narrative: narrativeOf(entries, drafts),
      first_at: first,
      last_at: last,
      message_count: entries.length,
      observations: dedupe(drafts.map((d) => d.observation)),
    };
  });
  const firstAt = input.entries.find((e) => e.at !== null)?.at ?? null;
  return {
    capture_key: input.captureKey,
    session_id: input.sessionId,
    observer: model === null ? RULES_VERSION : `${RULES_VERSION}+${model.version}`,
    date: firstAt === null ? input.fallbackDate : firstAt.slice(0, 10),
    segments,
    current_task: currentTask(input.entries),
  };
}

function dedupe(observations: readonly Observation[]): Observation[] {
  const seen = new Set<string>();
  return observations.filter((o) => {
    if (seen.has(o.observation_id)) return false;
    seen.add(o.observation_id);
    return true;
  });
}
