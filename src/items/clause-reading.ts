// What the item rules read from a clause's structure (issue #10 §7): who the clause binds and
// whether its predicate binds a plan. Built on the language layer's `analyseClause`; kept here
// until the language layer grows an equivalent helper.
import {
  analyseClause,
  type ClauseAnalysis,
  isVocabularyWord,
  RELATIONAL_NOUN,
  splitClauses,
} from '../language/index.js';

/**
 * Whom a clause's subject names:
 * - `party`: the speaker, "we", the addressee, a named person, or nobody (an imperative or a
 *   note: "Never push to main");
 * - `third-person`: someone outside the conversation ("she", "they", "my mom", "his boss");
 * - `thing`: a definite thing or plan ("the flight", "our budget", "this", "it");
 * - `generic`: a class in general ("dehydration", "some roads", "many people", "washing clothes").
 */
export type Binder = 'party' | 'third-person' | 'thing' | 'generic';

const THIRD_PRONOUN = /^(?:he|she|they|him|her|them|someone|somebody|everyone|everybody|people)$/;
const THING_PRONOUN = /^(?:it|this|that|these|those)$/;
const DEFINITE = /^(?:the|this|that|these|those|our|my|your)$/;
const POSSESSOR = /^(?:my|your|our|his|her|their|'s)$/;
const QUANTIFIER = /^(?:some|many|most|all|any|a|an|every|each|certain|other|several|few)$/;
/** Groups the speaker belongs to, not third parties. */
const OWN_GROUP = /^(?:team|family)$/;

/** The index of the subject token in `analysis.tokens`, or -1. */
function subjectIndex(analysis: ClauseAnalysis): number {
  const text = analysis.subject.text;
  if (text === '') return -1;
  return analysis.tokens.findIndex((t) => t.text === text);
}

/** Who `analysis`'s subject names (see {@link Binder}). */
export function binderOf(analysis: ClauseAnalysis): Binder {
  const { kind, text } = analysis.subject;
  const first = analysis.tokens[0];
  if (
    kind === 'none' &&
    first?.pos === 'VERB' &&
    /ing$/i.test(first.text) &&
    analysis.tokens.some((t) => t.pos === 'AUX')
  ) {
    // A gerund subject ("Washing wool too often can…") names an activity in general.
    return 'generic';
  }
  if (kind === 'speaker' || kind === 'we' || kind === 'addressee' || kind === 'none') {
    return 'party';
  }
  const word = text.toLowerCase();
  if (THIRD_PRONOUN.test(word)) return 'third-person';
  if (THING_PRONOUN.test(word)) return 'thing';
  const at = subjectIndex(analysis);
  const before = analysis.tokens.slice(0, Math.max(0, at)).map((t) => t.text.toLowerCase());
  const determiner = before.at(-1) ?? '';
  const possessed = before.some((w) => POSSESSOR.test(w));
  if (RELATIONAL_NOUN.pattern.test(word) && !OWN_GROUP.test(word)) {
    // "my mom has to…", "her kids must…" are about others; bare "Kids must…" is a rule.
    return possessed || DEFINITE.test(determiner) ? 'third-person' : 'generic';
  }
  // A capitalised word at the start reads as a name ("Dehydration", "Pets"): an ordinary
  // vocabulary word there is a noun.
  const sentenceInitialWord = at === 0 && isVocabularyWord(word);
  if (kind === 'named' && !sentenceInitialWord) return 'party';
  if (DEFINITE.test(determiner) || possessed) return 'thing';
  // A noun phrase without a determiner ("High humidity", "Hot water") names a class.
  const determined = before.some((w) => DEFINITE.test(w));
  if (QUANTIFIER.test(determiner) || !determined || sentenceInitialWord) return 'generic';
  return 'thing';
}

/**
 * A limit in numbers or time: "by 6", "before 3pm", "under 200ms", "more than $300", "per month",
 * "by Friday". What turns an obligation into a constraint whoever it binds.
 */
export const LIMIT_WORDS =
  /\b(?:by|before|until|till|no later than|within|under|over|more than|less than|at most|at least|per|max(?:imum)?|min(?:imum)?)\b[^.!?]{0,25}?(?:\d|\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tonight|tomorrow|noon|midnight|the end|the weekend|next)\b)|[$€£]\s?\d|\b\d+(?:[.,]\d+)?\s?(?:euros?|dollars?|pounds?|usd|eur|gbp|k|%|hours?|h|minutes?|mins?|days?|weeks?|ms|pm|am|km|miles?|people|guests?)\b/;

/**
 * Predicates of the mind and of talk: what follows "can't", "have to" or "must" with one of them
 * is a feeling or a way of speaking ("can't wait", "have to say", "must admit"), not a plan.
 */
