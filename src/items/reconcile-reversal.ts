import {
  analyzeChoice,
  type BatchMessage,
  type CandidateItem,
  comparableText,
  normalizeTopicTag,
  STATE_ITEM_LIMITS,
  type StateItem,
  sortableTime,
} from '../core/index.js';
import {
  analyseClause,
  type ClauseAnalysis,
  SUPPOSITION,
  splitClauses,
  splitSentences,
  VERB_CLASSES,
} from '../language/index.js';

/**
 * Reading a reversal out of a batch (issues #10 §3/§7, #13): "we're dropping Redis", "Redis is
 * out", "no more Redis", "Redis was a mistake" retire an object without naming, in the extractor's
 * words, a choice that replaces it. Reconciliation turns each retirement of an object an active
 * decision chose into a decision of its own ("Use Postgres instead of Redis", or "Drop Redis"),
 * which then supersedes the old decision the usual way (step 3, the replaced object).
 */

type Token = ClauseAnalysis['tokens'][number];

/**
 * Verbs whose object is given up for good: the `cancel` class of the language layer, and the
 * general English verbs of discarding a thing. Read by lemma, so tense and person do not matter.
 */
const DISCARD_LEMMAS: ReadonlySet<string> = new Set([
  ...VERB_CLASSES.cancel.lemmas,
  'drop',
  'ditch',
  'dump',
  'abandon',
  'remove',
  'retire',
  'replace',
  'swap',
  'deprecate',
]);

/** Change verbs whose "from X" names what is left ("switching from Redis to Postgres"). */
const LEAVE_FROM_LEMMAS: ReadonlySet<string> = new Set(['switch', 'move', 'migrate', 'change']);

/**
 * A word right after the object that makes the verb phrasal with another sense: "drop Sam off",
 * "drop the kids by", "swap it out" reads as discard, but "drop X off at the station" does not.
 */
const PARTICLES: ReadonlySet<string> = new Set(['off', 'by', 'in', 'back', 'behind', 'round']);

/** Predicates that say of a subject that it is given up: "X is out", "X was a mistake". */
const GIVEN_UP_PREDICATES: ReadonlySet<string> = new Set(['out', 'mistake', 'gone']);

const NEGATION = /^(?:no|not|never|n't|nt|\w+n't)$/i;
/**
 * Words that make a statement an open possibility rather than a choice made: the modals of
 * possibility and advice, and the adverbs of doubt ("we could drop Redis", "maybe drop Redis").
 */
const TENTATIVE = /^(?:could|might|may|should|would|maybe|perhaps|probably|possibly)$/i;
/** Tokens a fronted subject may follow: "Redis is out", "Honestly, Redis was a mistake". */
const SUBJECT_OPENS = new Set(['PUNCT', 'CCONJ', 'SCONJ', 'ADV', 'INTJ']);
const DETERMINER = /^(?:the|a|an|our|my|your|their|this|that|these|those|all)$/i;

/** Tokens that may belong to a named object: names, nouns and the joiners of "pg-boss", "apps/x". */
function inObject(t: Token | undefined): boolean {
  if (t === undefined) return false;
  if (t.pos === 'PROPN' || t.pos === 'NOUN' || t.pos === 'NUM' || t.pos === 'X') return true;
  return t.text === '-' || t.text === '.' || t.text === '/';
}

/** The object phrase starting at `from` (determiners skipped) and the index after it. */
function objectAt(
  tokens: readonly Token[],
  from: number,
): { readonly text: string; readonly end: number } | null {
  let i = from;
  while (tokens[i] !== undefined && DETERMINER.test(tokens[i]?.text ?? '')) i++;
  const start = i;
  // An adjective belongs to the name it comes before ("the nightly export").
  while (tokens[i]?.pos === 'ADJ' && inObject(tokens[i + 1])) i++;
  while (inObject(tokens[i]) && !(tokens[i]?.pos === 'PUNCT' && !inObject(tokens[i + 1]))) i++;
  // A trailing "." is the end of the sentence, not part of a name.
  while (i > start && tokens[i - 1]?.pos === 'PUNCT') i--;
  if (i === start) return null;
  return {
    text: tokens
      .slice(start, i)
      .map((t) => t.text)
      .join(' '),
    end: i,
  };
}

/** The object phrase ending right before `end` (the subject of "X is out"). */
function subjectBefore(tokens: readonly Token[], end: number): string | null {
  let i = end;
  while (i > 0 && inObject(tokens[i - 1])) i--;
  if (i === end) return null;
  // "The new Redis is out" (released) describes a thing; only a bare name is given up.
  const before = tokens[i - 1];
  if (before !== undefined && !SUBJECT_OPENS.has(before.pos)) return null;
  return tokens
    .slice(i, end)
    .map((t) => t.text)
    .join(' ');
}

