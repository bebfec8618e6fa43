import { escapeRegExp, type Intent } from '../../core/index.js';
import {
  bareTime,
  classReading,
  KEPT_TIME,
  openingWeekday,
  RELATIONAL_NOUN,
  rescheduleReading,
  THIRD_PARTY_POSSESSOR,
} from '../../language/index.js';
import {
  type Candidate,
  type Clause,
  type DocContext,
  groupOf,
  isKnownMember,
  matchKnown,
  memberEntities,
  memberGroupOf,
  personEntity,
  speakerEntity,
  subjectOf,
} from '../clauses.js';
import { activityTime, type DateMention, findDates } from '../dates.js';
import { canBeName, NAME, nameSlug, singular, slugify } from '../text.js';
import { HEDGED_CONFIDENCE, type KnownSlot } from '../types.js';

/** A document line that opens by saying there is no such event ("No swim this week"). */
const NO_EVENT = /^(?:(?:subject|re|fwd?)\s*:\s*)*no\s+(?!later\b|more\b|change\b)/i;

/** Nouns that name a scheduled family activity or appointment. */
const EVENT_WORDS =
  /\b(?:practice|lessons?|class(?:es)?|appointment|dentist|doctor|orthodontist|pediatrician|checkup|check-up|physio|therapy|game|match|recital|rehearsal|showcase|school|camp|swim(?:ming)?|soccer|football|basketball|baseball|hockey|piano|violin|guitar|ballet|dance|tutoring|tutor|pickup|pick-up|drop-?off|playdate|party|concert|tournament|training|club|scouts|karate|judo|gymnastics|art|chess|daycare|preschool|parent-teacher|vet|haircut|meet)\b/i;
const TRAVEL_WORDS = /\b(?:trip|flight|vacation|holiday|travel|hotel|airport|->)\b/i;
/** Words dropped from event slugs: qualifiers that change between sources, not the activity. */
const SLUG_NOISE = new Set(
  'the a an of for with and at in on to weekly monthly daily annual new updated moved reminder cancelled canceled my our his her their'.split(
    ' ',
  ),
);

const SICK_WORDS =
  '(?:a\\s+)?(?:fever|temperature|cold|flu|the flu|strep|covid|stomach bug|bug|virus|ear infection|cough|rash|chickenpox|migraine|sore throat)';
/** Symptoms only: "bug" and "virus" also name software faults ("Ana's bug still hasn't gone away"). */
const SYMPTOM_WORDS =
  '(?:fever|temperature|cold|flu|the flu|strep|covid|stomach bug|ear infection|cough|rash|chickenpox|migraine|sore throat)';
const SICK_HAS = new RegExp(
  `\\b(?:woke up with|has|have|had|has got|have got|'s got|came down with|is down with|are down with|caught|got|is running|running)\\s+(?:(?:a|an|some)\\s+)?(?:(?:bad|nasty|slight|high|mild|little|horrible|awful|heavy|terrible|low|really|bit of a)\\s+){0,2}${SICK_WORDS}s?\\b|\\b(?:threw up|vomited|is throwing up|has been throwing up|got sick|fell sick|fell ill)\\b|\\b(?:home|in bed|off school|off work|out)\\s+with\\s+(?:a\\s+|an\\s+|the\\s+)?${SICK_WORDS}\\b|'s\\s+${SYMPTOM_WORDS}s?\\s+(?:still\\s+)?(?:hasn't|has not|hasn’t)\\s+(?:gone(?:\\s+away)?|cleared(?:\\s+up)?|gotten better|got better|shifted|improved)\\b|'s\\s+${SYMPTOM_WORDS}s?\\s+is\\s+(?:still\\s+)?(?:getting\\s+)?worse\\b`,
  'i',
);
const SICK_IS =
  /(?:\bis|'s|\bwas|\bare|'re|\bstay(?:ed|s|ing)\b)\s+(?:still\s+|now\s+|home\s+|out\s+|off\s+|feeling\s+|really\s+|pretty\s+)*(?:sick|ill|unwell|poorly|home sick|out sick|under the weather)\b/i;
const RECOVERED =
  /(?:'s|\bis)\s+(?:fever|cold|flu|cough|temperature)\s+(?:(?:is|has)\s+)?(?:gone|over|down|better|broke|broken|went down|cleared(?:\s+up)?)(?!\s+(?:again|with|on)\b)|(?:\bis|'s)\s+(?:feeling\s+)?(?:better|fine|well|recovered)\b|\bno longer sick\b/i;
const PLACE_STATUS =
  /(?:\bis|'s|\bare|'re)?\s*(?:still\s+|now\s+|back\s+|already\s+|safely\s+)*(?:at|in)\s+(school|(?:day\s+)?camp|daycare|preschool|home|work|grandma's|grandpa's|practice|college|kindergarten)\b/i;
const GOING =
  /(?:\bis|'s|\bare|'re)?\s*(?:still\s+|now\s+|already\s+)*(?:going|went|gone|headed|heading|back|off)\s+to\s+(school|(?:day\s+)?camp|daycare|preschool|work|kindergarten)\b/i;
const STAYING =
  /(?:\bis|'s|\bare|'re)\s+(?:staying\s+|stuck\s+|kept\s+|off\s+|back\s+)?(?:at\s+)?home\b(?!\s+from)/i;
/** Names joined by "and", "&" or commas: "Elif and Can", "Ama, Kofi and Esi". */
const NAMES = String.raw`${NAME}(?:(?:\s*,\s*|\s+and\s+|\s*&\s*)${NAME}){0,3}`;
const NAME_JOINS = /\s*,\s*|\s+and\s+|\s*&\s*/;
/** Two names or more as the whole subject before a status ("Linh and Bao both"). */
const JOINED_SUBJECT = new RegExp(
  String.raw`^\s*(${NAME}(?:(?:\s*,\s*|\s+and\s+|\s*&\s*)${NAME}){1,3})(?:\s+(?:are|'re|both|all|are both|are all))?\s*$`,
  'u',
);

/** Each name of a joined subject ("Linh and Bao both" → Linh, Bao); none for a single name. */
function joinedNames(prefix: string): string[] {
  const m = JOINED_SUBJECT.exec(prefix);
  return m?.[1] === undefined ? [] : m[1].split(NAME_JOINS).filter((n) => canBeName(n));
}

/**
 * A member who began a place today ("Tomás started sleepaway camp today", "Efua starts nursery
 * this morning"): there now. Another day ("starts camp next week") is a plan, no status; a
 * sentence that goes on ("but came home sick at noon") may have ended the stay, so it reads none.
 */
const STARTED_TODAY = new RegExp(
  String.raw`(${NAME})\s+(?:started|starts|began|has started|is starting)\s+(?:(?:sleepaway|summer|day|overnight|residential|his|her|their|a|the|big|new)\s+){0,2}(school|camp|daycare|preschool|kindergarten)\s+(?:today|this morning)\b`,
  'u',
);

const DROPPED = new RegExp(
  String.raw`\b(?:dropped|took|drove|walked)\s+(${NAMES})\s+(?:off\s+)?(?:at|to)\s+(school|(?:day\s+)?camp|daycare|preschool|kindergarten)\b`,
  'iu',
);

/** "Leo's fever", right before a status: the possessor and the word after "'s". */
const POSSESSOR_BEFORE = new RegExp(String.raw`(${NAME})'s\s+(\w+)\s*$`, 'u');
/** A name opening a clause, possessive or not, and what follows it. */
const LEADING_NAME = new RegExp(String.raw`^(${NAME})(['’]s)?\s+(.*)$`, 'u');
/** " - Mia" closing a calendar title: whose the event is, no part of its name. */
const TRAILING_NAME = new RegExp(String.raw`\s-\s${NAME}\s*$`, 'u');
/** Whose a schedule line is: "(Mia)", " - Mia - " or "Mia's". */
const SCHEDULE_MEMBER = new RegExp(
  String.raw`\((${NAME})\)|\s-\s(${NAME})\s-\s|(?<![\p{L}\p{N}_])(${NAME})'s\b|^(${NAME})\s+(?:has|has got)\s`,
  'u',
);
/** "Maya has swim at 4 on Wednesdays": a member's activity and, after it, its time. */
const MEMBER_HAS = new RegExp(
  String.raw`^${NAME}\s+(?:has|has got|'s got)\s+(?:(?:her|his|their)\s+)?([\p{L}][\p{L} -]{1,30}?)(?=\s+(?:at|on|every)\s)`,
  'u',
);
/** The thing moved in "moved (the|Mia's) <thing> to" ("switched swim to", "changed piano to"). */
const MOVED_OBJECT = new RegExp(
  String.raw`\b(?:move|moved|push|pushed|reschedule|rescheduled|shift|shifted|switch|switched|change|changed)\s+(?:the\s+|${NAME}'s\s+)?(.{2,40}?)\s+to\s+`,
  'iu',
);

function placeStatus(place: string): string {
  const p = place.toLowerCase().replace(/^day\s+/, '');
  if (p === 'home') return 'at_home';
  return `at_${slugify(p)}`;
}

/**
 * Whether the clause names the person as someone else's ("their Finn has the flu", "the
 * Novaks' Ida is off school", "Priya's Sam"): a child of another household, not a member of
 * the thread's family, unless the registry lists them as one.
 */
