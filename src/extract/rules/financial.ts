import type { Intent } from '../../core/index.js';
import type { DateMention } from '../../language/index.js';
import { classReading, findAmounts, PAYMENT_IDIOM, verblessReading } from '../../language/index.js';
import {
  aliasFor,
  type Candidate,
  type Clause,
  type DocContext,
  matchKnown,
  ownedByThirdParty,
  weEntity,
} from '../clauses.js';
import { slugify } from '../text.js';
import { HEDGED_CONFIDENCE } from '../types.js';
import {
  amountChange,
  amountCorrection,
  billStatement,
  refundArrived,
  renewalStatement,
  savingsBalance,
  subscriptionStatement,
  unpaidInThePast,
} from './financial-chat.js';
import {
  PAYMENT_SUBJECT,
  REFUND_UNDER_WAY,
  RETURNED,
  SETTLED,
  SETTLING_UP,
  SPENDING_OCCASION,
} from './financial-lexicon.js';
import {
  billerLine,
  creditedRefund,
  feedLine,
  refundPending,
  refundReceived,
} from './financial-lines.js';

type ItemKind = 'bill' | 'membership' | 'subscription' | 'refund';

interface Item {
  readonly slug: string;
  readonly kind: ItemKind;
}

const UTILITIES =
  /\b(power|electric|electricity|energy|water|gas|internet|broadband|phone|mobile|cable|trash|sewer|heating|insurance|tax|council tax|credit card|card)\b/i;
const MEMBERSHIP = /\b(gym|fitness|yoga|pilates|club|membership|climbing|pool)\b/i;
const SUBSCRIPTION = /\b(?:recurring|monthly|annual|subscription|renew(?:ed|al)?|plan)\b/i;
/**
 * Words that say nothing about which item a payee is, the words for how often it falls due
 * among them ("my annual bill", "the monthly invoice" name a period, no item).
 */
const GENERIC = new Set(
  'city util utility utilities inc llc ltd co corp company services service the com www net org payment payments properties property management air airlines airways online store shop usa us uk bill bills your my our annual yearly monthly quarterly weekly'.split(
    ' ',
  ),
);

