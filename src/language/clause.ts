import { createRequire } from 'node:module';
import type WinkModel from 'wink-eng-lite-web-model';
import type winkNLP from 'wink-nlp';

/** Grammatical time of a clause's main verb group. */
export type Tense = 'past' | 'present' | 'future';
/** What a clause does: states, asks, instructs, or supposes. */
export type Mood = 'statement' | 'question' | 'imperative' | 'conditional';

/** Who a clause is about, read from its grammatical subject. */
export type SubjectKind = 'speaker' | 'we' | 'addressee' | 'named' | 'other' | 'none';

/** One token as the analysis sees it. */
export interface Token {
  readonly text: string;
  /** Universal part of speech (`VERB`, `AUX`, `PROPN`, `NOUN`, ...). */
  readonly pos: string;
  readonly lemma: string;
}

/**
 * Where the verb group of the verb at `verbAt` starts: the auxiliaries, adverbs and particles
 * right before it, with the other words `alsoInGroup` takes (negation, the "get" of a passive).
 */
export function verbGroupStart(
  tokens: readonly Token[],
  verbAt: number,
  alsoInGroup: (t: Token) => boolean,
): number {
  let start = verbAt;
  while (start > 0) {
    const t = tokens[start - 1];
    const inGroup =
      t !== undefined && (t.pos === 'AUX' || t.pos === 'ADV' || t.pos === 'PART' || alsoInGroup(t));
    if (!inGroup) break;
    start--;
  }
  return start;
}

/** The shared analysis of one clause (used by state extraction and by state items). */
export interface ClauseAnalysis {
  readonly tokens: readonly Token[];
  readonly tense: Tense;
  /** Perfect or progressive aspect of the main verb group. */
  readonly aspect: 'simple' | 'perfect' | 'progressive';
  readonly mood: Mood;
  /** A `not`, `n't`, `never`, `no longer` governs the main verb. */
  readonly negated: boolean;
  readonly subject: { readonly kind: SubjectKind; readonly text: string };
  /** Lemma of the main verb, or null when the clause has none ("Back from lunch"). */
  readonly predicate: string | null;
  /** The words after the main verb up to the clause end. */
  readonly object: string | null;
}

let engine: ReturnType<typeof winkNLP> | null = null;
/**
 * The first id wink gives a word outside its model's vocabulary: ids below it are the model's
 * own words, ids from it on are assigned to unknown words as they are read.
 */
let firstUnknownId = 0;
function nlp(): ReturnType<typeof winkNLP> {
  if (engine === null) {
    // Loaded on first use, not imported: see ADR 2026-11-26-lazy-start-up.
    const load = createRequire(import.meta.url);
    const wink = load('wink-nlp') as typeof winkNLP;
    const created = wink(load('wink-eng-lite-web-model') as typeof WinkModel);
    // Read before any other text, a made-up word takes the first id after the vocabulary.
    const probe = created.readDoc('qzxqvjzkw').tokens().out(created.its.uniqueId) as number[];
    firstUnknownId = probe[0] ?? Number.MAX_SAFE_INTEGER;
    engine = created;
  }
  return engine;
}

/**
 * Whether a lower-case word is in the English model's own vocabulary ("reading", "paradise",
 * "mobile", "split"): an ordinary word, not a name the model has never seen ("lisbon", "osaka").
 * Deterministic: the vocabulary is fixed by the bundled model.
 */
export function isVocabularyWord(word: string): boolean {
  const w = word.trim();
  if (!/^\p{Ll}+$/u.test(w)) return false;
  const ids = nlp().readDoc(w).tokens().out(nlp().its.uniqueId) as number[];
  return ids.length === 1 && (ids[0] ?? Number.MAX_SAFE_INTEGER) < firstUnknownId;
}

const DAY_ABBREVIATION = /^(?:Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun)\.?$/;
const MODAL_CONDITIONAL = new Set(['would', 'could', 'might', 'may', 'should']);
const FUTURE_AUX = new Set(['will', 'shall']);
const NEGATORS = new Set(['not', "n't", 'never', 'no', 'nt']);
const WH = new Set(['what', 'when', 'where', 'who', 'why', 'how', 'which', 'whose']);
const CONDITIONAL_OPENERS = new Set([
  'if',
  'suppose',
  'supposing',
  'imagine',
  'unless',
  'assuming',
]);

/**
 * A clause that starts with a base-form verb, after at most a schedule prefix of day names,
 * numbers and punctuation ("Sat 9am: drive to the lake", "Book the hotel").
 */