function ownedByOther(text: string, name: string, doc: DocContext): boolean {
  if (isKnownMember(name, doc)) return false;
  const at = text.search(new RegExp(`(?<![\\p{L}])${name}(?![\\p{L}])`, 'u'));
  if (at <= 0) return false;
  const before = /(\S+)\s+$/u.exec(text.slice(0, at))?.[1];
  return before !== undefined && THIRD_PARTY_POSSESSOR.pattern.test(` ${before} ${name}`);
}

/** Someone named by a relation outside the household: a friend, a classmate, a teacher. */
const NOT_KIN =
  /^(?:friends?|mates?|buddy|pals?|classmates?|schoolmates?|teammates?|teachers?|coach|tutor|nanny|babysitter|neighbou?rs?|boss|colleague|co-?worker|roommate|flatmate)$/i;

/**
 * Whether the clause names the person by a relation outside the household ("Zara's friend Maya
 * has the flu", "her classmate Ines is off school"): no member of the thread's family, unless the
 * registry lists them as one. Kin ("Zara's brother Tobi") stays a member.
 */
function acquaintance(text: string, name: string, doc: DocContext): boolean {
  if (isKnownMember(name, doc)) return false;
  const at = text.search(new RegExp(`(?<![\\p{L}])${escapeRegExp(name)}(?![\\p{L}])`, 'u'));
  const before = /([^\s,]+),?\s+$/u.exec(text.slice(0, Math.max(at, 0)))?.[1];
  return at > 0 && before !== undefined && NOT_KIN.test(before);
}

/**
 * The status of the member `name`, under the field `family.<nameSlug>.status`, the one spelling of
 * the member match; none for a name that folds to nothing (a script `nameSlug` cannot write).
 */
function memberCandidate(
  name: string,
  status: string,
  clause: Clause,
  doc: DocContext,
  span: string,
  priority: number,
): Candidate[] {
  const slug = nameSlug(name);
  if (slug === '' || titledPerson(name, doc.input.text)) return [];
  const group = acquaintance(clause.text, name, doc) ? null : groupOf(name, doc);
  const entityId = group?.startsWith('family:') ? group : personEntity(name);
  const intent = clause.intent.intent;
  // Said in the user's own chat about someone in no family the store knows ("Ella has the
  // flu"): second-hand news about a third party, kept tentative.
  const secondHand =
    (doc.kind === 'chat' && !entityId.startsWith('family:')) ||
    ownedByOther(clause.text, name, doc);
  const candidate: Candidate = {
    entityId,
    field: `family.${slug}.status`,
    value: status,
    intent: intent === 'planning' ? 'assertive' : intent,
    confidence: clause.intent.hedged ? HEDGED_CONFIDENCE : 1,
    ...(secondHand ? { evidence: 'weak' as const } : {}),
    correction: clause.intent.supersedes,
    span,
    priority,
  };
  return [candidate];
}

/**
 * Courtesy and professional titles. A person named with one ("Mr. Abebe", "Dr Okafor", "Mrs.
 * Lindqvist") is someone outside the household (a tutor, a doctor, a neighbour): nobody calls
 * their own child or partner that, so what is said of them is no member's status.
 */
const TITLES = new Set(
  'mr mrs ms miss mx dr doctor prof professor sir madam mme mlle herr frau sr sra srta señor señora coach sensei'.split(
    ' ',
  ),
);

/** Whether `name` is a title, or stands after one in `text`: someone outside the household. */
function titledPerson(name: string, text: string): boolean {
  const bare = name.trim().replace(/\.$/, '').toLowerCase();
  if (TITLES.has(bare)) return true;
  const before = new RegExp(
    `(?<![\\p{L}])(\\p{L}+)\\.?\\s+${escapeRegExp(name.trim())}(?![\\p{L}])`,
    'iu',
  );
  const title = before.exec(text)?.[1]?.toLowerCase();
  return title !== undefined && TITLES.has(title);
}