/** An all-caps payee followed by an amount, as bank feeds print them. */
const PAYEE_AMOUNT =
  /\b((?:[A-Z][A-Z0-9.&'*-]+\s){0,4}[A-Z][A-Z0-9.&'*-]+)\s+[$€£]?(\d{1,3}(?:,\d{3})+(?:\.\d{2})?|\d+\.\d{2})\b/;

/** A number already known to be money ("1,284.50", "180"), as a plain number string. */
function plainAmount(digits: string): string | null {
  return findAmounts(`${digits} EUR`)[0]?.value ?? null;
}

function core(words: readonly string[]): string[] {
  return words.filter((w) => !GENERIC.has(w) && !/^\d+$/.test(w));
}

/**
 * The item a payee or mention names: an alias from the registry, a household category (rent,
 * `<utility>_bill`, `gym_membership`, `<merchant>_refund`), or the merchant's own name — unified
 * with an item that already exists when the words match it.
 */
function itemFor(name: string, clause: Clause, doc: DocContext, entityId: string): Item | null {
  const alias = aliasFor(name, doc);
  const text = clause.text;
  if (alias?.startsWith('financial.')) {
    const slug = alias.split('.')[1] ?? '';
    if (slug !== '') return { slug, kind: kindOf(slug, text) };
  }
  const words = core(
    slugify(name)
      .split('_')
      .filter((w) => w !== ''),
  );
  let slug: string;
  let kind: ItemKind = 'bill';
  if (/\brent\b/i.test(text) || /\brent\b/i.test(name)) {
    slug = 'rent';
  } else if (/\bmortgage\b/i.test(text)) {
    slug = 'mortgage';
  } else if (/\brefund/i.test(text)) {
    const first = words[0];
    if (first === undefined) return null;
    slug = `${first}_refund`;
    kind = 'refund';
  } else if (MEMBERSHIP.test(name)) {
    const word = (MEMBERSHIP.exec(name)?.[1] ?? 'gym').toLowerCase();
    slug = word === 'membership' ? `${words[0] ?? 'club'}_membership` : `${word}_membership`;
    kind = 'membership';
  } else if (UTILITIES.test(name)) {
    const word = slugify(UTILITIES.exec(name)?.[1] ?? '');
    slug = `${word}_bill`;
  } else {
    const first = words[0];
    if (first === undefined) return null;
    slug = words.slice(0, 2).join('_');
    kind = SUBSCRIPTION.test(text) ? 'subscription' : kindOf(slug, text);
    if (words.length > 1 && SUBSCRIPTION.test(text)) slug = first;
  }
  const known = matchKnown(slug.split('_'), 'financial', doc.input.known, entityId);
  const resolved = known ?? slug;
  return { slug: resolved, kind: kind === 'bill' ? kindOf(resolved, text) : kind };
}

/** Whether a feed line shows the item is a bill or a recurring payment, not a purchase. */
function recurringCue(item: Item, payee: string, text: string): boolean {
  return (
    item.kind !== 'bill' ||
    /_bill$|^rent$|^mortgage$/.test(item.slug) ||
    UTILITIES.test(payee) ||
    /\brent\b/i.test(text)
  );
}

function kindOf(slug: string, text: string): ItemKind {
  if (slug.endsWith('_refund')) return 'refund';
  if (slug.endsWith('_membership')) return 'membership';
  if (slug.endsWith('_bill') || slug === 'rent' || slug === 'mortgage') return 'bill';
  // A payee with no recurring cue ("paid the plumber 180") is a one-off bill.
  return SUBSCRIPTION.test(text) ? 'subscription' : 'bill';
}

interface Event {
  readonly status: string | null;
  readonly payment: string | null;
}

/**
 * What a clause says happened to an item of `kind`. `negated`: the clause's main verb is negated
 * ("I haven't paid the water bill"), so a payment it names did not happen.
 */
function eventOf(text: string, kind: ItemKind, negated: boolean, feed: boolean): Event {
  const t = text.toLowerCase();
  if (kind === 'refund') {
    if (
      /\b(?:credited|processed|issued|refunded|received (?:a|the|your) refund|posted)\b/.test(t) &&
      !/\brequest\b/.test(t) &&
      // "is being processed", "will be issued": under way, not done.
      !REFUND_UNDER_WAY.pattern.test(t)
    ) {
      return { status: 'refunded', payment: null };
    }
    if (/\b(?:request|requested|submitted|processing|pending|being processed)\b/.test(t)) {
      return { status: 'pending', payment: null };
    }
    return { status: null, payment: null };
  }
  if (/\b(?:cancell?ed|terminated|ended|closed)\b/.test(t) && !/\bdebit\b.*\breturned\b/.test(t)) {
    return { status: 'cancelled', payment: null };
  }
  const returned = /\b(?:returned|bounced|declined|insufficient funds|failed|reversed|nsf)\b/.test(
    t,
  );
  const said =
    /\b(?:paid|payment to|posted|settled|cleared|autopay(?:ment)? (?:processed|successful)|payment received|transfer to)\b/.test(
      t,
    ) ||
    (feed && SETTLED.pattern.test(t));
  if (negated) {
    return kind === 'bill'
      ? { status: 'unpaid', payment: null }
      : { status: null, payment: 'unpaid' };
  }
  const paid = said && !/\b(?:unpaid|not paid|still outstanding)\b/.test(t);
  const unpaid =
    // "is still open": an open bill or invoice is one not yet paid (accounting usage).
    /\b(?:outstanding|overdue|past due|unpaid|not paid|balance due|is ready|is due|due (?:on |by )?\w+ \d|amount due|bill of|(?:is|'s) (?:still )?open)\b/.test(
      t,
    );
  if (kind === 'membership' || kind === 'subscription') {
    if (returned) return { status: null, payment: 'returned' };
    if (paid) return { status: 'active', payment: 'paid' };
    if (/\b(?:recurring|renewed|subscription|monthly)\b/.test(t))
      return { status: 'active', payment: null };
    if (unpaid) return { status: null, payment: 'unpaid' };
    return { status: null, payment: null };
  }
  if (returned) return { status: 'unpaid', payment: null };
  if (paid) return { status: 'paid', payment: null };
  if (unpaid) return { status: 'unpaid', payment: null };
  return { status: null, payment: null };
}

function financialCandidate(
  entityId: string,
  field: string,
  value: string,
  clause: Clause,
  span: string,
  options: { hedged?: boolean; correction?: boolean; intent?: Intent } = {},
): Candidate {
  const intent = clause.intent.intent;
  return {
    entityId,
    field,
    value,
    intent: options.intent ?? (intent === 'planning' ? 'assertive' : intent),
    confidence: clause.intent.hedged || options.hedged ? HEDGED_CONFIDENCE : 1,
    correction: options.correction ?? false,
    span,
  };
}

/**
 * A payment of a part of a bill: "paid half the rent", "paid part of the gas bill", "paid a
 * deposit on the rent", "the first installment of the tuition", "paid 50 towards the phone
 * bill", "the minimum on my credit card bill", "paid 30% of it". The bill is still not paid in
 * full, so no "paid" status is read, and the sum paid is not the bill's amount.
 */
const PART_PAID =
  /\bpa(?:y|ys|id|ying)\s+(?:(?:only|just|about|around|roughly)\s+)*(?:half|part|some|a\s+(?:part|third|quarter|portion|chunk|deposit|down\s+payment|partial\s+payment)|(?:the|a|my|our)\s+(?:(?:first|second|third|last|next|monthly)\s+)?(?:instal?l?ments?|deposit|minimum|down\s+payment|partial\s+payment)|\d+(?:[.,]\d+)?\s*%|[$€£]?\s?\d+(?:[.,]\d+)?\s*(?:[\p{L}]+\s+)?(?:towards?|against|off)\b)/iu;

/**
 * Money: bills and reminders ("your bill of 142.60 is ready", "still outstanding"), bank lines
 * ("payment to HILLCREST WATER 61.30 posted", "Direct debit OAKFIELD SWIM CLUB 29.00 - returned"),
 * subscriptions, rent, refunds, and what the user says ("paid the rent", "cancelled Netflix",
 * "mark May as paid" — an explicit correction).
 */
export function financialRules(clause: Clause, doc: DocContext): Candidate[] {
  const read = readFinancial(clause, doc);
  // "Paid half the rent": the bill is not paid, and the sum is not its amount.
  if (doc.kind === 'chat' && PART_PAID.test(clause.text)) {
    const paidInFull = (c: Candidate) =>
      /\.(?:status|payment_status)$/.test(c.field) && c.value === 'paid';
    return read.filter((c) => !paidInFull(c) && !c.field.endsWith('.amount'));
  }
  if (doc.kind !== 'chat' || !paidBeforeThisCycle(clause, doc)) return read;
  return read.map((c) =>
    /\.(?:status|payment_status)$/.test(c.field) && c.value === 'paid'
      ? { ...c, evidence: 'weak' as const }
      : c,
  );
}

/** Days a bill's cycle runs at most (a monthly bill; a payment older than this paid another). */
const CYCLE_DAYS = 31;

/**
 * "I paid my internet bill on January 25th", said on 28 March: a payment dated more than a cycle
 * before the message (and no date within it) paid an earlier bill, not the one due now; whether
 * the current one is paid the words do not say, so the reading is weak.
 */
function paidBeforeThisCycle(clause: Clause, doc: DocContext): boolean {
  const dates = clause.dates.filter((d) => d.date !== null);
  if (dates.length === 0 || !/\bpaid\b/i.test(clause.text)) return false;
  const today = doc.input.at.slice(0, 10);
  const dayOf = (d: DateMention): string => {
    const date = d.date ?? today;
    // A day without a year resolves ahead ("on January 25th" → next January); told in the past
    // tense ("I paid … on January 25th") it is the one before.
    if (date <= today || /\b\d{4}\b/.test(d.text) || clause.analysis.tense !== 'past') return date;
    return `${Number(date.slice(0, 4)) - 1}${date.slice(4)}`;
  };
  const ageOf = (day: string) => (Date.parse(today) - Date.parse(day)) / 86_400_000;
  return dates.every((d) => ageOf(dayOf(d)) > CYCLE_DAYS);
}

function readFinancial(clause: Clause, doc: DocContext): Candidate[] {
  // "Paid my respects", "paid the price": no payment at all.
  if (PAYMENT_IDIOM.pattern.test(clause.text)) return [];
  // "Paid for dinner", "the taxi was 30": spending on an occasion, no bill or subscription.
  if (
    doc.kind === 'chat' &&
    SPENDING_OCCASION.pattern.test(clause.text) &&
    !/\b(?:bills?|rent|subscriptions?|memberships?|fees?|invoice)\b/i.test(clause.text)
  ) {
    return [];
  }
  // "Crunchyroll renewed", "the plan auto-renewed": the item is the subject of "renew", not a
  // payer; read before the payer check, which takes any other subject of "renew" for one.
  const personal = doc.kind === 'chat' || doc.input.source === 'email';
  const renewed = personal ? renewalStatement(clause, doc) : null;
  // A renewal at a stated amount ("car insurance renewed at 598") is read as that amount alone,
  // as before the renewal reading: the amount already implies the item runs on.
  if (renewed !== null) return amountChange(clause, doc) ?? renewed;
  // "the membership renewed my faith in gyms", "did the plan renew?": a payment's own renewal was
  // read and rejected (an object, a question, an old story); no other reading may take the verb
  // for one. The speaker's "I renewed my membership" is the subscription reading's.
  if (personal && renewalRejected(clause)) return [];
  if (doc.kind === 'chat' && (SETTLING_UP.pattern.test(clause.text) || thirdPartyPayer(clause))) {
    return [];
  }
  if (doc.kind === 'chat') {
    const said =
      subscriptionStatement(clause, doc) ??
      refundArrived(clause, doc) ??
      billStatement(clause, doc) ??
      amountCorrection(clause, doc);
    if (said !== null) return withDueDate(said, clause);
  }
  const credited = creditedRefund(clause, doc);
  if (credited !== null) return credited;
  const read = mentionRules(clause, doc);
  if (doc.kind === 'document') {
    const line = doc.input.source === 'email' ? billerLine(clause, doc) : feedLine(clause, doc);
    return read.length > 0 ? withSameItem(read, line) : (line ?? []);
  }
  if (read.length > 0) return read;
  return (
    refundPending(clause, doc) ?? refundReceived(clause, doc) ?? savingsBalance(clause, doc) ?? []
  );
}

/**
 * "due" opening a reduced clause after the bill's amount, with no subject of its own or with the
 * bill as "it" ("…, due the 21st", "… and it's due Friday"); "the plumber is due on the 21st" has
 * its own subject and says nothing of the bill.
 */
const DUE_OF_THE_BILL = /(?:[,;(]|\band)\s*(?:(?:it's|it is|which is)\s+)?(?:now\s+)?due\b/i;

/**
 * A bill's amount read with when it falls due in the same sentence ("Gas bill came in at 92.15,
 * due the 21st"): the date the "due" phrase carries is the bill's due date, as it is when the
 * clause says only "the gas bill is due the 21st".
 */
function withDueDate(read: Candidate[], clause: Clause): Candidate[] {
  const cue = DUE_OF_THE_BILL.exec(clause.text);
  if (cue === null) return read;
  const due = clause.dates.find((d) => d.date !== null && d.start >= cue.index);
  const amount = read.find((c) => /^financial\.[^.]+\.amount$/.test(c.field));
  const slug = amount?.field.split('.')[1];
  if (due?.date == null || amount === undefined || slug === undefined) return read;
  const field = `financial.${slug}.due_date`;
  if (kindOf(slug, clause.text) !== 'bill' || read.some((c) => c.field === field)) return read;
  return [...read, financialCandidate(amount.entityId, field, due.date, clause, clause.text)];
}

/** The clause's verb is "renew" with a subject other than the speaker (see `renewalStatement`). */
function renewalRejected(clause: Clause): boolean {
  if (!/renew/i.test(clause.text) || classReading(clause, 'renew') === null) return false;
  const { kind } = clause.analysis.subject;
  return kind !== 'speaker' && kind !== 'we' && kind !== 'none';
}

/**
 * The first reading completed by a line reading of the same item: "DD THAMES WATER 38.50" read
 * as the water bill's amount gains the status the feed's code says (paid).
 */
function withSameItem(read: Candidate[], line: Candidate[] | null): Candidate[] {
  if (line === null) return read;
  const item = (c: Candidate) => c.field.split('.').slice(0, 2).join('.');
  const items = new Set(read.map(item));
  const fields = new Set(read.map((c) => c.field));
  return [...read, ...line.filter((c) => items.has(item(c)) && !fields.has(c.field))];
}

/**
 * "Our client hasn't paid the invoice", "Tom still owes rent": the one paying (or not) is a
 * person or an organisation other than the speaker, so it is not the user's bill.
 */
function thirdPartyPayer(clause: Clause): boolean {
  // Only a clause about paying or cancelling needs its grammar (the analysis is costly).
  if (
    !/\b(?:pa(?:y|id|ys|ying)|owe[sd]?|settled?|cancel\w*|switch\w*|renew\w*|subscri\w*|refund\w*)\b/i.test(
      clause.text,
    )
  ) {
    return false;
  }
  const { subject, predicate } = clause.analysis;
  if (subject.kind !== 'named' && subject.kind !== 'other') return false;
  if (PAYMENT_SUBJECT.pattern.test(subject.text)) return false;
  // "Mark May as paid": an instruction about the user's own record, whatever the tagger's subject.
  if (/\bmark(?:ed)?\b.*\bas\b/i.test(clause.text)) return false;
  if (predicate === null) return false;
  if (/^(?:pay|owe|settle|cancel|switch|renew|subscribe)$/.test(predicate)) return true;
  // "My neighbour got a refund", "Dana received the refund": the money came back to someone else
  // (a merchant refunding "me" or "us" is still the user's refund: its predicate is "refund").
  return /^(?:get|receive|have)$/.test(predicate) && /\brefund/i.test(clause.text);
}

/** The item a clause names when no feed payee does: a biller's heading, a mention, a paid object. */
function namedItem(clause: Clause, doc: DocContext): string | null {
  const t = clause.text;
  if (doc.kind === 'document') {
    const biller =
      /^([A-Z][\w&'.-]*(?:\s+[A-Z][\w&'.-]*){0,3})(?:\s+(?:reminder|notice|alert|billing|statement))?\s*:/.exec(
        t,
      );
    const moneyTalk =
      /\d[.,]\d{2}\b|\b(?:bill|payment|paid|refund|due|balance|statement|invoice|rent|charge|subscription|outstanding|overdue|debit|credit)\b/i.test(
        t,
      );
    if (
      biller?.[1] &&
      moneyTalk &&
      // "Lastschrift:", "Addebito SDD:": the feed's event words, not a biller.
      !SETTLED.pattern.test(biller[1]) &&
      !RETURNED.pattern.test(biller[1]) &&
      !/^(?:Card|Checking|Savings|Transfer|Deploy|Reminder|Status|Re|Fwd|Subject|Cancell?ed|Updated|Moved|New|Rescheduled|Confirmed|Booking|Your|Our|My|The|We|This|Hi|Dear|Thanks|Thank)$/i.test(
        biller[1],
      )
    ) {
      return biller[1];
    }
  }
  const paidObject =
    /\b(?:paid|pay|paying|settled|owe)\s+(?:off\s+)?(?:the|my|our)\s+((?:[a-z][a-z-]*\s+){0,2}?(?:bill|fee|fees|invoice|membership|subscription|rent|mortgage|tuition|premium|loan|tab|[a-z]+))\b/i.exec(
      t,
    );
  const mention =
    /\b(?:[Pp]aid|[Pp]ay|[Pp]aying|[Cc]ancell?ed|[Cc]ancel|[Cc]ancell?ing|[Rr]enewed|[Tt]he|[Mm]y|[Oo]ur|[A-Za-z]+'s)\s+(?:the\s+|my\s+|our\s+)?((?:[A-Z][\w.]*\s?){1,3}|(?:power|electric|electricity|water|gas|internet|phone|cable|credit card|insurance)\s+bill|rent|mortgage|gym(?:\s+membership)?|membership|subscription)\b/.exec(
      t,
    );
  if (
    mention?.[1] &&
    !modifiesOtherNoun(clause, mention.index + mention[0].length) &&
    (/\b(?:paid|pay|cancel|bill|rent|mortgage|gym|membership|subscription|debit|refund|owe|due)\b/i.test(
      t,
    ) ||
      // In chat a price alone is not a bill ("The Big Mac is now 6.50"); a document's is.
      (doc.kind === 'document' && /[$€£]\s?\d|\d[.,]\d{2}\b/.test(t)))
  ) {
    return mention[1].trim();
  }
  if (paidObject?.[1] && !/^(?:\d+|it|that|this|them)$/i.test(paidObject[1])) {
    return compoundOf(clause, paidObject[1].trim(), paidObject.index + paidObject[0].length);
  }
  if (/\brent\b/i.test(t)) {
    return 'rent';
  }
  return null;
}

/**
 * The paid object with the nouns that follow it in one compound ("paid off the credit card": the
 * object's first noun "credit" modifies "card"). Stops at a word that is no noun or is part of a
 * date ("paid the plumber today").
 */
function compoundOf(clause: Clause, head: string, end: number): string {
  let name = head;
  let at = end;
  for (let i = 0; i < 2; i++) {
    const next = /^\s+([a-z][a-z-]*)\b/i.exec(clause.text.slice(at));
    const word = next?.[1];
    if (next === null || word === undefined) break;
    const start = at + next[0].length - word.length;
    const noun = clause.analysis.tokens.some((k) => k.text === word && k.pos === 'NOUN');
    if (!noun || clause.dates.some((d) => d.start <= start && d.end > start)) break;
    name = `${name} ${word}`;
    at += next[0].length;
  }
  return name;
}

/** Nouns for what is paid, or for a way of paying, that a name may come before. */
const MONEY_NOUN =
  /^(?:bills?|payments?|invoices?|fees?|subscriptions?|memberships?|premiums?|charges?|accounts?|plans?|renewals?|debits?|autopay|statements?|balances?|loans?|cards?|rent|mortgage|tuition|insurance|tax)$/i;

/**
 * Whether the word at `end` of the clause is a noun that is not about money: the name before it
 * modifies it ("the Q3 report is due Friday", "the Henderson account manager"), so the name is no
 * bill or payee of its own.
 */
function modifiesOtherNoun(clause: Clause, end: number): boolean {
  const next = /^\s*([\p{L}-]+)/u.exec(clause.text.slice(end))?.[1];
  if (next === undefined || MONEY_NOUN.test(next)) return false;
  return clause.analysis.tokens.some((token) => token.text === next && token.pos === 'NOUN');
}

/** Payment states a bill may be said to be in, without a verb ("water bill's paid"). */
const PAYMENT_STATES = new Set(['paid', 'unpaid', 'outstanding', 'overdue', 'settled', 'cleared']);
/** Nouns that head the name of something paid for again and again. */
const BILL_NOUN = /\b(?:bill|rent|fees?|invoice|subscription|membership|premium|tax|mortgage)$/i;

/**
 * The bill a copular or verbless clause puts in a payment state ("water bill's paid", "gas bill
 * still outstanding", "council tax: paid"): its subject, when the subject is a plain noun phrase
 * headed by a bill noun, in the speaker's chat. Someone else's ("her phone bill") is left to the
 * owner check after it.
 */
function billWithStatus(clause: Clause, doc: DocContext): string | null {
  if (
    doc.kind !== 'chat' ||
    !/\b(?:paid|unpaid|outstanding|overdue|settled|cleared)\b/i.test(clause.text)
  )
    return null;
  const r = verblessReading(clause.analysis, clause.text, { statuses: PAYMENT_STATES });
  if (r === null || r.complement.kind !== 'status' || r.subject.kind !== 'other') return null;
  // "council tax was overdue last year", "was the fee paid?": a bill's past or asked state.
  // (The tagger reads "bill's paid" as a participle, so the past is read from the words.)
  if (
    r.mood !== 'statement' ||
    /\b(?:was|were|wasn't|weren't|had been|used to be)\b/i.test(clause.text)
  )
    return null;
  if (clause.dates.some((d) => d.date !== null && d.date < doc.input.at.slice(0, 10))) return null;
  const subject = r.subject.text.replace(/^(?:the|my|our)\s+/i, '').trim();
  return BILL_NOUN.test(subject) && subject.split(/\s+/).length <= 4 ? subject : null;
}

/** Bills, payees and amounts named in a clause (the reading that came first; see above). */
function mentionRules(clause: Clause, doc: DocContext): Candidate[] {
  const t = clause.text;
  const entityId = weEntity(doc);
  let name: string | null = null;
  let amount: string | null = null;
  const payee = PAYEE_AMOUNT.exec(t);
  if (payee?.[1] && payee[2] && /[A-Z]{3,}/.test(payee[1])) {
    name = payee[1].replace(/^(?:TO|FROM)\s+/, '');
    amount = plainAmount(payee[2]);
  }
  name ??= namedItem(clause, doc) ?? billWithStatus(clause, doc);
  // "My friend's rent", "her gym membership": outside a family's or team's thread, money that
  // belongs to someone else is not the speaker's.
  if (name !== null && doc.kind === 'chat' && doc.group === null) {
    const at = t.toLowerCase().indexOf(name.toLowerCase());
    const before = at === -1 ? '' : t.slice(Math.max(0, at - 30), at);
    if (ownedByThirdParty(`${before.split(/[,;:]/).pop() ?? ''}${name}`)) return [];
  }
  let item: Item | null = name === null ? null : itemFor(name, clause, doc, entityId);
  if (
    item === null &&
    doc.lastItem !== null &&
    /\b(?:paid|pay|debit|mark|bounced|cash|owe|due)\b/i.test(t)
  ) {
    item = { slug: doc.lastItem, kind: kindOf(doc.lastItem, t) };
  }
  if (item === null) return [];
  // A feed line at a merchant with no sign of a bill or a recurring payment is shopping
  // ("Card purchase: TESCO STORES 23.17"): left to the feed-line reader, which asks for one.
  if (payee !== null && name !== null && doc.kind === 'document' && !recurringCue(item, name, t)) {
    return [];
  }
  // Money written as money: a currency, cents, thousands grouped or "2k" (a bare "120" is not).
  amount ??=
    findAmounts(t).find(
      (a) => a.currency || a.cents || /[,.\s]\d{3}\b|k$/i.test(t.slice(a.start, a.end)),
    )?.value ?? null;
  // "Paid the plumber 180", "paid rent, 1200": a whole number right after the paid payee (with or
  // without its article, before or after a comma) is what was paid.
  const paidSum =
    /\bpaid\s+(?:(?:the|my|our)\s+)?[a-z]+\s*,?\s+(\d{1,3}(?:,\d{3})+|\d+)\b(?!\s*(?:%|days?|weeks?|months?|years?|times|x\b))/i.exec(
      t,
    );
  if (amount === null && doc.kind === 'chat' && paidSum?.[1]) amount = plainAmount(paidSum[1]);
  doc.lastItem = item.slug;
  const out: Candidate[] = [];
  // "haven't paid", "didn't pay", "not paid yet": the negation governs the payment itself.
  const negated = /(?:\bnot|n't|\bnever)\s+(?:\w+\s+){0,2}pa(?:id|y)\b/i.test(t);
  const said = eventOf(t, item.kind, negated, doc.kind === 'document');
  const history = !negated && unpaidInThePast(clause, doc);
  const event: Event = {
    status: history && said.status === 'unpaid' ? null : said.status,
    payment: history && said.payment === 'unpaid' ? null : said.payment,
  };
  const correction =
    /\bmark (?:it|this|that|\w+) as\b|\bactually (?:paid|cancelled)\b|\bi already paid\b/i.test(t);
  const field = (attribute: string) => `financial.${item.slug}.${attribute}`;
  if (event.status !== null) {
    out.push(
      financialCandidate(entityId, field('status'), event.status, clause, t, { correction }),
    );
  }
  if (event.payment !== null) {
    out.push(
      financialCandidate(entityId, field('payment_status'), event.payment, clause, t, {
        correction,
      }),
    );
  }
  const due = /\bdue\b/i.test(t) ? clause.dates.find((d) => d.date !== null) : undefined;
  if (due?.date && item.kind === 'bill') {
    out.push(financialCandidate(entityId, field('due_date'), due.date, clause, t));
  }
  const approximate =
    /\b(?:about|around|roughly|approximately|almost|nearly|like|~)\s*[$€£]?\d/i.test(t) ||
    /\d\s?k\b/i.test(t);
  if (amount !== null && amount !== '0') {
    const future = /\b(?:will be|starting|from next|going up to|increases? to|rising to)\b/i.test(
      t,
    );
    out.push(
      financialCandidate(entityId, field('amount'), amount, clause, t, {
        hedged: approximate,
        ...(future ? { intent: 'planning' as const } : {}),
      }),
    );
  }
  return out;
}
