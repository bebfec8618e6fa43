import {
  analyseClause,
  COMMENT_ADVERB,
  classReading,
  findAmounts,
  isVocabularyWord,
  RECALLED_TIME,
  RELATIONAL_NOUN,
  VERB_ADJUNCT,
} from '../../language/index.js';
import type { Candidate, Clause, DocContext } from '../clauses.js';
import { matchKnown, ownedByThirdParty, weEntity } from '../clauses.js';
import { slugify } from '../text.js';
import { HEDGED_CONFIDENCE } from '../types.js';
import {
  CANCEL,
  PLAN_TIER,
  RECURRING_NOUN,
  SUBSCRIBE,
  SUBSCRIPTION_VERB,
  SWITCH,
  UTILITY_WORDS,
} from './financial-lexicon.js';

// What the user says about their own subscriptions and memberships: cancelled one, switched from
// one provider to another, signed up again (issue #10, financial family). Read from the clause's
// grammar: a first-person (or subjectless) statement, not negated, not a question or a
// supposition, whose object is one of the user's recurring payments.

// "teh": the commonest typing slip of "the" in chat.
const FILLER = new Set(['the', 'teh', 'my', 'our', 'a', 'an', 'to', 'for', 'it', 'that', 'this']);

type Evidence = 'strong' | 'weak';

interface Named {
  readonly slug: string;
  readonly evidence: Evidence;
  /** The name is only ordinary English words ("tidal", "apple music"). */
  readonly ordinary?: boolean;
}

/**
 * The item a provider's name stands for, and how sure the clause makes it: a known financial
 * item or a name with a recurring-payment noun ("my netflix subscription") is strong; a brand the
 * English model does not know ("spotify") is weak (tentative); ordinary words ("the meeting",
 * "the trip", "dinner") are no item at all.
 */
function named(
  phrase: string,
  clause: Clause,
  doc: DocContext,
  allowOrdinary = false,
): Named | null {
  if (ownedByThirdParty(phrase)) return null;
  const words = slugify(phrase)
    .split('_')
    .filter((w) => w !== '' && !FILLER.has(w));
  const name = words.filter((w) => !PLAN_TIER.pattern.test(w)).slice(0, 2);
  if (name.length === 0) return null;
  const known = matchKnown(name, 'financial', doc.input.known, weEntity(doc));
  if (known !== null) return { slug: known, evidence: 'strong' };
  const recurring = recurringPayment(phrase, clause);
  if (recurring !== null) return { slug: name.join('_'), evidence: recurring };
  if (name.every((w) => isVocabularyWord(w))) {
    return allowOrdinary ? { slug: name.join('_'), evidence: 'weak', ordinary: true } : null;
  }
  return { slug: name.join('_'), evidence: 'weak' };
}

/**
 * How strongly the words say the item is a recurring payment: strong for a word for one
 * (`RECURRING_NOUN`); how often alone ("a monthly game challenge", "a monthly book club") says
 * something recurs, not that it is paid for, so it is weak unless an amount is said; null when
 * nothing recurs.
 */
function recurringPayment(phrase: string, clause: Clause): Evidence | null {
  const said = (text: string) => RECURRING_NOUN.pattern.test(text);
  if (!said(phrase) && !said(clause.text)) return null;
  const beyondFrequency = (text: string) => said(text.replace(/\bmonthly\b/gi, ' '));
  return beyondFrequency(phrase) ||
    beyondFrequency(clause.text) ||
    findAmounts(clause.text).length > 0
    ? 'strong'
    : 'weak';
}

function ownStatement(clause: Clause): boolean {
  const a = clause.analysis;
  // A subjectless clause opening on a past form ("resubscribed to …") is a diary-style
  // statement, not an instruction, whatever the tagger's mood says.
  const diary = a.mood === 'imperative' && /^\s*\w+ed\b/i.test(clause.text);
  if ((a.mood !== 'statement' && !diary) || a.negated) return false;
  if (clause.intent.intent !== 'assertive') return false;
  return a.subject.kind === 'speaker' || a.subject.kind === 'we' || a.subject.kind === 'none';
}

