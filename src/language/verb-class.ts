import { type ClauseAnalysis, type Token, verbGroupStart } from './clause.js';

/**
 * What a clause's main verb says happens to a state, whatever the wording (issue #10 §2): the
 * predicate read from the verb's lemma and, for a phrasal verb, its particle ("touched down" →
 * arrive, "called off" → cancel). The rules decide which state the class changes; the class
 * list is general English, not the wording of any benchmark sentence.
 */
export type VerbClass =
  | 'book'
  | 'arrive'
  | 'cancel'
  | 'occur'
  | 'stall'
  | 'resume'
  | 'begin'
  | 'release'
  | 'own'
  | 'renew'
  | 'credit';

/** One verb class: the phenomenon it stands for, its verbs and its phrasal verbs. */
export interface VerbClassEntry {
  readonly phenomenon: string;
  /** Lemmas that carry the class on their own. */
  readonly lemmas: readonly string[];
  /**
   * Lemma + particle pairs ("touch down"); the particle is the token right after the verb, or
   * the one after a one-word proper-noun object ("take Sankofa over").
   */
  readonly phrasal: readonly string[];
}

function entry(
  phenomenon: string,
  lemmas: readonly string[],
  phrasal: readonly string[],
): VerbClassEntry {
  return { phenomenon, lemmas, phrasal };
}

/**
 * The documented verb classes. Each entry is a general English verb of its class. The classes
 * the extraction rules read (book, cancel, occur, stall, own, renew, credit) are exercised through those
 * rules' tests, as are arrive's forms (the travel rules' present arrival, with negative
 * sentences for "reach out" and "get in the car"); resume, begin and release are read by no rule
 * yet, so a rule that starts reading one must first add negative sentences for its ambiguous
 * entries ("pick up the kids").
 */
export const VERB_CLASSES: Readonly<Record<VerbClass, VerbClassEntry>> = {
  book: entry('a trip, a seat or a stay is secured in advance', ['book', 'reserve'], []),
  arrive: entry(
    'the subject reaches a place',
    ['arrive', 'land', 'reach'],
    ['touch down', 'get in', 'pull in', 'roll in', 'make it'],
  ),
  cancel: entry(
    'a plan or a piece of work is called off for good',
    ['cancel', 'scrap', 'axe', 'shelve', 'discontinue'],
    ['call off'],
  ),
  occur: entry(
    'an event takes place (negated: it will not, i.e. it is off)',
    ['happen', 'occur'],
    ['go ahead', 'take place'],
  ),
  stall: entry(
    'work cannot go on (blocked, waiting on something)',
    ['block', 'stall'],
    // "stuck on X" only: "we'll stick with Postgres" is a choice, not a stall.
    ['hold up', 'stick on'],
  ),
  resume: entry(
    'stopped work goes on again',
    ['resume', 'unblock', 'restart'],
    ['pick up', 'start again'],
  ),
  begin: entry('work starts', ['start', 'begin', 'commence'], ['kick off']),
  release: entry(
    'work reaches its users',
    ['ship', 'release', 'launch', 'deploy'],
    ['roll out', 'go live'],
  ),
  own: entry(
    'someone becomes or is responsible for a piece of work',
    ['own', 'lead'],
    ['take over'],
  ),
  renew: entry('a recurring payment or an agreement runs on for another term', ['renew'], []),
  credit: entry(
    'money reaches an account (said of a payment or a refund)',
    ['clear'],
    ['come through', 'go through', 'come thru', 'go thru', 'come in', 'show up'],
  ),
};

/** Past forms a lemma's stem does not begin ("led" is lead, "took" is take). */
const IRREGULAR: Readonly<Record<string, readonly string[]>> = {
  begin: ['began', 'begun'],
  come: ['came'],
  get: ['got', 'gotten'],
  go: ['went', 'gone'],
  hold: ['held'],
  lead: ['led'],
  make: ['made'],
  stick: ['stuck'],
  take: ['took', 'taken'],
};

/**
 * Words one of whose forms any clause with a verb of `entry` must contain: each verb's stem
 * ("reserv" for reserved, reserving) and its irregular forms. A cheap test before the clause
 * is analysed; it may pass clauses without the verb, never miss one with it.
 */
