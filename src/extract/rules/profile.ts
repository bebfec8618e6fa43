import {
  type ClauseAnalysis,
  comparisonOf,
  findAmounts,
  isVocabularyWord,
  LIKING_VERB,
  languageNamed,
  nounPhraseAt,
  RELATIONAL_NOUN,
  TIME_STRETCH,
  tokenIndexOf,
} from '../../language/index.js';
import { type Candidate, type Clause, type DocContext, entityFor, subjectOf } from '../clauses.js';
import { LAUGHTER } from '../intent.js';
import { canBeName, singular, slugify } from '../text.js';
import { HEDGED_CONFIDENCE } from '../types.js';

/** The closed facets: each writes its own topic (`seat`, `*_milk`, `*_time`, `diet`). */
const FACETS = ['milk', 'seat', 'time', 'diet'] as const;

/**
 * The topics the requests to the assistant write (`requestRules`): how it treats the speaker,
 * not a taste, so no open reading may land on them.
 */
const REQUEST_TOPIC = { language: 'language', units: 'units', name: 'name' } as const;

/**
 * Whether a topic belongs to another rule of this file (a request's or a closed facet's),
 * compared in the singular ("metric units" → `unit` is the `units` topic): the open reading
 * never writes one, so it neither doubles nor silently overwrites what that rule keeps.
 */
function ownedByOtherRule(topic: string): boolean {
  const one = singular(topic);
  return (
    Object.values(REQUEST_TOPIC).some((t) => singular(t) === one) ||
    FACETS.some((f) => f === one || one.endsWith(`_${f}`))
  );
}

interface Facet {
  /** Topic suffix or whole topic: `milk` becomes `<key>_milk` or a known `*_milk` topic. */
  readonly facet: (typeof FACETS)[number];
  readonly value: string;
  readonly index: number;
  readonly length: number;
  /** Token index of the facet word in the clause analysis (-1 when unknown). */
  readonly token: number;
}

const MILK =
  /\b(whole|oat|soy|almond|skim(?:med)?|semi-skimmed|lactose[- ]free|coconut|cashew|dairy[- ]free|2%|low[- ]fat|full[- ]fat)\s+milk\b/i;
const SEAT =
  /\b(window|aisle|middle|exit[- ]row)(?:\s+seats?\b|$|[.,;])|\bseats?\s*[:=]?\s*(window|aisle|middle)\b/i;
const TIME_OF_DAY = /\b(mornings?|afternoons?|evenings?|lunchtimes?)\b/i;
const DIET =
  /\b(vegetarian|vegan|pescatarian|gluten[- ]free|keto|halal|kosher|dairy[- ]free|plant[- ]based)\b|\b(?:cutting out|cut out|no more|stop(?:ping)? eating|off|giving up|give up|avoid(?:ing)?)\s+(red meat|meat|dairy|gluten|sugar|alcohol|pork|beef)\b|\bno (red meat)\b/i;

/**
 * A seat or milk kind said without its noun ("aisle from now on", "swap my oat milk for
 * almond"): read as a value only beside a full mention of the same facet in the sentence.
 */
const BARE_SEAT = /\b(window|aisle|middle|exit[- ]row)\b(?!\s+of\b)/gi;
const BARE_MILK = /\b(oat|soy|almond|coconut|cashew)\b/gi;

/**
 * What comes right before a value that the speaker takes back rather than chooses: "not
 * window", "no more window seats", "no longer oat milk", "instead of soy", "switched from oat
 * milk", "swap my oat milk for…", "never the aisle", "ditch the soy milk".
 */
const TAKEN_BACK =
  /\b(?:not|no(?:\s+(?:more|longer))?|never|instead\s+of|rather\s+than|from|swap(?:s|ped|ping)?|replac(?:e|es|ed|ing)|ditch(?:es|ed|ing)?|drop(?:s|ped|ping)?)\s+(?:(?:the|my|our|a|an|any|those|these|with)\s+)?$/i;

interface KeptValue {
  readonly word: string;
  readonly index: number;
  readonly length: number;
}

/**
 * The value of a seat or milk facet that a sentence keeps. With nothing taken back, it is the
 * first full mention, as before (a comparison, "window seats over aisle seats", is settled later
 * by `chosenFacets`). When the sentence takes a value back ("no more window seats, aisle from now
 * on"; "swap my oat milk for almond"), every value it names is read — the full mentions, and the
 * bare kind words beside them that head no noun of their own ("almond croissant" is no milk) —
 * and the one kind left is the value; none left, or two, is no choice (nothing is read).
 */
function keptValue(
  text: string,
  analysis: ClauseAnalysis | null,
  full: RegExp,
  bare: RegExp,
): KeptValue | null {
  const mentions: KeptValue[] = [];
  for (const m of text.matchAll(new RegExp(full.source, 'gi'))) {
    const word = m[1] ?? m[2];
    if (word !== undefined) mentions.push({ word, index: m.index, length: m[0].length });
  }
  if (mentions.length === 0) return null;
  for (const m of text.matchAll(bare)) {
    const word = m[1] ?? '';
    if (mentions.some((n) => m.index >= n.index && m.index < n.index + n.length)) continue;
    const token = analysis === null ? -1 : tokenIndexOf(analysis, word);
    const next = token < 0 ? undefined : analysis?.tokens[token + 1];
    // Without the tagger (a note's value), only a kind word at a phrase end counts.
    const headsNoun =
      analysis === null
        ? !/^\s*(?:$|[.,;:!?)])/.test(text.slice(m.index + word.length))
        : next !== undefined &&
          /^(?:NOUN|PROPN)$/.test(next.pos) &&
          !/^(?:ones?|seats?|milk)$/i.test(next.text);
    if (!headsNoun) mentions.push({ word, index: m.index, length: word.length });
  }
  const takenBack = new Set(
    mentions
      .filter((m) => TAKEN_BACK.test(text.slice(0, m.index)))
      .map((m) => m.word.toLowerCase()),
  );
  if (takenBack.size === 0) return mentions[0] ?? null;
  const kept = mentions
    .filter((m) => !takenBack.has(m.word.toLowerCase()))
    .sort((a, b) => a.index - b.index);
  const kinds = new Set(kept.map((m) => m.word.toLowerCase()));
  return kinds.size === 1 ? (kept[0] ?? null) : null;
}

function facetsOf(text: string, analysis: ClauseAnalysis | null): Facet[] {
  const tokenOf = (word: string) => (analysis === null ? -1 : tokenIndexOf(analysis, word));
  const out: Facet[] = [];
  const milk = keptValue(text, analysis, MILK, BARE_MILK);
  if (milk !== null) {
    out.push({
      facet: 'milk',
      value: `${milk.word.toLowerCase()} milk`,
      index: milk.index,
      length: milk.length,
      token: tokenOf(milk.word),
    });
  }
  const seat = keptValue(text, analysis, SEAT, BARE_SEAT);
  if (seat !== null) {
    out.push({
      facet: 'seat',
      value: seat.word.toLowerCase(),
      index: seat.index,
      length: seat.length,
      token: tokenOf(seat.word),
    });
  }
  const time = TIME_OF_DAY.exec(text);
  if (time?.[1]) {
    out.push({
      facet: 'time',
      value: time[1].toLowerCase().replace(/s$/, ''),
      index: time.index,
      length: time[0].length,
      token: tokenOf(time[1]),
    });
  }
  const diet = DIET.exec(text);
  if (diet) {
    const value = diet[1]
      ? diet[1].toLowerCase()
      : `no ${(diet[2] ?? diet[3] ?? '').toLowerCase()}`;
    out.push({
      facet: 'diet',
      value,
      index: diet.index,
      length: diet[0].length,
      token: tokenOf(diet[0]),
    });
  }
  return out;
}