function candidate(
  doc: DocContext,
  clause: Clause,
  slug: string,
  value: string,
  evidence: Evidence,
): Candidate {
  const weak = evidence === 'weak' || clause.intent.hedged;
  return chatCandidate(doc, clause, `financial.${slug}.status`, value, weak);
}

/** A reading of the user's own chat statement; weak ones stay tentative. */
function chatCandidate(
  doc: DocContext,
  clause: Clause,
  field: string,
  value: string,
  weak: boolean,
): Candidate {
  return {
    entityId: weEntity(doc),
    field,
    value,
    intent: 'assertive',
    confidence: weak ? HEDGED_CONFIDENCE : 1,
    correction: false,
    span: clause.text,
    evidence: weak ? 'weak' : 'strong',
  };
}

/**
 * "I'm no longer a FitZone member", "we're not members of Riverside Tennis anymore": the
 * speaker says a membership ended, as "cancelled" would. "Not" needs "anymore" (a plain "I'm not
 * a member" may never have been one). The name must be an item (`named`): strong when on
 * record, tentative for a name never seen.
 */
function formerMember(clause: Clause, doc: DocContext): Candidate[] | null {
  const t = clause.text;
  const m =
    /\b(?:i'?m|i am|we'?re|we are)\s+(no longer|not)\s+(?:an?\s+)?(?:members?\s+(?:of|at)\s+((?:the\s+)?[\p{Lu}][\p{L}\p{N}&'.-]*(?:\s+[\p{Lu}][\p{L}\p{N}&'.-]*){0,2})|((?:the\s+)?[\p{L}][\p{L}\p{N}&'.-]*(?:\s+[\p{L}][\p{L}\p{N}&'.-]*){0,2}?)\s+members?)\b/iu.exec(
      t,
    );
  if (m === null || clause.intent.intent !== 'assertive') return null;
  if (m[1]?.toLowerCase() === 'not' && !/\bany ?more\b/i.test(t.slice(m.index))) return null;
  // A club or gym by its own name, or an item on record; "a member of the committee", "a team
  // member" name no paid membership (ordinary words are no item).
  const item = named(m[2] ?? m[3] ?? '', clause, doc);
  if (item === null) return null;
  doc.lastItem = item.slug;
  return [candidate(doc, clause, item.slug, 'cancelled', item.evidence)];
}

/** The object phrase right after a verb match: up to four words, stopping at a clause word. */
function objectAfter(text: string, end: number): string {
  const rest = text.slice(end).replace(/^\s+(?:(?:off|out of|from|to|for)\s+)?/i, ' ');
  const m =
    /^\s*((?:my|our|the)\s+)?([\w.&'-]+(?:\s+(?!(?:yesterday|today|last|this|because|and|but|since|after|in|on|at|so|as|which|too|already|finally|again)\b)[\w.&'-]+){0,3})/i.exec(
      rest,
    );
  return m ? `${m[1] ?? ''}${m[2] ?? ''}` : '';
}

/**
 * What follows a verb of ending makes it a verb of coming and going: a particle right after it
 * ("stopped by Tesco", "dropped in", "dropped off the keys"), or someone or something set down
 * somewhere ("dropped Ana at the airport", "dropped Leo off at football"). Nothing ends there.
 * "At" names a place only when what follows is no time the date reader finds ("dropped Netflix
 * at the weekend", "at midnight") and no adverbial idiom ("at last", "at once").
 */
function comingAndGoing(clause: Clause, verbEnd: number): boolean {
  const after = clause.text.slice(verbEnd);
  if (/^\s+(?:by|in|round|over|off)\b/i.test(after)) return true;
  const setDown =
    /^\s+(?:(?:my|our|the|his|her|their)\s+)?[\p{L}'-]+(?:\s+[\p{L}'-]+)?\s+(off|outside|in front of|at(?!\s+(?:last|least|once|first|all)\b))\b/iu.exec(
      after,
    );
  if (setDown === null) return false;
  if (setDown[1]?.toLowerCase() !== 'at') return true;
  const placeAt = verbEnd + setDown[0].length;
  return !clause.dates.some((d) => d.start >= placeAt && d.start <= placeAt + 6);
}

/**
 * "switched from spotify to youtube music", "cancelled my netflix", "resubscribed to Tidal": the
 * status of each named subscription. Null when the clause says none of this about the user's own.
 */
