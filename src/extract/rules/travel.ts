import type { Intent } from '../../core/index.js';
import type { DateMention } from '../../language/index.js';
import {
  ANTICIPATION,
  analyseClause,
  BACK_IDIOM,
  classReading,
  DAY_EVENT,
  DOCUMENT_PART,
  dayOfMonthNear,
  ERRAND_TRIP,
  findDates,
  HOLIDAY_PERIOD,
  isVocabularyWord,
  lookupPlace,
  NARRATIVE,
  OPINION_ASKED,
  openingWeekday,
  PERSON_ANAPHORA,
  PLAN_NOUN,
  placeNameAt,
  RECALLED_TIME,
  RELATIONAL_NOUN,
  RETURN_LABEL,
  RETURN_LEG,
  rescheduleReading,
  SPORTS_FIXTURE,
  type StretchPlace,
  stretchesOfTime,
  THIRD_PARTY_POSSESSOR,
  TRIP_EXPERIENCE,
  VENUE,
  VERB_CLASSES,
  type VerblessPart,
  verblessParts,
  WISHED_TIME,
} from '../../language/index.js';
import { amongAlternatives } from '../alternatives.js';
import { assistantsOwnWords } from '../assistant-voice.js';
import {
  type Candidate,
  type Clause,
  type DocContext,
  entityFor,
  type Subject,
  subjectOf,
} from '../clauses.js';
import { habitual } from '../habitual.js';
import { listenersAt } from '../listener.js';
import { planStrengthAt, stateStrengthAt } from '../subordinate.js';
import { properPhraseAt } from '../text.js';
import type { EvidenceStrength } from '../types.js';

import { HEDGED_CONFIDENCE } from '../types.js';

interface Hit {
  readonly subject: Subject;
  readonly status: string | null;
  readonly location: string | null;
  readonly destination: string | null;
  readonly span: string;
  /** How strongly the words support it (a gazetteer place vs. an unknown capitalised name). */
  readonly strength: EvidenceStrength;
  /** An arrival ("landed in X"): X is also where the trip goes when no destination is known. */
  readonly arrival?: boolean;
}

/** A plan of `subject` to travel to `destination` (null: none said), read from `span`. */
function planned(
  subject: Subject,
  destination: string | null,
  span: string,
  strength: EvidenceStrength,
): Hit {
  return { subject, status: 'planned', location: null, destination, span, strength };
}

const ARRIVAL =
  /\b(?:(?:landed|arrived|touched down|made it|got|checked in|pulled into|rolled into)\s+(?:safely\s+|finally\s+|just\s+)?(?:in|at|to|into)\s+|(?:landed|arrived|reached)\s+(?=\p{L}))/giu;