/**
 * The facets of a clause that name what the speaker chose. In a comparison ("tea over coffee",
 * "soy rather than oat milk", "the aisle instead of a window seat") the thing after the marker is
 * the rejected one, never a value; and a time of day is the chosen thing only when it stands
 * right before the marker ("mornings over evenings", "in the afternoon rather than the
 * morning"): elsewhere ("tea over coffee in the mornings") it is the occasion of the whole choice,
 * the time of neither thing.
 */
function chosenFacets(facets: readonly Facet[], analysis: ClauseAnalysis): Facet[] {
  const comparison = comparisonOf(analysis);
  if (comparison === null) return [...facets];
  const [start, end] = comparison.rejected;
  const chosenEnd = analysis.tokens[comparison.marker - 1]?.pos === 'PUNCT' ? 2 : 1;
  return facets.filter((f) => {
    // A facet the tagger could not place may be on either side: not read as chosen.
    if (f.token < 0) return false;
    if (f.token >= start && f.token < end) return false;
    return f.facet !== 'time' || f.token === comparison.marker - chosenEnd;
  });
}

/**
 * The noun a preference word is for ("my preference for meetings", "my go-to for long flights"):
 * the first noun after "for" following preference, default or go-to, singular and slugged.
 */
function preferenceTopic(analysis: ClauseAnalysis): string | null {
  // "my preference for meetings was mornings": a former preference, not the present one.
  if (analysis.tense === 'past') return null;
  const tokens = analysis.tokens;
  const at = tokens.findIndex((t) => /^(?:preference|default|go-to)$/i.test(t.text));
  if (at < 0 || tokens[at + 1]?.text.toLowerCase() !== 'for') return null;
  let i = at + 2;
  while (i < tokens.length && /^(?:DET|ADJ|PRON)$/.test(tokens[i]?.pos ?? '')) i++;
  // The head of a compound is its last noun ("dentist visits" → visit).
  let head: string | null = null;
  while (i < tokens.length && tokens[i]?.pos === 'NOUN') head = tokens[i++]?.text ?? null;
  if (head === null || head.length < 3 || TIME_OF_DAY.test(head)) return null;
  return slugify(singular(head.toLowerCase()));
}

/** An object that stands for a thing named before ("ones that…", "those in the evening"). */
const ANAPHORIC_OBJECT = /^(?:ones?|those|these|them|that one|the ones?)\b/i;

/** The topic a facet lands on: a known topic ending in it, else one derived from `key`. */
function topicFor(
  facet: Facet,
  key: string | null,
  doc: DocContext,
  entityId: string,
  clause: Clause | null,
): string | null {
  const known = doc.input.known
    .filter((k) => k.entityId === entityId && k.field.startsWith('profile.preference.'))
    .map((k) => k.field.slice('profile.preference.'.length));
  switch (facet.facet) {
    case 'milk': {
      if (key !== null && !/milk/.test(key)) return `${slugify(key)}_milk`;
      return known.find((k) => k.endsWith('_milk')) ?? 'milk';
    }
    case 'seat':
      return known.find((k) => k === 'seat' || k.endsWith('_seat')) ?? 'seat';
    case 'time': {
      // The thing the time is for is the head noun the time word modifies ("morning flights" →
      // `flight_time`, "meetings in the afternoon" → `meeting_time`); without one, the one known
      // `*_time` topic; else nothing, because the topic is unknown.
      const phrase = clause === null ? null : nounPhraseAt(clause.analysis, facet.token);
      // A one- or two-letter head is SMS shorthand the tagger took for a noun ("r", "u").
      // A stretch of time ("calls over the weekend in the evening") is an occasion, no topic.
      if (
        phrase !== null &&
        !TIME_OF_DAY.test(phrase.head) &&
        !TIME_STRETCH.pattern.test(phrase.head) &&
        !ANAPHORIC_OBJECT.test(phrase.head) &&
        phrase.head.length > 2
      ) {
        // "my meeting preference": a word for a setting names its topic by the noun before it.
        const head = /^(?:preference|setting|default|slot)$/.test(phrase.head)
          ? clause?.analysis.tokens[phrase.index - 1]
          : undefined;
        if (head?.pos === 'NOUN') return `${slugify(singular(head.text.toLowerCase()))}_time`;
        if (head === undefined) return `${slugify(phrase.head)}_time`;
      }
      // "mornings are my preference for meetings", "my default for flights is evenings": the
      // noun after a preference word's "for" names what the time is for.
      const forTopic = clause === null ? null : preferenceTopic(clause.analysis);
      if (forTopic !== null) return `${forTopic}_time`;
      // "I prefer ones that take place in the early evening": the time is of a thing named
      // before (events), not of the one time topic on record.
      if (clause !== null && ANAPHORIC_OBJECT.test(clause.analysis.object ?? '')) return null;
      const times = known.filter((k) => k.endsWith('_time'));
      return times.length === 1 ? (times[0] ?? null) : null;
    }
    case 'diet': {
      // A diet word that modifies a noun is a preference about that thing ("the halal meal" →
      // `meal`, "vegetarian menus" → `menu`); said of a person, it is their diet.
      const phrase = clause === null ? null : nounPhraseAt(clause.analysis, facet.token);
      if (phrase !== null && !DIET.test(phrase.head)) return slugify(phrase.head);
      return 'diet';
    }
  }
}