export function subscriptionStatement(clause: Clause, doc: DocContext): Candidate[] | null {
  const t = clause.text;
  const former = formerMember(clause, doc);
  if (former !== null) return former;
  const sw = SWITCH.pattern.exec(t);
  const cancel = CANCEL.pattern.exec(t);
  const subscribe = SUBSCRIBE.pattern.exec(t);
  if (sw === null && cancel === null && subscribe === null) return null;
  if (!ownStatement(clause)) return null;
  if (sw?.groups) {
    const g = sw.groups;
    const fromName = g['from'] ?? g['from2'] ?? g['from3'] ?? '';
    const toName = g['to'] ?? g['to2'] ?? g['to3'] ?? '';
    const from = named(fromName, clause, doc, true);
    const to = named(toName, clause, doc, true);
    if (from === null || to === null) return null;
    // One side must be a payment we already know or the clause must say it is one; a provider
    // named by ordinary words ("tidal") is read only beside such a side.
    const strong = from.evidence === 'strong' || to.evidence === 'strong';
    if (!strong && (from.ordinary || to.ordinary)) return null;
    const evidence: Evidence = strong ? 'strong' : 'weak';
    doc.lastItem = to.slug;
    return [
      candidate(doc, clause, from.slug, 'cancelled', evidence),
      candidate(doc, clause, to.slug, 'active', evidence),
    ];
  }
  const verb = cancel ?? subscribe;
  if (verb === null) return null;
  // "Let's cancel X", "I'll cancel X tomorrow", "we should cancel X": the plain present form
  // proposes or announces a cancellation; none has happened yet.
  if (cancel !== null && /^cancels?$/i.test(cancel[0])) return null;
  // Only "stopped", "dropped" and "ended" also name a coming and going ("stopped by Tesco",
  // "dropped Ana at the airport"); "cancelled FitZone at the front desk" names where it was done.
  if (
    cancel !== null &&
    /^(?:stopped|dropped|ended)$/i.test(cancel[0]) &&
    comingAndGoing(clause, cancel.index + cancel[0].length)
  ) {
    return null;
  }
  const item = named(objectAfter(t, verb.index + verb[0].length), clause, doc);
  if (item === null) return null;
  doc.lastItem = item.slug;
  // "Unsubscribed from X", "resubscribed to X": only a subscription takes these verbs.
  const evidence = SUBSCRIPTION_VERB.pattern.test(t) ? 'strong' : item.evidence;
  return [candidate(doc, clause, item.slug, cancel !== null ? 'cancelled' : 'active', evidence)];
}

/** A household bill named by its noun phrase ("the water bill", "rent", "council tax"). */
const BILL_NP =
  /\b(?:(?:the|my|our|this month's|last month's)\s+)?((?:[a-z]+\s+){0,2}?(?:bill|rent|mortgage|council tax|tuition|invoice))\b/i;

function billSlug(phrase: string): string {
  const words = phrase.toLowerCase().trim().split(/\s+/);
  const head = words[words.length - 1] ?? '';
  if (head !== 'bill' && head !== 'invoice')
    return slugify(phrase.replace(/^(?:the|my|our)\s+/i, ''));
  for (const [noun, forms] of Object.entries(UTILITY_WORDS)) {
    if (words.some((w) => forms.includes(w))) return `${noun}_bill`;
  }
  const modifier = words.length > 1 ? words[words.length - 2] : undefined;
  return modifier !== undefined && !FILLER.has(modifier) ? `${modifier}_${head}` : head;
}

/**
 * A bill as the subject of a short statement: "electricity bill paid ✅", "council tax is
 * overdue", "Disney+ is cancelled", "the insurance premium went up to 720". A first-person
 * statement of the user's own bill; someone else's ("Ben's bill") is kept out by the caller.
 */