const PRESENT =
  /(?:'m|\bam|'re|\bare|'s|\bis)\s+(?:now\s+|currently\s+|finally\s+|already\s+|still\s+|safely\s+|here\s+|all\s+)?(?:in|at)\s+/gi;
const GREETING = /\b(?:here in|greetings from|hello from|writing (?:to you )?from)\s+/gi;
const EN_ROUTE =
  /\b(?:left for|set off for|took off for|on (?:our|my|the) way to|omw to|en route to|boarded (?:the |our |my )?(?:flight|plane|train) to)\s+/gi;
const PLAN =
  /(?:(?:'m|\bam|'re|\bare)\s+off(?=\s+to\s)|\b(?:leav(?:e|es|ing)|fl(?:y|ies|ying)|head(?:s|ing)?|driv(?:e|es|ing)|go(?:es|ing)?|travel(?:l?ing|s)?|tak(?:e|es|ing) (?:the|a|an|my|our) (?:night |overnight |early |late )?(?:train|bus|ferry|boat|coach|plane|flight)|mov(?:e|ing) the (?:whole )?trip|trip|vacation|holiday|getaway|flight|fly out|flying out))\s+(?:out\s+|off\s+|home\s+)?(?:to|for|into)\s+/gi;
/**
 * A named carrier or service taken to a place ("taking the Eurostar to Paris", "take the
 * Buquebus to X"): case matters, the carrier is a name.
 */
const TAKE_NAMED = /\b[Tt]ak(?:e|es|ing) (?:the|a|an|my|our) \p{Lu}[\p{L}-]+ to\s+/gu;
const BOOKED =
  /\b(?:booked|booking confirmed|reserved|planning|visiting|headed to|bound for)\s*(?:it)?[:,]?\s+(?:a trip to\s+|for\s+)?/gi;
const ARROW = /([A-Z][\w.' -]*?)\s*(?:\([A-Z]{3}\)\s*)?->\s*/g;
/**
 * What links the first place of a route to the next ("Faro (FAO) -> ", "Faro → ", "Faro to "),
 * up to the capital that starts the far end.
 */
const ROUTE_LINK = /^\s*(?:\([A-Z]{3}\)\s*)?(?:->|\u2192|\u27F6|\u2794|=>|to\s)\s*(?=\p{Lu})/u;
/** Tickets or seats bought: a booking said with a verb of getting ("got tickets", "bought flights"). */
const TICKETS_BOUGHT =
  /\b(?:got|bought|grabbed|snagged|picked up)\s+(?:(?:the|our|my|some|two|2|cheap)\s+)?(?:tickets?|flights?|seats?)\s+(?:to|for)\b/i;
const FLIGHT_TO = /\b(?:flights?|trains?|bus(?:es)?|ferry|ferries|tickets?)\b[^.;]{0,30}?\bto\s+/gi;
const NAMED_TRIP = /\b(?:trip|vacation|holiday|getaway|visit)\b/i;
const RETURN =
  /\b(?:(?:back|home|returned|got back|came back|flew back|drove back|got in(?:\s+(?:late|early))?)\s+from\b|\b(?:landed|arrived|flew|got|touched down)\s+back\s+in\b|^\s*back\s+in\b(?=[^,.;!?]*\bafter\b)|back home\b(?!-)|home again\b|(?<!\b(?:at|from)\s)home now\b|home safe(?:ly)?\b|(?:got|made it|arrived|am|'m|are|'re)\s+(?:back\s+)?home\b(?!-)|back at home\b(?!-)|home sweet home\b(?!-))/i;
const CANCEL =
  /\b(?:trip|travel|flights?|vacation|holiday|getaway|visit|cruise|journey|retreat|honeymoon|(?:ski|beach|camping|city|spa|lake|cabin) weekend)\b(?:\s+[\p{L}\p{N}_'’]+){0,3}?\s+(?:is|'s|are|has been|have been|got|was)\s+(?:now\s+|officially\s+)?(?:off\b(?!\s+to\b)|cancell?ed\b|called off\b|scrapped\b|not happening\b)|\b(?:cancell?ed|called off|scrapped|axed)\s+(?:the|our|my)\s+(?:\p{Lu}[\p{L}\p{N}_]+\s+)?(?:trip|flights?|vacation|holiday)\b|\bnot (?:going|flying|travell?ing)\b(?:\s+[\p{L}\p{N}_'’-]+){0,3}\s+(?:anymore|any more|after all)\b|\bno longer (?:going|flying|travell?ing|heading|driving)\s+(?:to|out)\b/iu;

/** Words that may follow a trip noun that heads its phrase: prepositions, time adverbs. */
const RETURN_FOLLOWER =
  /^(?:in|to|at|with|and|on|from|of|yesterday|today|tonight|now|finally|last|this|early|late|safe|safely|already|just|at|so|but|home)$/;

/** Lower-case names are places only when the gazetteer knows them as this big (or bigger). */
const LOWER_CASE_PLACE_POPULATION = 100_000;

/**
 * A place written in lower case ("arrived osaka", "booked lisbon"): the longest of the next three
 * words that the gazetteer knows as a country, a region or a city of at least 100,000 people,
 * and that the clause analysis reads as a noun (so "going to split the bill" is not Split).
 * Returns the gazetteer's spelling.
 */
function lowerCasePlaceAt(rest: string): PlaceReading | null {
  const words = rest
    .split(/\s+/)
    .slice(0, 3)
    .map((w) => w.replace(/[,.;:!?)"]+$/, ''));
  for (let n = words.length; n >= 1; n--) {
    const phrase = words.slice(0, n).join(' ');
    if (!/^\p{Ll}[\p{L}' -]+$/u.test(phrase) || phrase.length < 4) continue;
    const place = lookupPlace(phrase);
    if (place === null || place.kind === 'feature') continue;
    if (place.kind === 'city' && place.population < LOWER_CASE_PLACE_POPULATION) continue;
    // A town named by an ordinary English word ("reading", "paradise", "mobile") is that word
    // when written in lower case.
    if (place.kind === 'city' && n === 1 && isVocabularyWord(phrase)) return null;
    const tokens = analyseClause(rest.split(/[.;!?]/)[0] ?? rest).tokens;
    if (tokens[0] !== undefined && !/^(?:NOUN|PROPN)$/.test(tokens[0].pos)) return null;
    return { name: place.name, strength: 'strong' };
  }
  return null;
}

/**
 * Whether the words after a place give the visit an everyday purpose ("for lunch", "for the
 * match", "for drinks"): a day out, not a trip.
 */
function isOuting(after: string): boolean {
  const purpose = /^\s+for\s+(?:a\s+|an\s+|the\s+|some\s+)?(\S.*)$/i.exec(after)?.[1];
  if (purpose === undefined) return false;
  // "for the cup final", "for a gig": an event within a day, named in the first words.
  const head = purpose.split(/\s+/).slice(0, 3).join(' ');
  return VENUE.pattern.test(purpose) || DAY_EVENT.pattern.test(head);
}

/**
 * A trip booked for someone else: "for my parents", "booked my mum a flight", "got Dad a ticket".
 * The person is named by a relational noun (`RELATIONAL_NOUN`) or a name.
 */
const BENEFICIARY =
  /\b(?:[Ff]or|[Bb]ooked|[Gg]ot|[Bb]ought)\s+(?:(?:[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir)\s+(?:mum|mom|mother|dad|father|parents?|brother|sister|son|daughter|kids?|children|wife|husband|partner|friends?|boss|cousin|aunt|uncle|gran(?:ny|dma|dpa)?|grandparents?|in-laws)|\p{Lu}\p{Ll}+)\s+(?:a\s+|an\s+|the\s+)?(?:(?:\w+\s+)?(?:flight|ticket|trip|seat|train)s?\s+)?to\s+$/u;

/**
 * A trip someone else takes while the speaker sees to it: a causative verb with a person as its
 * object before the destination ("putting Grandad on the train to X", "sending my son to X",
 * "seeing Ama off to X"). The person is named by a relational noun or a name.
 */
const ESCORTED =
  /\b(?:put(?:ting|s)?|sen(?:d|ds|ding|t)|see(?:ing)?|saw|wav(?:e|ed|ing)|drop(?:s|ped|ping)?|driv(?:e|es|ing)|drove|tak(?:e|es|ing)|took|walk(?:s|ed|ing)?)\s+(?:(my|our|his|her|their|the)\s+)?(\p{L}[\p{L}-]*)\s+(?:off\s+|out\s+)?(?:on|onto|into|to|at)\b/giu;

/** Whether the words before a destination make the trip someone else's (`ESCORTED`). */
function escorted(before: string): boolean {
  ESCORTED.lastIndex = 0;
  for (let m = ESCORTED.exec(before); m !== null; m = ESCORTED.exec(before)) {
    const who = m[2] ?? '';
    if (RELATIONAL_NOUN.pattern.test(who)) return true;
    // A person's name takes no article ("the Eurostar" is a train).
    if (m[1] === undefined && /^\p{Lu}\p{Ll}+$/u.test(who) && lookupPlace(who) === null) {
      return true;
    }
  }
  return false;
}

/** A place read at some offset, and how sure the reading is. */
interface PlaceReading {
  readonly name: string;
  readonly strength: EvidenceStrength;
}

/** A noun after a place name that turns the name into a modifier ("Tokyo mode", "London time"). */
const PLACE_AS_MODIFIER =
  /^\s+(?:mode|time|vibes?|energy|style|brain|mindset|time ?zone|hours|state of mind|aesthetic)\b/i;

/**
 * The place named at `index`: strong when the gazetteer knows it (a city, region, country or a
 * named geographic feature); moderate for another capitalised phrase when `unknownOk` (a clear
 * travel predicate such as "landed in" or "flying to" came before it), or the strength given in
 * `unknown`; null for venues, parts of documents ("Chapter 11"), numbered things, lower-case
 * words, or an unknown name when `unknown` is false ("I'm at Starbucks").
 */
function placeAt(
  text: string,
  index: number,
  unknown: boolean | EvidenceStrength,
): PlaceReading | null {
  const rest = text.slice(index);
  if (VENUE.pattern.test(rest) || DOCUMENT_PART.pattern.test(rest)) return null;
  const phrase = properPhraseAt(text, index);
  if (phrase === null) return lowerCasePlaceAt(rest);
  const place = placeNameAt(text, index, phrase);
  if (place.length < 2) return null;
  if (/^[A-Z][a-z]*\s+\d/.test(rest) || /^\s*\d/.test(text.slice(index + place.length))) {
    // "Chapter 11", "Room 4", "Gate 12": a numbered thing, not a place.
    return null;
  }
  const after = text.slice(index + place.length);
  // "Georgia's party", "at Jordan's": a possessor, not the place itself; "Leeds v Hull": a team;
  // "Austin and his new baby": a person.
  if (/^['’]s\b|^s['’]/.test(after) || SPORTS_FIXTURE.pattern.test(after)) return null;
  if (PERSON_ANAPHORA.pattern.test(after)) return null;
  // "In Tokyo mode", "on London time", "full Paris vibes": the name describes a mood, a clock
  // or a style, and says nothing of where anyone is.
  if (PLACE_AS_MODIFIER.test(after)) return null;
  // "Flying home for Christmas", "heading home for Diwali": a holiday the trip is planned around
  // names when, not where, though a gazetteer may hold a town of that name; a longer name it
  // begins ("Christmas Island", "Easter Island") is still a place.
  if (HOLIDAY_PERIOD.pattern.exec(place)?.[0].length === place.length) return null;
  const known = lookupPlace(place);
  if (known !== null) return { name: place, strength: 'strong' };
  if (unknown === false) return null;
  return { name: place, strength: unknown === true ? 'moderate' : unknown };
}

function candidate(
  entityId: string,
  field: string,
  value: string,
  clause: Clause,
  intent: Intent,
  span: string,
  strength: EvidenceStrength = 'strong',
): Candidate {
  return {
    entityId,
    field,
    value,
    intent,
    confidence: clause.intent.hedged ? HEDGED_CONFIDENCE : 1,
    evidence: clause.intent.hedged ? 'weak' : strength,
    correction: clause.intent.supersedes,
    span,
  };
}

function travelIntent(clause: Clause, fallback: Intent): Intent {
  const intent = clause.intent.intent;
  return intent === 'assertive' || intent === 'planning' ? fallback : intent;
}

/** After "back home": a comma, then a subject that is not the speaker (a determiner or a third party). */
const FRONTED_LOCATIVE_CLAUSE =
  /^\s*,\s*(?:my|our|his|her|their|the|a|an|people|everyone|everybody|nobody|they|he|she)\s+\p{L}/iu;

/**
 * What a return clause came back from: null when it is a venue or an errand ("back from lunch",
 * "back from the gym"), `strong` for a place, a trip word or a bare "back home", else `weak`.
 */
function returnedFrom(text: string, end: number, matched: string): EvidenceStrength | null {
  // "Landed back in Toronto", "Back in London after two weeks away": back in a known place (a
  // bare "back in Leeds" may say where someone is from, so it needs the landing or the stay).
  if (/\bback\s+in\s*$/i.test(matched)) {
    const place = properPhraseAt(text.slice(end).trim(), 0);
    return place !== null && lookupPlace(place) !== null ? 'strong' : null;
  }
  if (!/\bfrom\s*$/i.test(matched)) {
    // "Back home from the office": home from an errand, not from a trip.
    const after = text.slice(end);
    // "Back home," then a clause with a subject of its own is often a fronted locative about
    // where the speaker comes from ("Back home, my dad always said…", "Back home, people eat
    // late"), though it can be a return ("Back home, the cat is sulking"): weak, so it stays
    // tentative. "Back home, finally" and "back home, we're shattered" stay strong returns.
    if (/^back home$/i.test(matched.trim()) && FRONTED_LOCATIVE_CLAUSE.test(after)) return 'weak';
    const from = /^\s*from\s+(\S.*)$/i.exec(after)?.[1];
    return from !== undefined && VENUE.pattern.test(from) ? null : 'strong';
  }
  const rest = text.slice(end).trim();
  if (VENUE.pattern.test(rest)) return null;
  // "On my way back from Delhi" is still travelling, not home.
  if (/\bway\s+back\s+from\s*$/i.test(text.slice(0, end))) return null;
  const trip =
    /^(?:the |our |my |a |his |her |their )?(?:(\w+)\s+)?(?:trip|vacation|holiday|travels?|honeymoon|getaway|visit|cruise|tour|road ?trip|abroad|overseas)\b\s*(\p{Ll}+)?/iu.exec(
      rest,
    );
  // "Back from a shopping trip", "got back from a grocery run": an errand, not a journey.
  if (trip?.[1] !== undefined && ERRAND_TRIP.pattern.test(trip[1])) return null;
  if (trip) {
    // The trip word heads its phrase ("back from holiday, finally", "back from the trip to
    // Oslo"); followed by another noun it only modifies it ("back from holiday mode").
    const next = trip[2];
    if (next === undefined || RETURN_FOLLOWER.test(next)) return 'strong';
    return null;
  }
  const place = properPhraseAt(rest, 0);
  if (place !== null && lookupPlace(place) !== null) return 'strong';
  return place !== null ? 'moderate' : null;
}

/** A third-person pronoun closing the words before a predicate, with its auxiliary if any. */
const THIRD_PERSON_BEFORE =
  /\b(?:he|she|they)(?:'s|'re|'ll|'d|\s+(?:is|was|are|were|has|had|have|will|would|just|finally))?\s*$/i;

/**
 * The subject the clause analysis read, when the words before the predicate did not name one:
 * "Mateo is flying to Lima" → Mateo; an elliptical "Landed in Lima" → the speaker; a thing or
 * the addressee → null.
 */
function subjectFromAnalysis(clause: Clause, doc: DocContext, prefix?: string): Subject | null {
  // A document (a plan note, a calendar) speaks for its owner.
  if (doc.kind === 'document') return { kind: 'speaker' };
  // "Dropping Dad at the airport, he flies to X", "picked Leo up, he is back home": a third-person
  // pronoun, with or without its auxiliary, is someone else.
  if (prefix !== undefined && THIRD_PERSON_BEFORE.test(prefix)) return null;
  // "We won and the lads are going to X": the subject of the conjunct the predicate is in.
  const conjunct =
    prefix === undefined ? null : /\b(?:and|but|so|while|whereas)\s+(\S.*)$/i.exec(prefix);
  const s = conjunct?.[1] ? analyseClause(conjunct[1]).subject : clause.analysis.subject;
  switch (s.kind) {
    case 'speaker':
    case 'none':
      return { kind: 'speaker' };
    case 'we':
      return { kind: 'we' };
    case 'named':
      return { kind: 'person', name: s.text };
    default:
      return null;
  }
}

/** Dates preceded by a return word ("back", "return", "to") are return dates. */
function splitDates(clause: Clause): {
  departure: string | null;
  ret: string | null;
  /** The return date was said with a return word ("back on the 9th"), not as a range's end. */
  marked: boolean;
} {
  let departure: string | null = null;
  let ret: string | null = null;
  let marked = false;
  for (const [i, d] of clause.dates.entries()) {
    // "next week" says when only to the week: no departure or return day to commit.
    if (d.date === null || d.vague) continue;
    // "next Friday (5 June)": an explicit date in brackets restates the one before it.
    const next = clause.dates[i + 1];
    if (next?.date != null && /^\s*\(\s*$/.test(clause.text.slice(d.end, next.start))) continue;
    // "back in Amman on the 24th": the place one returns to may sit between the word and the date.
    const before = clause.text
      .slice(Math.max(0, d.start - 40), d.start)
      .replace(
        /\b((?:back|home))\s+(?:in|to|home to)\s+\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)?\s+(?:on\s+)?$/u,
        '$1 ',
      )
      .toLowerCase();
    if (
      /(?:back|return(?:ing)?(?: flight)?|home|coming back|flying back|to|until|till|through|-)\s*(?:on\s+)?,?\s*$/.test(
        before,
      ) &&
      departure !== null
    ) {
      ret ??= d.date;
    } else if (
      /(?:back|return(?:ing)?(?: flight)?|coming back|flying back)(?:\s+home)?\s*(?:on\s+)?,?\s*$/.test(
        before,
      )
    ) {
      marked ||= ret === null;
      ret ??= d.date;
    } else if (departure === null) {
      departure = d.date;
      if (d.endDate !== null) ret ??= d.endDate;
    }
  }
  return { departure, ret, marked };
}

/**
 * Whether a chat statement reports someone else's movements: a named third party ("Ravi's going
 * to Kerala", "Dad landed in Oslo") or an unnamed "they" outside a family or team thread. The
 * speaker is not the source of that person's state; it is second-hand, weak evidence.
 */
function secondHand(subject: Subject, doc: DocContext): boolean {
  if (doc.kind !== 'chat') return false;
  if (subject.kind === 'person') return true;
  return subject.kind === 'we' && subject.third === true && doc.group === null;
}

/** The subject of a predicate that starts at an offset of the clause. */
type SubjectAt = (index: number) => Subject;

/**
 * A trip noun owned by a lower-case possessor that is not a time ("my sister's Rome trip", "the
 * boss's Madrid visit"): a relative's or colleague's trip, not the speaker's. "Today's flight" and
 * "next week's trip" are times, not owners.
 */
const OTHER_POSSESSOR_TRIP =
  /\b(?!(?:today|tomorrow|tonight|yesterday|week|weekend|month|year|summer|winter|spring|autumn|fall|christmas|easter|monday|tuesday|wednesday|thursday|friday|saturday|sunday)'s)\p{Ll}+'s\s+(?:\p{L}+\s+)?(?:trip|flights?|vacation|holiday|visit|getaway|cruise|journey)\b/u;

/** A replacement booking said after a cancellation: "rebooked (us) on", "put me on the next one". */
const REBOOKED =
  /\b(?:re-?book(?:ed|ing)?|re-?schedul(?:ed|ing)|(?:put|moved|switched)\s+(?:me|us)\s+(?:on|onto|to)|(?:got|found|booked)\s+(?:us\s+|me\s+)?(?:a\s+)?(?:new|another|later|earlier|the next)\s+(?:one|flight|train|ferry|bus))\b/i;

/** "The trip is off", "cancelled our flights", "no longer flying to X": a cancellation. */
function cancelHit(t: string): Hit | null {
  const cancel = CANCEL.exec(t);
  if (cancel === null) return null;
  // "Our Lisbon flight was cancelled, rebooked for Thursday": a flight replaced in the same
  // breath moves the trip; it does not call it off.
  const after = t.slice(cancel.index + cancel[0].length);
  const rebooked = REBOOKED.exec(after);
  // "…, might rebook next year": a rebooking only thought of leaves the trip called off.
  if (
    rebooked !== null &&
    !/\b(?:might|may|could|would|will|'ll|should|maybe|perhaps|hope to)\s+(?:\w+\s+)?$/i.test(
      after.slice(0, rebooked.index),
    )
  ) {
    return null;
  }
  const owner = /\b([A-Z][a-z]+)'s\s+(?:\w+\s+)?(?:trip|flight|vacation)/.exec(t);
  // A bare plural ("Flights are cancelled due to the storm") refers to flights in general,
  // not to the speaker's trip.
  const generic = /^(?:flights|trains|trips|ferries|holidays)\b/i.test(t.slice(cancel.index));
  return {
    subject: owner?.[1] ? { kind: 'person', name: owner[1] } : { kind: 'speaker' },
    status: 'cancelled',
    location: null,
    destination: null,
    span: cancel[0],
    // "His flight was cancelled", "my sister's Rome trip is off": someone else's trip, second-hand.
    strength:
      (generic && !/\b(?:my|our)\s+$/i.test(t.slice(0, cancel.index))) ||
      /\b(?:his|her|their)\s+(?:\w+\s+)?(?:trip|flights?|vacation|holiday|visit)\b/i.test(t) ||
      (owner === null && OTHER_POSSESSOR_TRIP.test(t))
        ? 'weak'
        : 'strong',
  };
}

/**
 * "Cancel the Madrid trip", "please cancel my flights": the speaker asks for their trip to be
 * called off. Asked, not yet done (the booking may stand), so it is weak: a cancellation to
 * confirm, never one committed on the request alone.
 */
function requestedCancel(clause: Clause): Hit | null {
  if (clause.analysis.mood !== 'imperative') return null;
  const reading = classReading(clause, 'cancel');
  if (reading === null || reading.negated) return null;
  const trip =
    /\b(?:my|our|the)\s+(?:\p{Lu}[\p{L}-]+\s+)?(?:trip|flights?|vacation|holiday|getaway)\b/u.exec(
      clause.text,
    );
  if (trip === null) return null;
  return {
    subject: { kind: 'speaker' },
    status: 'cancelled',
    location: null,
    destination: null,
    span: trip[0],
    strength: 'weak',
  };
}

/** The value `entityId` has on record for `field`, or null when it has none. */
function recordedValue(doc: DocContext, entityId: string, field: string): string | null {
  return (
    doc.input.known.find((k) => k.entityId === entityId && k.field === field && k.value !== null)
      ?.value ?? null
  );
}

/** The speaker's trip destination on record, if any. */
function recordedDestination(doc: DocContext): string | null | undefined {
  return doc.input.known.find(
    (k) => k.entityId === doc.input.entityId && k.field === 'travel.destination',
  )?.value;
}

/**
 * Whether the text names a place (one the gazetteer knows) other than the trip's destination on
 * record, and not that destination: "not going to Berlin" while the trip on record is to Paris.
 */
function namesAnotherPlace(t: string, doc: DocContext): boolean {
  const destination = recordedDestination(doc);
  if (typeof destination !== 'string') return false;
  let other = false;
  for (const m of t.matchAll(/\b\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+)?/gu)) {
    const words = m[0].split(/\s+/);
    const names = [m[0], ...words];
    const place = names.find((n) => lookupPlace(n) !== null);
    if (place === undefined) continue;
    if (names.some((n) => n.toLowerCase() === destination.toLowerCase())) return false;
    other = true;
  }
  return other;
}

/**
 * Whether "not going to X anymore / after all" names an X that is no place of a trip: not a place
 * the gazetteer knows and not the destination on record ("I'm not going to Pilates anymore",
 * "We're not going to Zoë's place anymore"). What one stops going to is a guess at the trip, so
 * the cancellation is weak. Without "to X" ("We're not going anymore") it stays what it was.
 */
function stopsGoingElsewhere(span: string, doc: DocContext): boolean {
  const object =
    /^not (?:going|flying|travell?ing)\s+to\s+(?:the\s+)?(.+?)\s+(?:anymore|any more|after all)$/iu.exec(
      span.trim(),
    )?.[1];
  if (object === undefined) return false;
  const destination = recordedDestination(doc);
  if (typeof destination === 'string' && object.toLowerCase() === destination.toLowerCase()) {
    return false;
  }
  const words = object.split(/\s+/);
  return ![object, ...words].some((w) => lookupPlace(w.replace(/['’]s$/u, '')) !== null);
}

/** What after "not happening" makes it a delay or a change, not a cancellation. */
const NOT_CANCELLED_AFTER =
  /\b(?:until|till|til|before|yet|the way|as planned|like we planned|this (?:week|weekend|month|year|time|summer|winter|spring|autumn|fall)|today|tonight|tomorrow|moved|postponed|pushed|rescheduled|later|without)\b/i;

/**
 * A trip said not to take place, read from the clause's structure rather than a phrase: an
 * event verb ("happen", "go ahead", "take place") under negation whose subject is a trip ("the
 * Austin trip's not happening", "our Oslo holiday isn't going ahead") or a place ("Lisbon isn't
 * happening anymore"). A bare place counts only when it is the trip on record. Questions and
 * suppositions are not statements.
 */
function notHappeningHit(clause: Clause, doc: DocContext): Hit | null {
  const reading = classReading(clause, 'occur');
  if (reading === null || !reading.negated) return null;
  // "I thought the Oslo trip wasn't happening": a belief reported under a verb, not a statement.
  if (clause.analysis.mood !== 'statement' || reading.embedded) return null;
  // "isn't happening until June", "… this weekend, we moved it", "… the way we planned": a
  // postponement or a change of shape, not a cancellation.
  const after = clause.text.slice(clause.text.indexOf(reading.verb) + reading.verb.length);
  if (NOT_CANCELLED_AFTER.test(after) || clause.dates.some((d) => d.start > 0)) return null;
  const phrase = reading.subjectPhrase.replace(/^(?:my|our|the)\s+/i, '');
  if (phrase === '') return null;
  // "Leo's trip isn't happening", "their holiday is not going ahead": someone else's trip.
  const headEnd = clause.text.search(/\b(?:is|isn't|'s not|are|was|won't|will|not)\b/i);
  // "the Bergen trip doesn't happen": no listed verb word, so the subject phrase is the head.
  const head = headEnd === -1 ? reading.subjectPhrase : clause.text.slice(0, headEnd);
  const owner = /\b(\p{Lu}\p{Ll}+)'s\s/u.exec(head)?.[1];
  if (/\b(?:his|her|their)\b/i.test(head)) return null;
  // "my sister's Rome trip", "a colleague's offsite": a possessor other than a name on record is
  // someone else's trip, and nobody whose state we keep.
  if (owner === undefined && /\p{L}'s\s+\S/u.test(head)) return null;
  const trip = NAMED_TRIP.test(phrase);
  const placeName = trip ? phrase.replace(NAMED_TRIP, '').trim() : phrase;
  const place = placeName === '' ? null : lookupPlace(placeName);
  if (!trip && place === null) return null;
  const destination = recordedDestination(doc);
  const onRecord =
    place !== null &&
    typeof destination === 'string' &&
    destination.toLowerCase() === placeName.toLowerCase();
  // "So Madrid is no longer happening" with no Madrid trip on record: often a place being
  // replaced by another in the same breath, not a cancellation.
  if (!trip && !onRecord) return null;
  return {
    subject: owner === undefined ? { kind: 'speaker' } : { kind: 'person', name: owner },
    status: 'cancelled',
    location: null,
    destination: null,
    span: clause.text,
    strength: 'strong',
  };
}

/**
 * A return that has happened ("back from X", "home again"): `back` says the clause states one
 * (so it is no arrival elsewhere); `hit` is null for an errand ("back from lunch") or a trip
 * that starts from home.
 */
function returnHit(
  clause: Clause,
  doc: DocContext,
  subjectBefore: SubjectAt,
): { back: boolean; hit: Hit | null } {
  const t = clause.text;
  const ret = RETURN.exec(t);
  if (ret === null) return { back: false, hit: null };
  const today = doc.input.at.slice(0, 10);
  const returnIsFuture =
    clause.intent.intent === 'planning' ||
    /\b(?:will|'ll|be)\s+(?:be\s+)?(?:back|home)\b/i.test(t) ||
    clause.dates.some((d) => d.start >= ret.index && d.date !== null && d.date > today);
  if (returnIsFuture) return { back: false, hit: null };
  // "Once I'm back from Lima": a return in a clause of time or condition has not happened.
  if (stateStrengthAt(t, ret.index, 'strong') === null) return { back: true, hit: null };
  const returnFrom = returnedFrom(t, ret.index + ret[0].length, ret[0]);
  if (returnFrom === null || /\bfrom home\b/i.test(t.slice(0, ret.index + ret[0].length + 1))) {
    return { back: true, hit: null };
  }
  return {
    back: true,
    hit: {
      subject: subjectBefore(ret.index),
      status: 'completed',
      location: 'home',
      destination: null,
      span: ret[0],
      // "Back from Twickenham, what a game": a day out to an event, not a trip's end.
      strength:
        returnFrom === 'strong' && DAY_EVENT.pattern.test(t)
          ? 'weak'
          : (stateStrengthAt(t, ret.index, returnFrom) ?? 'weak'),
    },
  };
}

/**
 * The present forms of the arrival class ("arrive", "land", "touch down", "get in", …), as one
 * alternation: an arrival is read the same whichever of its verbs says it.
 */
const ARRIVE_VERBS = [...VERB_CLASSES.arrive.lemmas, ...VERB_CLASSES.arrive.phrasal]
  .map((verb) => verb.replace(/\s+/g, String.raw`\s+`))
  .join('|');

/**
 * A first-person arrival in the present tense ("we arrive Osaka finally", "I just arrive in
 * Lima", "finally we land in Quito"): often how a learner of English says "arrived", but also
 * how an itinerary says a plan ("we land in Osaka on the 3rd"). Read as an arrival only with a
 * word that says it happened (`ARRIVED_NOW`), with nothing that puts it ahead or makes it a
 * condition (`ARRIVAL_AHEAD`), and at a place the gazetteer knows.
 */
const PRESENT_ARRIVAL = new RegExp(
  String.raw`(?<=\b(?:we|i)\s+(?:(?:finally|just)\s+)?)(?:${ARRIVE_VERBS})\s+(?:(?:safely|finally|just)\s+)?(?:(?:in|at|into|to)\s+)?`,
  'giu',
);
const ARRIVED_NOW = /\b(?:finally|just|at last|safely)\b/i;
const ARRIVAL_AHEAD =
  /\b(?:will|'ll|shall|tomorrow|tonight|next|later|soon|on|at\s+\d|by|before|after|around|when|whenever|if|once|until|till|every|usually|always|should|must|can|could|would|might)\b|\d/i;

function presentArrivalHits(t: string, subjectBefore: SubjectAt): Hit[] {
  if (!ARRIVED_NOW.test(t) || ARRIVAL_AHEAD.test(t)) return [];
  return placeHits(PRESENT_ARRIVAL, t, subjectBefore, 'location');
}

/**
 * An in-progress hit for each match of the global `pattern` in `t` that a place follows, framed as
 * `stateStrengthAt` frames it: the place is where the subject is (`location`, an arrival) or where
 * they are headed (`destination`, en route).
 */
function placeHits(
  pattern: RegExp,
  t: string,
  subjectBefore: SubjectAt,
  role: 'location' | 'destination',
): Hit[] {
  const hits: Hit[] = [];
  pattern.lastIndex = 0;
  for (let m = pattern.exec(t); m !== null; m = pattern.exec(t)) {
    const place = placeAt(t, m.index + m[0].length, role === 'destination');
    if (place === null) continue;
    const framed = stateStrengthAt(t, m.index, place.strength);
    if (framed === null) continue;
    hits.push({
      subject: subjectBefore(m.index),
      status: 'in_progress',
      location: role === 'location' ? place.name : null,
      destination: role === 'destination' ? place.name : null,
      span: `${m[0]}${place.name}`,
      strength: framed,
      ...(role === 'location' ? { arrival: true } : {}),
    });
  }
  return hits;
}

/** Arrival, greeting, presence and en-route readings: the speaker (or someone) is in X. */
function presenceHits(t: string, subjectBefore: SubjectAt): Hit[] {
  const hits: Hit[] = presentArrivalHits(t, subjectBefore);
  for (const pattern of [ARRIVAL, GREETING]) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(t); m !== null; m = pattern.exec(t)) {
      const place = placeAt(t, m.index + m[0].length, /\b(?:in|into)\s+$/i.test(m[0]));
      if (place === null) continue;
      const framed = stateStrengthAt(t, m.index, place.strength);
      if (framed === null) continue;
      hits.push({
        subject: pattern === GREETING ? { kind: 'speaker' } : subjectBefore(m.index),
        status: 'in_progress',
        location: place.name,
        destination: null,
        span: `${m[0]}${place.name}`,
        // "Raining again here in Lagos": "here in" says where the speaker is, not whether that
        // is home or a trip; it asks nothing and commits nothing on its own.
        strength: /^here in\b/i.test(m[0]) ? 'weak' : framed,
        arrival: pattern === ARRIVAL,
      });
    }
  }
  PRESENT.lastIndex = 0;
  for (let m = PRESENT.exec(t); m !== null; m = PRESENT.exec(t)) {
    // A copula is weak evidence: a gazetteer place makes it a trip; an unknown name after
    // "in" stays tentative ("we're in Tahoe"). "At" places the speaker at a point (a venue,
    // an airport, a friend's: "I'm at Heathrow", "at Starbucks"), never a trip's location.
    if (/\bat\s+$/i.test(m[0])) continue;
    const place = placeAt(t, m.index + m[0].length, 'weak');
    if (place === null) continue;
    // "I'm in Camden for brunch": a day out in a district, not a trip there.
    const after = t.slice(m.index + m[0].length + place.name.length);
    const framed = stateStrengthAt(t, m.index, place.strength);
    if (framed === null) continue;
    // "I'm in London most weeks these days": a routine, not where the speaker is now.
    const strength = isOuting(after) || habitual(t) ? 'weak' : framed;
    const subject = subjectBefore(m.index);
    if (subject.kind === 'thing') continue;
    hits.push({
      subject,
      status: 'in_progress',
      location: place.name,
      destination: null,
      span: `${m[0]}${place.name}`,
      strength,
    });
  }
  // An elliptical first-person report, the whole clause a place ("in tashkent.", "in Oslo now,
  // finally"): the subject is the speaker, as in "Landed in Oslo".
  const bare = /^in\s+/i.exec(t);
  const place = bare === null ? null : placeAt(t, bare[0].length, 'weak');
  if (bare !== null && place !== null) {
    const after = t.slice(bare[0].length + place.name.length);
    if (
      /^\s*(?:(?:now|already|finally|at last|safe(?:ly)?)\b\s*)?(?:[,.!]|$)/i.test(after) &&
      !frontedLocative(after.replace(/^\s*(?:now|already|finally|at last|safe(?:ly)?)\b/i, ''))
    ) {
      hits.push({
        subject: { kind: 'speaker' },
        status: 'in_progress',
        location: place.name,
        destination: null,
        span: `${bare[0]}${place.name}`,
        strength: place.strength,
      });
    }
  }
  hits.push(...placeHits(EN_ROUTE, t, subjectBefore, 'destination'));
  return hits;
}

/** The words before a journey noun that make it a topic: "about the", "a film of their", "the book on". */
const TOPIC_OF =
  /(?:\babout|\b(?:documentary|film|movie|book|novel|podcast|article|show|series|story|episode|video|song|talk|lecture|essay)\s+(?:on|of))\s+(?:(?:the|a|an|his|her|their|that|this|its)\s+)?(?:[\w'-]+\s+)?$/i;

/** What a booking heading names before "booked:": the things booked, or everything. */
const BOOKING_HEADING =
  /^\s*(?:(?:the|our|my)\s+)?(?:(?:return|outbound|train|bus|ferry)\s+)?(?:flights?|tickets?|hotels?|trains?|seats?|rooms?|trip|travel|accommodation|(?:air)?bnb|hostel|car(?:\s+hire)?|rental(?:\s+car)?|everything|all)(?:\s+(?:and|&|\+)\s+(?:flights?|tickets?|hotels?|trains?|rooms?|accommodation|car(?:\s+hire)?))?\s*(?:now\s+|all\s+|finally\s+)?$/i;

/** A plan read from a travel verb, a booking or a vehicle's destination ("flying to X"). */
function verbPlan(clause: Clause, subjectBefore: SubjectAt): Hit | null {
  const t = clause.text;
  for (const pattern of [PLAN, TAKE_NAMED, BOOKED, FLIGHT_TO]) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(t); m !== null; m = pattern.exec(t)) {
      if (/\bback\s+(?:to|for)\s+$/i.test(m[0])) continue;
      // "Enjoy your trip to Oslo", "hope you have a safe trip": the listener's journey.
      if (listenersAt(t, m.index)) continue;
      // A booking names its destination plainly; a bare travel noun before "to" is weaker.
      const first = placeAt(t, m.index + m[0].length, pattern !== BOOKED);
      if (first === null) continue;
      // "Booked Faro -> Leeds", "booked Faro to Leeds": a place that starts a route is where the
      // leg leaves from; the place at the route's far end is the destination.
      const end = m.index + m[0].length + first.name.length;
      const link = ROUTE_LINK.exec(t.slice(end));
      const place = link === null ? first : placeAt(t, end + link[0].length, false);
      if (place === null) continue;
      // "Train to Leeds is delayed": a vehicle's destination is the speaker's plan only when
      // it is theirs ("my flight", "we booked"), booked, or dated; otherwise worth asking.
      const unowned =
        pattern === FLIGHT_TO &&
        clause.dates.length === 0 &&
        !/\b(?:my|our|i|we|i'm|we're|booked|reserved|confirmed|tickets?)\b/i.test(t);
      // "Going to Leeds for the match": a day out, not a trip.
      const outing = isOuting(t.slice(m.index + m[0].length + place.name.length));
      // "Booked my mum a flight to X", "flight for my parents to X": someone else's trip.
      const forOther =
        BENEFICIARY.test(t.slice(0, m.index + m[0].length)) ||
        escorted(t.slice(0, m.index + m[0].length));
      // "A documentary about the flight to X", "a book on the trip to Y": the journey is what
      // something is about, not a plan of the speaker's.
      const topic = TOPIC_OF.test(t.slice(0, m.index));
      // "Flights booked: Oslo on 3 December", "Hotel booked: Lyon": a heading naming what was
      // booked, not a person who booked it; the note is the speaker's own.
      const heading =
        pattern === BOOKED && /:\s*$/.test(m[0]) && BOOKING_HEADING.test(t.slice(0, m.index));
      return planned(
        heading ? { kind: 'speaker' } : subjectBefore(m.index),
        place.name,
        `${m[0]}${place.name}`,
        outing || unowned || forOther || topic
          ? 'weak'
          : planStrengthAt(t, m.index, place.strength),
      );
    }
  }
  return null;
}

/**
 * "Porto instead of Madrid", "Kyoto rather than Osaka": a replaced destination, when both sides
 * are places the gazetteer knows.
 */
function swapPlan(clause: Clause, doc: DocContext): Hit | null {
  const t = clause.text;
  const swap = /\b(?:instead of|rather than|not)\s+(?=[A-Z])/.exec(t);
  if (swap === null) return insteadPlan(clause, doc);
  const words = t.slice(0, swap.index).trim().split(/\s+/);
  for (let k = Math.max(0, words.length - 3); k < words.length; k++) {
    const phrase = words.slice(k).join(' ');
    const start = t.slice(0, swap.index).lastIndexOf(phrase);
    const place = placeAt(t, start, false);
    const replaced = placeAt(t, swap.index + swap[0].length, false);
    if (place !== null && replaced !== null && place.name === phrase) {
      return planned(
        subjectFromAnalysis(clause, doc) ?? { kind: 'speaker' },
        place.name,
        t.slice(start),
        'strong',
      );
    }
  }
  return null;
}

/**
 * "We're doing Chiang Mai instead", "going with Porto instead": a place chosen in place of the
 * plan on record, when the gazetteer knows it and the clause is about the speaker or the group.
 */
function insteadPlan(clause: Clause, doc: DocContext): Hit | null {
  const t = clause.text;
  const instead = /\s+instead\b(?!\s+of)/.exec(t);
  if (instead === null) return null;
  const words = t.slice(0, instead.index).trim().split(/\s+/);
  for (let k = Math.max(0, words.length - 3); k < words.length; k++) {
    const phrase = words.slice(k).join(' ');
    if (!/^\p{Lu}/u.test(phrase)) continue;
    const start = t.slice(0, instead.index).lastIndexOf(phrase);
    const place = placeAt(t, start, false);
    if (place === null || place.name !== phrase) continue;
    // "Doing Kotlin instead" (a small town, and a language): without a travel word, only a
    // country, a region or a city of 100,000 people or more is read as a place.
    const known = lookupPlace(place.name);
    const big = known !== null && (known.kind !== 'city' || known.population >= 100_000);
    if (
      !big &&
      !/\b(?:trip|fly|flights?|flying|go|going|head(?:ing)?|travel|book(?:ed|ing)?|holiday|vacation|visit)\b/i.test(
        t,
      )
    ) {
      return null;
    }
    const subject = subjectFromAnalysis(clause, doc);
    if (subject === null || subject.kind === 'person') return null;
    return planned(
      subject,
      place.name,
      t.slice(start, instead.index + instead[0].length),
      'strong',
    );
  }
  return null;
}

/** A line labelled as the leg home of an itinerary ("Return:", "New return:", "Inbound flight:"). */
const BOOKING_RETURN_LINE =
  /^(?:new\s+|updated\s+|changed\s+)?(?:return|inbound|homebound)(?:\s+(?:flight|leg|journey|train))?\s*:/i;

/** "LIS -> OPO", "Lisbon -> Porto": the place after the arrow. */
function arrowPlan(t: string): Hit | null {
  // "New return: KRK -> SOF, Mon 18 May": a leg home the return-label reading below does not
  // cover; its date is the return (read by the return-only reading), its place no destination.
  if (BOOKING_RETURN_LINE.test(t) && !RETURN_LABEL.pattern.test(t)) return null;
  ARROW.lastIndex = 0;
  const arrow = ARROW.exec(t);
  if (arrow === null) return null;
  const place = placeAt(t, arrow.index + arrow[0].length, true);
  if (place === null) return null;
  // "The four of us are flying Oslo -> Tromsø": a first-person plural makes it the group's.
  const plural = /\b(?:we|we're|we've|us|our)\b/i.test(t.slice(0, t.indexOf('->', arrow.index)));
  return planned(
    plural ? { kind: 'we' } : { kind: 'speaker' },
    // "Return: OPO -> LIS": the way back ends at home, which is no destination of the trip.
    RETURN_LABEL.pattern.test(t) ? null : place.name,
    `${arrow[0]}${place.name}`,
    place.strength,
  );
}

/** Nouns of time that may follow a trip noun without it modifying them ("the Oslo trip tomorrow"). */
const TIME_NOUN =
  /^(?:today|tomorrow|tonight|weekend|week|month|year|morning|afternoon|evening|night|day|days|weeks|months)$/i;

/**
 * Whether the trip noun at `index` modifies a noun after it ("the Japan trip photos", "the Rome
 * trip budget"): the phrase is about that noun, not the trip.
 */
function tripNounModifies(clause: Clause, index: number): boolean {
  const next = /^\S+\s+(\p{Ll}[\p{L}-]*)/u.exec(clause.text.slice(index))?.[1];
  if (next === undefined || TIME_NOUN.test(next)) return false;
  return clause.analysis.tokens.some((t) => t.text === next && t.pos === 'NOUN');
}

/** "the Lisbon trip": a known place right before a trip noun. */
function namedTripPlan(clause: Clause): Hit | null {
  const t = clause.text;
  const named = NAMED_TRIP.exec(t);
  if (named === null || tripNounModifies(clause, named.index)) return null;
  const words = t.slice(0, named.index).trim().split(/\s+/);
  const place = words.length > 0 ? words[words.length - 1] : undefined;
  if (!place || !/^[A-Z][a-z]+$/.test(place)) return null;
  const start = t.slice(0, named.index).lastIndexOf(place);
  const phrase = placeAt(t, start, false);
  if (phrase === null || /'s$/.test(phrase.name)) return null;
  // "Cancel the Madrid trip": the trip is named to call it off, which is no plan for it.
  if (classReading(clause, 'cancel') !== null) return null;
  // "Ah, the famous Swindon getaway": a trip named with no verb and no date is a mention; so is
  // one named in a request or a question ("remind me about the Madrid trip", "how was the Oslo
  // trip?"): it may be planned, but the sentence does not say so.
  const mention =
    (clause.analysis.predicate === null && clause.dates.length === 0) ||
    clause.analysis.mood === 'imperative' ||
    clause.analysis.mood === 'question';
  // "my flatmate's Krakow trip", "their Lisbon trip": someone else's trip.
  const others = THIRD_PARTY_POSSESSOR.pattern.test(`${t.slice(0, start)}${phrase.name}`);
  if (listenersAt(t, start)) return null;
  return planned(
    { kind: 'speaker' },
    phrase.name,
    `${phrase.name} ${named[0]}`,
    mention || others ? 'weak' : phrase.strength,
  );
}

const LEAVING = /\b(?:leaving|departing|flying out|heading out|fly out)\b/i;

/**
 * "Leaving the company", "leaving Slack for the day", "leaving work early": "leave" with an
 * object that is not a place (a job, a group, an app, a venue) is no departure on a trip.
 * Read on the words right after the verb; a place, a time or a preposition keeps it a departure.
 */
function leavesSomething(after: string): boolean {
  const next = /^\s+([\p{L}'-]+)/u.exec(after)?.[1];
  if (next === undefined) return false;
  if (
    /^(?:the|a|an|my|our|your|his|her|their|this|that|it|them|him|work|school|class|uni|college|office)$/i.test(
      next,
    )
  ) {
    return true;
  }
  return (
    /^\p{Lu}/u.test(next) &&
    lookupPlace(next) === null &&
    !/^(?:[Mm]on|[Tt]ue|[Ww]ed|[Tt]hu|[Ff]ri|[Ss]at|[Ss]un)/.test(next) &&
    !isDateWord(next)
  );
}

/** A month or relative day name ("Leaving March 3", "Leaving Tomorrow"). */
function isDateWord(word: string): boolean {
  return /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|today|tomorrow|tonight|next|this)/i.test(
    word,
  );
}

/** Trip nouns a place may modify as the thing booked ("the Gdańsk weekend is booked"). */
const BOOKED_TRIP_NOUN = /\s+(?:trip|weekend|holiday|vacation|getaway|visit|break|flights?)$/i;

/**
 * The speaker's (or an unowned) trip to a place as a whole noun phrase ("our trip to Oslo", "the
 * flights to Accra", "my holiday in Crete"); another owner ("their trip to Oslo") is not matched.
 */
const TRIP_TO_PLACE =
  /^(?:(?:my|our|the)\s+)?(?:trip|holiday|vacation|getaway|visit|break|flights?|tickets?|train|ferry|hotel)\s+(?:to|in)\s+(\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)?)$/u;

/** Words after "for" that are times, not people ("booked for May", "for Easter"). */
const FOR_TIME =
  /^(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?|easter|christmas|new)$/i;

/** "booked for Sam", "for Dad": a capitalised name after "for" that is not a time. */
function forNamedPerson(text: string): boolean {
  for (const m of text.matchAll(/\bfor\s+(\p{Lu}\p{Ll}+)\b/gu)) {
    if (!FOR_TIME.test(m[1] ?? '')) return true;
  }
  return false;
}

/**
 * A place as the subject of a passive booking verb ("Denver's booked for the conference", "the
 * Gdańsk weekend is booked!", "Marseille is booked with …"): what was booked is the trip there.
 * Read from the clause's structure (verb class `book`, passive voice), so any wording with the
 * place as the grammatical subject counts; the place must be in the gazetteer ("the table is
 * booked", "Nobu is booked" are no trips), and "booked solid/up/out" means full.
 */
function passiveBooking(clause: Clause): Hit | null {
  const reading = classReading(clause, 'book');
  if (reading === null || !reading.passive || reading.negated) return null;
  if (clause.analysis.mood !== 'statement' || reading.embedded) return null;
  // "Kyoto is fully booked", "booked solid", "was booked when I checked": the place is full.
  if (/\b(?:booked|reserved)\s+(?:solid|up|out|full)\b/i.test(clause.text)) return null;
  if (
    /\b(?:fully|completely|totally|entirely|all|already)\s+(?:booked|reserved)\b/i.test(clause.text)
  )
    return null;
  if (/\bwhen\s+(?:i|we)\s+(?:checked|looked|tried|called|asked)\b/i.test(clause.text)) return null;
  // "the trip to Paris was booked last year": a booking remembered, not a trip ahead.
  if (RECALLED_TIME.pattern.test(clause.sentence)) return null;
  // "our trip to Oslo is booked for June": the trip noun heads the subject, its place follows.
  const phrase = reading.subjectPhrase.trim();
  const tripTo = TRIP_TO_PLACE.exec(phrase.charAt(0).toLowerCase() + phrase.slice(1));
  const name = (
    tripTo?.[1] ??
    reading.subjectPhrase.replace(/^(?:my|our|the)\s+/i, '').replace(BOOKED_TRIP_NOUN, '')
  ).trim();
  if (name === '' || !/^\p{Lu}/u.test(name) || lookupPlace(name) === null) return null;
  // "Rome was booked by my sister for her honeymoon": someone else booked it, for someone else.
  const forOther =
    /\bby\s+(?!me\b|us\b|myself\b)\S/i.test(clause.text) ||
    /\bfor\s+(?:his|her|their|\p{Lu}\p{Ll}+'s)\b/iu.test(clause.text) ||
    // "Barcelona's booked for Dad", "Lisbon is booked for Sam and Priya".
    forNamedPerson(clause.text) ||
    /\bfor\s+(?:mum|mom|dad|grandma|grandpa|the kids|the boys|the girls)\b/i.test(clause.text) ||
    /\bfor\s+(?:my|our)\s+(?:mum|mom|dad|parents?|brother|sister|son|daughter|kids?|wife|husband|partner|friends?|boss|cousin)\b/i.test(
      clause.text,
    );
  return planned({ kind: 'speaker' }, name, clause.text, forOther ? 'weak' : 'strong');
}

/** The first plan the clause states, by the readings above in order; else a dated departure. */
function plannedHit(clause: Clause, doc: DocContext, subjectBefore: SubjectAt): Hit | null {
  const t = clause.text;
  const plan =
    passiveBooking(clause) ??
    verbPlan(clause, subjectBefore) ??
    swapPlan(clause, doc) ??
    arrowPlan(t);
  const found = plan ?? namedTripPlan(clause);
  if (found !== null) return found;
  const leaving = LEAVING.exec(t);
  if (leaving === null || clause.dates.length === 0) return null;
  if (leavesSomething(t.slice(leaving.index + leaving[0].length))) return null;
  return planned(subjectBefore(t.search(LEAVING)), null, t, 'strong');
}

/**
 * Whether the entity has a trip on record that is planned or under way with a destination: an
 * arrival then is a stop on it, not where it goes.
 */
function tripUnderWay(entityId: string, doc: DocContext): boolean {
  const value = (field: string) =>
    doc.input.known.find((k) => k.entityId === entityId && k.field === field)?.value ?? null;
  const status = value('travel.status');
  return value('travel.destination') !== null && (status === 'planned' || status === 'in_progress');
}

/**
 * An arrival verb said without a place of its own ("landed!", "touched down at CDG"). Not "made
 * it" or "got in": "I got in!" is an admission, "we made it" a deadline, as often as a flight.
 */
const BARE_ARRIVAL = /\b(?:landed|arrived|touched down)\b/i;
/** A stop on the way, not the trip's place ("landed at JFK, 3 hours till my connection"). */
const STOP_ON_THE_WAY =
  /\b(?:layover|stopover|connection|connecting|transfer|boarding|gate|before)\b/i;
/**
 * What may follow a bare arrival: an airport code or a word for the terminal, then the end, a
 * punctuation mark, a symbol, or a time or stance adverb. Any other word ("landed a job",
 * "arrived late to the meeting", "made it to the final") is not an arrival at the trip's place.
 */
const ARRIVAL_TAIL =
  /^\s*(?:(?:at|in|into)\s+)?(?:(?:the\s+)?(?:airport|terminal)\b|[A-Z]{3}\b)?\s*(?:(?:safe(?:ly)?|finally|at last|just now|ok|okay|yay|phew)\b\s*)*(?:$|[^\p{L}\s])/u;

/**
 * A first-person arrival without a place ("Landed!", "we made it", "touched down at CDG, taking
 * the train in") while a trip with a committed destination is planned or under way: the speaker
 * is at that destination. Strong when the message falls between the trip's departure (less a
 * day) and its return; without a departure on record, moderate (asked, never committed alone).
 */
function arrivedOnTrip(clause: Clause, doc: DocContext, subjectBefore: SubjectAt): Hit | null {
  const t = clause.text;
  const m = BARE_ARRIVAL.exec(t);
  if (m === null || !ARRIVAL_TAIL.test(t.slice(m.index + m[0].length))) return null;
  // "Landed, home sweet home", "made it back": the journey home, not the trip's place.
  if (/\b(?:home|back)\b/i.test(clause.sentence)) return null;
  if (STOP_ON_THE_WAY.test(clause.sentence)) return null;
  const reading = classReading(clause, 'arrive');
  if (reading === null || reading.negated || reading.embedded) return null;
  if (clause.analysis.mood !== 'statement' || clause.analysis.tense === 'future') return null;
  const subject = subjectBefore(m.index);
  if (subject.kind !== 'speaker' && !(subject.kind === 'we' && subject.third !== true)) return null;
  const entityId = entityFor(subject, doc);
  const slot = (field: string) =>
    doc.input.known.find(
      (k) => k.entityId === entityId && k.field === field && k.committed !== false,
    )?.value ?? null;
  const destination = slot('travel.destination');
  const status = slot('travel.status');
  if (destination === null || (status !== 'planned' && status !== 'in_progress')) return null;
  const today = doc.input.at.slice(0, 10);
  const departure = slot('travel.departure_date');
  const back = slot('travel.return_date');
  const dayBefore = (iso: string) =>
    new Date(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  if (departure !== null && today < dayBefore(departure)) return null;
  if (back !== null && today >= back.slice(0, 10)) return null;
  // An airport code cannot be checked against the destination, and the day before departure may
  // be a stop on the way: both are asked, never committed alone.
  const coded = /\b[A-Z]{3}\b/.test(t.slice(m.index + m[0].length));
  const certain = departure !== null && today >= departure.slice(0, 10) && !coded;
  return {
    subject,
    status: 'in_progress',
    location: destination,
    destination: null,
    span: t,
    strength: certain ? 'strong' : 'moderate',
  };
}

/**
 * "Staying home", "home all day", "wfh today": the speaker is at home, with no trip status
 * said. Not a return ("back home" is one), not a plan, not someone else.
 */
const HOME_PRESENCE =
  /\b(?:(?:staying|stay|stuck|sitting|working|i'm|i am|we're|we are)\s+(?:at\s+)?home\b(?!-)(?!\s+(?:from|to)\b)|home all (?:day|week|weekend)|wfh\b|working from home)/i;

function homeHit(clause: Clause, doc: DocContext, subjectBefore: SubjectAt): Hit | null {
  const home = HOME_PRESENCE.exec(clause.text);
  const { negated, tense } = clause.analysis;
  if (home === null || negated || tense === 'future') return null;
  // "We stayed home all weekend, too rainy": a stretch that is over says nothing of now.
  if (tense === 'past' && !NOW_SAID.test(clause.text)) return null;
  const framed = stateStrengthAt(clause.text, home.index, 'strong');
  if (framed === null || habitual(clause.text)) return null;
  const today = doc.input.at.slice(0, 10);
  if (clause.dates.some((d) => d.date !== null && d.date !== today)) return null;
  // "Ruth is staying home with a sore throat": someone else at home is their own state (a family
  // member's), never a trip state of the speaker's. The words before the predicate may end in a
  // verb ("Ruth is"); then the clause's own subject says who it is.
  const subject = subjectBefore(home.index);
  if (subject.kind === 'person' || (subject.kind === 'we' && subject.third === true)) return null;
  const said = clause.analysis.subject.kind;
  if (subject.kind === 'thing' && said !== 'speaker' && said !== 'we' && said !== 'none') {
    return null;
  }
  return {
    subject,
    status: null,
    location: 'home',
    destination: null,
    span: home[0],
    strength: framed,
  };
}

/** Words that end the stretch of a clause a presence's time words belong to. */
const PREDICATE_BOUNDARY =
  /[,;:!?()—–]|\s-\s|\b(?:and|but|while|until|till|til|before|after|when|because|though|although|so|then|since|whereas)\b/gi;
/** A clause that says the presence is now, whatever else it says of time. */
const NOW_SAID =
  /\b(?:now|today|tonight|currently|at the moment|this (?:morning|afternoon|evening))\b/i;

/**
 * The stretch of the clause a presence's time words belong to, `[from, to)`: from the last
 * boundary before the presence to the first after it (`PREDICATE_BOUNDARY`).
 */
function presenceSegment(hit: Hit, t: string): readonly [number, number] {
  const at = t.indexOf(hit.span);
  let from = 0;
  let to = t.length;
  if (at < 0) return [from, to];
  for (const b of t.matchAll(PREDICATE_BOUNDARY)) {
    if (b.index < at) from = b.index + b[0].length;
    else if (b.index >= at + hit.span.length) {
      to = b.index;
      break;
    }
  }
  return [from, to];
}

/**
 * Where the undated stretches of time said of a presence lie ("We're in Tahoe this weekend"):
 * only those in the presence's own stretch of the clause, with no other predicate or clause
 * between ("in Lisbon today, Porto next weekend" says nothing ahead of Lisbon). None when the
 * clause says the presence is now ("right now, this week has been amazing") or the sentence tells
 * an arrival ("Just landed, in Lisbon for the weekend"); none around today when the trip on
 * record to that place has already left ("We're in Lisbon this week" two days after the flight).
 */
function presenceStretches(
  hit: Hit,
  clause: Clause,
  doc: DocContext,
  entityId: string,
): StretchPlace[] {
  const t = clause.text;
  if (NOW_SAID.test(t)) return [];
  const [from, to] = presenceSegment(hit, t);
  // "Just landed, we're in Lisbon for the weekend": the arrival says the presence is now.
  if (BARE_ARRIVAL.test(clause.sentence)) return [];
  const today = doc.input.at.slice(0, 10);
  const places = stretchesOfTime(t.slice(from, to), today).map((s) => s.place);
  if (!places.includes('around-today')) return places;
  const known = (field: string) => recordedValue(doc, entityId, field);
  const departure = known('travel.departure_date');
  const destination = known('travel.destination');
  const departed =
    departure !== null &&
    departure <= today &&
    /^(?:planned|in_progress)$/.test(known('travel.status') ?? '') &&
    (destination === null || destination.toLowerCase() === hit.location?.toLowerCase());
  if (departed) return places.filter((p) => p !== 'around-today');
  return places;
}

/** The status, location and destination candidates of each reading, with its evidence. */
function hitCandidates(hits: readonly Hit[], clause: Clause, doc: DocContext): Candidate[] {
  const t = clause.text;
  const out: Candidate[] = [];
  for (let hit of hits) {
    if (assistantsOwnWords(doc.input.role, hit.subject.kind)) continue;
    // "Lisbon or Porto on October 2": no destination, and the plan's status and dates are as
    // undecided as its place (kept strong, they moved onto the trip already on record).
    if (hit.destination !== null && amongAlternatives(t, hit.destination))
      hit = { ...hit, destination: null, strength: 'weak' };
    const subject =
      hit.subject.kind === 'thing'
        ? subjectFromAnalysis(clause, doc, hit.subject.phrase)
        : hit.subject;
    // A trip whose subject is neither a person nor the speaker ("the parcel is in Lyon") is
    // nobody's trip.
    if (subject === null) continue;
    const entityId = entityFor(subject, doc);
    const intent = travelIntent(clause, hit.status === 'planned' ? 'planning' : 'assertive');
    // An arrival, presence or return told as a story ("When we got to X it was snowing", "got
    // back from X two weeks ago") is not the present state.
    const told = hit.status !== 'planned' && NARRATIVE.pattern.test(t);
    // "We're in Munich next week": a presence said of a future date is a plan; not a date of
    // another predicate ("in Lisbon now, off to Porto next week", "in Lisbon, the kids join me
    // next week") nor in a clause that says the presence is now.
    const [from, to] = presenceSegment(hit, t);
    const ahead =
      hit.status === 'in_progress' &&
      hit.arrival !== true &&
      !NOW_SAID.test(t) &&
      clause.dates.some(
        (d) =>
          d.date !== null &&
          d.start >= from &&
          d.start < to &&
          d.date > doc.input.at.slice(0, 10) &&
          // "in Reno for the week", "in Oslo till Friday": how long, not when it starts.
          !/\b(?:for|till|til|until|through|thru|to|by|back|home|return(?:ing)?)\s*(?:on\s+)?$/i.test(
            t.slice(0, d.start),
          ) &&
          !/^(?:the|a)\s+(?:week|weekend|day|night|month)\b/i.test(d.text),
      );
    // "The fair is on the 13th here in Denver": "here in" says where the speaker lives, never a
    // destination; with a date ahead it says nothing about now either.
    if (ahead && /^here in\b/i.test(hit.span)) continue;
    if (ahead && hit.location !== null) {
      hit = { ...hit, status: 'planned', destination: hit.location, location: null };
    } else if (hit.status === 'in_progress' && hit.arrival !== true && hit.location !== null) {
      // "We're in Tahoe this weekend" said on a Monday: a stretch ahead, left undated, makes the
      // presence a plan; one that holds today and days ahead ("this week" on a Tuesday) may be
      // now or later. Neither is presence now, and neither commits a plan (issue #10).
      const places = presenceStretches(hit, clause, doc, entityId);
      if (places.includes('ahead')) {
        hit = {
          ...hit,
          status: 'planned',
          destination: hit.location,
          location: null,
          strength: 'weak',
        };
      } else if (places.includes('around-today')) hit = { ...hit, strength: 'weak' };
    }
    const s = secondHand(subject, doc) || told ? 'weak' : hit.strength;
    if (hit.status !== null) {
      out.push(candidate(entityId, 'travel.status', hit.status, clause, intent, hit.span, s));
    }
    if (hit.location !== null) {
      out.push(candidate(entityId, 'travel.location', hit.location, clause, intent, hit.span, s));
    }
    const destination =
      hit.destination ??
      (hit.arrival === true && hit.location !== null && !tripUnderWay(entityId, doc)
        ? hit.location
        : null);
    if (destination !== null) {
      out.push(candidate(entityId, 'travel.destination', destination, clause, intent, hit.span, s));
    }
  }

  return out;
}

/**
 * A change of date for a trip already on record ("we've changed to the 28th", "moved our flight
 * to Friday"): the new departure date, as a correction, when the entity has a departure date.
 */
/**
 * A bare day of the month in a move ("moved my flight to the 14th") means that day near the
 * departure on record, not the next such day after the message: read by `dayOfMonthNear`, the one
 * home of that reading (the month of the old date, or the next when that day is more than two
 * weeks before it). Null when a weekday said with it disagrees ("to sat 14th" on a Monday).
 */
function nearDeparture(date: DateMention, known: string): string | null {
  const bare = dayOfMonthNear(date.text, known);
  if (bare === 'disagrees') return null;
  return bare ?? date.date ?? known;
}

/** Words that name a trip or a part of one ("flight", "booking", "the outbound", "it"). */
const TRIP_THING =
  /\b(?:flights?|trip|departure|outbound|booking|tickets?|train|holiday|vacation|journey|travel|it|everything)\b/i;

/**
 * The words a move may put between "to" and the day it goes to: an article, or a modifier of the
 * day ("the weekend of", "around", "next").
 */
const DAY_AFTER_TO =
  /^\s*(?:the\s+)?(?:(?:(?:weekend|week)\s+of|around|about|roughly|approximately|next|this|coming)\s+)?(?:the\s+)?$/i;

/**
 * Whether the words after a day name an appointment or an event as its purpose ("for the
 * dentist", "for the vet appointment", "for the kickoff meeting"): the everyday venues and
 * events `isOuting` reads, here at any of the purpose's first words.
 */
function namesAppointment(after: string): boolean {
  const purpose = /^\W*for\s+(?:the|my|our|a|an|his|her|their|some)\s+(\S.*)$/i.exec(after)?.[1];
  if (purpose === undefined) return false;
  const head = purpose.split(/\s+/).slice(0, 3);
  return head.some((_, i) => isOuting(` for ${head.slice(i).join(' ')}`));
}

/**
 * A trip moved to another day: a move verb and "to" ("moved it to the 22nd", "got bumped to the
 * 3rd"), or a passenger moved onto another departure ("rebooked me on tomorrow's 08:00", "put us
 * on Wednesday's flight"). Group 1 is what moved; group 2 the passenger ("me", "us").
 */
const MOVED_TO =
  /\b(?:(?:changed|moved|pushed|switched|rebooked|shifted|bumped)\s+((?:it|the|our|my)\s+(?:\w+\s+)?(?:flight|trip|departure)?\s*)?to|(?:rebooked|bumped|moved|switched|put)\s+(me|us)\s+(?:on|onto|to))\s+/i;

/** A passive verb group opening its clause, with no subject before it ("ugh, got", "Just got"). */
const SUBJECTLESS_PASSIVE = /(?:^|[,;:!—–-])\s*(?:just\s+)?(?:got|been)\s*$/i;

function movedDeparture(clause: Clause, doc: DocContext, dated: Hit | null): Candidate | null {
  const t = clause.text;
  if (dated !== null) return null;
  const change = MOVED_TO.exec(t);
  if (change === null) return null;
  // "got bumped to the 3rd", "they rebooked me on tomorrow's 08:00": the speaker moved.
  const speakerMoved =
    change[2] !== undefined || SUBJECTLESS_PASSIVE.test(t.slice(0, change.index));
  // "moved my return flight to the 25th", "our return train got moved": the other leg.
  if (
    /\breturn(?:ing)?\b|\b(?:flight|train|trip)\s+(?:back|home)\b/i.test(
      t.slice(0, change.index + change[0].length),
    )
  ) {
    return null;
  }
  // "The marathon moved to Sunday", "moved the concert to the 14th": what moved must be the
  // trip (a trip word, "it", or the speaker's own move), not another event.
  const moved = `${t.slice(0, change.index)} ${change[1] ?? ''}`;
  const before = subjectOf(t.slice(0, change.index), doc);
  const other =
    !speakerMoved &&
    (before.kind === 'person' ||
      (before.kind === 'thing' && !TRIP_THING.test(before.phrase)) ||
      (change[1] !== undefined && !/^it\b/i.test(change[1]) && !TRIP_THING.test(change[1])));
  if (other && !TRIP_THING.test(moved)) return null;
  const target = change.index + change[0].length;
  // The day after the move; chrono may take the "on" of "put us on Saturday's flight" with it.
  const date = clause.dates.find(
    (d) => d.start >= target - 1 || (d.end > target && d.start >= change.index),
  );
  if (date?.date == null) return null;
  // "We switched to Adyen last week": the change goes to something else, and the day is when it
  // happened. The day must be what the change goes to ("to the 22nd", "to Monday the 9th"), a
  // modifier of the day aside ("to the weekend of the 23rd", "to next Friday the 15th").
  if (!DAY_AFTER_TO.test(t.slice(target, Math.max(target, date.start)))) return null;
  // "we've changed to the 22nd for the dentist": with no trip named (or only "it"), a purpose
  // naming an appointment or an event says what moved; a purpose of the trip's own ("for the
  // cheaper fare", "for my birthday") does not.
  const namesTrip = TRIP_THING.test(moved.replace(/\b(?:it|everything)\b/gi, ' '));
  if (!namesTrip && namesAppointment(t.slice(date.end))) return null;
  const subject: Subject = /\b(?:we|we've|we're|our|us)\b/i.test(t)
    ? { kind: 'we' }
    : { kind: 'speaker' };
  const entityId = entityFor(subject, doc);
  const known = recordedValue(doc, entityId, 'travel.departure_date');
  // "Our flight to Hanoi got moved to the 14th" with no trip on record: the speaker's own trip,
  // named by a trip word and its place, now leaves that day. No trip was on record, so the day
  // is asked, not committed (moderate); "my flight moved to Dec 12" names no trip to ask about.
  if (known === null && !(namesTrip && OWN_TRIP.test(moved) && namesPlace(moved))) return null;
  const newDate = known === null ? date.date : nearDeparture(date, known);
  // A trip is moved to a day still ahead, never to one already past.
  if (newDate === null || newDate < doc.input.at.slice(0, 10)) return null;
  return {
    ...candidate(
      entityId,
      'travel.departure_date',
      newDate,
      clause,
      travelIntent(clause, 'planning'),
      change[0],
      known === null ? 'moderate' : 'strong',
    ),
    correction: known !== null,
  };
}

/** Whether a word of the phrase is a place the gazetteer knows ("to Hanoi", "my oaxaca flight"). */
function namesPlace(phrase: string): boolean {
  // An ordinary word that is also some town's name ("trip", "reading") names no place here.
  return phrase
    .split(/[^\p{L}'-]+/u)
    .some((w) => w.length > 2 && lookupPlace(w) !== null && !isVocabularyWord(w.toLowerCase()));
}

/** A trip word the speaker owns ("our flight", "my Hanoi trip", "my outbound"). */
const OWN_TRIP =
  /\b(?:my|our)\s+(?:[\p{L}'-]+\s+)?(?:flights?|trip|departure|outbound|booking|train|holiday|vacation|journey)\b/iu;

/**
 * The return leg of a trip on record moved to another day ("moved my return flight to the 25th",
 * "the flight home got pushed to May 26"): the new return date, as a correction. `'none'` when
 * the clause moves no return leg; null when it does but says no date to commit: another person's
 * leg, a question, a condition, a hedge, a negation, a memory, no return date on record, a date
 * before today, a bare weekday (which week?) or a weekday that disagrees with the day of the month.
 */
function movedReturn(clause: Clause, doc: DocContext): Candidate | null | 'none' {
  const t = clause.text;
  if (!/\breturn|\b(?:back|home)\b/i.test(t)) return 'none';
  const reading = rescheduleReading(clause.analysis, t);
  if (reading === null || !RETURN_LEG.pattern.test(reading.moved.trim())) return 'none';
  // "moved my return to work to the 25th": a bare "return" going to somewhere other than the
  // new day is a return to work, school or the office, not the way home of a trip.
  const movedAt = t.toLowerCase().indexOf(reading.moved.trim().toLowerCase());
  const afterMoved = movedAt < 0 ? '' : t.slice(movedAt + reading.moved.trim().length);
  if (
    /return\s*$/i.test(reading.moved.trim()) &&
    /^\s+(?:to|from|at|in)\s+(?!(?:the\s+)?\d|(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s+\d)/i.test(
      afterMoved,
    )
  ) {
    return null;
  }
  const analysis = clause.analysis;
  const agent = reading.agent.trim();
  const own = agent === '' || /^(?:i|we|i've|we've|ive)$/i.test(agent);
  if (
    reading.negated ||
    !own ||
    analysis.mood !== 'statement' ||
    analysis.tense === 'future' ||
    clause.intent.hedged ||
    RECALLED_TIME.pattern.test(clause.sentence)
  ) {
    return null;
  }
  const possessive = /^(?:his|her|their)\b/i.test(reading.moved.trim());
  if (possessive) return null;
  const subject: Subject = /\b(?:we|we've|our|us)\b/i.test(`${agent} ${reading.moved}`)
    ? { kind: 'we' }
    : { kind: 'speaker' };
  const entityId = entityFor(subject, doc);
  const known = recordedValue(doc, entityId, 'travel.return_date');
  if (known === null || !/^\d{4}-\d{2}-\d{2}$/.test(known)) return null;
  const target = t.slice(reading.targetAt);
  const bare = dayOfMonthNear(target, known);
  let date: string | null = null;
  if (bare === 'disagrees') return null;
  if (bare !== null) date = bare;
  else {
    const mention = clause.dates.find((d) => d.start >= reading.targetAt - 1);
    // A bare weekday ("to friday") says which day of which week only by guess.
    if (mention?.date == null || !/\d/.test(mention.text)) return null;
    const weekday = openingWeekday(mention.text);
    if (weekday !== null && new Date(`${mention.date}T00:00:00Z`).getUTCDay() !== weekday) {
      return null;
    }
    date = mention.date;
  }
  if (date < doc.input.at.slice(0, 10)) return null;
  return {
    ...candidate(
      entityId,
      'travel.return_date',
      date,
      clause,
      travelIntent(clause, 'planning'),
      t.slice(0, reading.targetAt),
    ),
    correction: true,
  };
}

/** Departure and return dates, for a plan or a return-only clause ("back on the 14th"). */
function dateCandidates(clause: Clause, doc: DocContext, dated: Hit | null): Candidate[] {
  const t = clause.text;
  const out: Candidate[] = [];
  const split = splitDates(clause);
  // "Return: OPO -> LIS, Tue 9 Jun": on a route labelled as the way back, the day is the return.
  const returnLine = RETURN_LABEL.pattern.test(t) && t.includes('->');
  const departure = returnLine ? null : split.departure;
  const returnDate = returnLine ? (split.ret ?? split.departure) : split.ret;
  const marked = split.marked;
  // "… back in Amman on the 24th": a future return said outright, of a trip under way.
  const statedReturn =
    marked &&
    returnDate !== null &&
    !/\b(?:was|were|got|came|had been|went)\s+(?:back|home)\b/i.test(t) &&
    returnDate > doc.input.at.slice(0, 10) &&
    /\b(?:back|home|return(?:ing)?)\s+(?:in|to|home|on)\b/i.test(t);
  const movedBack = movedReturn(clause, doc);
  if (movedBack !== 'none') return movedBack === null ? [] : [movedBack];
  const moved = movedDeparture(clause, doc, dated);
  if (moved !== null) return [moved];
  // "return shipment", "return policy": a "return" that is no leg of a trip opens no return.
  const returnOnly =
    dated === null &&
    ((/^(?:back|return(?:ing)?|return flight|home)\b/i.test(t.trim()) &&
      !/^return\s+(?!(?:flight|leg|trip|train|journey|ticket|date|bus|ferry|coach|is|was|on|the|at|in|by|now)\b)\p{L}/iu.test(
        t.trim(),
      ) &&
      // "Return: 2 items, refund due …": a label of a parcel, unless the line is a route.
      !/^returns?\s*:(?!.*(?:->|→))/i.test(t.trim())) ||
      // "Return flight: …", "New return: …": a labelled leg home in a booking (a bare "Return:" or
      // "Inbound:" also labels parcels and deliveries, so it counts only as a route, above).
      (BOOKING_RETURN_LINE.test(t.trim()) &&
        !/^(?:returns?|inbound|homebound)\s*:/i.test(t.trim())));
  const travelTalk =
    dated !== null ||
    returnOnly ||
    /\b(?:trip|flight|flying|leaving|departing|depart|return flight|back|returning)\b/i.test(t);
  // "Back at work on Monday", "back in the office": a venue, not the end of a trip.
  const backAt = /\bback (?:at|to|on|in)\s+(\S.*)$/i.exec(t)?.[1];
  const backAtVenue = backAt !== undefined && (VENUE.pattern.test(backAt) || /^it\b/i.test(backAt));
  if (travelTalk && !backAtVenue) {
    // With no plan read, whose return it is is the clause's own subject ("Mykola will be back
    // on Friday" is Mykola's, never the speaker's); a bare "back on Friday" is the speaker's.
    const word = /\b(?:back|home|return(?:ing)?)\b/i.exec(t);
    const prefix = t.slice(0, word?.index ?? 0);
    const named =
      dated?.subject ??
      (prefix.trim() === '' ? subjectOf('', doc) : subjectFromAnalysis(clause, doc, prefix)) ??
      ({ kind: 'thing', phrase: '' } as const);
    const subject = named.kind === 'thing' ? subjectFromAnalysis(clause, doc, named.phrase) : named;
    if (subject === null || (dated === null && named.kind === 'thing')) return out;
    const entityId = entityFor(subject, doc);
    const intent = travelIntent(clause, 'planning');
    // Dates are as strong as the plan they belong to ("booked my mum a flight to X for Friday").
    // … and as undecided as its place ("Krakow or Gdansk on October 2").
    const undecided =
      dated !== null && dated.destination !== null && amongAlternatives(t, dated.destination);
    const s =
      secondHand(subject, doc) || dated?.strength === 'weak' || undecided ? 'weak' : 'strong';
    if (departure !== null && dated !== null) {
      out.push(candidate(entityId, 'travel.departure_date', departure, clause, intent, t, s));
    }
    if (returnDate !== null && (dated !== null || returnOnly || statedReturn || returnLine)) {
      out.push(candidate(entityId, 'travel.return_date', returnDate, clause, intent, t, s));
    } else if (returnOnly && departure !== null) {
      out.push(candidate(entityId, 'travel.return_date', departure, clause, intent, t, s));
    }
  }
  return out;
}

/**
 * A plan told in the past tense that is kept as a plan (a booking, a departure), yet told as a
 * memory: a time of the clause already past ("booked a getaway to Boston last month": the trip
 * may be over, or only the booking past) or a departure in the past progressive ("I was flying
 * out on a weekday morning": the morning it left, or a plan since dropped). Which one it is
 * the words do not say, so the plan is weak: tentative, never committed alone.
 */
function toldAsPast(clause: Clause, doc: DocContext): boolean {
  if (clause.analysis.tense !== 'past') return false;
  if (
    /\b(?:was|were)\s+(?:\w+ly\s+)?(?:leaving|departing|flying out|heading out)\b/i.test(
      clause.text,
    )
  )
    return true;
  const today = doc.input.at.slice(0, 10);
  const dates = clause.dates.filter((d) => d.date !== null);
  const past =
    dates.some((d) => (d.date ?? today) < today) || RECALLED_TIME.pattern.test(clause.text);
  // "I booked my Japan trip last month, and I'm really excited about it": the booking is past,
  // the trip, looked forward to, ahead.
  return (
    past &&
    !dates.some((d) => (d.date ?? '') > today) &&
    !ANTICIPATION.pattern.test(clause.sentence)
  );
}

/**
 * "My last flight to San Francisco", "our previous trip to Rome": a trip named as the last or a
 * former one of its kind is one already taken (or, "last" as "final", one the words do not
 * date), so the plan read from it is weak.
 */
function lastOfItsKind(text: string, hit: Hit): boolean {
  const at = text.indexOf(hit.span);
  if (at < 0) return false;
  const before = text.slice(0, at + hit.span.length);
  return /\b(?:my|our|his|her|their|the)\s+(?:last|previous|former|most recent)\s+(?:[\w-]+\s+){0,2}(?:trip|flight|visit|holiday|vacation|getaway|journey)\b[^,;.]*$/i.test(
    before,
  );
}

/** The same hit, weak. */
function weakened(hit: Hit): Hit {
  return { ...hit, strength: 'weak' };
}

/**
 * Travel: arrival and presence ("we're in X", "just landed in X") → in_progress + location;
 * departure plans ("leave for X", "booked X", "A -> B", "X trip") → planned + destination and
 * dates; return ("back from X", "home again") → completed + location home; cancellation ("the
 * trip is off") → cancelled. Named third parties get their own entity.
 */
export function travelRules(clause: Clause, doc: DocContext): Candidate[] {
  const t = clause.text;
  // "Our trip got off to a bad start", "the trip was amazing": an evaluation, not a change.
  if (TRIP_EXPERIENCE.pattern.test(t)) return [];
  // "Back in the day", "back and forth": "back" in an idiom of time, no return.
  if (
    BACK_IDIOM.pattern.test(t) &&
    !/\bback\b/i.test(t.replace(new RegExp(BACK_IDIOM.pattern.source, 'gi'), ''))
  )
    return [];
  const subjectBefore: SubjectAt = (index) => subjectOf(t.slice(0, index), doc);
  const hits: Hit[] = [];
  const cancelled = cancelHit(t);
  // "I'm not going to Berlin after all" while a Paris trip is on record: which trip it means is a
  // guess, so it is weak evidence rather than the Paris trip's cancellation.
  const cancel =
    cancelled !== null && (namesAnotherPlace(t, doc) || stopsGoingElsewhere(cancelled.span, doc))
      ? { ...cancelled, strength: 'weak' as const }
      : (cancelled ?? notHappeningHit(clause, doc) ?? requestedCancel(clause));
  if (cancel !== null) hits.push(cancel);
  const ret = returnHit(clause, doc, subjectBefore);
  if (ret.hit !== null) hits.push(ret.hit);
  if (cancel === null && !ret.back) {
    const presence = presenceHits(t, subjectBefore);
    hits.push(...presence);
    const bare = presence.length === 0 ? verblessPresence(clause, doc) : null;
    if (bare !== null) hits.push(bare);
    const home =
      presence.length === 0 && bare === null ? homeHit(clause, doc, subjectBefore) : null;
    if (home !== null) hits.push(home);
    const landed =
      presence.length === 0 && bare === null && home === null
        ? arrivedOnTrip(clause, doc, subjectBefore)
        : null;
    if (landed !== null) hits.push(landed);
  }
  // "Their Lisbon trip isn't happening": a trip said not to take place is no plan, whoever's.
  const negatedEvent = classReading(clause, 'occur')?.negated === true;
  const planned =
    cancel === null && !negatedEvent
      ? (plannedHit(clause, doc, subjectBefore) ?? verblessPlan(clause, doc))
      : null;
  // Past-tense talk about a trip is a story, not a plan ("The trip to Paris was amazing"),
  // unless it is a booking ("I booked flights to Rome").
  const story =
    clause.analysis.tense === 'past' &&
    // A booking, or a change to one ("changed the booking to fly into X"), is a plan; so are
    // tickets bought ("got tickets to Lisbon for Friday").
    !/\b(?:booked|reserved|booking confirmed|changed|rebooked|switched)\b/i.test(t) &&
    !TICKETS_BOUGHT.test(t) &&
    !LEAVING.test(t);
  const plan =
    planned !== null && (toldAsPast(clause, doc) || lastOfItsKind(clause.text, planned))
      ? weakened(planned)
      : planned;
  if (!story && plan !== null) hits.push(plan);
  const dated = story ? null : (plan ?? itineraryLine(clause, doc));
  if (!story && plan !== null) doc.lastTrip = { subject: plan.subject, strength: plan.strength };
  const out = [...hitCandidates(hits, clause, doc), ...dateCandidates(clause, doc, dated)];
  // "RETURN XA 531 Berlin (BER) → Lisbon (LIS)" after "Lisbon (LIS) → Berlin (BER)": the leg back
  // of a round trip ends at home and leaves on the day of the return, neither the destination
  // nor the departure of the trip (issue #10).
  if (!legBack(clause, doc)) return out;
  return out.filter((c) => c.field !== 'travel.destination' && c.field !== 'travel.departure_date');
}

/** One leg of a route ("Lisbon (LIS) → Berlin (BER)"): the words that name each end, and where. */
interface Leg {
  readonly from: ReadonlySet<string>;
  readonly to: ReadonlySet<string>;
  readonly at: number;
  /** The day the leg leaves (`YYYY-MM-DD`), when its line says one after it. */
  readonly day?: string | null;
}

const LEG_LINK = /\s*(?:->|→|⟶|➔|=>|–>|—>|\bto\b)\s*/g;
/** Where a leg's ends stop: a label's colon, numbers, a comma, a wide gap, a day or a month. */
const LEG_START = /[\s\S]*(?:[:\d,;]|\s{2,}|\t)/;
const LEG_END =
  /[,;\d\t]|\s{2,}|\s(?:on|in|at|the)\s|\b(?:mon|tue|wed|thu|fri|sat|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/i;

function legEnd(phrase: string): Set<string> {
  return new Set(
    (phrase.match(/[\p{L}][\p{L}'.-]*/gu) ?? [])
      .filter((w) => w.length >= 3 && /^\p{Lu}/u.test(w))
      .map((w) => w.toLowerCase()),
  );
}

/** The legs of a route a text names, in order: both ends must be capitalised names or codes. */
function legsOf(text: string): Leg[] {
  const legs: Leg[] = [];
  let lineStart = 0;
  for (const line of text.split('\n')) {
    for (const link of line.matchAll(LEG_LINK)) {
      const before = line.slice(0, link.index);
      const start = LEG_START.exec(before);
      const fromPhrase = start === null ? before : before.slice(start[0].length);
      const after = line.slice(link.index + link[0].length);
      const end = LEG_END.exec(after);
      const toPhrase = end === null ? after : after.slice(0, end.index);
      // "flights to Berlin", "07:10 → 11:35": a leg joins two names, not a word or a time.
      if (!/^\p{Lu}/u.test(after) || !/\p{Lu}[\p{L}'.-]*\)?\s*$/u.test(before)) continue;
      const from = legEnd(fromPhrase);
      const to = legEnd(toPhrase);
      if (from.size > 0 && to.size > 0) legs.push({ from, to, at: lineStart + link.index });
    }
    lineStart += line.length + 1;
  }
  return legs;
}

const meets = (a: ReadonlySet<string>, b: ReadonlySet<string>) => [...a].some((w) => b.has(w));

const DOC_LEGS = new WeakMap<DocContext, Leg[]>();

/**
 * The legs of the message, each with its day: the first date after the leg on its own line and
 * before the next leg.
 */
function datedLegs(doc: DocContext): Leg[] {
  const text = doc.input.text;
  const dates = findDates(text, doc.input.at);
  const legs = legsOf(text);
  return legs.map((leg, i) => {
    const next = legs[i + 1]?.at ?? text.length;
    const date = dates.find(
      (d) => d.start > leg.at && d.start < next && !text.slice(leg.at, d.start).includes('\n'),
    );
    return { ...leg, day: date?.date ?? null };
  });
}

/**
 * Whether the clause names the leg back of a round trip said earlier in the same message: a leg
 * from where an earlier leg arrives to where it left from, on a later day than that leg, which
 * is not already past ("Your past trip: Berlin → Lisbon 2 May / Your upcoming trip: Lisbon →
 * Berlin 20 May" is a trip home and the next trip out, not one round trip). Legs without days
 * are taken in the order said.
 */
function legBack(clause: Clause, doc: DocContext): boolean {
  // The first leg of the clause is the one its route reading takes.
  const leg = legsOf(clause.text)[0];
  if (leg === undefined) return false;
  let legs = DOC_LEGS.get(doc);
  if (legs === undefined) {
    legs = datedLegs(doc);
    DOC_LEGS.set(doc, legs);
  }
  const all = legs;
  const first = all.find((d) => meets(d.from, leg.from) && meets(d.to, leg.to));
  if (first === undefined) return false;
  const today = doc.input.at.slice(0, 10);
  return all.some(
    (d) =>
      d.at < first.at &&
      meets(d.from, leg.to) &&
      meets(d.to, leg.from) &&
      !(d.day != null && d.day < today) &&
      !(d.day != null && first.day != null && first.day <= d.day),
  );
}

/** A clause led by a means of transport, with no verb of its own ("train on 3 May, back the 9th"). */
const ITINERARY_LEAD =
  /^(?:(?:the|my|our|an?)\s+)?(?:(?:night|overnight|early|late|morning|evening|direct)\s+)?(?:train|flight|plane|bus|coach|ferry|boat|shinkansen|sleeper)\b/i;

/**
 * An itinerary line after a clause of the same message that planned a trip ("booked Kanazawa
 * for golden week! shinkansen on 29 april, back 2 may"): its dates belong to that trip. The line
 * must open with a means of transport and have no verb of its own — a full clause ("the train
 * was late on Monday") says something else.
 */
function itineraryLine(clause: Clause, doc: DocContext): Hit | null {
  if (doc.lastTrip === null || clause.dates.length === 0) return null;
  if (!ITINERARY_LEAD.test(clause.text.trim())) return null;
  if (
    clause.analysis.tokens.some(
      (t) => t.pos === 'VERB' && !/^(?:back|return(?:ing)?)$/i.test(t.text),
    )
  ) {
    return null;
  }
  // Only the itinerary itself: the lead, its dates, "back"/"return", and perhaps "to <place>".
  // "bus strike on 3 May though" and "flight prices on 3 May insane" say something else.
  let rest = clause.text.trim().replace(ITINERARY_LEAD, '');
  for (const d of [...clause.dates].sort((a, b) => b.start - a.start))
    rest = rest.replace(d.text, ' ');
  rest = rest
    .replace(/\b(?:to|from)\s+\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*)?/gu, ' ')
    .replace(
      /\b(?:back|home|return(?:ing)?|on|at|and|the|early|late|by|morning|afternoon|evening|night|noon)\b|[,;.!–-]/gi,
      ' ',
    )
    .trim();
  if (rest !== '') return null;
  return {
    subject: doc.lastTrip.subject,
    status: null,
    location: null,
    destination: null,
    span: clause.text,
    strength: doc.lastTrip.strength,
  };
}

/**
 * The verbless or copular readings of a chat clause (or of its comma parts) that are present
 * statements with a gazetteer place in them. Weaker structure than a verb, so they ask for
 * more: a place the gazetteer knows, no negation, no question, no condition, the speaker's chat.
 */
function placeParts(clause: Clause, doc: DocContext): readonly VerblessPart[] {
  if (doc.kind !== 'chat' || !VERBLESS_CUE.test(clause.text)) return [];
  // Presence and plan both ask for the parts of the same clause: parse them once.
  const known = PLACE_PARTS.get(clause);
  if (known !== undefined) return known;
  const parts = readPlaceParts(clause);
  PLACE_PARTS.set(clause, parts);
  return parts;
}

const PLACE_PARTS = new WeakMap<Clause, readonly VerblessPart[]>();

function readPlaceParts(clause: Clause): readonly VerblessPart[] {
  // Terse lines are short; a long clause states more than a place (and costs a parse to read).
  if (clause.text.split(/\s+/).length > 20) return [];
  return verblessParts(clause.analysis, clause.text).filter(
    ({ reading: r }) =>
      r.mood === 'statement' &&
      !r.negated &&
      r.tense === 'present' &&
      (r.complement.kind === 'place' || r.form === 'copular'),
  );
}

/**
 * How strong a verbless part is: strong for the whole clause or a part after a lead-in about
 * the speaker; weak after a lead-in whose subject is someone else ("my sister called, in Rome
 * now": whose presence is it?) and in a sentence that asks the listener's view.
 */
function partStrength(clause: Clause, part: VerblessPart): EvidenceStrength {
  // "Rome for Easter, what do you think": the line is put to the listener, not settled.
  if (OPINION_ASKED.pattern.test(clause.sentence)) return 'weak';
  if (part.at === 0) return 'strong';
  const before = clause.text.slice(0, part.at).replace(/[,;\s]+$/, '');
  const kind = analyseClause(before).subject.kind;
  return kind === 'named' || kind === 'other' || kind === 'addressee' ? 'weak' : 'strong';
}

/**
 * Where a verbless travel reading can start: "in" opening the clause or a comma part (after
 * pads), one or two words then "for" there, or a plan noun. A clause without any is not parsed
 * for one (parsing every chat clause costs throughput). Thanks, apologies and congratulations
 * "for" something ("thanks for the lift", "sorry for the delay") are common openers that are
 * never a place's trip, so they are cut before the parse.
 */
const VERBLESS_CUE =
  /(?:^|[,;]\s*)(?:(?:now|still|finally|finaly|already|ok|okay|so|just|safely)\s+)*in\s+\S|(?:^|[,;]\s*)(?:ok\s+|so\s+)?(?!(?:thanks|thank you|thx|ty|sorry|apologies|congrats|congratulations|cheers|kudos|props|shout-?out)\s+for\s)\S+(?:\s+\S+)?\s+for\s|\b(?:plan|pick|choice|destination)\b/i;

/**
 * Whether the words after a clause-initial "in <place>" are a clause with a subject of its own
 * other than the speaker ("in Paris, the cafés close late", "in Rome, the kids are asleep", "in
 * Germany, shops close on Sundays"): the
 * place is then a fronted locative that sets the scene, not where the speaker is.
 */
function frontedLocative(after: string): boolean {
  const rest = after.replace(/^[\s,;]+/, '');
  // An exclamation ("what a flight", "so hot") is a remark, not a clause with a subject.
  if (rest === '' || after.trim() === rest || /^(?:what|how|so|such)\b/i.test(rest)) return false;
  // The next clause must open with a noun phrase of its own ("the cafés", "Mia", "they"), not
  // with more of the speaker's report ("back Thursday", "flight home at 6").
  // A bare plural is a generic subject ("shops close on Sundays", "buses run all night").
  const determined =
    /^(?:(?:the|my|our|his|her|their|this|that|these|those|everyone|everybody|people|he|she|they|it)\b|\p{Lu}\p{Ll})/u.test(
      rest,
    );
  const barePlural = !determined && /^\p{Ll}{3,}s\s+\p{Ll}/u.test(rest);
  if (!determined && !barePlural) return false;
  const analysis = analyseClause(rest);
  const kind = analysis.subject.kind;
  // A bare plural counts only with its own verb right after it ("shops close"), not as a noun
  // phrase of the speaker's report ("flights home at 6", "drinks with Sara tonight").
  // The tagger reads "close", "open" after a plural as adjectives: with a phrase after them
  // ("shops close on Sundays") they are its predicate; alone ("hotels cheap") a remark.
  const [, second, third] = analysis.tokens;
  const verb =
    /^(?:VERB|AUX)$/.test(second?.pos ?? '') ||
    (second?.pos === 'ADJ' && /^(?:ADP|NUM)$/.test(third?.pos ?? ''));
  if (barePlural && !verb) return false;
  return kind === 'named' || kind === 'other';
}

/** Time and stance adverbs after the place of a terse presence ("in Oslo now, finally"). */
const PRESENCE_PADS =
  /^(?:(?:now|already|finally|finaly|at last|again|today|tonight|safe(?:ly)?|yay|phew)\b\s*)*/i;

/** Words that may follow a place in a terse report of presence: time and stance adverbs only. */
const PRESENCE_TAIL =
  /^(?:(?:now|already|finally|finaly|at last|again|today|tonight|safe(?:ly)?|yay|phew)\b[\s,.!]*)*(?:[,.!]|$)/i;

/**
 * A terse first-person presence without a verb ("finally in Bodrum", "still in Lisbon, hot"):
 * the speaker is there, a trip under way. Not "back in X" (a return, perhaps home), not a
 * subject other than the speaker ("mum in Leeds now"), not a place followed by more words
 * ("in London for lunch", "in Paris this time next week").
 */
function verblessPresence(clause: Clause, doc: DocContext): Hit | null {
  const part = placeParts(clause, doc).find(
    ({ reading: r }) =>
      r.form === 'verbless' &&
      r.complement.kind === 'place' &&
      !r.back &&
      r.preposition === 'in' &&
      r.subject.kind === 'none' &&
      PRESENCE_TAIL.test(r.tail),
  );
  if (part === undefined) return null;
  // "In Bali, so happy. (2019)", "in Rome years ago": a photo caption or a memory.
  const today = doc.input.at.slice(0, 10);
  if (
    RECALLED_TIME.pattern.test(clause.sentence) ||
    clause.dates.some((d) => d.date !== null && d.date < today)
  )
    return null;
  const tail = part.reading.tail.replace(PRESENCE_PADS, '');
  if (
    frontedLocative(part.at === 0 ? clause.text.slice(part.text.length) : '') ||
    frontedLocative(tail)
  )
    return null;
  return {
    subject: { kind: 'speaker' },
    status: 'in_progress',
    location: part.reading.complement.value,
    destination: null,
    span: part.text,
    // "Still In Progress", "In Limbo": a capitalised English word is not evidence of a place.
    strength: isVocabularyWord(part.reading.complement.value.toLowerCase().split(/\s+/)[0] ?? '')
      ? 'weak'
      : partStrength(clause, part),
  };
}

/** A span of days a stay lasts ("for the week", "for a few days", "for two nights"). */
const STAY_SPAN =
  /^(?:the|a|an|one|two|three|four|five|six|seven|ten|a few|a couple of|\d+)\s+(?:long\s+)?(?:weekend|week|days?|nights?|weeks|months?)\b/i;

/**
 * The purpose after "for" names a stretch of the calendar: a holiday or break, a span of days,
 * or a date the clause resolves ("for diwali", "for the week", "for the 12th").
 */
function calendarPurpose(clause: Clause, part: VerblessPart): 'anchored' | 'span' | null {
  const tail = part.reading.tail;
  const purpose = /^for\s+(\S.*)$/i.exec(tail)?.[1];
  if (purpose === undefined) return null;
  if (HOLIDAY_PERIOD.pattern.test(purpose)) return 'anchored';
  if (STAY_SPAN.test(purpose)) return 'span';
  const at = part.at + part.text.length - tail.length;
  return clause.dates.some(
    (d) => d.start >= at && d.start < part.at + part.text.length && d.date !== null,
  )
    ? 'anchored'
    : null;
}

/**
 * How strong a verbless plan is: as its part (`partStrength`), but weak when only a span of
 * days anchors it ("Bali for two weeks": a memory or a wish as often as a plan), when the place
 * is also an English word ("Turkey for Christmas", "Jersey for Christmas": food and clothes), or
 * when a wish is said around it.
 */
function planStrength(
  clause: Clause,
  part: VerblessPart,
  place: string,
  anchor: 'anchored' | 'span' | null,
): EvidenceStrength {
  if (anchor !== 'anchored' || WISHED_TIME.pattern.test(clause.sentence)) return 'weak';
  if (isVocabularyWord(place.toLowerCase().split(/\s+/)[0] ?? '')) return 'weak';
  return partStrength(clause, part);
}

/**
 * A plan said without a verb: a terse "<place> for <holiday, span or date>" ("jaipur for
 * diwali", "Porto for the long weekend") or "<place> is the plan" ("Seattle's the plan for
 * Memorial Day weekend"). Planned, with the place as destination. Nothing when a date of the
 * clause is already past (a memory: "Rome for Easter last year") or the purpose is a day out.
 */
function verblessPlan(clause: Clause, doc: DocContext): Hit | null {
  const today = doc.input.at.slice(0, 10);
  if (clause.dates.some((d) => d.date !== null && d.date < today)) return null;
  if (RECALLED_TIME.pattern.test(clause.sentence)) return null;
  for (const part of placeParts(clause, doc)) {
    const r = part.reading;
    let place: string | null = null;
    const anchor = calendarPurpose(clause, part);
    if (
      r.form === 'verbless' &&
      r.complement.kind === 'place' &&
      r.subject.kind === 'none' &&
      r.preposition === null &&
      !r.back &&
      anchor !== null
    ) {
      place = r.complement.value;
    } else if (
      r.form === 'copular' &&
      r.subject.kind === 'named' &&
      PLAN_NOUN.pattern.test(r.complement.text) &&
      (r.tail === '' || /^(?:for|now|then|[,:;.!])/i.test(r.tail))
    ) {
      // "Georgia is the pick for captain", "Chelsea is the pick for the title": a place name as
      // the subject of a choice is a trip only when the choice is for a time of the calendar.
      place = placeAt(r.subject.text, 0, false)?.name ?? null;
    }
    if (place === null) continue;
    return planned(
      { kind: 'speaker' },
      place,
      part.text,
      planStrength(clause, part, place, anchor),
    );
  }
  return null;
}