const MENTAL = new Set(
  (
    'feel love like hate wait imagine believe stop help thank say admit confess add tell describe ' +
    'express explain remember forget miss stand wonder resist deny picture figure recall argue ' +
    'complain blame guess hope celebrate enjoy appreciate agree ' +
    // praise and letting go: "can't beat …", "can't let go of …"
    'beat let ' +
    // perception and understanding: "I can't see the menu" reports a problem, not a limit
    'see hear find understand muster'
  ).split(' '),
);

/** What a constraint's clause says: who it binds, and whether what it binds is a plan. */
export interface ConstraintReading {
  readonly binder: Binder;
  /** The clause tells a story (past tense: "I had to leave early"). */
  readonly past: boolean;
  /** The bound predicate is a feeling, talk, or a copula with no limit ("must be so proud"). */
  readonly notAPlan: boolean;
  /** The clause names a limit in numbers or time. */
  readonly limit: boolean;
  /** The clause forbids (negated modal, "not allowed") rather than obliges. */
  readonly forbids: boolean;
  /**
   * A habit: no modal binds anything and the clause says how often ("I see my parents at least
   * once a week", "I walk for at least half an hour most evenings").
   */
  readonly habit: boolean;
}

/** How often something happens: a frequency adverbial or adverb. */
const FREQUENCY =
  /\b(?:every|each|per|a|an) (?:day|night|morning|evening|week|weekend|month|year)\b|\b(?:once|twice|\w+ times) an? \w+|\b(?:usually|always|often|normally|typically|regularly)\b/;

/** The first clause of `sentence` for which `cue` holds (the whole sentence when none does). */
export function clauseWith(sentence: string, cue: (lower: string) => boolean): string {
  return splitClauses(sentence).find((c) => cue(c.toLowerCase())) ?? sentence;
}

/** Modal heads whose next verb is what a constraint binds: "must", "can't", "have to", … */
const MODAL_HEAD =
  /^(?:must|can|ca|cannot|could|should|shall|may|need|needs|have|has|gotta|got|never)$/;