function isImperative(content: readonly Token[]): boolean {
  // The lite model often tags a clause-initial verb as a noun ("Book the hotel"): a bare word
  // followed by a determiner or an object pronoun is a verb there.
  const [w0, w1] = content;
  if (
    w0?.pos === 'NOUN' &&
    w0.text.toLowerCase() === w0.lemma &&
    (w1?.pos === 'DET' || /^(?:me|us|him|her|them|it)$/i.test(w1?.text ?? ''))
  ) {
    return true;
  }
  const verb = content.findIndex((t) => t.pos === 'VERB' || t.pos === 'AUX');
  if (verb === -1 || content.length < 2) return false;
  const head = content[verb];
  if (head === undefined || head.pos !== 'VERB' || head.text.toLowerCase() !== head.lemma) {
    return false;
  }
  return content
    .slice(0, verb)
    .every(
      (t) =>
        DAY_ABBREVIATION.test(t.text) ||
        t.pos === 'NUM' ||
        /^(?:am|pm)$/i.test(t.text) ||
        t.pos === 'SYM',
    );
}

/** Drops a leading label and expands "I'm" (the lite model reads it as one proper noun). */
function prepare(text: string): string {
  // A short label before a colon ("Change of plans: we're ...", "Sat 9am: drive ...") is not
  // part of the clause's grammar.
  return text
    .replace(/^[^:]{1,30}:\s+(?=\S)/, '')
    .replace(/\b([Ii])['’]m\b/g, '$1 am')
    .replace(/\b([Ii])m\b(?=\s)/g, '$1 am');
}

function subjectKind(word: string, pos: string): SubjectKind {
  const w = word.toLowerCase();
  if (w === 'i' || w === 'me') return 'speaker';
  if (w === 'we' || w === 'us') return 'we';
  if (w === 'you') return 'addressee';
  if (pos === 'PROPN') return 'named';
  return 'other';
}

function tag(text: string): Token[] {
  const doc = nlp().readDoc(text);
  const its = nlp().its;
  const words = doc.tokens().out() as string[];
  const tags = doc.tokens().out(its.pos) as string[];
  const lemmas = doc.tokens().out(its.lemma as never) as string[];
  return words.map((t, i) => ({
    text: t,
    pos: tags[i] ?? 'X',
    lemma: (lemmas[i] ?? t).toLowerCase(),
  }));
}

/**
 * Tokens of a clause. The lite model reads a capitalised ordinary word at the start of a
 * clause as a name ("Change my ...", "Reports in ..."): when the word is in its vocabulary, the
 * first word is tagged as it would be in lower case, so a clause-initial verb stays a verb.
 */
function tokensOf(text: string): Token[] {
  const tokens = tag(text);
  const [first, second] = tokens;
  // "Mark landed", "Will is": a name as the subject of the verb after it stays a name.
  if (second?.pos === 'VERB' || second?.pos === 'AUX') return tokens;
  if (
    first === undefined ||
    first.pos !== 'PROPN' ||
    !/^\p{Lu}\p{Ll}+$/u.test(first.text) ||
    !isVocabularyWord(first.text.toLowerCase())
  ) {
    return tokens;
  }
  const lower = tag(`${text.charAt(0).toLowerCase()}${text.slice(1)}`)[0];
  if (lower === undefined || lower.pos === 'PROPN') return tokens;
  return [{ ...lower, text: first.text }, ...tokens.slice(1)];
}

/** Words that open a noun phrase the way a subject's does ("the", "our", "each"). */
const SUBJECT_OPENER = /^(?:the|a|an|this|that|our|my|your|his|her|their|its|each|every)$/i;
/** Singular pronouns that are a whole subject by themselves. */
const SINGULAR_PRONOUN = /^(?:it|he|she)$/i;
/** Where a verb's own words end: a second clause starts after these. */
const CLAUSE_BREAK = new Set(['PUNCT', 'SCONJ', 'CCONJ']);
const reframedCache = new Map<string, Token | null>();

/**
 * How the lite model tags `word` in a frame where only a verb fits ("it talks", "we were
 * printing"): the verb reading of the word, or null when the model has none for it ("it news").
 */
function asVerb(frame: 'it' | 'we were', word: string): Token | null {
  const key = `${frame} ${word}`;
  let found = reframedCache.get(key);
  if (found === undefined) {
    const t = tag(key)[frame.split(' ').length];
    found = t?.pos === 'VERB' && t.text === word ? t : null;
    reframedCache.set(key, found);
  }
  return found;
}

/** A noun read in the singular ("widget", "app", "bus"), the number a verb's -s agrees with. */
function isSingularNoun(t: Token): boolean {
  if (t.pos === 'PROPN') return true;
  if (t.pos !== 'NOUN') return false;
  const w = t.text.toLowerCase();
  return !(w.endsWith('s') && w !== t.lemma && !w.endsWith('ss'));
}

/**
 * Where a singular subject noun phrase at `from` may end ("It", "The booking widget", "Our CI"):
 * after each singular noun or name of its run of modifiers and nouns, since the model may have
 * taken the verb that follows for one more noun of the run. Empty when the clause opens otherwise.
 */
function singularSubjectEnds(tokens: readonly Token[], from: number): number[] {
  const first = tokens[from];
  if (first === undefined) return [];
  if (first.pos === 'PRON' && SINGULAR_PRONOUN.test(first.text)) return [from + 1];
  const start = SUBJECT_OPENER.test(first.text) ? from + 1 : from;
  const ends: number[] = [];
  for (let i = start; i < tokens.length; i++) {
    const t = tokens[i];
    if (t === undefined || !['ADJ', 'NOUN', 'PROPN', 'NUM'].includes(t.pos)) break;
    if (isSingularNoun(t)) ends.push(i + 1);
  }
  return ends;
}

/** Whether the token at `at` ends the clause's own words (punctuation, a conjunction, "when"). */
function breaksClause(tokens: readonly Token[], at: number): boolean {
  const t = tokens[at];
  return t === undefined || CLAUSE_BREAK.has(t.pos) || WH.has(t.text.toLowerCase());
}

/**
 * Corrects two misreadings of the lite model, by the clause's structure:
 * - a present-tense verb right after a complete singular subject is tagged as a noun ("The
 *   booking widget talks to our backend", "The nightly job posts results to Slack"): a word with
 *   a verb's -s, which the model reads as a verb after "it", followed by more words and with no
 *   other verb in the clause before it breaks, is that verb;
 * - an -ing word after "been" is tagged as a noun ("has been printing blank pages"): it is the
 *   progressive verb when the model reads it as one after "we were".
 * Every other tag stays the model's.
 */
function verbsReadAsNouns(tokens: readonly Token[]): Token[] {
  const fixed = [...tokens];
  for (let i = 1; i < fixed.length; i++) {
    const t = fixed[i];
    if (t?.pos !== 'NOUN' || !/^\p{Ll}+ing$/u.test(t.text)) continue;
    if (fixed[i - 1]?.text.toLowerCase() !== 'been') continue;
    const verb = asVerb('we were', t.text);
    if (verb !== null) fixed[i] = { ...t, pos: 'VERB', lemma: verb.lemma };
  }
  const from = fixed.findIndex((t) => !['PUNCT', 'INTJ', 'ADV', 'CCONJ'].includes(t.pos));
  if (from === -1) return fixed;
  for (const at of singularSubjectEnds(fixed, from)) {
    const t = fixed[at];
    if (t?.pos !== 'NOUN' || breaksClause(fixed, at + 1)) continue;
    // The -s of a verb agreeing with the singular subject: "talks", "copies", not "glass".
    if (!/^\p{Ll}+s$/u.test(t.text) || t.text === t.lemma || t.text.endsWith('ss')) continue;
    let end = at + 1;
    while (!breaksClause(fixed, end)) end++;
    if (fixed.slice(from, end).some((x) => x.pos === 'VERB' || x.pos === 'AUX')) break;
    const verb = asVerb('it', t.text);
    if (verb === null) continue;
    fixed[at] = { ...t, pos: 'VERB', lemma: verb.lemma };
    break;
  }
  return fixed;
}

/**
 * Analyses one clause with wink-nlp's English lite model (part of speech, lemma) and a small
 * grammar over them: tense and aspect of the first verb group (auxiliaries `will`/`shall`/
 * `going to` → future; `was`/`did`/`had`/`have` + participle or a past form → past), mood
 * (question mark or auxiliary/wh-word inversion → question; leading verb or "please" →
 * imperative; `if`/`would`/`could` → conditional), negation, the subject before the verb and the
 * object after it. Pure and deterministic.
 */
export function analyseClause(text: string): ClauseAnalysis {
  const tokens = verbsReadAsNouns(tokensOf(prepare(text)));
  const content = tokens
    .filter((t) => t.pos !== 'PUNCT' && t.pos !== 'INTJ')
    // Capitalised day abbreviations read as verbs ("Sat" as the past of "sit", "Wed").
    .map((t) => (DAY_ABBREVIATION.test(t.text) ? { ...t, pos: 'PROPN' } : t));
  const lower = content.map((t) => t.text.toLowerCase());

  let tense: Tense = 'present';
  let aspect: ClauseAnalysis['aspect'] = 'simple';
  let conditional = false;
  let verbIndex = -1;
  for (let i = 0; i < content.length; i++) {
    const t = content[i];
    if (t === undefined) continue;
    const w = lower[i] ?? '';
    if (t.pos !== 'AUX' && t.pos !== 'VERB') continue;
    if (t.pos === 'AUX') {
      if (FUTURE_AUX.has(t.lemma) || w === "'ll" || w === 'wo') tense = 'future';
      else if (MODAL_CONDITIONAL.has(w) || w === "'d") conditional = true;
      else if (/^(?:was|were|did|had)$/.test(w)) tense = 'past';
      else if (t.lemma === 'have' && content[i + 1]?.pos === 'VERB') {
        tense = 'past';
        aspect = 'perfect';
      }
      // A copula is the main verb when no verb follows it ("I am in Oslo").
      const next = content.slice(i + 1).find((x) => x.pos === 'VERB' || x.pos === 'AUX');
      if (next === undefined || next.pos === 'AUX') {
        if (verbIndex === -1 && t.lemma === 'be') verbIndex = i;
      }
      continue;
    }
    const auxBeforeVerb = content
      .slice(0, i)
      .reverse()
      .find((x) => x.pos !== 'ADV' && x.pos !== 'PART');
    if (w === 'going' && lower[i + 1] === 'to' && auxBeforeVerb?.lemma === 'be') {
      tense = 'future';
      continue;
    }
    if (w.endsWith('ing') && auxBeforeVerb?.lemma === 'be') aspect = 'progressive';
    else if (tense === 'present' && w !== t.lemma && !w.endsWith('s') && !w.endsWith('ing')) {
      // An inflected form that is neither -s nor -ing: a past form ("landed", "left", "got").
      const auxBefore = content.slice(0, i).some((x) => x.pos === 'AUX');
      if (!auxBefore) tense = 'past';
    }
    verbIndex = i;
    break;
  }

  const first = lower[0] ?? '';
  const asked = /\?\s*$/.test(text);
  const inverted =
    content[0]?.pos === 'AUX' &&
    (content[1]?.pos === 'PRON' || content[1]?.pos === 'PROPN' || content[1]?.pos === 'DET');
  let mood: Mood = 'statement';
  if (asked || inverted || (WH.has(first) && content[1]?.pos === 'AUX')) mood = 'question';
  else if (CONDITIONAL_OPENERS.has(first) || lower.includes('if') || conditional)
    mood = 'conditional';
  else if (first === 'please' || isImperative(content)) mood = 'imperative';

  const negated = lower.some((w) => NEGATORS.has(w)) || /\bno longer\b|\bnot anymore\b/i.test(text);

  let subject: ClauseAnalysis['subject'] = { kind: 'none', text: '' };
  if (inverted && content[1] !== undefined) {
    // "Are you still in Quito?": the subject follows the inverted auxiliary.
    subject = { kind: subjectKind(content[1].text, content[1].pos), text: content[1].text };
  }
  const head = verbIndex === -1 ? content : content.slice(0, verbIndex);
  // The subject is outside any prepositional phrase: "The trip to Paris was" → "trip".
  const firstAdp = head.findIndex((t, i) => t.pos === 'ADP' && i > 0);
  const before = firstAdp === -1 ? head : head.slice(0, firstAdp);
  // An imperative has no subject of its own (the addressee is understood).
  const scan = mood === 'imperative' ? -1 : before.length - 1;
  for (let i = scan; i >= 0 && subject.kind === 'none'; i--) {
    const t = before[i];
    if (t === undefined) continue;
    if (t.pos === 'PRON' || t.pos === 'PROPN' || t.pos === 'NOUN') {
      // The head of a possessive or compound noun phrase is its last noun; a pronoun or a name
      // at the start of it says whose it is ("Leo's piano lesson" → other, owned by Leo).
      subject = { kind: subjectKind(t.text, t.pos), text: t.text };
      break;
    }
  }
  const predicate = verbIndex === -1 ? null : (content[verbIndex]?.lemma ?? null);
  const rest = verbIndex === -1 ? [] : content.slice(verbIndex + 1).map((t) => t.text);
  const object = rest.length === 0 ? null : rest.join(' ');
  return { tokens, tense, aspect, mood, negated, subject, predicate, object };
}
