import type { ClauseAnalysis, Mood, Tense, Token } from './clause.js';
import { analyseClause, isVocabularyWord } from './clause.js';
import { lookupPlace } from './places.js';

/**
 * Clauses that state something without a verb of their own (issue #10, recall by structure):
 * copular ones ("Omar is the owner now", "Seattle's the plan for May") and verbless ones, usual
 * in chat ("jaipur for diwali", "finally in Oslo", "kids home w/ fever", "status: blocked").
 *
 * One rule reads them all. A clause qualifies when its only verb, if any, is a form of *be*
 * (or a word the caller's vocabulary names as a status, which the tagger may read as a verb:
 * "blocked"). The clause is cut into a subject and a complement: at the copula when there is
 * one, else at the first word that opens a complement — a preposition of place (in, at, to), a
 * gazetteer place, or a status or role word of the caller's vocabulary. Leading adverbs of time
 * and stance ("finally", "still", "now") belong to neither. The complement is then classified by
 * its head: a place when the gazetteer knows the phrase (lower-case only for countries, regions
 * and cities of 100,000 people or more that are not ordinary English words), a status or a role
 * when the caller's vocabulary holds the head word, else `other`. What follows the head phrase
 * is the tail ("for diwali", "of a bakery", "now"), for the caller to judge.
 *
 * How much such a reading is worth is the caller's decision; the reading only says what the
 * structure is. Domain rules treat it as weaker than a first-person verb.
 */

/** What a verbless or copular clause is about, read from the words before its complement. */
export type VerblessSubjectKind = 'speaker' | 'we' | 'named' | 'other' | 'none';

/** The head class of a complement. */
export type ComplementKind = 'place' | 'status' | 'role' | 'other';

/** A copular or verbless clause cut into subject and complement. */
export interface VerblessReading {
  /** `copular` when a form of *be* links the two; `verbless` when there is no verb at all. */
  readonly form: 'copular' | 'verbless';
  readonly subject: { readonly kind: VerblessSubjectKind; readonly text: string };
  /** The preposition opening the complement (`in`, `at`, `to`, `for`, ...), else null. */
  readonly preposition: string | null;
  readonly complement: {
    readonly kind: ComplementKind;
    /** The head phrase as written ("bodrum", "the owner", "blocked"). */
    readonly text: string;
    /** A place: the gazetteer's name for a lower-case phrase, else the phrase as written. A status or role: its head word, lower case. */
    readonly value: string;
  };
  /** The words after the head phrase ("for diwali", "of a bakery", "now"), trimmed. */
  readonly tail: string;
  /** A leading "back" ("back home since tuesday", "back in Leeds"): a return, for the caller. */
  readonly back: boolean;
  readonly negated: boolean;
  readonly mood: Mood;
  readonly tense: Tense;
}

/** Words of a domain's vocabulary that may head a complement. */
export interface ComplementVocabulary {
  /** Status words ("blocked", "shipped", "sick", "home"), lower case. */
  readonly statuses?: ReadonlySet<string>;
  /** Role nouns ("owner", "lead"), lower case. */
  readonly roles?: ReadonlySet<string>;
}

/** Adverbs of time and stance that lead or pad a complement without being part of it. */
const PAD =
  /^(?:now|still|finally|finaly|already|currently|officially|both|all|just|safely|at|last|again|also|too|ok|okay|so|well|yes|yep|yeah|right|anyway)$/i;
/** Prepositions that open a complement of place or purpose. */
const PLACE_PREPOSITION = /^(?:in|at|to|into|for)$/i;
/** Cities written in lower case are names only this big (an ordinary word otherwise). */
const LOWER_CASE_POPULATION = 100_000;

/**
 * The place a phrase names, by the discipline of `lookupPlace` plus, for lower-case text, a
 * country, a region or a city of at least 100,000 people that is not an English word. Returns
 * the name to record, or null.
 */
export function placeNamed(phrase: string): string | null {
  const p = phrase.trim();
  if (p.length < 3) return null;
  const place = lookupPlace(p);
  if (place === null) return null;
  if (/^\p{Lu}/u.test(p)) return p;
  if (place.kind === 'feature') return null;
  if (place.kind === 'city' && place.population < LOWER_CASE_POPULATION) return null;
  if (!p.includes(' ') && isVocabularyWord(p)) return null;
  return place.name;
}