/** Modals that bind only when negated or limited: "can't", "should never", "can only". */
const WEAK_MODAL = /^(?:can|ca|could|should|shall|may)$/;
const NEGATION_OR_ONLY = /^(?:n't|not|never|only)$/;
/** Verbs whose complement is an opinion: "I feel like I can never…", "I believe they must…". */
const OPINION = /^(?:think|feel|believe|guess|understand|suppose|wonder|reckon|imagine)$/;

/** What the modal binds: the lemma of the first verb after it and the words that follow. */
interface Bound {
  readonly verb: string;
  readonly next: string | null;
  readonly nextPos: string | null;
  readonly rest: number;
  /** The words from the clause that holds the modal, when it is embedded under an opinion. */
  readonly opinion: string | null;
  /** The opinion verb is a feeling ("I feel like…"): what follows is how it feels, not a plan. */
  readonly feeling: boolean;
}

/**
 * The verb a modal binds in `analysis` ("must" → "be" in "must be awesome", "can't" → "wait"),
 * skipping negation, "to" and adverbs; null when no modal with a verb after it is found. "Can",
 * "could", "should" and "may" bind only when negated or with "only" ("could recommend" binds
 * nothing).
 */
function boundPredicate(analysis: ClauseAnalysis): Bound | null {
  const tokens = analysis.tokens.filter((t) => t.pos !== 'PUNCT');
  for (let i = 0; i < tokens.length; i++) {
    const head = tokens[i];
    const word = head?.text.toLowerCase() ?? '';
    if (head === undefined || !MODAL_HEAD.test(word)) continue;
    if ((head.lemma === 'have' || head.lemma === 'need') && tokens[i + 1]?.text !== 'to') continue;
    if (WEAK_MODAL.test(word) && !NEGATION_OR_ONLY.test(tokens[i + 1]?.text.toLowerCase() ?? '')) {
      continue;
    }
    let j = i + 1;
    while (tokens[j] !== undefined && /^(?:PART|ADV)$/.test(tokens[j]?.pos ?? '')) j += 1;
    const verb = tokens[j];
    if (verb === undefined || (verb.pos !== 'VERB' && verb.pos !== 'AUX')) continue;
    const after = tokens[j + 1];
    const opinionAt = tokens
      .slice(0, i)
      .findLastIndex((t) => t.pos === 'VERB' && OPINION.test(t.lemma.toLowerCase()));
    return {
      verb: verb.lemma.toLowerCase(),
      next: after?.text.toLowerCase() ?? null,
      nextPos: after?.pos ?? null,
      rest: tokens.length - j - 1,
      opinion:
        opinionAt === -1
          ? null
          : tokens
              .slice(opinionAt + 1)
              .map((t) => t.text)
              .join(' ')
              .replace(/^(?:like|that|why|if) /i, '')
              .replace(/ n't/g, "n't"),
      feeling: tokens[opinionAt]?.lemma.toLowerCase() === 'feel',
    };
  }
  return null;
}

/** Linking verbs: after a modal with an adjective they guess or judge ("must be awesome"). */
const LINKING = new Set(['be', 'feel', 'seem', 'look', 'sound']);
/** Where a party must be: "has to be back", "must be there", "have to be ready". */
const WHERE = /^(?:back|there|home|here|ready|on|at|in|done|up|out|finished)$/;

/**
 * Whether the bound predicate states no plan: an inference about the past ("must have been",
 * "must've loved"), a judgement or a guess ("must be awesome", "must feel great"), a feeling or
 * a way of speaking ("can't wait", "have to say"), or a verb with nothing to act on ("what I have
 * to do").
 */
function boundIsNotAPlan(bound: Bound, limit: boolean): boolean {
  if (bound.verb === 'have' && (bound.nextPos === 'VERB' || bound.next === 'been')) return true;
  if (MENTAL.has(bound.verb)) return true;
  if (LINKING.has(bound.verb)) {
    // A participle makes a passive ("must be hashed"); an -ing form is a judgement ("challenging").
    const passive = bound.nextPos === 'VERB' && !/ing$/.test(bound.next ?? '');
    return !passive && !limit && !WHERE.test(bound.next ?? '');
  }
  // "What we still have to do": the pro-verb with no object of its own names no plan.
  const proVerb = bound.verb === 'do' && !/^(?:DET|NOUN|PROPN|NUM)$/.test(bound.nextPos ?? '');
  return (bound.rest === 0 || proVerb) && !limit;
}

/** Reads the clause that carries a constraint's modal (see {@link ConstraintReading}). */
export function readConstraint(text: string): ConstraintReading {
  const clause = text.replace(/[\u2018\u2019]/g, "'");
  const analysis = analyseClause(clause);
  const lower = clause.toLowerCase();
  const limit = LIMIT_WORDS.test(lower) || /\b(?:budget|deadline|cap|limit)\b/.test(lower);
  const bound = boundPredicate(analysis);
  // Under an opinion ("I feel like I can never…", "I think media will have to…"), the modal's own
  // subject is whom it binds; an opinion about others or about a class binds no plan of ours.
  const embedded = bound?.opinion ? binderOf(analyseClause(bound.opinion)) : null;
  const opinionOnly = embedded !== null && (embedded !== 'party' || bound?.feeling === true);
  return {
    binder: embedded ?? binderOf(analysis),
    past: analysis.tense === 'past' && !/\b(?:must|can't|cannot|have to|has to)\b/.test(lower),
    notAPlan: opinionOnly || (bound !== null && boundIsNotAPlan(bound, limit)),
    limit,
    forbids: analysis.negated || /\bnot allowed\b|\bonly\b/.test(lower),
    habit:
      bound === null &&
      analysis.tense === 'present' &&
      analysis.predicate !== 'be' &&
      FREQUENCY.test(lower),
  };
}

/**
 * Whether a constraint's clause binds a plan of a party: not a story, not a feeling, and binding
 * the speaker, "we", a named party, nobody (a rule), a definite thing or a class ("Pets are not
 * allowed"). Someone outside the conversation, or the addressee told what to do, binds a plan
 * only with a limit in numbers or time ("you have to be there by 6"); the addressee may be
 * forbidden something ("you can't park there").
 */
export function bindsAPlan(reading: ConstraintReading, addressee: boolean): boolean {
  if (reading.past || reading.notAPlan) return false;
  if (reading.binder === 'third-person') return reading.limit;
  if (addressee) return reading.limit || reading.forbids;
  return true;
}

/**
 * Whether a possible bad outcome is tied to a plan: its subject is a party or a definite thing
 * ("the flight might be cancelled"), not a class in general ("dehydration can cause headaches",
 * "some roads may be closed"), and the clause is not a story told in the past.
 */
export function tiedToAPlan(clause: string): boolean {
  // The outcome's own clause: "Do not fold them, as this can cause creases" → "this can cause…".
  const own =
    clause
      .split(/,?\s+(?:as|because|since|which|while|where)\s+/i)
      .find((part) => /\b(?:can|could|may|might|would|will)\b/i.test(part)) ?? clause;
  const analysis = analyseClause(own);
  if (analysis.tense === 'past') return false;
  const binder = binderOf(analysis);
  // "…, as this can cause fading": "can" of a pronoun states what things in general may do.
  const general =
    THING_PRONOUN.test(analysis.subject.text.toLowerCase()) &&
    analysis.tokens.some((t) => t.text.toLowerCase() === 'can');
  return binder !== 'generic' && binder !== 'third-person' && !general;
}

/** Whether `clause`'s subject is the addressee. */
export function addressedTo(clause: string): boolean {
  return analyseClause(clause).subject.kind === 'addressee';
}