function cueOf(entry: VerbClassEntry): RegExp {
  const heads = [...entry.lemmas, ...entry.phrasal.map((p) => p.split(' ')[0] ?? p)];
  const forms = heads.flatMap((h) => [h.replace(/e$/, ''), ...(IRREGULAR[h] ?? [])]);
  return new RegExp(`\\b(?:${[...new Set(forms)].join('|')})`, 'i');
}

const CUES = Object.fromEntries(
  Object.entries(VERB_CLASSES).map(([cls, entry]) => [cls, cueOf(entry)]),
) as Readonly<Record<VerbClass, RegExp>>;

/**
 * The reading of a clause when its verb is of class `verbClass`, else null. The clause is
 * analysed only when its words could hold a verb of that class, so rules that each ask for
 * one class do not parse every clause (the analysis is lazy on extraction clauses).
 */
export function classReading(
  clause: { readonly text: string; readonly analysis: ClauseAnalysis },
  verbClass: VerbClass,
): PredicateReading | null {
  if (!CUES[verbClass].test(clause.text)) return null;
  const reading = predicateClass(clause.analysis, clause.text);
  return reading?.verbClass === verbClass ? reading : null;
}

/** The class of one verb token and the token after it, or null. */
function classOfVerb(
  verb: Token,
  next: Token | undefined,
  afterNext: Token | undefined,
): VerbClass | null {
  const lemma = verb.lemma;
  for (const [cls, entry] of Object.entries(VERB_CLASSES) as [VerbClass, VerbClassEntry][]) {
    for (const p of entry.phrasal) {
      const [head, particle] = p.split(' ');
      if (head !== lemma) continue;
      // "take Sankofa over": the particle may follow a one-word object.
      const after = [next, afterNext].map((t) => t?.text.toLowerCase());
      if (after[0] === particle || (after[1] === particle && next?.pos === 'PROPN')) return cls;
    }
  }
  for (const [cls, entry] of Object.entries(VERB_CLASSES) as [VerbClass, VerbClassEntry][]) {
    if (entry.lemmas.includes(lemma)) return cls;
  }
  return null;
}

/** The verb class of a clause's main verb and the words before that verb (its subject phrase). */
export interface PredicateReading {
  readonly verbClass: VerbClass;
  /** The subject phrase: content words before the verb group, determiners and `'s` dropped. */
  readonly subjectPhrase: string;
  /**
   * The verb group is negated ("isn't happening", "no longer blocked"); a negation elsewhere in
   * the clause ("I can't believe the trip is happening") does not count.
   */
  readonly negated: boolean;
  /**
   * The clause sits under a verb of its own before the subject ("I can't believe the trip is
   * happening", "I thought Oslo was booked"): a report of a belief, not a plain statement.
   */
  readonly embedded: boolean;
  /** "no longer", "not anymore": a state that held has ended. */
  readonly ceased: boolean;
  /**
   * Passive voice: a form of "be" or "get" in the verb group and a past participle ("Oslo is
   * booked", "the release got held up"): the subject phrase is what the verb acts on.
   */
  readonly passive: boolean;
  /** The verb as written ("cancel", "called"), to find its object in the clause's text. */
  readonly verb: string;
}

/**
 * The words of `text` from the first to the last of `tokens`, found in order; null when a token
 * is not found (the tokens then come from another text).
 */
function spanOf(tokens: readonly Token[], text: string | undefined): string | null {
  if (text === undefined || tokens.length === 0) return null;
  let cursor = 0;
  let first = -1;
  let last = -1;
  for (const t of tokens) {
    const at = text.indexOf(t.text, cursor);
    if (at === -1) return null;
    if (first === -1) first = at;
    last = at + t.text.length;
    cursor = last;
  }
  return text.slice(first, last);
}

/** A negating word of a verb group, as written or as texted ("isnt", "wont", "nt"). */
const NEGATION =
  /^(?:no|not|never|n't|nt|\w+n't|(?:is|are|was|were|wo|ca|do|does|did|has|have|had|would|could|should)nt)$/i;