export function billStatement(clause: Clause, doc: DocContext): Candidate[] | null {
  const t = clause.text;
  if (clause.intent.intent !== 'assertive' || ownedByThirdParty(t)) return null;
  const state =
    /^\s*(?:the\s+|my\s+|our\s+)?([\w+.&' -]{2,40}?)\s+(?:is\s+|was\s+|has been\s+|got\s+|now\s+|all\s+)*(paid|settled|overdue|outstanding|unpaid|cancell?ed)\b/i.exec(
      t,
    );
  if (state?.[1] && state[2]) {
    const word = state[2].toLowerCase();
    const bill = BILL_NP.exec(state[1]);
    if (bill?.[1] && !/^cancel/.test(word)) {
      const value = /^(?:paid|settled)$/.test(word) ? 'paid' : 'unpaid';
      if (/\bnot\b|n't\b|\bnever\b/i.test(t.slice(0, state.index + state[0].length))) return null;
      if (value === 'unpaid' && unpaidInThePast(clause, doc)) return null;
      return [candidate(doc, clause, billSlug(bill[1]), value, 'strong')];
    }
    if (/^cancel/.test(word)) {
      const item = named(state[1], clause, doc);
      if (item === null) return null;
      return [candidate(doc, clause, item.slug, 'cancelled', item.evidence)];
    }
  }
  return amountChange(clause, doc);
}

/**
 * "the water bill was overdue back in march", "the gas bill was unpaid two weeks ago": an unpaid
 * state said in the past tense at a past time is history (the bill may have been paid since),
 * not the bill's state now. A past payment still holds ("the gas bill was paid last week").
 */
export function unpaidInThePast(clause: Clause, doc: DocContext): boolean {
  return /\b(?:was|were)\b/i.test(clause.text) && pastTime(clause, doc);
}

/** A month named after "in"/"back in"/"since" ("back in march", "in january"). */
const MONTH_TIME =
  /\b(?:back\s+)?in\s+(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\b|\bback\s+(?:then|in)\b|\blast\s+(?:week|quarter)\b/i;

/** The clause places what it says before the message's day: a past date, "ago", "back in march". */
function pastTime(clause: Clause, doc: DocContext): boolean {
  const today = doc.input.at.slice(0, 10);
  return (
    RECALLED_TIME.pattern.test(clause.text) ||
    MONTH_TIME.test(clause.text) ||
    clause.dates.some((d) => d.date !== null && d.date < today)
  );
}

/**
 * "Netflix went up to 17.99", "the insurance premium went up to 720", "car insurance renewed at
 * 598", "the gym is 35 a month now": an item's new amount (or premium, price). Strong for a
 * known item or a bill, insurance or subscription noun; a brand alone is weak.
 */
export function amountChange(clause: Clause, doc: DocContext): Candidate[] | null {
  const t = clause.text;
  const change =
    /^\s*(?:the\s+|my\s+|our\s+)?([\w+.&' -]{2,40}?)\s+(?:went up to|goes up to|is going up to|increased to|rose to|jumped to|dropped to|went down to|came in at|comes in at|came to|comes to|came out at|comes out at|totall?ed|totals|amounted to|amounts to|renewed at|is now|costs?|is)\s+(?:now\s+)?([$€£]?\s?\d[\d.,]*\s?k?)/i.exec(
      t,
    );
  if (!change?.[1] || !change[2]) return null;
  // "The bill came to 84 for the four of us", "the bill for dinner came to 90": a bill that
  // "came to" a sum with no kind of its own is a restaurant's, not a household bill.
  if (
    /\b(?:came|comes|come)\s+(?:to|out at)\b|\btotal|\bamount(?:ed|s)\s+to\b/i.test(change[0]) &&
    (/^\s*(?:the\s+|my\s+|our\s+)?bill\b/i.test(change[0]) || /\bfor\b/i.test(change[1]))
  ) {
    return null;
  }
  const amount = findAmounts(change[2])[0];
  if (amount === undefined) return null;
  const phrase = change[1];
  // What an insurance costs is its premium.
  const attribute = /\b(?:premium|insurance)\b/i.test(phrase)
    ? 'premium'
    : /\bprice\b/i.test(phrase)
      ? 'price'
      : 'amount';
  const itemPhrase = phrase.replace(/\b(?:premium|price|cost|amount)\b/gi, '').trim();
  const bill = BILL_NP.exec(itemPhrase);
  const insured = /\binsurance\b/i.test(itemPhrase);
  const item: Named | null = bill?.[1]
    ? { slug: billSlug(bill[1]), evidence: 'strong' }
    : insured
      ? { slug: slugify(itemPhrase.replace(/^(?:the|my|our)\s+/i, '')), evidence: 'strong' }
      : named(itemPhrase, clause, doc);
  if (item === null) return null;
  // A bare "X is 35" needs a period ("a month") or a known item to be a recurring amount.
  if (
    !/\b(?:a|per|each|every|\/)\s*(?:month|year|week|mo|yr)\b|monthly|annual|yearly/i.test(t) &&
    /\s(?:is|costs?)\s/i.test(change[0]) &&
    item.evidence !== 'strong'
  ) {
    return null;
  }
  const field = `financial.${item.slug}.${attribute}`;
  return [amountCandidate(doc, clause, field, amount.value, item.evidence === 'weak')];
}

/** An amount said in chat: weak when hedged or approximate ("basically 650", "about 2k"). */
function amountCandidate(
  doc: DocContext,
  clause: Clause,
  field: string,
  value: string,
  weakItem: boolean,
): Candidate {
  const weak =
    weakItem ||
    clause.intent.hedged ||
    /\b(?:about|around|roughly|basically|like|~)\b/i.test(clause.text);
  return chatCandidate(doc, clause, field, value, weak);
}

/** "Savings are at 4,300", "I have 3,200 in my savings account", "balance is 2,450". */
export function savingsBalance(clause: Clause, doc: DocContext): Candidate[] | null {
  const t = clause.text;
  const said =
    /\b(?:my |our )?savings(?: account)?(?: balance)? (?:are|is|was|stands?|sits?)(?: now)? (?:at |on )?([$€£]?\s?\d[\d.,]*\s?k?)|\b(?:i|we) (?:have|'ve got|got) ([$€£]?\s?\d[\d.,]*\s?k?) in (?:my |our |the )?savings\b|\bsavings\b[^.]{0,40}\bbalance (?:is|now|of) ([$€£]?\s?\d[\d.,]*\s?k?)/i.exec(
      t,
    );
  const raw = said?.[1] ?? said?.[2] ?? said?.[3];
  if (raw === undefined || clause.intent.intent !== 'assertive') return null;
  // "Her savings", "Ryan has 3,000 in his savings": someone else's money.
  if (/\b(?:his|her|their|its)\s+savings\b/i.test(t) || /\b\p{Lu}\p{L}+'s\s+savings\b/u.test(t)) {
    return null;
  }
  const { subject } = clause.analysis;
  if (
    subject.kind === 'named' ||
    (subject.kind === 'other' && !/savings|balance/i.test(subject.text))
  ) {
    return null;
  }
  const amount = findAmounts(raw)[0];
  if (amount === undefined) return null;
  return [amountCandidate(doc, clause, 'financial.savings.balance', amount.value, false)];
}

/**
 * "Sorry, 210." right after saying what was paid: a bare amount that corrects the amount on
 * record. Read only when the thread has exactly one financial item, and then only as a question
 * (moderate): the number may still be about something else. With several items, nothing is read
 * (the extractor sees no message order).
 */
export function amountCorrection(clause: Clause, doc: DocContext): Candidate[] | null {
  const said =
    /^\s*(?:sorry|correction|oops|i mean|i meant|make that|actually|no wait|typo)\b[,:;!.]?\s*(?:it(?:'s| was| is)\s+)?([$€£]?\s?\d[\d.,]*)\s*[.!]?$/i.exec(
      clause.sentence,
    );
  if (!said?.[1]) return null;
  const amount = findAmounts(said[1])[0];
  if (amount === undefined) return null;
  const entityId = weEntity(doc);
  const items = new Set(
    doc.input.known
      .filter((k) => k.entityId === entityId && k.field.startsWith('financial.'))
      .map((k) => k.field.split('.')[1]),
  );
  const [item] = [...items];
  if (items.size !== 1 || item === undefined) return null;
  const field = `financial.${item}.amount`;
  // Which amount it corrects is inferred, not said: worth asking, never committed alone.
  const read = chatCandidate(doc, clause, field, amount.value, false);
  return [{ ...read, correction: true, evidence: 'moderate', confidence: 0.8 }];
}

/**
 * Whether the words after a verb are only its adjuncts (`VERB_ADJUNCT`) and the speaker's
 * comments on the statement ("renewed, sadly"): no object.
 */
function onlyAdjuncts(rest: string): boolean {
  const uncommented = rest.replace(/\p{L}+/gu, (w) => (COMMENT_ADVERB.pattern.test(w) ? '' : w));
  return VERB_ADJUNCT.pattern.test(uncommented);
}

/** Events told as history: before this many days, a renewal or a refund says nothing of today. */
const MEMORY_DAYS = 31;

/**
 * The item a renewal's subject names: a known financial item, a membership
 * (`<kind>_membership`), an insurance (`car_insurance`), a bill, or a provider as the
 * subscription rules name one (strong with a recurring-payment noun, weak for a bare brand,
 * nothing for ordinary words: a passport, a visa, a show, a lease).
 */
function renewedItem(phrase: string, clause: Clause, doc: DocContext): Named | null {
  const words = slugify(phrase)
    .split('_')
    .filter((w) => w !== '' && !FILLER.has(w));
  if (words.length === 0 || words.length > 4) return null;
  const known = matchKnown(words, 'financial', doc.input.known, weEntity(doc));
  if (known !== null) return { slug: known, evidence: 'strong' };
  const head = words[words.length - 1];
  const modifier = words[words.length - 2];
  if (head === 'membership' && modifier !== undefined) {
    return { slug: `${modifier}_membership`, evidence: 'strong' };
  }
  if (head === 'insurance') return { slug: words.join('_'), evidence: 'strong' };
  const bill = BILL_NP.exec(words.join(' '));
  if (bill?.[1] && bill.index + bill[0].length === words.join(' ').length) {
    return { slug: billSlug(bill[1]), evidence: 'strong' };
  }
  return named(words.join(' '), clause, doc);
}

/**
 * An event told as history: "ago", "last year", "back then", a year before this one, or a date
 * more than a month before the message.
 */
function toldLongAgo(text: string, clause: Clause, doc: DocContext): boolean {
  if (RECALLED_TIME.pattern.test(text)) return true;
  const year = Number(doc.input.at.slice(0, 4));
  if ([...text.matchAll(/\b(?:19|20)\d\d\b/g)].some((m) => Number(m[0]) < year)) return true;
  const limit = new Date(Date.parse(doc.input.at) - MEMORY_DAYS * 86_400_000)
    .toISOString()
    .slice(0, 10);
  return clause.dates.some((d) => d.date !== null && d.date < limit);
}

/**
 * "the gym membership renewed today", "Netflix subscription got renewed", "the car insurance has
 * been renewed": a recurring payment as the subject of "renew", used without an object (or in the
 * passive), runs on for another term, so it is active. Read from the clause's structure: the verb
 * of the renew class in a past form, not negated, not embedded under another verb, in a plain
 * statement; its subject a payment (see `renewedItem`), nobody else's; nothing after the verb but
 * time, manner or price ("renewed the show for a season" has an object: the subject renewed
 * something else). "Will renew", "renews", a question, a supposition and an old story are not a
 * renewal that happened.
 */
export function renewalStatement(clause: Clause, doc: DocContext): Candidate[] | null {
  if (!/renew/i.test(clause.text)) return null;
  // "auto-renewed": the prefix says how it renewed; the model would take "auto" for the subject.
  const text = clause.text.replace(/\bauto[- ]?(?=renew)/gi, '');
  const analysis = text === clause.text ? clause.analysis : analyseClause(text);
  const reading = classReading({ text, analysis }, 'renew');
  if (reading === null || reading.negated || reading.embedded || analysis.negated) return null;
  if (reading.verb.toLowerCase() !== 'renewed') return null;
  if (analysis.mood === 'question' || analysis.mood === 'conditional') return null;
  if (clause.intent.intent !== 'assertive') return null;
  const at = text.indexOf(reading.verb, text.indexOf(reading.subjectPhrase) + 1);
  if (at === -1 || reading.subjectPhrase === '') return null;
  if (!onlyAdjuncts(text.slice(at + reading.verb.length))) return null;
  const subject = text.slice(0, at);
  if (ownedByThirdParty(subject) || toldLongAgo(text, clause, doc)) return null;
  // "Your membership has been renewed": in a provider's email "your" is the user's; in the
  // user's own chat it is the listener's.
  const addressed = /^your\s/i.test(reading.subjectPhrase);
  if (addressed && doc.input.source !== 'email') return null;
  const item = renewedItem(reading.subjectPhrase.replace(/^your\s+/i, ''), clause, doc);
  if (item === null) return null;
  doc.lastItem = item.slug;
  return [candidate(doc, clause, item.slug, 'active', item.evidence)];
}

/** A refund as a noun phrase: merchant words before it, or after "from" ("refund from ikea"). */
const REFUND_PHRASE =
  /^(?:(?:my|our|the|teh)\s+)?(?<before>(?:[\w&.'-]+\s+){0,3}?)refund(?:\s+(?:from|by)\s+(?:the\s+)?(?<from>[\w&.' -]{2,30}))?$/i;

/** Where money lands: an account, a card, a balance ("landed in my account"). */
const MONEY_DESTINATION =
  /^\s*(?:in|into|to|on|back on)\s+(?:my|our|the)\s+(?:(?:bank|current|checking|savings|credit)\s+)?(?:account|card|balance|bank)\b/i;

/** The particle of a phrasal verb of arrival, as the analysis saw it after the verb. */
const ARRIVAL_PARTICLE = /^\s*(?:through|thru|in|up)\b/i;

/**
 * "the zara refund finally came through", "refund from ikea landed in my account", "my asos
 * refund went thru": a refund as the subject of a verb of arrival (the arrive or credit class) in
 * a past form is money back, so that refund is refunded. Read from the clause's structure: a
 * plain statement, not negated, not embedded; a subject phrase headed by "refund", nobody else's
 * (a possessor, a relation); nothing after the verb but where the money landed and time, manner
 * or price ("landed on my desk" is a refund request, not money). The item is the merchant named
 * beside the refund (a known item first); a merchant named only by ordinary words ("the hotel
 * refund") is weak. A refund named by no merchant is left to `refundReceived` (the one pending).
 */
export function refundArrived(clause: Clause, doc: DocContext): Candidate[] | null {
  const t = clause.text;
  if (!/refund/i.test(t)) return null;
  const a = clause.analysis;
  const reading = classReading(clause, 'credit') ?? classReading(clause, 'arrive');
  if (reading === null || reading.negated || reading.embedded || a.negated) return null;
  if (a.mood !== 'statement' || clause.intent.intent !== 'assertive') return null;
  const verb = a.tokens.find((k) => k.text === reading.verb);
  // "came", "has cleared", "landed": a past form; "is coming", "should come" are not yet.
  if (verb === undefined || verb.text.toLowerCase() === verb.lemma || /ing$/i.test(verb.text)) {
    return null;
  }
  const phrase = REFUND_PHRASE.exec(reading.subjectPhrase.trim());
  if (phrase?.groups === undefined) return null;
  const at = t.indexOf(reading.verb, t.indexOf(reading.subjectPhrase) + 1);
  if (at === -1) return null;
  const rest = t
    .slice(at + reading.verb.length)
    .replace(MONEY_DESTINATION, '')
    .replace(ARRIVAL_PARTICLE, '')
    .replace(MONEY_DESTINATION, '');
  if (!onlyAdjuncts(rest)) return null;
  if (ownedByThirdParty(t.slice(0, at)) || toldLongAgo(t, clause, doc)) return null;
  const merchant = (phrase.groups['from'] ?? phrase.groups['before'] ?? '').trim();
  const words = slugify(merchant)
    .split('_')
    .filter((w) => w !== '' && !FILLER.has(w));
  // "my brothers refund from ryanair": a relation anywhere in the subject makes it theirs.
  const owners = reading.subjectPhrase.toLowerCase().split(/[^\p{L}]+/u);
  if (words.length === 0 || owners.some((w) => RELATIONAL_NOUN.pattern.test(w))) return null;
  const known = matchKnown(words, 'financial', doc.input.known, weEntity(doc));
  const slug = known ?? `${words.join('_')}_refund`;
  const ordinary = known === null && words.every((w) => isVocabularyWord(w));
  doc.lastItem = slug;
  const weak = ordinary || clause.intent.hedged;
  return [chatCandidate(doc, clause, `financial.${slug}.status`, 'refunded', weak)];
}