function isCopula(tokens: readonly Token[], i: number, vocabulary: ComplementVocabulary): boolean {
  const t = tokens[i];
  if (t === undefined) return false;
  if (t.pos === 'AUX' && t.lemma === 'be') return true;
  // "Seattle's the plan", "water bill's paid": the tagger reads 's as a possessive; before a
  // determiner, an adverb, a preposition, "not" or a status word it can only be "is".
  const next = tokens[i + 1];
  if (!/^['’]s$/.test(t.text) || next === undefined) return false;
  return (
    /^(?:DET|ADV|ADP|ADJ|NUM)$/.test(next.pos) ||
    /^(?:not|n't)$/i.test(next.text) ||
    vocabulary.statuses?.has(next.text.toLowerCase()) === true
  );
}

/** A token that stops the clause from being verbless: a verb other than a status word or "home". */
function isOtherVerb(t: Token, vocabulary: ComplementVocabulary): boolean {
  if (t.pos === 'AUX') return t.lemma !== 'be';
  if (t.pos !== 'VERB') return false;
  const w = t.text.toLowerCase();
  // The tagger reads "home" in "back home" as a verb.
  return w !== 'home' && vocabulary.statuses?.has(w) !== true;
}

function subjectKind(tokens: readonly Token[]): VerblessSubjectKind {
  const words = tokens.filter((t) => t.pos !== 'PUNCT');
  if (words.length === 0) return 'none';
  const first = words[0]?.text.toLowerCase() ?? '';
  if (words.length === 1 && (first === 'i' || first === 'me')) return 'speaker';
  if (words.length === 1 && (first === 'we' || first === 'us')) return 'we';
  if (words.every((t) => t.pos === 'PROPN' || /^(?:and|&)$/i.test(t.text))) return 'named';
  return 'other';
}

/** Where the complement opens in a verbless clause (after leading pads), or -1. */
function complementStart(
  tokens: readonly Token[],
  from: number,
  vocabulary: ComplementVocabulary,
): number {
  for (let i = from; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    const w = t.text.toLowerCase();
    if (t.pos === 'ADP' && PLACE_PREPOSITION.test(w)) return i;
    if (vocabulary.statuses?.has(w) === true || vocabulary.roles?.has(w) === true) return i;
    if ((t.pos === 'PROPN' || t.pos === 'NOUN') && placeNamed(t.text) !== null) return i;
    if (t.pos === 'PUNCT') return -1;
  }
  return -1;
}

/** The head phrase from `i`: determiners and adjectives, then nouns and names (one word at least). */
function headPhrase(tokens: readonly Token[], i: number): number {
  let j = i;
  while (j < tokens.length && /^(?:DET|ADJ|NUM)$/.test(tokens[j]?.pos ?? '')) j++;
  const start = j;
  while (j < tokens.length && /^(?:NOUN|PROPN|ADJ)$/.test(tokens[j]?.pos ?? '')) j++;
  if (j === start && j < tokens.length && tokens[j]?.pos !== 'PUNCT') j++;
  return j;
}

/** The text of tokens [from, to) as written in `text` (so names the tagger splits stay whole). */
function spanText(text: string, tokens: readonly Token[], from: number, to: number): string {
  let at = 0;
  let start = -1;
  let end = -1;
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i] as Token;
    const found = text.indexOf(tok.text, at);
    if (found < 0) continue;
    if (i === from) start = found;
    at = found + tok.text.length;
    if (i === to - 1) end = at;
  }
  return start < 0 || end < 0 ? '' : text.slice(start, end);
}

function classify(
  phrase: string,
  tokens: readonly Token[],
  vocabulary: ComplementVocabulary,
): { kind: ComplementKind; value: string } {
  const bare = phrase.replace(/^(?:the|a|an|my|our)\s+/i, '');
  const words = tokens.map((t) => t.text.toLowerCase());
  const status = words.find((w) => vocabulary.statuses?.has(w) === true);
  if (status !== undefined) return { kind: 'status', value: status };
  const last = words[words.length - 1] ?? '';
  if (vocabulary.roles?.has(last) === true) return { kind: 'role', value: last };
  const place = placeNamed(bare);
  if (place !== null) return { kind: 'place', value: place };
  return { kind: 'other', value: bare.toLowerCase() };
}

/**
 * Reads a copular or verbless clause (see the module comment for the rule), or null when the
 * clause has a verb of its own or no complement can be found. `text` is the clause as written.
 */
export function verblessReading(
  analysis: ClauseAnalysis,
  text: string,
  vocabulary: ComplementVocabulary = {},
): VerblessReading | null {
  const tokens = analysis.tokens;
  if (tokens.length === 0 || tokens.some((t) => isOtherVerb(t, vocabulary))) return null;
  let lead = 0;
  let back = false;
  while (
    lead < tokens.length &&
    (PAD.test(tokens[lead]?.text ?? '') || /^back$/i.test(tokens[lead]?.text ?? ''))
  ) {
    if (/^back$/i.test(tokens[lead]?.text ?? '')) back = true;
    lead++;
  }
  const copula = tokens.findIndex((_, i) => isCopula(tokens, i, vocabulary));
  let subjectEnd: number;
  let at: number;
  if (copula >= 0) {
    subjectEnd = copula;
    at = copula + 1;
    // A negation belongs to the copula, pads to neither side.
    while (
      at < tokens.length &&
      (PAD.test(tokens[at]?.text ?? '') || /^(?:not|n't|nt)$/i.test(tokens[at]?.text ?? ''))
    )
      at++;
  } else {
    at = complementStart(tokens, lead, vocabulary);
    if (at < 0) return null;
    subjectEnd = at;
  }
  // Pads between subject and complement ("Thandi and Sipho both at school") belong to neither.
  while (subjectEnd > 0 && PAD.test(tokens[subjectEnd - 1]?.text ?? '') && copula < 0) subjectEnd--;
  const subjectTokens = tokens.slice(copula >= 0 ? 0 : lead, subjectEnd);
  let preposition: string | null = null;
  if (
    at < tokens.length &&
    tokens[at]?.pos === 'ADP' &&
    PLACE_PREPOSITION.test(tokens[at]?.text ?? '')
  ) {
    preposition = (tokens[at]?.text ?? '').toLowerCase();
    at++;
  }
  if (at >= tokens.length) return null;
  const end = headPhrase(tokens, at);
  const phrase = spanText(text, tokens, at, end);
  if (phrase === '') return null;
  const { kind, value } = classify(phrase, tokens.slice(at, end), vocabulary);
  const tail = end < tokens.length ? spanText(text, tokens, end, tokens.length) : '';
  return {
    form: copula >= 0 ? 'copular' : 'verbless',
    subject: {
      kind: subjectKind(subjectTokens),
      text: spanText(text, tokens, copula >= 0 ? 0 : lead, subjectEnd),
    },
    preposition,
    complement: { kind, text: phrase, value },
    tail: tail.trim(),
    back,
    negated: analysis.negated,
    mood: analysis.mood,
    tense: analysis.tense,
  };
}

/** A verbless reading of a part of a clause, with where that part starts in the clause. */
export interface VerblessPart {
  readonly reading: VerblessReading;
  /** Offset of the part in the clause text. */
  readonly at: number;
  /** The part as written. */
  readonly text: string;
}

/**
 * The verbless readings of a clause: the whole clause when it reads as one, else each of its
 * comma- or semicolon-separated parts that does, analysed alone — a terse line after a lead-in
 * or before a remark ("fine, dad wins, jaipur for diwali", "finally in Bodrum, ferry was
 * late"). In order of the text.
 */
export function verblessParts(
  analysis: ClauseAnalysis,
  text: string,
  vocabulary: ComplementVocabulary = {},
): VerblessPart[] {
  const whole = verblessReading(analysis, text, vocabulary);
  if (whole !== null) return [{ reading: whole, at: 0, text }];
  const out: VerblessPart[] = [];
  const pattern = /[^,;]+/g;
  const parts = [...text.matchAll(pattern)];
  if (parts.length < 2) return out;
  for (const m of parts) {
    const part = m[0].trim();
    if (part === '') continue;
    const reading = verblessReading(analyseClause(part), part, vocabulary);
    if (reading !== null)
      out.push({ reading, at: (m.index ?? 0) + m[0].indexOf(part), text: part });
  }
  return out;
}