/** `'s` after a noun, and the copula as texted ("we r stuck"). */
const SMS_COPULA = /^(?:'s|r)$/i;
const SKIPPED_IN_SUBJECT = new Set(['DET', 'PART', 'PUNCT', 'AUX', 'ADV', 'SYM', 'INTJ']);

/**
 * Reads the class of the clause's first verb that has one, with its subject phrase (taken from
 * `text`, the analysed clause, when given: the model splits some names into several tokens,
 * "Gdańsk" → "Gda ń sk").
 * Null when the verb is in no class. Pure and deterministic.
 */
export function predicateClass(analysis: ClauseAnalysis, text?: string): PredicateReading | null {
  // Several rules ask for the same clause's reading: read it once per analysis and text.
  let byText = READINGS.get(analysis);
  if (byText === undefined) {
    byText = new Map();
    READINGS.set(analysis, byText);
  }
  const key = text === undefined ? '\u0000none' : text;
  if (!byText.has(key)) byText.set(key, readPredicate(analysis, text));
  return byText.get(key) ?? null;
}

/** Readings already made, per clause analysis (pure: the same input gives the same reading). */
const READINGS = new WeakMap<ClauseAnalysis, Map<string, PredicateReading | null>>();

function readPredicate(analysis: ClauseAnalysis, text?: string): PredicateReading | null {
  const tokens = analysis.tokens;
  // The first verb that belongs to a class: an auxiliary-like or fronted verb before it ("got
  // held up", "now that the review is done, …") does not hide it.
  let verbAt = -1;
  let verbClass: VerbClass | null = null;
  for (let i = 0; i < tokens.length && verbClass === null; i++) {
    const t = tokens[i];
    if (t?.pos !== 'VERB') continue;
    verbClass = classOfVerb(t, tokens[i + 1], tokens[i + 2]);
    verbAt = i;
  }
  if (verbClass === null) return null;
  // The verb group: the auxiliaries, negation and adverbs right before the verb ("is no longer").
  const end = verbGroupStart(
    tokens,
    verbAt,
    // "got held up", "get booked": "get" as the auxiliary of a passive.
    (t) => /^(?:no|not|n't)$/i.test(t.text) || (t.pos === 'VERB' && t.lemma === 'get'),
  );
  // The subject starts after the last comma or conjunction before the verb group ("Now that
  // the API is in, offline sync is no longer blocked" → "offline sync").
  let start = 0;
  for (let i = 0; i < end; i++) {
    const t = tokens[i];
    if (t !== undefined && (t.pos === 'PUNCT' || t.pos === 'SCONJ' || t.pos === 'CCONJ'))
      start = i + 1;
  }
  // "I can't believe the Austin trip …": a verb before the subject makes the clause a
  // complement of that verb; its subject starts after it.
  let embedded = false;
  for (let i = start; i < end; i++) {
    const t = tokens[i];
    // A verb of a speaker or a pronoun ("I thought", "we can't believe", a leading "heard"); a
    // gerund or a verb-like noun inside a name ("reporting dashboard", "invoicing rework") is not.
    const prev = tokens[i - 1];
    const verbOfItsOwn =
      i === start || prev?.pos === 'PRON' || prev?.pos === 'AUX' || prev?.pos === 'PART';
    if (t !== undefined && t.pos === 'VERB' && !/ing$/i.test(t.text) && verbOfItsOwn) {
      embedded = true;
      start = i + 1;
    }
  }
  const kept = tokens
    .slice(start, end)
    .filter((t) => !SKIPPED_IN_SUBJECT.has(t.pos) && !SMS_COPULA.test(t.text));
  const subjectPhrase = spanOf(kept, text) ?? kept.map((t) => t.text).join(' ');
  const lowered = tokens.map((t) => t.text.toLowerCase()).join(' ');
  const verb = tokens[verbAt];
  const participle =
    verb !== undefined && verb.text.toLowerCase() !== verb.lemma && !/ing$/i.test(verb.text);
  const passive =
    participle &&
    tokens.slice(end, verbAt).some((t) => t.lemma === 'be' || t.lemma === 'get' || t.text === "'s");
  const ceased = /\bno longer\b|(?:\bnot|n't|\bnt)\b.*\b(?:anymore|any more)\b/.test(lowered);
  return {
    verbClass,
    subjectPhrase,
    negated: ceased || tokens.slice(end, verbAt).some((t) => NEGATION.test(t.text)),
    embedded,
    ceased,
    passive,
    verb: verb?.text ?? '',
  };
}