/** The person a member-status predicate at `index` is about, or null when it is not a person. */
function personBefore(text: string, index: number, doc: DocContext): string | null {
  const prefix = text.slice(0, index).replace(/'s\s*$/, '');
  const subject = subjectOf(
    prefix
      .replace(/\s+(?:just|also|still|now)\s*$/i, '')
      // "Leo stayed home with a cough": staying is being, said of a day; its verb is no subject.
      .replace(
        /\s+(?:is|are|was|were|stayed|stays|(?:is|are|was)\s+staying)(?:\s+(?:still|now|also|just))?\s*$/i,
        '',
      )
      // "Leo has had a fever": the perfect's auxiliary is no part of the subject.
      .replace(/\s+(?:has|have)\s*$/i, ''),
    doc,
  );
  if (subject.kind === 'person') return subject.name;
  // "Leo's fever is gone": the possessor is the person; not when the possessed noun is another
  // person ("Leo's friend is at camp" says nothing of Leo) or a thing ("Leo's backpack is still
  // at school"): only a symptom or a status word after "'s" keeps the possessor the subject.
  const possessive = POSSESSOR_BEFORE.exec(text.slice(0, index));
  if (possessive?.[1] && possessive[2] && RELATIONAL_NOUN.pattern.test(possessive[2])) return null;
  if (possessive?.[2] && !AFTER_POSSESSIVE.test(`${possessive[2]} ${text.slice(index).trim()}`)) {
    return null;
  }
  if (possessive?.[1] && canBeName(possessive[1])) return possessive[1];
  return null;
}

/**
 * The name that opens the clause as its subject when the status phrase is one of several
 * coordinated predicates, with or without a verb ("Kofi better, back at school", "Thandi's fully
 * recovered and back at school today"): only a member whose status is on record, so a name that
 * merely starts a sentence ("Mia texted, …") is not taken for the subject of a place.
 */
function leadingMember(text: string, doc: DocContext): string | null {
  const lead = LEADING_NAME.exec(text);
  const name = lead?.[1];
  if (name === undefined || !canBeName(name)) return null;
  // "Kofi's fever is gone", "Kofi's better": with "'s", the name is the subject only when a
  // status or a symptom follows; "Kofi's teacher is back at school" is about the teacher.
  if (lead?.[2] !== undefined && !AFTER_POSSESSIVE.test(lead[3] ?? '')) return null;
  return memberOnRecord(name, doc) ? name : null;
}

/** Whether the member `name` has a status on record, under the field `memberCandidate` writes. */
function memberOnRecord(name: string, doc: DocContext): boolean {
  const slug = nameSlug(name);
  return slug !== '' && doc.input.known.some((k) => k.field === `family.${slug}.status`);
}

/**
 * A word that can follow "<Name>'s" when the name is the clause's subject: a symptom ("Kofi's
 * fever gone") or a word of the predicate after the contracted "is" ("Kofi's better", "Kofi's
 * back at school", "Kofi's fully recovered").
 */
const AFTER_POSSESSIVE = new RegExp(
  `^(?:${SICK_WORDS.replace('(?:a\\s+)?', '')}s?|better|fine|well|ok|okay|recovered|fully|much|feeling|still|now|all|back|home|off|sick|ill|up|doing|finally|already|no)\\b`,
  'i',
);

/** Words that name a time, not a thing: "Leo's home today" keeps "home" the predicate. */
const TIME_NOUN =
  /^(?:today|tonight|tomorrow|yesterday|morning|afternoon|evening|night|week|weekend|now|again|all)$/i;

/**
 * The match, or null when its status word ("home", "sick", "ill") modifies the noun after it
 * rather than stating the possessor's status: "Leo's home wifi is down", "Leo's sick note is on
 * the fridge" (a "<Name>'s <word> <noun>" phrase that is the subject of a later verb). "Leo's
 * home sick", "Leo's sick today" and "Leo's home" have no noun-then-verb after the word.
 */
function modifiesNoun(clause: Clause, m: RegExpExecArray | null): RegExpExecArray | null {
  if (m === null || !/^'s\b/i.test(m[0].trimStart())) return m;
  const tokens = clause.analysis.tokens;
  for (let i = 1; i + 1 < tokens.length; i++) {
    if (tokens[i]?.text !== "'s" || tokens[i]?.pos !== 'PART') continue;
    const word = tokens[i + 1]?.text.toLowerCase() ?? '';
    if (!/^(?:home|sick|ill|unwell)$/.test(word)) continue;
    const next = tokens[i + 2];
    const verbAt = (k: number) => tokens[k]?.pos === 'AUX' || tokens[k]?.pos === 'VERB';
    // The tagger reads some nouns as verbs ("home address changed"): a verb directly followed
    // by another verb is the noun and its predicate.
    const noun = next?.pos === 'NOUN' || (next?.pos === 'VERB' && verbAt(i + 3));
    if (next === undefined || !noun || TIME_NOUN.test(next.text)) continue;
    if (tokens.slice(i + 3).some((_, k) => verbAt(i + 3 + k))) return null;
  }
  return m;
}

/**
 * Whether a date mention found inside an event's name says which day it is: a relative day
 * ("tomorrow", "this Saturday", "next week") or a month with its day ("March 18"). A lone weekday
 * before a noun names what recurs ("Sunday school", "the Monday lesson"), and a bare ordinal or
 * number is part of the name ("the 10th birthday party", "the under-10s match").
 */
function namesADay(mention: DateMention): boolean {
  return mention.date !== null && DAY_WORDS.test(mention.text);
}

const DAY_WORDS =
  /\b(?:today|tonight|tomorrow|tmrw|tmr|yesterday|this|next|coming|jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b/i;

/** The day an event's own name says, for a predicate that gives only a time (see `namesADay`). */
function dayInName(clause: Clause, before: number): string | null {
  const said = clause.dates.find(
    (d) => d.end <= before && namesADay(d) && activityTime(d) === null,
  );
  return said?.date ?? null;
}

/**
 * The words of an event phrase that name the event: without a day said in it, a possessor, a
 * bracketed aside, a label, noise words and numbers.
 */
function phraseWords(phrase: string, doc: DocContext): string[] {
  // When the event is, is not what it is called ("Soccer game tomorrow is at 10am" is the soccer
  // game): a date said inside the name goes to the value, never into the slot.
  const undated = findDates(phrase, doc.input.at)
    .filter(namesADay)
    .reduceRight(
      (text, d) => `${text.slice(0, d.start)} ${text.slice(d.end).replace(/^['’]s(?!\p{L})/u, '')}`,
      phrase,
    );
  const cleaned = undated
    .replace(/\([^)]*\)/g, ' ')
    // A possessor is whose event it is, not part of its name ("Tomás's pottery class").
    .replace(/(?<!\p{L})\p{Lu}\p{Ll}+'s(?!\p{L})/gu, ' ')
    .replace(
      /^(?:updated|moved|new|reminder|cancelled|canceled|rescheduled|changed)\s*[:-]\s*/i,
      '',
    );
  return slugify(cleaned)
    .split('_')
    .filter((w) => w !== '' && !SLUG_NOISE.has(w) && !/^u\d+$/.test(w) && !/^\d+$/.test(w));
}

/** The schedule slot an event phrase names: an existing slot when the words match one. */
function eventSlug(phrase: string, doc: DocContext, entityId: string): string | null {
  const words = phraseWords(phrase, doc);
  if (words.length === 0 || words.length > 5) return null;
  const known = matchKnown(words, 'family.schedule', doc.input.known, entityId);
  // In chat, a name whose head (its last noun) the entry on record does not have is another
  // event: "the fencing club dinner" is a dinner, not "fencing". Documents and calendar titles
  // carry labels and adverbs around the name ("Rescheduled: … piano lesson, now Fri"): the match
  // stands there as before.
  const nouns = words.filter((w) => !TRAILING_ADVERB.has(w));
  const head = nouns[nouns.length - 1] ?? '';
  const headKnown = known?.split('_').map(singular).includes(singular(head)) ?? false;
  if (known !== null && (headKnown || doc.kind !== 'chat')) return known;
  return words.join('_');
}

/** Adverbs that may close an event's name as said ("piano now", "swim again"): never its head. */
const TRAILING_ADVERB = new Set(
  'now today tonight tomorrow again instead still also too then'.split(' '),
);

function scheduleEntity(memberHint: string | null, doc: DocContext): string {
  if (doc.group?.startsWith('family:')) return doc.group;
  if (memberHint !== null) {
    const group = groupOf(memberHint, doc);
    if (group?.startsWith('family:')) return group;
  }
  return speakerEntity(doc);
}

const WEEKDAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/**
 * The next occurrence (from the message's day, inclusive) of a weekday the text names, singular
 * or plural ("Sundays at 10" → the coming Sunday), or null. A recurring event is read at its
 * next occurrence (the scenario README's convention).
 */
function nextWeekdayIn(text: string, at: string): string | null {
  // "Mon", "Tues", "Thursday", "Wednesdays", "Saturdays": the name's first three letters.
  const m = /\b(mon|tue|wed|thu|fri|sat|sun)(?:(?:|s|nes|rs|ur)days?|s|rs|\.)?\b/i.exec(text);
  if (!m?.[1]) return null;
  const target = WEEKDAY_NAMES.indexOf(m[1].toLowerCase());
  const from = Date.parse(at);
  if (target < 0 || Number.isNaN(from)) return null;
  const day = new Date(from).getUTCDay();
  const delta = (target - day + 7) % 7;
  return new Date(from + delta * 86_400_000).toISOString().slice(0, 10);
}

function whenOf(mention: DateMention | undefined, todayDate: string | null): string | null {
  if (mention === undefined) return null;
  const time = activityTime(mention);
  const date = mention.date ?? todayDate;
  if (date !== null && time !== null) return `${date} ${time}`;
  if (time !== null) return time;
  return date;
}

/**
 * A schedule entry read from chat outside a family's thread ("the concert got cancelled", "yoga
 * is at 6") names no family's calendar: weak unless the slot already exists for the entity.
 */
function unanchoredSchedule(doc: DocContext, entityId: string, slug: string): boolean {
  if (doc.kind !== 'chat' || entityId.startsWith('family:')) return false;
  const field = `family.schedule.${slug}`;
  // A slot with only tentative evidence is no anchor ("The concert is cancelled" said weakly,
  // then "The concert is on March 14").
  return !doc.input.known.some(
    (k) => k.entityId === entityId && k.field === field && k.committed !== false,
  );
}

function scheduleCandidate(
  doc: DocContext,
  entityId: string,
  slug: string,
  value: string,
  clause: Clause,
  span: string,
  intent: Intent,
  correction: boolean,
): Candidate {
  return {
    entityId,
    field: `family.schedule.${slug}`,
    value,
    intent,
    confidence: clause.intent.hedged ? HEDGED_CONFIDENCE : 1,
    ...(unanchoredSchedule(doc, entityId, slug) ? { evidence: 'weak' as const } : {}),
    correction,
    span,
  };
}

// "Leo has had the flu since Monday" lasts until now; "has had chickenpox, so he is immune",
// "has had the flu twice this winter" is a history.
const LASTS_UNTIL_NOW =
  /\b(?:since|for (?:\d+|a|an|two|three|four|five|several|a few) (?:days?|nights?|weeks?)|all (?:day|night|week)|this week|today|now|still)\b/i;
const A_HISTORY =
  /\b(?:before|twice|three times|in the past|ever|once|already|immune|as a (?:kid|baby|child))\b/i;

/**
 * A recovery said with no subject of its own, after the illness or opening the next sentence
 * ("…, all better now", "All better now.", "but fine now"): the person the illness was said of.
 * "Now" or a closing "all better" is required: "better" alone also compares ("better than the
 * flu"), and "all better by Friday" is a hope.
 */
const RECOVERED_SINCE =
  /(?:^|[,;]\s*|\b(?:but|and)\s+)(?:(?:all|much|fully|feeling|a lot)\s+)?(?:better|recovered|fine)\s+now\b|(?:^|[,;]\s*|\b(?:but|and)\s+)all better(?=[\s.!]*$)/i;

/**
 * An illness told as past ("Zara was sick last week", "Tobi had a cold on the 2nd"): a past copula
 * or "had" (not "has had", see `stillIll`) with a date before the message's day, and nothing that
 * makes it last until now ("since", "still"). A history, not the member's status now.
 */
function pastIllness(clause: Clause, m: RegExpExecArray, doc: DocContext): boolean {
  const past =
    /^(?:was|were|had)\b/i.test(m[0]) || /\b(?:was|were)\s*$/i.test(clause.text.slice(0, m.index));
  if (!past || LASTS_UNTIL_NOW.test(clause.text)) return false;
  const today = doc.input.at.slice(0, 10);
  return clause.dates.some((d) => d.date !== null && d.date < today);
}

/** A concession: what follows holds despite what was said before ("went anyway", "still went"). */
const CONCEDED =
  /\b(?:anyway|anyways|regardless|all the same|even so|still (?:went|goes|going))\b/i;

/** A "has had <illness>" match only when the illness lasts until now (see `LASTS_UNTIL_NOW`). */
function stillIll(text: string, m: RegExpExecArray | null): RegExpExecArray | null {
  if (m === null || !/^had\b/i.test(m[0])) return m;
  if (!/\b(?:has|have|'s|'ve)\s*$/i.test(text.slice(0, m.index))) return m;
  return LASTS_UNTIL_NOW.test(text) && !A_HISTORY.test(text) ? m : null;
}

/**
 * Family: member status ("Leo woke up with a fever" → sick, "Ana's still going to school" →
 * at_school, "Dropped Nora at day camp" → at_camp) and schedule entries from calendars ("Piano
 * lesson (Zara) - Thu Apr 16, 16:00") and chat ("swim is at 6:30 today instead of 5",
 * "practice is cancelled today").
 */
export function familyRules(clause: Clause, doc: DocContext): Candidate[] {
  const out: Candidate[] = [...illnessStatus(clause, doc)];
  out.push(...arrivedStatus(clause, doc, out.length > 0));
  out.push(...placeStatusSaid(clause, doc, out.length > 0));
  const t = clause.text;
  const staying = modifiesNoun(clause, STAYING.exec(t));
  const name = staying ? personBefore(t, staying.index, doc) : null;
  if (staying && name !== null) {
    doc.lastPerson = name;
    out.push(...memberCandidate(name, 'at_home', clause, doc, staying[0], 0));
  }
  if (doc.group?.startsWith('team:')) return out;
  out.push(...scheduleRules(clause, doc));
  return out;
}

/** A member sick or well: an illness now, one told as past, and a recovery after it. */
function illnessStatus(clause: Clause, doc: DocContext): Candidate[] {
  const t = clause.text;
  const recovered = RECOVERED.exec(t);
  if (recovered) {
    const name =
      personBefore(t, recovered.index, doc) ?? personBefore(t, t.indexOf(recovered[0]) + 1, doc);
    if (name === null) return [];
    doc.lastPerson = name;
    return memberCandidate(name, 'well', clause, doc, recovered[0], 0);
  }
  const sickHas = stillIll(t, SICK_HAS.exec(t));
  const sickIs = modifiesNoun(clause, SICK_IS.exec(t));
  for (const m of [sickHas, sickIs]) {
    if (!m) continue;
    const name = personBefore(t, m.index, doc);
    if (name === null) continue;
    doc.lastPerson = name;
    const since = RECOVERED_SINCE.exec(t.slice(m.index + m[0].length));
    // "Zara was sick last week, all better now": the illness is over, the member is well.
    if (since) return memberCandidate(name, 'well', clause, doc, since[0], 2);
    return pastIllness(clause, m, doc) ? [] : memberCandidate(name, 'sick', clause, doc, m[0], 2);
  }
  // "Zara was sick last week. All better now.": a bare recovery is the person just named.
  const bare = RECOVERED_SINCE.exec(t);
  if (!sickHas && !sickIs && bare?.index === 0 && doc.lastPerson !== null) {
    return memberCandidate(doc.lastPerson, 'well', clause, doc, bare[0], 2);
  }
  return [];
}

/** Members dropped off at a place ("Dropped Elif and Can at school") or who started it today. */
function arrivedStatus(clause: Clause, doc: DocContext, saidBefore: boolean): Candidate[] {
  const t = clause.text;
  const out: Candidate[] = [];
  const dropped = DROPPED.exec(t);
  // "Dropped Elif and Can at school": each child dropped off is there.
  for (const name of dropped?.[2] ? (dropped[1]?.split(NAME_JOINS) ?? []) : []) {
    if (!canBeName(name)) continue;
    doc.lastPerson = name;
    out.push(
      ...memberCandidate(name, placeStatus(dropped?.[2] ?? ''), clause, doc, dropped?.[0] ?? t, 1),
    );
  }
  const started = STARTED_TODAY.exec(t);
  if (!started?.[1] || !started[2] || !canBeName(started[1]) || saidBefore || out.length > 0) {
    return out;
  }
  // "… started school today but came home sick at noon": what follows may end the stay.
  const after = clause.sentence.slice(clause.sentence.indexOf(started[0]) + started[0].length);
  if (/\b(?:but|until|till|then|and then|before)\b/i.test(after)) return out;
  doc.lastPerson = started[1];
  return memberCandidate(started[1], placeStatus(started[2]), clause, doc, started[0], 1);
}

/** A member at a place or going there today ("Ana's still going to school", "Leo is at camp"). */
function placeStatusSaid(clause: Clause, doc: DocContext, saidBefore: boolean): Candidate[] {
  const t = clause.text;
  for (const pattern of [PLACE_STATUS, GOING]) {
    const m = pattern.exec(t);
    if (!m?.[1]) continue;
    // "Leo was heading to school when …" is a story; "heading to school tomorrow" another day.
    if (pattern === GOING && /\b(?:was|were)(?:\s+\w+)?\s*$/i.test(t.slice(0, m.index))) continue;
    if (
      pattern === GOING &&
      clause.dates.some((d) => d.date !== null && d.date !== doc.input.at.slice(0, 10))
    ) {
      continue;
    }
    if (/\bfrom home\b/i.test(t) && m[1].toLowerCase() === 'home') continue;
    const status = placeStatus(m[1]);
    // "Linh and Bao both at school today": each name of a joined subject is there.
    const joined = joinedNames(t.slice(0, m.index));
    if (joined.length > 1) {
      doc.lastPerson = joined[joined.length - 1] ?? null;
      return joined.flatMap((name) => memberCandidate(name, status, clause, doc, m[0], 1));
    }
    // "Tobi has a cold but went to school anyway": a place conceded over what was just said of
    // the person (an illness) belongs to them and is where they are now, so it outranks it.
    const conceded = CONCEDED.test(t);
    // "Bao is better and back at school": a place with no subject of its own belongs to the
    // person this clause already named.
    const name =
      personBefore(t, m.index, doc) ??
      (saidBefore || conceded ? (doc.lastPerson ?? null) : null) ??
      leadingMember(t, doc);
    if (name === null) continue;
    doc.lastPerson = name;
    return memberCandidate(name, status, clause, doc, m[0], conceded ? 3 : 1);
  }
  return [];
}

/**
 * The object of a `cancel` verb the speaker uses on their own schedule: an instruction ("cancel
 * Lucía's ballet tomorrow, the teacher is sick", "pls call off swim practice") or a first-person
 * statement ("we cancelled the piano lesson"). The object runs from the verb to a time word or
 * the end of the clause; the caller checks that it names an activity.
 */
function cancelledObject(clause: Clause): string | null {
  const reading = classReading(clause, 'cancel');
  if (reading === null || reading.negated || reading.verb === '') return null;
  // "should we cancel swim practice tomorrow", "we could cancel karate": a question or a
  // possibility weighs a cancellation; only a statement or an instruction makes one.
  const mood = clause.analysis.mood;
  if (mood !== 'statement' && mood !== 'imperative') return null;
  const mine = mood === 'imperative' || /^(?:i|we)$/i.test(reading.subjectPhrase.trim());
  if (!mine) return null;
  const at = clause.text.indexOf(reading.verb);
  if (at === -1) return null;
  const after = clause.text.slice(at + reading.verb.length).replace(/^\s+off\b/i, '');
  const object =
    /^\s+(?:the\s+|our\s+|my\s+)?(.{2,40}?)(?=\s+(?:for\s+)?(?:today|tonight|tomorrow|this|next|on|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b|[,.;!]|$)/i.exec(
      after,
    );
  return activityPhrase(object?.[1] ?? '');
}

/**
 * The noun phrase of a cancelled thing when it names an activity, else null. The phrase ends at
 * its first preposition ("the order for the party" is an order), and an activity must be its head
 * noun ("swim practice", not "my subscription to the swim club").
 */
function activityPhrase(raw: string): string | null {
  const phrase = raw.split(OBJECT_PREPOSITION)[0]?.split(TIME_AFTER)[0]?.trim() ?? '';
  const head = phrase.split(/\s+/).pop() ?? '';
  return head !== '' && EVENT_HEAD.test(head) ? phrase : null;
}

/** A preposition that ends the noun phrase of a cancelled object. */
const OBJECT_PREPOSITION =
  /\s+(?:for|to|with|at|in|on|from|by|about|of|after|before|because|since|until|till)\s+/i;
/** A time word that ends an activity's noun phrase ("swim tomorrow is off", "ballet this week"). */
const TIME_AFTER =
  /\s+(?:today|tonight|tomorrow|this|next|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b/i;
/** An event word that is a whole word: the head of an activity's noun phrase. */
const EVENT_HEAD = new RegExp(`^${EVENT_WORDS.source}$`, 'i');

/** A schedule slot an event phrase names, the entity it is on, and whether it was only matched. */
interface EventSlot {
  readonly slug: string;
  readonly entityId: string;
  readonly weak: boolean;
}

/** Adds one schedule entry: the event's slug, its value, the span read, and whether it corrects. */
type ScheduleEntry = (slug: string, value: string, span: string, correction: boolean) => Candidate;

/**
 * A document (a note, a mail, a calendar entry) that names an event and a date: the event is what
 * precedes the date (or a "moved to"), the value the date, or `cancelled`.
 */
function documentSchedule(
  clause: Clause,
  doc: DocContext,
  entityId: ReturnType<typeof scheduleEntity>,
  owner: OwnerSaid,
  entry: ScheduleEntry,
): Candidate[] {
  const t = clause.text;
  const first = clause.dates.find((d) => d.date !== null);
  if (first === undefined) return [];
  // "Subject: No judo this Friday", "The recital will not take place on 3 May": a day the
  // event does not happen is no time of it (a one-off gap; the regular time stands).
  if (NO_EVENT.test(t) || classReading(clause, 'occur')?.negated === true) return [];
  const moved = /\b(?:moved|moves|rescheduled|changed|pushed)\s+to\s+/i.exec(t);
  const titleEnd = moved ? moved.index : first.start;
  // A mail header's label ("Subject:", "Re:") is no part of the event's name.
  let title = t
    .slice(0, titleEnd)
    .replace(/^(?:(?:subject|re|fwd?)\s*:\s*)+/i, '')
    .replace(/[\s,:;-]+$/, '');
  if (title.trim() === '' && first.start === 0) {
    title = t.slice(first.end).replace(/^[\s,:;-]+/, '');
  }
  title = title.replace(TRAILING_NAME, '');
  if (!EVENT_WORDS.test(title) && doc.input.source === 'note') return [];
  const said = eventSlug(title, doc, entityId);
  if (said === null) return [];
  const slug = memberEntrySlug(said, title, owner, entityId, doc);
  const cancelled = /\b(?:cancell?ed|called off)\b/i.test(t);
  const at = moved ? clause.dates.find((d) => d.start >= moved.index) : first;
  const value = cancelled ? 'cancelled' : whenOf(at, null);
  if (value === null) return [];
  doc.lastSchedule = slug;
  return [entry(slug, value, t, moved !== null)];
}

/**
 * A line of a family's roster in a note: a name, a dash or colon, the activity, then its weekday
 * and hour ("Zainab - Quran class, Saturdays 10:00", "Lucía – ballet, Wednesdays 17:30, Escuela
 * Triana", "Musa - football every Friday 16:00"). The weekday has no date of its own, so the entry is read at its next occurrence.
 */
const ROSTER = new RegExp(
  String.raw`^(${NAME})\s+[-–—:]\s+([^,;]{2,40}?)(?:\s*,\s*(?:every\s+|on\s+)?|\s+(?:every|on)\s+)((?:mon|tue|wed|thu|fri|sat|sun)\p{L}*)\s+(?:at\s+|from\s+)?(?=\d)`,
  'iu',
);

function rosterEntry(
  clause: Clause,
  doc: DocContext,
  entityId: string,
  owner: OwnerSaid,
  entry: ScheduleEntry,
): Candidate[] | null {
  const t = clause.text;
  const m = ROSTER.exec(t);
  if (!m?.[1] || !m[2] || !m[3] || !canBeName(m[1])) return null;
  const activity = m[2].trim();
  if (!EVENT_HEAD.test(activity.split(/\s+/).pop() ?? '') || /\b(?:no|not|cancell?ed)\b/i.test(t)) {
    return null;
  }
  const day = nextWeekdayIn(m[3], doc.input.at);
  // The hour opens right after the match; chrono may read it with the weekday before it.
  const mention = clause.dates.find((d) => d.end > m[0].length);
  const time = mention === undefined ? null : activityTime(mention);
  if (day === null || time === null) return null;
  const value = `${day} ${time}`;
  const said = eventSlug(activity, doc, entityId);
  if (said === null) return null;
  const slug = memberEntrySlug(said, activity, owner, entityId, doc);
  doc.lastSchedule = slug;
  return [entry(slug, value, t, false)];
}

/** A move of an event someone wants, suggests or proposes, before the move verb. */
const WISHED_MOVE =
  /\b(?:wants?|wanted|would like|'d like|wish(?:es)?|hopes?|let's|let us|should|could|might|shall|suggest(?:s|ed)?|propos(?:es|ed))\b(?:\s+[\p{L}'-]+){0,3}?\s+(?:to\s+)?(?:move|push|reschedule|shift|switch)\b/iu;

/**
 * A schedule entry said in a clause: a move the record already holds (`knownSlotMove`), a
 * document's or roster's entry, a cancellation, a move "from … to …", or an event and its time.
 */
function scheduleRules(clause: Clause, doc: DocContext): Candidate[] {
  const t = clause.text;
  if (TRAVEL_WORDS.test(t)) return [];
  const stateIntent = scheduleIntent(clause);
  const known = knownSlotMove(clause, doc, stateIntent);
  if (known !== null) return known;
  const carried = carriedMove(clause, doc, stateIntent);
  if (carried !== null) return carried;
  if (!EVENT_WORDS.test(t)) {
    return movedNounPhrase(clause, doc, stateIntent) ?? replacedAfterRetraction(clause, doc);
  }
  const said = scheduleSaid(clause, doc, stateIntent);
  if (doc.kind === 'document') {
    const roster = rosterEntry(clause, doc, said.entityId, said.owner, said.entry);
    if (roster !== null) return roster;
    if (clause.dates.some((d) => d.date !== null)) {
      return documentSchedule(clause, doc, said.entityId, said.owner, said.entry);
    }
  }
  return cancelledEntry(said) ?? movedFromEntry(said) ?? timedEntry(said);
}

/** A move with no subject of its own: "Rescheduled to Sunday at 11", "and moved to the 14th". */
const CARRIED_MOVE =
  /^(?:(?:and|but|so)\s+)?(?:(?:it|that)\s*(?:is|'s|was|got|has been)\s+)?(?:now\s+)?(?:rescheduled|moved|pushed(?:\s+back)?|postponed|bumped)\s+(?:to|for)\s+/i;

/**
 * "Good news, the recital is back on! Rescheduled to Sunday the 13th at 11:00.": a move said with
 * no subject is the event an earlier clause of the same message named (`doc.lastSchedule`), at
 * the day and time it gives. Null when no event was named before or no day follows.
 */
function carriedMove(clause: Clause, doc: DocContext, stateIntent: Intent): Candidate[] | null {
  const t = clause.text;
  const m = CARRIED_MOVE.exec(t);
  const slug = doc.lastSchedule;
  if (m === null || slug === null || EVENT_WORDS.test(t)) return null;
  const mention = clause.dates.find((d) => d.start >= m[0].length - 1 && d.date !== null);
  if (mention === undefined || mention.start > m[0].length + 4) return null;
  const read = dayAndTimeOf(clause, mention, m[0].length, doc);
  if (read === null) return null;
  const field = `family.schedule.${slug}`;
  const entityId =
    doc.input.known.find((k) => k.field === field)?.entityId ??
    scheduleSaid(clause, doc, stateIntent).entityId;
  return [scheduleCandidate(doc, entityId, slug, read, clause, t, stateIntent, true)];
}

/**
 * A short noun phrase opening the clause, moved to a day: "Parents evening got moved to next
 * Tuesday at 6", "the school play is rescheduled to Friday 12th at 18:00".
 */
const MOVED_PHRASE =
  /^(?:the\s+|our\s+)?((?:(?!(?:got|has|have|was|were|is|are)\s)[\p{L}'-]+\s+){0,2}?[\p{L}'-]+?)\s+(?:(?:got|has been|have been|was|were|is|are|'s)\s+)?(?:moved|rescheduled|pushed|changed|bumped|shifted)\s+(?:back\s+)?to\s+/iu;
/** Words that open no event's name: pronouns, determiners of time, people's roles. */
const NOT_AN_EVENT =
  /^(?:it|that|this|everything|something|nothing|he|she|they|we|i|you|time|date|plan|plans|meeting|call|deadline|release|launch|deploy|order|delivery|appointment|got|has|have|was|were|is|are)$/i;

/**
 * An event outside the known event words, read by the shape of its sentence in a family's thread:
 * a noun phrase moved to a day and an hour (both said). Whether it is a family event is inferred
 * from the thread, not from its name, so a new entry is asked (moderate), never committed alone.
 */
function movedNounPhrase(clause: Clause, doc: DocContext, stateIntent: Intent): Candidate[] | null {
  if (doc.kind !== 'chat' || !doc.group?.startsWith('family:')) return null;
  const m = MOVED_PHRASE.exec(clause.text);
  if (!m?.[1] || clause.analysis.negated) return null;
  const words = m[1].split(/\s+/);
  // "Grandma got moved to the ward", "Leo's got moved to…": a person, not an event.
  if (words.some((w) => NOT_AN_EVENT.test(w) || /['’]s$/.test(w))) return null;
  if (words.length === 1 && canBeName(m[1])) return null;
  const mention = clause.dates.find((d) => d.start >= m[0].length - 1);
  if (mention === undefined || mention.start > m[0].length + 1 || mention.date === null)
    return null;
  if (activityTime(mention) === null) return null;
  const value = whenOf(mention, null);
  const said = scheduleSaid(clause, doc, stateIntent);
  const at = said.slotOf(m[1]);
  if (value === null || at === null || at === 'ambiguous') return null;
  const onRecord = doc.input.known.some((k) => k.field === `family.schedule.${at.slug}`);
  doc.lastSchedule = at.slug;
  const entry = said.entryOn(at)(at.slug, value, clause.text, true);
  return [onRecord || entry.evidence === 'weak' ? entry : { ...entry, evidence: 'moderate' }];
}

/**
 * "Coach wants to move judo to Fridays", "let's move judo to Thursdays": a move wished or
 * proposed has not happened; it is read as a supposition (weak: shown, never committed). Any
 * other statement of a schedule is a plan.
 */
function scheduleIntent(clause: Clause): Intent {
  const intent = clause.intent.intent;
  if (WISHED_MOVE.test(clause.text)) return 'hypothetical';
  return intent === 'assertive' || intent === 'planning' ? 'planning' : intent;
}

/** A slot an event phrase names, or `ambiguous` when, said of nobody, it names several. */
type SlotReading = EventSlot | 'ambiguous' | null;

/** What a clause says about a schedule, and how to turn its event phrases into entries. */
interface ScheduleSaid {
  readonly clause: Clause;
  readonly doc: DocContext;
  readonly owner: OwnerSaid;
  /** The entity an event named by its own slug is on. */
  readonly entityId: string;
  /** Adds an entry on `entityId`. */
  readonly entry: ScheduleEntry;
  readonly slotOf: (phrase: string) => SlotReading;
  readonly entryOn: (at: EventSlot) => ScheduleEntry;
}

function scheduleSaid(clause: Clause, doc: DocContext, stateIntent: Intent): ScheduleSaid {
  const owner = ownerSaid(clause.text, doc);
  const entityId =
    doc.kind === 'chat' ? ownerEntity(owner, doc) : scheduleEntity(owner.member, doc);
  // The slot an event phrase names and the entity it is on: in chat, by the owner rule
  // (`ownedSlot`), else as the event's own slug on the owner's entity. Null when the phrase
  // names no slot.
  const slotOf = (phrase: string): SlotReading => {
    const found =
      doc.kind === 'chat' ? ownedSlot(phraseWords(phrase, doc), owner, doc, clause.text) : null;
    if (found === 'ambiguous') return found;
    if (found !== null) {
      const slug = found.slot.field.slice('family.schedule.'.length);
      return { slug, entityId: found.entityId, weak: found.weak };
    }
    const slug = eventSlug(phrase, doc, entityId);
    if (slug === null) return null;
    return { slug: memberEntrySlug(slug, phrase, owner, entityId, doc), entityId, weak: false };
  };
  const entryOn =
    (at: EventSlot): ScheduleEntry =>
    (slug, value, span, correction) => {
      const c = scheduleCandidate(
        doc,
        at.entityId,
        slug,
        value,
        clause,
        span,
        stateIntent,
        correction,
      );
      return at.weak ? { ...c, evidence: 'weak' } : c;
    };
  const entry = entryOn({ slug: '', entityId, weak: false });
  return { clause, doc, owner, entityId, entry, slotOf, entryOn };
}

/**
 * "Piano is cancelled", "no swim today", "we cancelled the piano lesson": the cancelled activity's
 * entry, `[]` when the activity names several slots, null when no cancellation is read.
 */
function cancelledEntry(said: ScheduleSaid): Candidate[] | null {
  const { clause, doc } = said;
  const t = clause.text;
  const cancelled =
    /^(.{2,50}?)(?:\s+(?:is|'s|are|has been|got|was)|['’]s)\s+(?:now\s+|officially\s+)?(?:cancell?ed|called off|off)\b/i.exec(
      t,
    ) ??
    /\b(?:cancell?ed|called off|no)\s+(?:the\s+)?(.{2,40}?)\s+(?:today|tonight|tomorrow|this week)\b/i.exec(
      t,
    );
  // Either form names the cancelled thing by its own noun phrase, as `cancelledObject` does.
  // The subject of "… is off" is the noun phrase after the last comma: in "Mrs. Lindqvist has the
  // flu, piano is off" it is "piano", not the clause before it.
  const called =
    cancelled?.[1] === undefined
      ? cancelledObject(clause)
      : activityPhrase(cancelled[1].split(/[,;:]\s*/u).pop() ?? cancelled[1]);
  if (!called || !EVENT_WORDS.test(called)) return null;
  const at = said.slotOf(called);
  if (at === 'ambiguous') return [];
  if (at === null) return null;
  doc.lastSchedule = at.slug;
  return [said.entryOn(at)(at.slug, 'cancelled', cancelled?.[0] ?? t, true)];
}

/**
 * "<event> moves from Wednesday to Friday at 4": the new time is the date after "to". `[]` when
 * the event names several slots, null when no such move is read.
 */
function movedFromEntry(said: ScheduleSaid): Candidate[] | null {
  const { clause, doc } = said;
  const t = clause.text;
  const movedFrom =
    /^(.{2,50}?)\s+(?:moves|is moving|has moved|moved|shifts|is shifting|shifted|changes|is changing|changed|switches|switched|goes|is going)\s+from\s+.{2,40}?\s+to\s+(?=\S)/i.exec(
      t,
    );
  if (!movedFrom?.[1] || !EVENT_WORDS.test(movedFrom[1])) return null;
  const at = said.slotOf(movedFrom[1]);
  if (at === 'ambiguous') return [];
  if (at === null) return null;
  const target = t.slice(movedFrom[0].length);
  // Read the target on its own: chrono reads "Wednesday to Friday at 4" as one range.
  const mention = findDates(target, doc.input.at)[0];
  const value = weekdayOrHourTarget(target, t, doc, at.entityId, at.slug) ?? whenOf(mention, null);
  if (value === null) return null;
  doc.lastSchedule = at.slug;
  return [said.entryOn(at)(at.slug, value, t, true)];
}

/**
 * "Swim is at 6:30 today", "Recital pushed to Dec 12", "moved judo to Thursdays": an event (the
 * subject of a copula or a move, or the object of a move) and its new time.
 */
function timedEntry(said: ScheduleSaid): Candidate[] {
  const { clause, doc } = said;
  const t = clause.text;
  const timed =
    /^(.{2,50}?)\s+(?:is|'s|are|will be|has been moved|got moved|moved|was moved)\s+(?:now\s+|still\s+|back\s+)?(?:to\s+)?(?:at|on|for)?\s*(?=\S)/i.exec(
      t,
    );
  const movedObject = MOVED_OBJECT.exec(t);
  const has = timed === null ? MEMBER_HAS.exec(t) : null;
  // "the recital hasn't moved to Dec 12": a move said not to happen sets no new time.
  const move = MOVE_CUE.test(t) ? rescheduleReading(clause.analysis, t) : null;
  if (move?.negated) return [];
  // "Recital pushed to Dec 12", "swim got bumped to Thursday": what moved is the subject.
  const movedSubject = move?.movedIsSubject && EVENT_WORDS.test(move.moved) ? move : null;
  const rawPhrase = movedObject?.[1] ?? movedSubject?.moved ?? timed?.[1] ?? has?.[1] ?? null;
  // Reported speech and labels: "Coach just texted, swim is at 6:30" and "Agreed with the
  // tutor: tutoring is at 18:00 from now on" are about "swim" and "tutoring".
  const phrase = rawPhrase === null ? null : (rawPhrase.split(/[,:]/).pop() ?? rawPhrase).trim();
  if (phrase === null || !EVENT_WORDS.test(phrase)) return [];
  const resolved = said.slotOf(phrase);
  if (resolved === null || resolved === 'ambiguous') return [];
  const { slug } = resolved;
  // Named, even with no time read ("the recital is back on"): a later clause may move it.
  doc.lastSchedule = slug;
  const on = resolved.entityId;
  const add = said.entryOn(resolved);
  const offset = movedObject
    ? movedObject.index + movedObject[0].length
    : (movedSubject?.targetAt ?? timed?.[1]?.length ?? has?.[0].length ?? 0);
  // "moved to Thursdays, same time", "moved judo to 6 from next week": a weekday or an hour is
  // the new time; "next week" after it says when the change starts, not the new date.
  // A time the date reader finds right at the target ("moved to 3pm") is read below, with the
  // day the event's name may give ("the dentist tomorrow was moved to 3pm").
  const dated = clause.dates.some((d) => d.start >= offset - 1 && d.start <= offset + 1);
  const moveTarget =
    movedObject !== null || movedSubject !== null
      ? weekdayOrHourTarget(t.slice(offset), t, doc, on, slug, !dated)
      : null;
  if (moveTarget !== null) {
    doc.lastSchedule = slug;
    return [add(slug, moveTarget, t, true)];
  }
  const mention = clause.dates.find((d) => d.start >= offset - 1);
  if (mention === undefined) {
    const back = backToWeekdays(t.slice(offset), doc, on, slug);
    if (back === null) return [];
    doc.lastSchedule = slug;
    return [add(slug, back, t, true)];
  }
  const read = dayAndTimeOf(clause, mention, offset, doc);
  if (read === null) return [];
  const value = move === null ? read : keptTime(read, t.slice(mention.end), doc, on, slug);
  doc.lastSchedule = slug;
  return [add(slug, value, t, clause.intent.supersedes || movedObject !== null || move !== null)];
}

/**
 * The date and time a mention gives an event, with the day its name may say ("Soccer tomorrow is
 * at 10"), or null for a misread day ("moved to Sunday the 13th" when the 13th is a Saturday).
 */
function dayAndTimeOf(
  clause: Clause,
  mention: DateMention,
  offset: number,
  doc: DocContext,
): string | null {
  const weekday = openingWeekday(mention.text);
  if (
    weekday !== null &&
    mention.date !== null &&
    /\d/.test(mention.text) &&
    new Date(`${mention.date}T00:00:00Z`).getUTCDay() !== weekday
  ) {
    return null;
  }
  const relativeToday =
    mention.date !== null
      ? null
      : (dayInName(clause, offset) ??
        (/\btoday|tonight\b/i.test(clause.text)
          ? doc.input.at.slice(0, 10)
          : nextWeekdayIn(clause.text, doc.input.at)));
  return whenOf(mention, relativeToday);
}

/**
 * "Scratch that, he can do Thursday at 5:30 instead": after a retraction, a day and an hour said
 * "instead" with no event named replace the withdrawn statement. Which entry it was is read from
 * the record: the family's one schedule entry; with none or several, nothing. The entry is
 * inferred, not said, so the reading is moderate (asked, never committed alone).
 */
function replacedAfterRetraction(clause: Clause, doc: DocContext): Candidate[] {
  const t = clause.text;
  if (!doc.afterRetraction || doc.kind !== 'chat' || !/\binstead\b/i.test(t)) return [];
  if (clause.intent.hedged || clause.intent.intent === 'question') return [];
  const dated = clause.dates.filter((d) => d.date !== null && activityTime(d) !== null);
  const [mention] = dated;
  if (mention === undefined || dated.length > 1) return [];
  const entityId = doc.group ?? doc.input.entityId;
  const entries = doc.input.known.filter(
    (k) =>
      k.entityId === entityId && k.field.startsWith('family.schedule.') && k.committed !== false,
  );
  const [only] = entries;
  const value = whenOf(mention, null);
  if (only === undefined || entries.length > 1 || value === null) return [];
  const slug = only.field.slice('family.schedule.'.length);
  doc.lastSchedule = slug;
  const c = scheduleCandidate(doc, entityId, slug, value, clause, t, 'planning', true);
  return [{ ...c, evidence: 'moderate' }];
}

/**
 * "<event> (got) moved|switched|shifted|pushed|changed|rescheduled to <target>": a move read by its
 * shape, for any event word, when its subject names a schedule entry on record for the entity
 * the reading writes (see `sameEvent`). "Fencing moved to Thursdays, same time", "Swim got moved
 * to 18:00". The target is a weekday or an hour (`weekdayOrHourTarget`) or a date; a new hour
 * keeps the entry's day, a new weekday keeps its time when the words say so. Null when the
 * clause is not this shape or names no such entry (the other schedule rules then read it).
 */
function knownSlotMove(clause: Clause, doc: DocContext, intent: Intent): Candidate[] | null {
  const t = clause.text;
  const shaped = SHAPED_MOVE.exec(t);
  if (!shaped?.[2]) return null;
  // "today's practice moved to 16:30": the day is said, so the move is of that day's session,
  // read by the dated rules, not of the entry's next occurrence on record.
  if (/^(?:today|tonight|tomorrow)$/i.test(shaped[1] ?? '')) return null;
  const said = slugify(shaped[2])
    .split('_')
    .filter((w) => w !== '' && !SLUG_NOISE.has(w));
  const owner = ownerSaid(t, doc);
  const found = ownedSlot(said, owner, doc, t);
  if (found === 'ambiguous') return [];
  if (found === null) return null;
  const { slot, entityId, weak } = found;
  const slug = slot.field.slice('family.schedule.'.length);
  const target = t.slice(shaped[0].length);
  const value = movedTo(target, t, doc, entityId, slug, slot.value);
  if (value === null) return null;
  // A bare hour keeps the day on record; said of nobody in particular, that day must be the
  // slot's coming occurrence, not a one-off on some other date (which the hour may not be about).
  const bareHour = /^\d{2}:\d{2}$/.test(weekdayOrHourTarget(target, t, doc, entityId, slug) ?? '');
  if (owner.by !== 'member' && bareHour && !comingWeek(slot, doc)) {
    return [];
  }
  doc.lastSchedule = slug;
  const candidate = scheduleCandidate(doc, entityId, slug, value, clause, t, intent, true);
  return [weak ? { ...candidate, evidence: 'weak' } : candidate];
}

/**
 * Who a schedule sentence is about, as said: a member by name ("Leo's piano", "(Mia)"), the
 * speaker by "my" before the event ("my pilates": not "my son's piano", a relation), or nobody
 * (a "we" sentence or a bare one: "we moved swim to Thursdays", "Piano moved to 18:00").
 */
interface OwnerSaid {
  readonly by: 'member' | 'speaker' | 'unsaid';
  readonly member: string | null;
}

/** "my <word>", the word not a relation ("my son's", "my daughter") nor a possessor. */
const MY_OWN = /(?<![\p{L}])my\s+([\p{L}-]+)(?!['’]s\b)/iu;

function ownerSaid(text: string, doc: DocContext): OwnerSaid {
  const member = SCHEDULE_MEMBER.exec(text);
  const name = member?.[1] ?? member?.[2] ?? member?.[3] ?? member?.[4] ?? null;
  if (name !== null && canBeName(name) && !ownedByOther(text, name, doc)) {
    return { by: 'member', member: name };
  }
  // Only in the main clause: "swim moved to Thursday so I can make my meeting" is the family's.
  const main = text.split(/[,;]|\s(?:so|because|since|but|and|as|while|when)\s/i)[0] ?? text;
  const my = MY_OWN.exec(main);
  if (my?.[1] && !RELATIONAL_NOUN.pattern.test(my[1])) return { by: 'speaker', member: null };
  return { by: 'unsaid', member: null };
}

/** The entity a schedule said of `owner` is filed on when no slot on record is found. */
function ownerEntity(owner: OwnerSaid, doc: DocContext): string {
  return owner.by === 'speaker' ? speakerEntity(doc) : scheduleEntity(owner.member, doc);
}

/**
 * The names a slot's slug carries of the members of its entity ("leo_piano" is Leo's piano), as
 * name slugs.
 */
function slotMembers(slot: KnownSlot, doc: DocContext): Set<string> {
  const members = memberSlugs(slot.entityId, doc);
  const words = slot.field.slice('family.schedule.'.length).split('_');
  return new Set(words.filter((w) => members.has(w)));
}

/** The name slugs of the members the registry lists for `entityId` (whole and first names). */
function memberSlugs(entityId: string, doc: DocContext): Set<string> {
  const entries = doc.input.registry.members[entityId] ?? [];
  return new Set(entries.flatMap(memberEntities).map((entity) => entity.slice('user:'.length)));
}

/**
 * The slug of a new schedule entry said of a member the registry lists in the entity's family:
 * the member's name first ("Leo's swim practice" is `leo_swim_practice`), so two children's swim
 * practices are two entries, and a change said of nobody reaches one of them only when one fits
 * (`ownedSlot`). `slug` unchanged for anyone else (a name the registry does not list, nobody
 * named), when it names the member already, and when it is an entry on record that names no
 * member. A slug the event words matched on another
 * member's entry is that member's: the new entry is named from the words said instead.
 */
function memberEntrySlug(
  slug: string,
  phrase: string,
  owner: OwnerSaid,
  entityId: string,
  doc: DocContext,
): string {
  if (owner.by !== 'member' || owner.member === null) return slug;
  const name = nameSlug(owner.member);
  const members = memberSlugs(entityId, doc);
  if (name === '' || !members.has(name)) return slug;
  const words = slug.split('_');
  if (words.includes(name)) return slug;
  // An entry on record that names no member (filed before the registry listed them) stays the
  // one entry, as `ownedSlot` keeps it for a member named in chat.
  const field = `family.schedule.${slug}`;
  const untagged = !words.some((w) => members.has(w));
  if (untagged && doc.input.known.some((k) => k.entityId === entityId && k.field === field)) {
    return slug;
  }
  const base = words.some((w) => members.has(w)) ? phraseWords(phrase, doc).join('_') : slug;
  return base === '' ? slug : `${name}_${base}`;
}

/**
 * The speaker as a member of their household: the family their "we" means (else the family
 * whose members list them) and the slug their entries there carry. Null when the speaker is in
 * no family or the registry lists no name for them.
 */
function speakerMember(doc: DocContext): { household: string; slug: string } | null {
  const speaker = speakerEntity(doc);
  const { registry } = doc.input;
  const household = registry.we[speaker] ?? memberGroupOf(speaker, registry);
  if (household === null || household === undefined) return null;
  const entry = (registry.members[household] ?? []).find((e) =>
    memberEntities(e).includes(speaker),
  );
  const first = entry?.includes(':') ? '' : (entry?.trim().split(/\s+/)[0] ?? '');
  const slug = nameSlug(first);
  return slug === '' ? null : { household, slug };
}

/** The schedule slot on record the owner rule resolves to, with the entity it is filed on. */
interface OwnedSlot {
  readonly slot: KnownSlot;
  readonly entityId: string;
  /** Found only by matching the event on an entity other than the thread's own: tentative. */
  readonly weak: boolean;
}

/**
 * The one rule for whose schedule entry a sentence names (issue #10). The owner is, in order: a
 * member named (their family's slot for the event, the one whose slug carries their name when the
 * family has several, never another member's); the speaker ("my pilates": the speaker's own slots
 * only, never the family's); else the sole slot on record that matches the event, among the
 * thread's own entity, the family the speaker's "we" means and the speaker's own. Strong when said
 * by name or found on the thread's own entity; weak (tentative) when found only by matching on
 * another entity. `ambiguous` when more than one slot matches and nothing says whose: the caller
 * reads nothing. Null when no slot on record matches.
 */
function ownedSlot(
  said: readonly string[],
  owner: OwnerSaid,
  doc: DocContext,
  clauseText = '',
): OwnedSlot | 'ambiguous' | null {
  const named = owner.member === null ? null : nameSlug(owner.member);
  // "dentist called, Yusuf's appointment moved to Friday": an entry said only by its kind is the
  // one whose name the clause says elsewhere.
  const kindOnly = said.length > 0 && said.every((w) => w === named || ENTRY_KIND.has(w));
  const context = kindOnly ? slugify(clauseText).split('_') : [];
  // "my swim": the speaker's own entries, and on their household only those carrying their name.
  const me = owner.by === 'speaker' ? speakerMember(doc) : null;
  const entities =
    owner.by === 'unsaid'
      ? [doc.group, doc.input.registry.we[doc.input.entityId] ?? null, speakerEntity(doc)]
      : [ownerEntity(owner, doc), me?.household ?? null];
  const matching = doc.input.known.filter((k) => {
    if (!entities.includes(k.entityId) || k.committed === false) return false;
    if (!k.field.startsWith('family.schedule.')) return false;
    const tags = slotMembers(k, doc);
    if (named !== null && tags.size > 0 && !tags.has(named)) return false;
    if (me !== null && k.entityId === me.household && !tags.has(me.slug)) return false;
    const words = k.field.slice('family.schedule.'.length).split('_');
    const entry = words.filter((w) => !tags.has(w));
    if (kindOnly) return namedIn(context, entry);
    return sameEvent(
      said.filter((w) => w !== named),
      entry,
    );
  });
  const own = named === null ? matching : matching.filter((k) => slotMembers(k, doc).has(named));
  const candidates = own.length === 1 ? own : matching;
  const [slot] = candidates;
  if (slot === undefined) return null;
  if (candidates.length > 1) return 'ambiguous';
  const home = doc.group ?? doc.input.entityId;
  const weak = owner.by === 'unsaid' && slot.entityId !== home;
  return { slot, entityId: slot.entityId, weak };
}

/** Whether the slot's recorded day is in the coming week (a weekly slot at its next occurrence). */
function comingWeek(slot: KnownSlot, doc: DocContext): boolean {
  const day = /^(\d{4}-\d{2}-\d{2})/.exec(slot.value ?? '')?.[1];
  if (day === undefined) return true;
  const from = Date.parse(`${doc.input.at.slice(0, 10)}T00:00:00Z`);
  const at = Date.parse(`${day}T00:00:00Z`);
  return at >= from && at < from + 7 * 86_400_000;
}

/** The subject and verb of a move said as "<event> (got) moved to …". */
const SHAPED_MOVE = new RegExp(
  String.raw`^(?:(?:the|our|my)\s+|(${NAME})['’]s\s+)?([\p{L}][\p{L}'-]*(?:\s+[\p{L}][\p{L}'-]*){0,3}?)\s+(?:(?:got|was|were|has been|have been|has|have|is|are|will be)\s+)?(?:moved|moves|moving|switched|switches|switching|shifted|shifts|shifting|pushed|changed|changes|rescheduled|bumped)\s+(?:back\s+)?to\s+(?=\S)`,
  'iu',
);

/** Words naming the kind of an entry, not which one it is ("swim" is "swim lessons"). */
const ENTRY_KIND = new Set(
  'lesson lessons class classes practice session sessions training appointment club rehearsal'.split(
    ' ',
  ),
);

/**
 * Whether the words said name the entry whose slug words are `slug`: the same words, apart from
 * the kind of entry ("swim" and "swim lessons"). Shared words are not enough: "swim team party"
 * is not "swim".
 */
function sameEvent(said: readonly string[], slug: readonly string[]): boolean {
  const core = (words: readonly string[]) =>
    words
      .filter((w) => !ENTRY_KIND.has(w))
      .map((w) => activityStem(singular(w)))
      .join('_');
  const a = core(said);
  return a !== '' && a === core(slug);
}

/** Whether the words of a text name the entry whose slug words are `slug`, apart from its kind. */
function namedIn(words: readonly string[], slug: readonly string[]): boolean {
  const said = new Set(words.map((w) => activityStem(singular(w))));
  const core = slug.filter((w) => !ENTRY_KIND.has(w)).map((w) => activityStem(singular(w)));
  return core.length > 0 && core.every((w) => said.has(w));
}

/**
 * An activity said as its -ing form is the activity ("swimming" is "swim", "skating" "skate",
 * "dancing" "dance"): the stem with a doubled final consonant undone, then with a final "e" taken
 * off, so both spellings meet. Other words unchanged.
 */
function activityStem(word: string): string {
  const root = /^(.{2,})ing$/.exec(word)?.[1];
  const stem = root === undefined ? word : root.replace(/([b-df-hj-np-tv-z])\1$/, '$1');
  return stem.length > 3 ? stem.replace(/e$/, '') : stem;
}

/**
 * The new value of an entry moved to `target`: a weekday (from when the change starts), an hour
 * on the entry's recorded day (from when the change starts), or a date the target opens with.
 * Null for anything else.
 */
function movedTo(
  target: string,
  clauseText: string,
  doc: DocContext,
  entityId: string,
  slug: string,
  recorded: string | null,
): string | null {
  const shifted = weekdayOrHourTarget(target, clauseText, doc, entityId, slug);
  if (shifted !== null && !/^\d{2}:\d{2}$/.test(shifted)) return shifted;
  if (shifted !== null) {
    // A new hour keeps the day on record: the entry moved within its day.
    const day = /^(\d{4}-\d{2}-\d{2})/.exec(recorded ?? '')?.[1];
    if (day === undefined) return shifted;
    const start = changeStarts(clauseText, doc.input.at);
    return `${start === null ? day : weeksOnTo(day, start)} ${shifted}`;
  }
  const mention = findDates(target, doc.input.at)[0];
  if (mention === undefined || mention.start > 3 || mention.date === null) return null;
  const when = whenOf(mention, null);
  return when === null ? null : keptTime(when, target.slice(mention.end), doc, entityId, slug);
}

/** The first of `day` plus whole weeks that is not before `start` (both `YYYY-MM-DD`). */
function weeksOnTo(day: string, start: string): string {
  let at = Date.parse(`${day}T00:00:00Z`);
  const from = Date.parse(`${start}T00:00:00Z`);
  while (at < from) at += 7 * 86_400_000;
  return new Date(at).toISOString().slice(0, 10);
}

/**
 * The day a change starts, when the clause says ("from next week": the coming Monday; "starting
 * the 12th", "from May 12", "as of Monday": that date), as `YYYY-MM-DD`; null when it does not.
 */
function changeStarts(clauseText: string, at: string): string | null {
  if (/\b(?:from|starting|as of|beginning)\s+next\s+week\b/i.test(clauseText)) {
    return nextMonday(at).slice(0, 10);
  }
  const cue = /\b(?:from|starting|as of|beginning)\s+(?=\S)/i.exec(clauseText);
  if (cue === null) return null;
  const said = findDates(clauseText.slice(cue.index + cue[0].length), at)[0];
  return said !== undefined && said.start === 0 && said.date !== null ? said.date : null;
}

/**
 * The target of a move said as a weekday or a bare hour rather than a date ("moves from Mondays
 * to Tuesdays, still 17:00", "moved to Thursdays, same time", "coach moved judo to 6 from next
 * week"), read from the words right after "to". A weekday gives its next day (from next week's
 * Monday when the change starts "from/starting next week"), with the time said after it or, when
 * the words say the time stays, the time on record; a bare hour gives the new time of day. Null
 * when the target is anything else (a date: the caller's date reading stands), and for an hour
 * when `hourAllowed` is false (the date reader found that time itself).
 */
function weekdayOrHourTarget(
  target: string,
  clauseText: string,
  doc: DocContext,
  entityId: string,
  slug: string,
  hourAllowed = true,
): string | null {
  const hour =
    /^\s*(?:at\s+)?(\d{1,2}(?::\d{2})?\s*(?:am|pm)?)(?=\s*(?:$|[,.;!]|from\b|starting\b|on\s+(?:mon|tue|wed|thu|fri|sat|sun)|(?:this|next)\s+week\b|instead\b|now\b|going\s+forward\b))/i.exec(
      target,
    );
  if (hour?.[1] && hourAllowed) return bareTime(hour[1]);
  if (hour?.[1]) return null;
  const weekday =
    /^\s*(?:the\s+)?((?:mon|tues|wednes|thurs|fri|satur|sun)days?)\b(?!\s+(?:the\s+)?\d)/i.exec(
      target,
    );
  if (!weekday?.[1]) return null;
  const starts = changeStarts(clauseText, doc.input.at);
  const from = starts === null || starts < doc.input.at ? doc.input.at : `${starts}T00:00:00Z`;
  const day = nextWeekdayIn(weekday[1], from);
  if (day === null) return null;
  const rest = target.slice(weekday[0].length);
  const said = /^\s*(?:,\s*)?(?:at|from)\s+(\d{1,2}(?::\d{2})?\s*(?:am|pm)?)(?![\d:])/i.exec(rest);
  const time = said?.[1] ? bareTime(said[1]) : null;
  return time === null ? keptTime(day, rest, doc, entityId, slug) : `${day} ${time}`;
}

/** The Monday after the week of `at` (an ISO timestamp), as an ISO timestamp at midnight. */
function nextMonday(at: string): string {
  const from = Date.parse(`${at.slice(0, 10)}T00:00:00Z`);
  const delta = (8 - new Date(from).getUTCDay()) % 7 || 7;
  return new Date(from + delta * 86_400_000).toISOString();
}

/** A recurring event said to return to a weekday it had before ("is back to Thursdays"). */
const BACK_TO_WEEKDAYS =
  /^\s*(?:(?:is|are|'s|'re)\s+)?back\s+(?:to|on)\s+(?:the\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)days\b(?!\s+(?:at|from|after|before|and)\b)/i;

/**
 * The value of a recurring event back on an earlier weekday with no time said ("Ada's piano is
 * back to Thursdays"): its next such day, at the time on record for the slot (a return keeps the
 * usual time), else the day alone. Null when the words are not such a return.
 */
function backToWeekdays(
  rest: string,
  doc: DocContext,
  entityId: string,
  slug: string,
): string | null {
  const back = BACK_TO_WEEKDAYS.exec(rest);
  if (back === null) return null;
  const day = nextWeekdayIn(back[0], doc.input.at);
  if (day === null) return null;
  const onRecord = doc.input.known.find(
    (k) => k.entityId === entityId && k.field === `family.schedule.${slug}`,
  )?.value;
  const time = /(?:^|\s)(\d{2}:\d{2})$/.exec(onRecord ?? '')?.[1];
  return time === undefined ? day : `${day} ${time}`;
}

/** A word that could be a verb of `rescheduleReading` (a cheap test before the analysis). */
const MOVE_CUE = /\b(?:mov|push|shift|resched|chang|switch|bump|postpon|rebook|brought|bring)/i;

/**
 * A moved event's new day with the time it keeps: the time said after the day ("still 17:00"),
 * else the time on record for the slot when the clause says it stays ("same time", "usual
 * time"). `value` unchanged when it has a time already or nothing says the time stays.
 */
function keptTime(
  value: string,
  after: string,
  doc: DocContext,
  entityId: string,
  slug: string,
): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const kept = KEPT_TIME.pattern.exec(after);
  if (kept === null) return value;
  const said = kept[1] === undefined ? null : bareTime(kept[1]);
  const onRecord = doc.input.known.find(
    (k) => k.entityId === entityId && k.field === `family.schedule.${slug}`,
  )?.value;
  const time = said ?? /(?:^|\s)(\d{2}:\d{2})$/.exec(onRecord ?? '')?.[1] ?? null;
  return time === null ? value : `${value} ${time}`;
}