/** A retirement read in one clause: the object given up, as written. */
function retiredIn(analysis: ClauseAnalysis): string[] {
  if (analysis.mood === 'question' || analysis.mood === 'conditional') return [];
  const tokens = analysis.tokens;
  if (tokens.some((t) => TENTATIVE.test(t.text))) return [];
  const found: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t === undefined) continue;
    const negatedBefore = tokens.slice(0, i).some((before) => NEGATION.test(before.text));
    const lemma = t.lemma.toLowerCase();
    const word = t.text.toLowerCase();
    // "no more X", "no longer X".
    if (word === 'no' && /^(?:more|longer)$/i.test(tokens[i + 1]?.text ?? '')) {
      const object = objectAt(tokens, i + 2);
      if (object !== null) found.push(object.text);
      continue;
    }
    if (negatedBefore) continue;
    // "drop X", "get rid of X", but not "drop X off", "drop off X".
    const discards = DISCARD_LEMMAS.has(lemma) || (lemma === 'rid' && word === 'rid');
    if (discards && t.pos !== 'ADP') {
      const from = lemma === 'rid' && tokens[i + 1]?.text.toLowerCase() === 'of' ? i + 2 : i + 1;
      if (PARTICLES.has(tokens[from]?.text.toLowerCase() ?? '')) continue;
      const object = objectAt(tokens, from);
      if (object !== null && !PARTICLES.has(tokens[object.end]?.text.toLowerCase() ?? '')) {
        found.push(object.text);
      }
      continue;
    }
    // "switching from X to Y".
    if (LEAVE_FROM_LEMMAS.has(lemma) && tokens[i + 1]?.text.toLowerCase() === 'from') {
      const object = objectAt(tokens, i + 2);
      if (object !== null) found.push(object.text);
      continue;
    }
    // "X is out", "X was a mistake"; "X is out of memory" says something else.
    if (lemma === 'be' && (t.pos === 'AUX' || t.pos === 'VERB')) {
      const subject = subjectBefore(tokens, i);
      let j = i + 1;
      while (DETERMINER.test(tokens[j]?.text ?? '')) j++;
      const predicate = tokens[j]?.text.toLowerCase() ?? '';
      const after = tokens[j + 1];
      const closes = after === undefined || after.pos === 'PUNCT';
      if (subject !== null && GIVEN_UP_PREDICATES.has(predicate) && closes) found.push(subject);
    }
  }
  return found;
}

/** Objects one sentence gives up, in order; nothing when it asks. */
function sentenceRetirements(sentence: string): string[] {
  if (/\?\s*$/.test(sentence.trim()) || SUPPOSITION.pattern.test(sentence)) return [];
  return splitClauses(sentence).flatMap((clause) => retiredIn(analyseClause(clause)));
}

/**
 * Objects a text gives up, in order, sentence by sentence ("Redis" in "Change of plan: we're
 * dropping Redis. The queue moves to Postgres.").
 */
export function readRetirements(text: string): string[] {
  return splitSentences(text).flatMap((sentence) =>
    sentence.asked ? [] : sentenceRetirements(sentence.text),
  );
}

/** One retirement in a batch message. */
export interface Retirement {
  /** The object given up, compared as `objectKey`. */
  readonly object: string;
  /** The sentence that said it. */
  readonly sentence: string;
  readonly message: BatchMessage;
}

/** Comparable form of an object name: "pg-boss", "pg boss" and "PG-Boss" are one. */
export function objectKey(object: string): string {
  return comparableText(object).replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * Every retirement said in the batch, in message order. With `names` (as `objectKey`s), only the
 * sentences that name one of them are analysed: most batches give nothing up.
 */
export function batchRetirements(
  batch: readonly BatchMessage[],
  names?: readonly string[],
): Retirement[] {
  const named = (text: string) => {
    if (names === undefined) return true;
    const squeezed = objectKey(text);
    return names.some((name) => name !== '' && squeezed.includes(name));
  };
  return batch.flatMap((message) =>
    message.role === 'system'
      ? []
      : splitSentences(message.content).flatMap((sentence) =>
          (sentence.asked || !named(sentence.text) ? [] : sentenceRetirements(sentence.text)).map(
            (object) => ({ object, sentence: sentence.text, message }),
          ),
        ),
  );
}

/** True when `item` was last said before `message`: a retirement only reaches back in time. */
export function saidBefore(item: Pick<StateItem, 'lastSeenAt'>, message: BatchMessage): boolean {
  return sortableTime(item.lastSeenAt) < sortableTime(message.createdAt);
}

/**
 * The decision a retirement stands for: "Use Y (for P) instead of X" when the same sentence names
 * the new choice, else "Drop X". It names the replaced object, so step 3 supersedes the decision
 * that chose X; it cites only the user message that said it.
 */
export function reversalCandidate(retirement: Retirement, retired: StateItem): CandidateItem {
  const choice = analyzeChoice(retirement.sentence);
  const chosen =
    choice.chosen !== null && objectKey(choice.chosen) !== objectKey(retirement.object)
      ? choice.chosen
      : null;
  const purpose = chosen !== null && choice.purpose !== null ? ` for ${choice.purpose}` : '';
  const text =
    chosen === null
      ? `Drop ${retirement.object}`
      : `Use ${asWritten(retirement.sentence, chosen)}${purpose} instead of ${retirement.object}`;
  const tags = [...retired.topicTags, ...(chosen === null ? [] : [normalizeTopicTag(chosen)])];
  return {
    typeTag: 'decision',
    text,
    status: 'active',
    confidence: 'high',
    topicTags: [...new Set(tags.filter((tag) => tag !== ''))].slice(
      0,
      STATE_ITEM_LIMITS.maxTopicTags,
    ),
    refs: [retirement.message.messageId],
    supersedes: null,
    replaces: comparableText(retirement.object),
    chosen: chosen === null ? null : comparableText(chosen),
    conflict: false,
  };
}

/** `phrase` (lower-case) as the sentence spells it, else as given. */
function asWritten(sentence: string, phrase: string): string {
  const at = sentence.toLowerCase().indexOf(phrase);
  return at === -1 ? phrase : sentence.slice(at, at + phrase.length);
}