const STATED =
  /(?:'s|\bis|\bam|'m|\bare|'re)\s+(?:a\s+|strictly\s+|fully\s+|mostly\s+)?(?:vegetarian|vegan|pescatarian|gluten[- ]free|keto|halal|kosher|dairy[- ]free|plant[- ]based)\b/i;
const CONSIDERING =
  /\b(?:thinking about|been thinking|considering|might|maybe|trying to|want to try|planning to)\b/i;

/**
 * Whether a clause's grammatical subject is another person: a name, a third-person pronoun, or
 * a noun for a person by relation ("my husband", "our CEO" is not one: only relations count).
 */
function thirdPartySubject(analysis: ClauseAnalysis): boolean {
  const { kind, text } = analysis.subject;
  if (kind === 'named') return true;
  return (
    kind === 'other' && (/^(?:he|she|they)$/i.test(text) || RELATIONAL_NOUN.pattern.test(text))
  );
}

function candidate(
  entityId: string,
  topic: string,
  value: string,
  clause: Clause,
  span: string,
  options: { hedged: boolean; correction: boolean },
): Candidate {
  const intent = clause.intent.intent;
  return {
    entityId,
    field: `profile.preference.${topic}`,
    value,
    intent: intent === 'planning' ? 'assertive' : intent,
    confidence: options.hedged ? HEDGED_CONFIDENCE : 1,
    correction: options.correction,
    span,
  };
}

/**
 * An outcome that befalls the speaker ("end up with", "get stuck in", "keep getting"): said
 * with "always", a habit of circumstance, not a preference.
 */
const OUTCOME =
  /\b(?:end(?:s|ed)? up|(?:get|gets|got|getting) (?:stuck|put|given|landed|lumbered)|keep (?:getting|ending up))\b/i;

/** The words that make a noun the speaker's standing choice ("my go-to", "my default"). */
const CHOICE_WORD = /^(?:preference|default|go-to)$/i;
/** Words before a passive or adjectival participle ("been intimidated by", "got scared of"). */
const COPULA = /^(?:be|been|being|am|is|are|was|were|'m|'s|'re|get|got|getting|feel|felt)$/i;

/**
 * Whether the facet word at `token` is not what the speaker chooses but something around the
 * choice: the occasion of a chosen thing ("my go-to playlist for the morning drive": the choice
 * is the playlist, the drive only when it plays) or what a feeling is about ("I've always been
 * intimidated by vegan baking", "always been curious about vegan food"): the standing marker
 * belongs to another noun or to the feeling, so no preference for the facet is stated.
 */
function notTheChoice(analysis: ClauseAnalysis, token: number): boolean {
  if (token < 0) return false;
  const tokens = analysis.tokens;
  // The tagger splits "go-to" into "go", "-", "to".
  const word = tokens.findIndex(
    (t, i) =>
      CHOICE_WORD.test(t.text) ||
      (/^go$/i.test(t.text) &&
        tokens[i + 1]?.text === '-' &&
        /^to$/i.test(tokens[i + 2]?.text ?? '')),
  );
  const choice = word >= 0 && /^go$/i.test(tokens[word]?.text ?? '') ? word + 2 : word;
  const chosen = tokens[choice + 1];
  if (
    word >= 0 &&
    choice < token &&
    chosen !== undefined &&
    /^(?:NOUN|PROPN|VERB)$/.test(chosen.pos) &&
    chosen.text.toLowerCase() !== 'for'
  ) {
    const occasion = tokens.findIndex((t, i) => i > choice + 1 && t.text.toLowerCase() === 'for');
    // The occasion runs from "for" to the next verb ("… for the morning commute is oat milk").
    const verb = tokens.findIndex((t, i) => i > occasion && /^(?:AUX|VERB)$/.test(t.pos));
    if (occasion >= 0 && occasion < token && (verb < 0 || token < verb)) return true;
  }
  let start = token;
  while (start > 0 && /^(?:ADJ|NOUN|PROPN|DET|PRON)$/.test(tokens[start - 1]?.pos ?? '')) start--;
  const preposition = tokens[start - 1];
  const feeling = tokens[start - 2];
  if (preposition === undefined || feeling === undefined) return false;
  if (!/^(?:by|of|about|with)$/i.test(preposition.text)) return false;
  return (
    (/(?:ed|en)$/i.test(feeling.text) &&
      COPULA.test(tokens[start - 3]?.text ?? '') &&
      !LIKING_VERB.pattern.test(feeling.lemma)) ||
    (feeling.pos === 'ADJ' && COPULA.test(tokens[start - 3]?.text ?? ''))
  );
}

/**
 * Preferences: standing instructions ("from now on book me aisle seats", "oat milk as my default
 * going forward", "afternoons are still what I want"), stated diets ("Sam's vegetarian" — Sam's
 * own entity), and hedged intentions ("thinking about cutting out red meat", never committed
 * alone). One-off exceptions and single experiences are not preferences.
 */
export function profileRules(clause: Clause, doc: DocContext): Candidate[] {
  const t = clause.text;
  if (clause.intent.oneOff) return [];
  const requested = requestRules(clause, doc);
  // "I always end up by the window": what happens to the speaker, not what they want.
  if (OUTCOME.test(t)) return requested;
  const facets = chosenFacets(facetsOf(t, clause.analysis), clause.analysis);
  if (facets.length === 0) return [...requested, ...openPreference(clause, doc, [])];
  const liked = likedFacets(clause, doc, facets);
  if (liked.length > 0) return [...requested, ...liked];
  const stated = STATED.exec(t);
  const considering = CONSIDERING.test(t);
  if (
    !clause.intent.standing &&
    !stated &&
    !(considering && facets.some((f) => f.facet === 'diet'))
  ) {
    return [...requested, ...openPreference(clause, doc, facets)];
  }
  const out: Candidate[] = [...requested];
  // "My husband always takes the aisle seat": a habit of someone else is not the speaker's.
  const others = !stated && thirdPartySubject(clause.analysis);
  for (const facet of facets) {
    if (facet.facet === 'time' && !clause.intent.standing) continue;
    if (others || notTheChoice(clause.analysis, facet.token)) continue;
    const subject =
      stated && facet.facet === 'diet'
        ? subjectOf(t.slice(0, stated.index), doc)
        : { kind: 'speaker' as const };
    // "The soup is vegan", "she's vegetarian now" (no one named before): a thing or an
    // unresolved pronoun has no diet of anyone's.
    if (subject.kind === 'thing' || (subject.kind === 'we' && subject.third === true)) continue;
    const entityId = entityFor(subject, doc);
    const topic = topicFor(facet, null, doc, entityId, clause);
    if (topic === null) continue;
    out.push(
      candidate(entityId, topic, facet.value, clause, t, {
        hedged: clause.intent.hedged || (considering && !clause.intent.standing),
        correction: clause.intent.standing,
      }),
    );
  }
  return out;
}

/**
 * A conjunction that sets what follows against what came before, or limits it to some
 * occasions ("I love window seats when I travel with the kids").
 */
const CONTRAST = /\b(?:but|though|although|except|however|yet|when|whenever|unless)\b/i;

/** How many different values of a seat or milk facet a sentence names. */
function valuesOf(facet: 'seat' | 'milk', sentence: string): number {
  const pattern = new RegExp(facet === 'seat' ? SEAT.source : MILK.source, 'gi');
  const values = [...sentence.matchAll(pattern)].map((m) => (m[1] ?? m[2] ?? '').toLowerCase());
  return new Set(values).size;
}

/** Determiners that make a noun phrase one particular thing ("the aisle seat", "a seat"). */
const SPECIFIC = /^(?:the|this|that|these|those|a|an)$/i;

/**
 * The noun a milk goes with: "my **coffee** with oat milk", "soy milk in my **tea**" (the noun
 * before "with" the milk phrase, or after "in"/"with"/"for" and an optional "my" after it).
 */
function milkFor(analysis: ClauseAnalysis, start: number, end: number): string | null {
  const tokens = analysis.tokens;
  const before = tokens[start - 1];
  const noun = tokens[start - 2];
  if (before?.lemma === 'with' && noun?.pos === 'NOUN') return milkVehicle(noun.text);
  const after = tokens[end + 1];
  if (after !== undefined && /^(?:in|with|for)$/i.test(after.text)) {
    const next = tokens[end + 2];
    const head = next?.pos === 'PRON' || next?.pos === 'DET' ? tokens[end + 3] : next;
    if (head?.pos === 'NOUN') return milkVehicle(head.text);
  }
  return null;
}

/**
 * What milk goes in, as the key of a milk preference (closed class): "oat milk with my dog" or
 * "for the kids" names no drink, so the preference is the plain milk one.
 */
export const MILK_VEHICLES: ReadonlyMap<string, string> = new Map(
  [
    ['coffee', 'coffees'],
    ['tea', 'teas'],
    ['latte', 'lattes'],
    ['cappuccino', 'cappuccinos'],
    ['flat_white', 'flat_whites'],
    ['espresso', 'espressos'],
    ['americano', 'americanos'],
    ['mocha', 'mochas'],
    ['chai', 'chais'],
    ['matcha', 'matchas'],
    ['cocoa', 'cocoas'],
    ['cereal', 'cereals'],
    ['porridge', 'porridges'],
    ['oatmeal', 'oatmeals'],
    ['muesli', 'mueslis'],
    ['granola', 'granolas'],
    ['smoothie', 'smoothies'],
    ['shake', 'shakes'],
  ].flatMap(([one, many]) => [
    [one ?? '', one ?? ''],
    [many ?? '', one ?? ''],
  ]),
);

function milkVehicle(word: string): string | null {
  return MILK_VEHICLES.get(word.toLowerCase()) ?? null;
}

/**
 * Whether the noun phrase starting at token `start` is the object of the verb at `verb`: right
 * after it, or after the drink it goes with ("like **my coffee with** oat milk").
 */
function objectOf(analysis: ClauseAnalysis, verb: number, start: number): boolean {
  const between = analysis.tokens.slice(verb + 1, start);
  if (between.length === 0) return true;
  const [owner, noun, adposition] = between;
  return (
    between.length === 3 &&
    /^(?:my|our)$/i.test(owner?.text ?? '') &&
    noun?.pos === 'NOUN' &&
    adposition?.lemma === 'with'
  );
}

/**
 * "I love window seats", "i like my coffee with oat milk", "I prefer soy milk in my tea": a taste
 * the speaker states with a verb of liking (`LIKING_VERB`) in the present simple, of a seat or a
 * milk in general, is a standing preference; a milk's topic is the drink it goes with. Read from
 * the clause's structure: the speaker as subject, a plain statement, not negated. One seat or
 * one drink ("the aisle seat they gave me", "a window seat today") is not a taste, and a liked
 * time, diet word or place is left alone: "I like morning runs" and "I love vegan burgers" are
 * about a run and a dish, not a setting.
 */
function likedFacets(clause: Clause, doc: DocContext, facets: readonly Facet[]): Candidate[] {
  const a = clause.analysis;
  if (a.predicate === null || !LIKING_VERB.pattern.test(a.predicate)) return [];
  if (a.subject.kind !== 'speaker' || a.mood !== 'statement' || a.negated) return [];
  if (a.tense !== 'present' || a.aspect !== 'simple' || clause.intent.intent !== 'assertive') {
    return [];
  }
  const verb = a.tokens.findIndex((k) => k.pos === 'VERB' && k.lemma === a.predicate);
  if (verb === -1) return [];
  const offset = Math.max(0, clause.sentence.indexOf(clause.text));
  const entityId = entityFor({ kind: 'speaker' }, doc);
  const out: Candidate[] = [];
  for (const facet of facets) {
    if ((facet.facet !== 'seat' && facet.facet !== 'milk') || facet.token < 0) continue;
    // "I like aisle seats, window seats, anything really": two values liked is no one choice.
    if (valuesOf(facet.facet, clause.sentence) > 1) continue;
    let start = facet.token;
    while (start > 0 && /^(?:NOUN|ADJ)$/.test(a.tokens[start - 1]?.pos ?? '')) start--;
    if (SPECIFIC.test(a.tokens[start - 1]?.text ?? '')) continue;
    let end = facet.token;
    while (a.tokens[end + 1]?.pos === 'NOUN') end++;
    // The facet must head the verb's object: "oat milk lattes" is a drink, and a seat inside a
    // clause or comparison after the verb ("I like to think window seats are safer", "I love it
    // when they give me window seats") is not what is liked.
    if (!/^(?:seats?|milk)$/i.test(a.tokens[end]?.text ?? '')) continue;
    if (!objectOf(a, verb, start)) continue;
    const key = facet.facet === 'milk' ? milkFor(a, start, end) : null;
    // "I like aisle seats but I always end up by the window": a taste followed by a contrast or
    // limited to some occasions is often not what the speaker goes for; tentative only.
    const contrasted = CONTRAST.test(clause.sentence.slice(offset + facet.index + facet.length));
    const topic = topicFor(facet, key, doc, entityId, clause);
    if (topic === null) continue;
    out.push(
      candidate(entityId, topic, facet.value, clause, clause.text, {
        hedged: clause.intent.hedged || contrasted,
        correction: changeMarked(clause, facet.facet),
      }),
    );
  }
  return out;
}

/**
 * Words that mark a preference as a change of the speaker's own earlier one: "actually",
 * "these days", "switched to", "from now on", "anymore", "X instead of Y", "no more Y", and
 * "now" ("right now", "for now" and "just now" are the moment, and "now and then" or "now and
 * again" an occasion, not a change).
 */
const CHANGE =
  /\b(?:actually|nowadays|these days|lately|switch(?:ed|ing)? (?:over )?to|any ?more|from now on|going forward|no more|instead)\b|(?<!\b(?:right|for|just) )\bnow\b(?!\s+(?:and|or)\s+(?:then|again)\b)/i;

/** "…, not Y": the words after a "not" that follows a comma, up to the next punctuation. */
const NOT_AFTER_COMMA = /,\s*not\s+([^,.;:!?]+)/giu;

/**
 * Whether a clause, or the tail of its sentence right after it ("…, no more Y"), marks a change.
 * "X, not Y" is one only when Y is an alternative of the same head (`head`, singular: "quiet
 * hotels, not lively ones", "window seats, not aisle seats"); "…, not gonna lie", "…, not sure
 * why" name no alternative. Without a head, a "not" never marks a change.
 */
function changeMarked(clause: Clause, head: string | null): boolean {
  if (CHANGE.test(clause.text)) return true;
  const offset = clause.sentence.indexOf(clause.text);
  const after = offset < 0 ? '' : clause.sentence.slice(offset + clause.text.length);
  if (/^[\s,;.-]*no more\b/i.test(after)) return true;
  if (head === null) return false;
  const rest = offset < 0 ? clause.text : clause.sentence.slice(offset);
  for (const m of rest.matchAll(NOT_AFTER_COMMA)) {
    const words = (m[1] ?? '').trim().toLowerCase().split(/\s+/);
    const last = words[words.length - 1] ?? '';
    if (words.length <= 4 && (singular(last) === head || /^ones?$/.test(last))) return true;
  }
  return false;
}

/**
 * How a verb names a choice: `prefer` states one ("prefer", "stick to/with"); `taste` only with
 * "best"/"most" after the thing or as "like my X Y"; `habit` only with a habit adverb or a change
 * marker ("always drink", "usually order", "go for"); `switch` is a change ("switched to");
 * `owned` only as "take my X Y". "Have" and "take" with a bare thing say as often what befalls
 * the speaker ("I now have chest pain", "I always take painkillers") as what they choose.
 */
type ChoiceKind = 'prefer' | 'taste' | 'habit' | 'switch' | 'owned' | 'want';

/** The choice verbs by lemma, with the particle that must follow them (none: ''). */
const CHOICE_VERBS: ReadonlyMap<string, { kind: ChoiceKind; particle: RegExp | null }> = new Map([
  ['prefer', { kind: 'prefer', particle: null }],
  ['stick', { kind: 'prefer', particle: /^(?:to|with)$/i }],
  ['like', { kind: 'taste', particle: null }],
  ['love', { kind: 'taste', particle: null }],
  ['have', { kind: 'owned', particle: null }],
  ['take', { kind: 'owned', particle: null }],
  ['drink', { kind: 'habit', particle: null }],
  ['eat', { kind: 'habit', particle: null }],
  ['order', { kind: 'habit', particle: null }],
  ['go', { kind: 'habit', particle: /^for$/i }],
  ['switch', { kind: 'switch', particle: /^to$/i }],
  // Only said as a standing instruction, and only of a named thing of a kind the speaker already
  // holds a preference for ("from now on I want Turkish Airlines": see `namedOfHeldKind`).
  ['want', { kind: 'want', particle: null }],
]);

/** Verbs that take "my X Y" as how the speaker has X ("I like my coffee black"). */
const OWNED_VERB = /^(?:like|love|prefer|take|drink|eat)$/;
/**
 * Words that limit a choice to some occasions ("sometimes I prefer tea", "when I'm sick"): what
 * the speaker goes for then is no standing preference, so the reading is tentative.
 */
const OCCASION =
  /\b(?:sometimes|occasionally|when|whenever|if|unless|depending|now and (?:then|again))\b/i;
/** Verbs of consuming: with a habit adverb, what they take is chosen, not undergone. */
const CONSUMING = /^(?:drink|eat|order)$/;
/** Adverbs of habit that make "drink", "eat", "order", "go for" a standing choice. */
const HABIT_ADVERB = /^(?:always|usually|normally|generally|mostly|typically)$/i;
/** Words that end the chosen noun phrase although the tagger may read them as its modifiers. */
const PHRASE_END =
  /^(?:now|nowadays|anymore|instead|always|usually|sometimes|occasionally|too|also|again|today|tonight|tomorrow|then|lately|best|most|please|though|really|mostly|generally|normally|only|these|every|each|daily|weekly|nightly|monthly|everyday|over|than|rather|not|no)$/i;
/**
 * Adjectives that place a thing against others or in time ("a new phone", "the other charger",
 * "my usual"), naming no kind of it: a phrase with one is no lasting choice.
 */
const RELATIVE_ADJECTIVE =
  /^(?:new|old|other|same|different|usual|current|next|last|first|second|whole|own|favou?rite|regular|normal|certain|particular|better|worse|cheaper|right|wrong|only|more|less|much|many|few|some|any|enough)$/i;
/**
 * A frame that holds a choice to one moment or one event, beyond the one-offs every rule skips
 * (`intent.oneOff`): "today", "tonight", "right now", "this week/semester", "for today's
 * meeting", "for the demo/party": what the speaker goes for then is no standing preference.
 */
const MOMENT =
  /\b(?:today|tonight|right now|this (?:morning|afternoon|evening|week|weekend|month|term|semester|year|season|trip|time)|for (?:the|this|that|today's|tonight's|tomorrow's|our|my) (?:\p{L}+\s+)?(?:demo|party|meeting|trip|event|wedding|presentation|dinner|lunch|call|interview|game|occasion|holiday|weekend|visit|show|talk|launch))\b/iu;
/**
 * A reason or a purpose the choice is made for ("switched to oat milk for Lent", "… because the
 * shop ran out", "for a week", "for my sister's birthday"): the choice may hold only for that, so
 * it is read tentatively, never as a standing preference or a correction of one.
 */
const FOR_SOMETHING =
  /\b(?:because|since|cos|cuz)\b|\bfor\s+(?:a|an|the|this|that|these|those|my|our|his|her|their|one|two|a\s+few)\b/i;
/** "for Lent", "for Ramadan", "for Christmas": a named occasion after "for". */
const FOR_NAMED = /\bfor\s+\p{Lu}\p{Ll}+/u;

/** Tags that may stand in a chosen noun phrase (the lite tagger reads "still water" ADV VERB). */
const PHRASE_TAG = /^(?:NOUN|PROPN|ADJ|VERB|ADV|NUM)$/;

/**
 * A noun's base form: the tagger's lemma ("tomatoes" → tomato, "buses" → bus, "women" → woman),
 * or the word in the singular when the tagger gave none.
 */
function lemmaOf(token: ClauseAnalysis['tokens'][number]): string {
  const lemma = token.lemma.toLowerCase();
  return lemma === '' ? singular(token.text.toLowerCase()) : lemma;
}

interface OpenReading {
  readonly topic: string;
  readonly value: string;
  readonly weak: boolean;
}

/**
 * "my coffee black", "my tea with lemon": the speaker's own thing and how they have it. The
 * head is the run of nouns after "my"; the complement is a run of adjectives or nouns, or "with"
 * and a noun phrase, that ends the clause.
 */
function ownedWithComplement(tokens: ClauseAnalysis['tokens'], at: number): OpenReading | null {
  let k = at + 1;
  // One noun, then an adjective or "with": after two nouns ("my coffee shop", "my steak medium
  // rare") the head and the complement are not told apart.
  const noun = tokens[k]?.pos === 'NOUN' ? tokens[k++] : undefined;
  const head = noun === undefined ? null : lemmaOf(noun);
  if (head === null || head.length < 3 || RELATIONAL_NOUN.pattern.test(head)) return null;
  const words: string[] = [];
  if (/^with$/i.test(tokens[k]?.text ?? '')) {
    words.push('with');
    k++;
  } else if (tokens[k]?.pos !== 'ADJ') {
    return null;
  }
  const first = words.length;
  while (/^(?:ADJ|NOUN)$/.test(tokens[k]?.pos ?? '') && !PHRASE_END.test(tokens[k]?.text ?? '')) {
    // "I eat my vegetables first": an order or a comparison is no way of having the thing.
    if (RELATIVE_ADJECTIVE.test(tokens[k]?.text ?? '')) return null;
    words.push((tokens[k++]?.text ?? '').toLowerCase());
  }
  if (words.length === first) return null;
  if (k < tokens.length && tokens[k]?.pos !== 'PUNCT' && !PHRASE_END.test(tokens[k]?.text ?? '')) {
    return null;
  }
  return { topic: slugify(head), value: words.join(' '), weak: false };
}

/** Whether the entity holds a committed value for the preference topic. */
function heldTopic(doc: DocContext, entityId: string, topic: string): boolean {
  const field = `profile.preference.${topic}`;
  return doc.input.known.some(
    (k) => k.entityId === entityId && k.field === field && k.committed !== false,
  );
}

/** Where the chosen noun phrase starting at `start` ends (the index after its last token). */
function phraseEnd(tokens: ClauseAnalysis['tokens'], start: number): number {
  let p = start;
  while (
    PHRASE_TAG.test(tokens[p]?.pos ?? '') &&
    !PHRASE_END.test(tokens[p]?.text ?? '') &&
    !(p > start && tokens[p]?.pos === 'ADV' && !PHRASE_TAG.test(tokens[p + 1]?.pos ?? ''))
  ) {
    p++;
  }
  return p;
}

/**
 * Whether a head noun and its modifiers can name a topic and its value: not a relation, a stretch
 * or time of day, nor a relative or counted modifier ("first", "two").
 */
function topicLike(head: string, modifiers: ClauseAnalysis['tokens']): boolean {
  return !(
    head.length < 3 ||
    RELATIONAL_NOUN.pattern.test(head) ||
    TIME_STRETCH.pattern.test(head) ||
    TIME_OF_DAY.test(head) ||
    modifiers.some((k) => RELATIVE_ADJECTIVE.test(k.text) || k.pos === 'NUM')
  );
}

/** The choice verb of an open preference and where what is chosen starts, or null. */
interface ChoiceAt {
  readonly verb: ClauseAnalysis['tokens'][number];
  readonly choice: { readonly kind: ChoiceKind; readonly particle: RegExp | null };
  /** A habit adverb before the verb ("always", "usually"). */
  readonly habitual: boolean;
  /** The token after the verb (and its particle). */
  readonly p: number;
}

/**
 * The speaker's choice verb in a plain statement, not negated, with only adverbials before the
 * speaker ("These days I…") and between speaker and verb; present simple unless "switched".
 */
function choiceAt(clause: Clause, doc: DocContext): ChoiceAt | null {
  if (doc.input.role === 'assistant') return null;
  const { intent } = clause.intent;
  if (intent !== 'assertive' && intent !== 'planning') return null;
  const a = clause.analysis;
  if (a.mood !== 'statement' || a.tense === 'future') return null;
  if (MOMENT.test(clause.text)) return null;
  const tokens = a.tokens;
  const speaker = tokens.findIndex((k) => k.pos === 'PRON' && k.text.toLowerCase() === 'i');
  if (speaker < 0) return null;
  // Only adverbials may come before the speaker ("These days I…"), not another subject or verb.
  if (tokens.slice(0, speaker).some((k) => /^(?:VERB|AUX|PRON|PROPN|CCONJ|SCONJ)$/.test(k.pos))) {
    return null;
  }
  let v = speaker + 1;
  let habitual = false;
  for (; v < tokens.length; v++) {
    const k = tokens[v];
    if (k === undefined) return null;
    if (/^(?:not|n't|never|no|nt)$/i.test(k.text)) return null;
    if (k.pos === 'ADV') {
      habitual ||= HABIT_ADVERB.test(k.text);
      continue;
    }
    // "I have switched", "I do prefer": an auxiliary before the main verb.
    if (k.pos === 'AUX' && /^(?:have|do)$/.test(k.lemma) && tokens[v + 1]?.pos === 'VERB') continue;
    break;
  }
  const verb = tokens[v];
  const choice = verb === undefined ? undefined : CHOICE_VERBS.get(verb.lemma.toLowerCase());
  if (verb === undefined || choice === undefined) return null;
  if (choice.kind !== 'switch' && (a.tense !== 'present' || a.aspect !== 'simple')) return null;
  let p = v + 1;
  // "I switched from oat milk to almond": the old choice between "from" and "to" is skipped.
  if (choice.kind === 'switch' && /^from$/i.test(tokens[p]?.text ?? '')) {
    const to = tokens.findIndex((k, i) => i > p + 1 && i <= p + 6 && /^to$/i.test(k.text));
    if (to < 0) return null;
    p = to;
  }
  if (choice.particle !== null) {
    if (!choice.particle.test(tokens[p]?.text ?? '')) return null;
    p++;
  }
  return { verb, choice, habitual, p };
}

/**
 * One general reading of a preference from the clause's structure (issue #10 §3, ADR
 * 2026-11-27-open-preference-topics): the speaker as subject, a choice verb in the present simple
 * (or "switched to"), a plain statement, not negated; its object a generic noun phrase (no "the",
 * "this" or someone's) whose head noun is the topic and whose modifiers are the value ("I prefer
 * quiet hotels" → `hotel` = quiet), or "my X Y" ("I like my coffee black" → `coffee` = black).
 * In a comparison both things must share the head ("still water over sparkling water"), else the
 * category is not in the sentence and nothing is read. A closed facet in the phrase (a seat, a
 * milk, a diet) keeps its topic; a time of day is the facets' own reading.
 */
function openPreference(clause: Clause, doc: DocContext, facets: readonly Facet[]): Candidate[] {
  const found = choiceAt(clause, doc);
  if (found === null) return [];
  const { verb, choice, habitual, p } = found;
  const tokens = clause.analysis.tokens;
  const out = openEmitters(clause, doc, choice.kind === 'switch');
  // "I have my hands full", "I have my doubts": "have my X" is no way of taking X.
  if (/^my$/i.test(tokens[p]?.text ?? '') && OWNED_VERB.test(verb.lemma)) {
    return ownedChoice(clause, doc, p, facets, out);
  }
  if (choice.kind === 'owned' || (choice.kind === 'want' && !clause.intent.standing)) return [];
  if (choice.kind === 'habit' && !habitual && !out.switched && !changeMarked(clause, null)) {
    return [];
  }
  return genericChoice(clause, doc, found, facets, out);
}

/** How an open reading is emitted, weighed by what the speaker already holds. */
interface OpenEmitters {
  readonly entityId: string;
  readonly switched: boolean;
  /** `head` is the chosen thing's head noun, which "X, not Y" must repeat to mark a change. */
  readonly emit: (reading: OpenReading, head: string) => Candidate[];
  /**
   * An open topic the speaker does not already hold is read tentatively (issue #10 §1): shown
   * and explained, never committed on one sentence's structure; on a held topic the reading
   * weighs as the facets' do, so a change marker may correct it.
   */
  readonly emitOpen: (reading: OpenReading, head: string) => Candidate[];
  /**
   * A closed facet met inside the open reading: never committed when laughed at or made for a
   * reason or an occasion; a diet word names an open topic ("vegan cake" → `cake`), so it weighs
   * as one (tentative unless the speaker holds that topic); a milk or a seat keeps its facet's
   * weight.
   */
  readonly emitFacet: (reading: OpenReading, head: string, kind: Facet['facet']) => Candidate[];
  /** A closed facet read with its own topic; `head` is what "X, not Y" must repeat. */
  readonly emitFacetTopic: (facet: Facet, head: string, weak: boolean) => Candidate[];
}

function openEmitters(clause: Clause, doc: DocContext, switched: boolean): OpenEmitters {
  const entityId = entityFor({ kind: 'speaker' }, doc);
  // Laughed at, or made for a reason or an occasion: tentative whatever the topic.
  const limited =
    FOR_SOMETHING.test(clause.text) ||
    FOR_NAMED.test(clause.text) ||
    LAUGHTER.test(clause.sentence);
  const emit = (reading: OpenReading, head: string): Candidate[] => [
    candidate(entityId, reading.topic, reading.value, clause, clause.text, {
      hedged: clause.intent.hedged || reading.weak,
      correction: switched || changeMarked(clause, head),
    }),
  ];
  const emitOpen = (reading: OpenReading, head: string): Candidate[] => {
    if (ownedByOtherRule(reading.topic)) return [];
    const held = heldTopic(doc, entityId, reading.topic);
    return emit(held && !limited ? reading : { ...reading, weak: true }, head);
  };
  const emitFacet = (reading: OpenReading, head: string, kind: Facet['facet']): Candidate[] => {
    const open = kind === 'diet' && !heldTopic(doc, entityId, reading.topic);
    return emit({ ...reading, weak: reading.weak || limited || open }, head);
  };
  const emitFacetTopic = (facet: Facet, head: string, weak: boolean): Candidate[] => {
    const topic = topicFor(facet, null, doc, entityId, clause);
    return topic === null ? [] : emitFacet({ topic, value: facet.value, weak }, head, facet.facet);
  };
  return { entityId, switched, emit, emitOpen, emitFacet, emitFacetTopic };
}

/** "I take my coffee black", "I like my tea with oat milk": the owned thing and how. */
function ownedChoice(
  clause: Clause,
  doc: DocContext,
  p: number,
  facets: readonly Facet[],
  out: OpenEmitters,
): Candidate[] {
  const owned = ownedWithComplement(clause.analysis.tokens, p);
  if (owned === null) return [];
  // "I take my coffee with oat milk": a milk or a seat in the complement keeps its facet's
  // topic, keyed by the thing it goes with (`coffee_milk`).
  const facet = facets.find((f) => f.token > p && f.facet !== 'time');
  // "Sometimes I like my tea sweet": limited to some occasions, tentative like any open choice.
  if (facet === undefined) {
    return out.emitOpen({ ...owned, weak: OCCASION.test(clause.text) }, owned.topic);
  }
  const key = facet.facet === 'milk' ? milkVehicle(owned.topic) : null;
  const topic = topicFor(facet, key, doc, out.entityId, clause);
  return topic === null
    ? []
    : out.emitFacet(
        { topic, value: facet.value, weak: OCCASION.test(clause.text) },
        facet.facet,
        facet.facet,
      );
}

/** "I prefer quiet hotels": a generic noun phrase chosen, its head the topic. */
function genericChoice(
  clause: Clause,
  doc: DocContext,
  found: ChoiceAt,
  facets: readonly Facet[],
  out: OpenEmitters,
): Candidate[] {
  const { verb, choice } = found;
  const tokens = clause.analysis.tokens;
  let p = found.p;
  // A generic thing: "a"/"an" only where one kind is chosen ("prefer a quiet room"), never
  // "the", "this" or anyone's ("I prefer the red one", "I like this hotel").
  if (/^(?:a|an)$/i.test(tokens[p]?.text ?? '') && choice.kind !== 'habit') p++;
  const start = p;
  p = phraseEnd(tokens, start);
  const run = tokens.slice(start, p);
  const last = run[run.length - 1];
  // "I switched from oat milk to almond": a seat or milk kind said bare after "to".
  const bare = out.switched && run.length === 1 ? facets.find((f) => f.token === start) : undefined;
  if (bare !== undefined && bare.facet !== 'time' && bare.facet !== 'diet') {
    return out.emitFacetTopic(bare, bare.facet, false);
  }
  if (last === undefined || run.length < 2) return [];
  if (choice.kind === 'taste' && !/^(?:best|most)$/i.test(tokens[p]?.text ?? '')) return [];
  // "hard copies of contracts": the phrase goes on, its last noun before "of" heads nothing.
  if (/^of$/i.test(tokens[p]?.text ?? '')) return [];
  const named = namedOfHeldKind(run, doc, out.entityId);
  if (named !== null) {
    return out.emit({ topic: named, value: run.map((k) => k.text).join(' '), weak: false }, named);
  }
  if (choice.kind === 'want') return [];
  const head = lemmaOf(last);
  const comparison = comparisonOf(clause.analysis);
  if (comparison !== null && comparison.marker >= p) {
    const rejected = tokens.slice(comparison.rejected[0], comparison.rejected[1]);
    const other = rejected[rejected.length - 1];
    if (other === undefined || lemmaOf(other) !== head) return [];
  } else if (last.pos !== 'NOUN') {
    return [];
  }
  const modifiers = run.slice(0, -1);
  // "chocolate ice cream", "oat milk lattes": a noun before the head may make a compound head
  // with it, and the value and the topic are not told apart.
  if (modifiers.length > 1 && modifiers[modifiers.length - 1]?.pos === 'NOUN') return [];
  // "aisle ones": a head that stands for a thing named before is no topic of its own.
  const anaphoric = ANAPHORIC_OBJECT.test(head);
  if (!anaphoric && !topicLike(head, modifiers)) return [];
  const facet = facets.find((f) => f.token >= start && f.token < p);
  if (facet !== undefined) {
    return facet.facet === 'time'
      ? []
      : out.emitFacetTopic(facet, head, OCCASION.test(clause.text));
  }
  if (anaphoric) return [];
  // "Go for" also names an outing ("always go for long walks"): only a noun modifier ("go for
  // dark roast") names a kind chosen.
  if (
    choice.kind === 'habit' &&
    !CONSUMING.test(verb.lemma) &&
    !modifiers.every((k) => k.pos === 'NOUN')
  ) {
    return [];
  }
  return out.emitOpen(
    {
      topic: slugify(head),
      value: modifiers.map((k) => k.text.toLowerCase()).join(' '),
      weak: OCCASION.test(clause.text),
    },
    head,
  );
}

/**
 * A name whose last word is the kind of thing it names, a kind the speaker already holds a
 * preference for: "Turkish Airlines" (airline), "Hilton Hotels" (hotel). Every word is
 * capitalised, and the name has a word of its own before the kind. Returns the topic, or null.
 */
function namedOfHeldKind(
  run: ClauseAnalysis['tokens'],
  doc: DocContext,
  entityId: string,
): string | null {
  if (run.length < 2 || run.length > 4 || !run.every((k) => /^\p{Lu}/u.test(k.text))) return null;
  const kind = singular((run[run.length - 1]?.text ?? '').toLowerCase());
  const topic = slugify(kind);
  return topic !== '' && heldTopic(doc, entityId, topic) ? topic : null;
}

/** A polite marker that makes a clause a request to the assistant. */
const PLEASE = /\b(?:please|pls|plz)\b/i;
/**
 * Words that may stand before "call me" in a request to the assistant: softeners ("just",
 * "please", "ok", "so"), a permission ("you can", "you may") and a standing marker ("from now
 * on", "going forward"). Anything else before the verb (a subject, another verb: "my boss said
 * to call me") makes it no request of the speaker's.
 */
const CALL_ME_LEAD = new Set([
  'please',
  'pls',
  'plz',
  'just',
  'you',
  'can',
  'may',
  'ok',
  'okay',
  'so',
  'and',
  'but',
  'from',
  'now',
  'on',
  'going',
  'forward',
  'actually',
  'oh',
  'hey',
  'hi',
]);

/**
 * The name in "Call me Tolu" read from the clause's tokens: the verb "call" (the lite model
 * often tags it as a noun at the start of a sentence) with the object "me", then a run of
 * capitalised names ("Mary Ann", "Dr. Okafor"). Only softeners may precede the verb, and a
 * negation before it ("don't call me Teo") is a refusal, not a name; a contrast after the name
 * ("Call me Teo, not Teodoro") is not. Case matters: the name is capitalised, "call me
 * old-fashioned" names nobody.
 */
export function calledName(analysis: ClauseAnalysis): string | null {
  const tokens = analysis.tokens;
  const at = tokens.findIndex(
    (k, i) => k.lemma === 'call' && tokens[i + 1]?.text.toLowerCase() === 'me',
  );
  if (at === -1) return null;
  const lead = tokens.slice(0, at);
  if (!lead.every((k) => k.pos === 'PUNCT' || CALL_ME_LEAD.has(k.text.toLowerCase()))) return null;
  const name: string[] = [];
  for (const k of tokens.slice(at + 2)) {
    if (name.length === 3 || !/^\p{Lu}/u.test(k.text) || k.pos !== 'PROPN') break;
    name.push(k.text);
  }
  // A title with no name after it ("call me Dr.") names nobody.
  while (name.length > 0 && /\.$/.test(name[name.length - 1] ?? '')) name.pop();
  return name.length === 0 ? null : name.join(' ');
}

/** Systems of measurement. */
const UNITS = /\b(metric|imperial)\b(?!\s+(?:ton|tonne|pint|gallon|cup)s?\b)/i;
/** "in Portuguese", "to spanish", "into Welsh": a language the following word may name. */
const IN_LANGUAGE = /\b(?:in|to|into)\s+(\p{L}+)\b/gu;
/** Someone else's preference: "hers", "for him", "for them". */
const FOR_SOMEONE_ELSE = /\b(?:hers|his|theirs|for (?:her|him|them))\b/i;

/**
 * One piece of writing asked for now ("the answer", "this email", "this one"): beside it, a definite
 * plural ("keep the headings in English") is a set of that piece's parts, asked for once, where
 * alone ("send me the newsletters in German") it is a kind of thing the speaker receives.
 */
const ONE_PIECE =
  /\b(?:the|this|that|your)\s+(?:answer|reply|response|email|e-mail|text|document|doc|message|letter|post|page|draft|summary|report|deck|translation|one)\b/i;

/** The word before the noun phrase `tokens[i]` heads, past its modifiers ("the table headers"). */
function determinerOf(tokens: Clause['analysis']['tokens'], i: number): string {
  let j = i - 1;
  while (j >= 0 && ['NOUN', 'ADJ', 'PROPN'].includes(tokens[j]?.pos ?? '')) j -= 1;
  return tokens[j]?.text ?? '';
}

/**
 * The language a request asks for, when it is about how the assistant works for the speaker in
 * general: a standing or switching instruction ("reply in Portuguese from now on", "switch my
 * summaries to Spanish"), or one about a plural, generic thing ("summaries in English please").
 * "Translate this into Italian" is a single task, not a preference.
 */
function requestedLanguage(clause: Clause): { value: string; span: string } | null {
  const t = clause.text;
  IN_LANGUAGE.lastIndex = 0;
  for (let m = IN_LANGUAGE.exec(t); m !== null; m = IN_LANGUAGE.exec(t)) {
    const language = languageNamed(m[1] ?? '');
    if (language === null) continue;
    const before = t
      .slice(0, m.index)
      .replace(/\s+to me\s*$/i, '')
      .trim()
      .split(/\s+/)
      .pop();
    // A plural the model may tag as a noun, a name or a verb ("Reports", "digests"); a counted
    // one ("30 suggestions in English", "three titles in Spanish") is one batch asked for now.
    // "Translate the answer to Portuguese but keep the headings in English": a definite plural
    // beside one piece of writing asked for now is that piece's parts (`ONE_PIECE`).
    const tokens = clause.analysis.tokens;
    const plural = tokens.some(
      (k, i) =>
        k.text === before &&
        /s$/i.test(k.text) &&
        k.lemma !== k.text.toLowerCase() &&
        tokens[i - 1]?.pos !== 'NUM' &&
        !(
          /^(?:the|these|those|its)$/i.test(determinerOf(tokens, i)) &&
          ONE_PIECE.test(clause.sentence)
        ),
    );
    const general = clause.intent.standing || /\b(?:switch|change|set)\b/i.test(t) || plural;
    if (general) return { value: language, span: m[0] };
  }
  return null;
}

/**
 * Requests to the assistant about how it treats the speaker, in any domain (issue #10 §3, open
 * vocabularies): the language it writes in, the units it uses, the name it calls them by. A
 * request is an imperative, a "please", or a standing instruction, said by the user of a chat;
 * another person's wish ("my colleague wants hers in Japanese") is not the speaker's.
 */
export function requestRules(clause: Clause, doc: DocContext): Candidate[] {
  if (doc.kind !== 'chat' || doc.input.role !== 'user' || clause.intent.oneOff) return [];
  const t = clause.text;
  const a = clause.analysis;
  // "Call me Teo" opening a clause is addressed to the assistant whatever the tagger makes of
  // it (it may read the name as a subject, or the clause as no imperative).
  const called = calledName(a);
  const callMe = called !== null;
  const request = callMe || a.mood === 'imperative' || PLEASE.test(t) || clause.intent.standing;
  if (!request || (!callMe && a.subject.kind === 'named') || FOR_SOMEONE_ELSE.test(t)) return [];
  const entityId = entityFor({ kind: 'speaker' }, doc);
  const options = {
    hedged: clause.intent.hedged,
    correction: clause.intent.supersedes || /\b(?:switch|change)\b/i.test(t),
  };
  const out: Candidate[] = [];
  const language = requestedLanguage(clause);
  if (language !== null) {
    out.push(candidate(entityId, REQUEST_TOPIC.language, language.value, clause, t, options));
  }
  const units = UNITS.exec(t);
  if (units?.[1]) {
    out.push(candidate(entityId, REQUEST_TOPIC.units, units[1].toLowerCase(), clause, t, options));
  }
  if (called !== null)
    out.push(candidate(entityId, REQUEST_TOPIC.name, called, clause, t, options));
  return out;
}

/** A note key for money the speaker pays or has ("Rent", "Phone bill", "Savings goal"): no taste. */
const BILL_KEY =
  /\b(?:rent|mortgage|bills?|budget|fees?|price|cost|payments?|salary|income|balance|savings|loan|debt|amount|total|due|deposit|premium|subscription|invoice)\b/i;
/** A price's period after an amount ("45 per month", "9.99/mo", "1,200 a year"). */
const RATE =
  /\b(?:(?:per|a|an|each|every)\s+(?:day|week|month|year|night)|monthly|weekly|yearly|annually|daily)\b|\/\s*(?:mo|month|yr|year|wk|week|day)\b/gi;

/**
 * Whether a note value is only a number or an amount of money, with at most a rate ("1,150.00",
 * "$39.99", "34", "45 per month"): a quantity, which no key of a preferences note makes a taste.
 */
function amountOnly(value: string): boolean {
  let rest = value;
  for (const amount of findAmounts(value).reverse()) {
    rest = `${rest.slice(0, amount.start)} ${rest.slice(amount.end)}`;
  }
  return /\d/.test(value) && !/\p{L}/u.test(rest.replace(RATE, ' '));
}

/** Words by which a note's heading or a key says it holds tastes ("My preferences", "Likes"). */
const SAYS_PREFERENCE =
  /\b(?:prefer\w*|likes?|dislikes?|settings?|favou?rites?|tastes?|defaults?|profile|about me|go-?tos?|usuals?|routines?|habits?)\b/i;
/** A value that is how far along something is ("in progress", "done"): a status, never a taste. */
const STATUS_VALUE =
  /^(?:in[\s-]progress|done|blocked|pending|finished|complete(?:d)?|ongoing|on hold|not started|started|to ?do|wip|waiting|stuck|shipped|ordered|bought|sorted|cancell?ed|ready)\.?$/i;

/**
 * Whether a note key is a person's name ("Nomvuyo", "Sindre", a member of the thread's group): a
 * capitalised word the English model does not know as an ordinary word, or a member's name. Such
 * a line is about that person, never the writer's taste.
 */
export function personKey(key: string, doc: DocContext): boolean {
  const words = key.trim().split(/\s+/);
  if (words.length > 2 || !words.every(canBeName)) return false;
  const members = Object.values(doc.input.registry.members).flat();
  const first = (words[0] ?? '').toLowerCase();
  if (members.some((m) => m.toLowerCase().split(/\s+/)[0] === first)) return true;
  return words.every((w) => !isVocabularyWord(w.toLowerCase()));
}

/**
 * Whether a key of a note is one of the writer's tastes: the key, the note's heading or a section
 * heading above the line (`headings`) says so,
 * the key's kind is on record as a preference, or the note has no heading to say what its lines
 * are (a bare card of `Key: value` lines is the writer's own). A heading that names something
 * else ("Groceries", "Renovation") makes its keys the items of that list.
 */
function preferenceKey(
  key: string,
  keySlug: string,
  doc: DocContext,
  headings: readonly string[],
): boolean {
  if (SAYS_PREFERENCE.test(key)) return true;
  // "# Memory / ## Preferences / - Hotel chain: Marriott": a section heading above says it too.
  if (headings.some((heading) => SAYS_PREFERENCE.test(heading))) return true;
  if (doc.topic === null || SAYS_PREFERENCE.test(doc.topic)) return true;
  const field = `profile.preference.${keySlug}`;
  return doc.input.known.some((k) => k.field === field || k.field.startsWith(`${field}_`));
}

/** A `Key: value` line of a profile note ("Coffee: flat white, whole milk", "Seat: window"). */
export function profileField(
  key: string,
  value: string,
  clause: Clause,
  doc: DocContext,
  headings: readonly string[] = [],
): Candidate[] {
  const entityId = entityFor({ kind: 'speaker' }, doc);
  const keySlug = slugify(key);
  if (keySlug === '' || keySlug.length > 40) return [];
  if (STATUS_VALUE.test(value.trim()) || personKey(key, doc)) return [];
  if (!preferenceKey(key, keySlug, doc, headings)) return [];
  const out: Candidate[] = [];
  let rest = value;
  // A time of day under a key is the time for what the key names ("Meetings: afternoons" →
  // `meeting_time`); a key already ending in "time" is the topic itself.
  const facets = facetsOf(value, null);
  const keyIsTime = facets.length > 0 && facets.every((f) => f.facet === 'time');
  const timeTopic = /_?times?$/.test(keySlug)
    ? keySlug.replace(/s$/, '')
    : `${singular(keySlug)}_time`;
  for (const facet of facets) {
    if (facet.facet === 'time' && !keyIsTime) continue;
    const topic =
      facet.facet === 'time'
        ? timeTopic
        : facet.facet === 'milk'
          ? `${keySlug}_milk`
          : facet.facet === 'seat'
            ? 'seat'
            : 'diet';
    out.push(
      candidate(entityId, topic, facet.value, clause, `${key}: ${value}`, {
        hedged: false,
        correction: false,
      }),
    );
    rest = rest.replace(value.slice(facet.index, facet.index + facet.length), '');
  }
  const remainder = rest.replace(/^[\s,;.]+|[\s,;.]+$/g, '').replace(/\s*,\s*,\s*/g, ', ');
  const covered = out.some((c) => c.field === `profile.preference.${keySlug}`);
  if (
    !covered &&
    !keyIsTime &&
    remainder !== '' &&
    remainder.length <= 200 &&
    !BILL_KEY.test(key) &&
    !amountOnly(remainder)
  ) {
    out.push(
      candidate(entityId, keySlug, remainder, clause, `${key}: ${value}`, {
        hedged: false,
        correction: false,
      }),
    );
  }
  return out;
}
