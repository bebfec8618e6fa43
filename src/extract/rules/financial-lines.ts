import { findAmounts, type MoneyMention } from '../../language/index.js';
import {
  aliasFor,
  type Candidate,
  type Clause,
  type DocContext,
  matchKnown,
  weEntity,
} from '../clauses.js';
import { slugify } from '../text.js';
import {
  AMOUNT_NOUN,
  BILL_ISSUED,
  CANCEL,
  FEED_CODE,
  FEED_LEAD,
  PLAN_TIER,
  RECURRING_NOUN,
  REFUND_PENDING,
  REFUND_RECEIVED,
  REFUNDED,
  RETURNED,
  SETTLED,
  SUBSCRIPTION_SERVICE,
  UTILITY_WORDS,
} from './financial-lexicon.js';

// What a bank feed line or a biller's email says about one item (issue #10, financial family).
// These are documents the bank or the biller writes, so a reading is strong evidence; a line
// that names no payee or no event reads nothing.

const GENERIC = new Set(
  'city of the util utility utilities inc llc ltd gmbh sa sas bv ag co corp company services service www payment payments ref to from for de da do das dos la le les el del der die und and'.split(
    ' ',
  ),
);
const PRODUCT_NOUN =
  /\b(insurance|subscription|membership|plan|policy|broadband|mortgage|loan|lease|tuition)\b/i;
const RENT = /\b(?:rent|miete|loyer|aluguel|alquiler|affitto|huur|czynsz|kira)\b/i;

/** The English noun a utility word in any of the feeds' languages stands for, if any. */
function utilityOf(text: string): string | null {
  const lower = ` ${text.toLowerCase()} `;
  for (const [noun, words] of Object.entries(UTILITY_WORDS)) {
    if (words.some((w) => new RegExp(`[^\\p{L}]${w}[^\\p{L}]`, 'u').test(lower))) return noun;
  }
  return null;
}

/** The payee words of a feed line: before the amount, after the event words and separators. */
function payeeOf(text: string, amount: MoneyMention): string {
  let head = text.slice(0, amount.start).replace(FEED_CODE.pattern, '');
  const star = head.lastIndexOf('*');
  if (star !== -1) head = head.slice(star + 1);
  head = head
    .replace(SETTLED.pattern, ' ')
    .replace(RETURNED.pattern, ' ')
    .replace(REFUNDED.pattern, ' ')
    .replace(/\b(?:card|checking|savings|account)\s*(?:\.{3}|…|x+|\*+)\s*\d+/gi, ' ')
    .replace(/\b\d{1,2}[/.]\d{2,4}\b/g, ' ')
    .replace(/\b(?:to|from|an|à|para|a|naar|do|na)\s*$/i, ' ')
    // "… - valor R$ 87,40", "Amount: 64.20": a label of the amount names no payee.
    .replace(
      /[\s:-]*\b(?:valor|amount|betrag|montant|importe|importo|bedrag|kwota|tutar)\s*[:=]?\s*\S{0,3}\s*$/iu,
      ' ',
    );
  const parts = head.split(/[:\-–—·|]+/).map((p) => p.trim());
  return [...parts].reverse().find((p) => /\p{L}{2,}/u.test(p)) ?? '';
}

interface LineItem {
  readonly slug: string;
  readonly kind: 'bill' | 'subscription';
  /** How the line shows the item is one of the user's recurring payments. */
  readonly cue: 'known' | 'category' | 'recurring' | 'service' | 'tier' | 'none';
}

function lineItem(payee: string, text: string, doc: DocContext, entityId: string): LineItem | null {
  // A payee the user has named ("ACME HOLDINGS LLC is the storage unit") is that item.
  const alias = aliasFor(payee.replace(/^\s*(?:to|from)\s+/i, ''), doc);
  const aliased = alias?.startsWith('financial.') ? (alias.split('.')[1] ?? '') : '';
  if (aliased !== '') return { slug: aliased, kind: 'bill', cue: 'known' };
  if (RENT.test(payee) || RENT.test(text)) return { slug: 'rent', kind: 'bill', cue: 'category' };
  const utility = utilityOf(payee);
  if (utility !== null) return { slug: `${utility}_bill`, kind: 'bill', cue: 'category' };
  const words = slugify(payee.replace(/\.(?:com|net|co|io)\b/gi, ''))
    .split('_')
    .filter((w) => w !== '' && !GENERIC.has(w) && !/^\d+$/.test(w));
  const tier = words.some((w) => PLAN_TIER.pattern.test(w));
  const name = words.filter((w) => !PLAN_TIER.pattern.test(w)).slice(0, 2);
  if (name.length === 0) return null;
  const known = matchKnown(name, 'financial', doc.input.known, entityId);
  if (known !== null) return { slug: known, kind: 'subscription', cue: 'known' };
  const cue = RECURRING_NOUN.pattern.test(text)
    ? 'recurring'
    : SUBSCRIPTION_SERVICE.pattern.test(payee)
      ? 'service'
      : tier
        ? 'tier'
        : 'none';
  return { slug: name.join('_'), kind: 'subscription', cue };
}

function lineCandidate(entityId: string, field: string, value: string, clause: Clause): Candidate {
  return {
    entityId,
    field,
    value,
    intent: 'assertive',
    confidence: 1,
    correction: false,
    span: clause.text,
    evidence: 'strong',
  };
}

/** "Savings account · Balance: 950.00": the account's balance. */
function balanceLine(clause: Clause, doc: DocContext): Candidate[] | null {
  const t = clause.text;
  const at = /\b(?:balance|saldo|solde|kontostand|bakiye)\b\s*[:=]?\s*/i.exec(t);
  if (at === null) return null;
  const amount = findAmounts(t).find((a) => a.start >= at.index + at[0].length - 1);
  const account =
    /^\s*([\p{L}][\p{L} ]{1,30}?)\s+(?:account|acct|konto|compte|conta|cuenta)\b/iu.exec(t);
  if (amount === undefined || !account?.[1]) return null;
  const slug = slugify(account[1]);
  return [lineCandidate(weEntity(doc), `financial.${slug}.balance`, amount.value, clause)];
}

/**
 * A bank feed line ("Debit order RETURNED UNPAID: CITY ELECTRICITY R 1,284.50", "Card debit:
 * GOOGLE *YouTube Music 79,99 TRY", "Lastschrift STADTWERKE Strom 112,30 EUR"): the payee's
 * item, paid or returned, and the amount. A card purchase at a merchant is read only when the
 * line shows a recurring payment (a known item, a plan tier, a recurring word): groceries are not
 * subscriptions.
 */
export function feedLine(clause: Clause, doc: DocContext): Candidate[] | null {
  const balance = balanceLine(clause, doc);
  if (balance !== null) return balance;
  const bank = doc.input.source === 'bank';
  // "Account feed 2026-05-08: DD THAMES WATER -64.20": the label and booking date are no payee.
  const t = bank ? clause.text.replace(FEED_LEAD.pattern, '') : clause.text;
  const booked = bank && t !== clause.text ? bookedSign(t) : null;
  if (booked === 'credit') return creditedRefund(clause, doc, t);
  const returned = RETURNED.pattern.test(t);
  const coded = bank && FEED_CODE.pattern.test(t);
  // A dated, signed debit is a payment that went out, whatever words the bank prints with it.
  const settled = !returned && (SETTLED.pattern.test(t) || coded || booked === 'debit');
  if (!returned && !settled) return null;
  const amount = findAmounts(t).find((a) => a.currency || a.cents);
  if (amount === undefined) return null;
  const entityId = weEntity(doc);
  const item = lineItem(payeeOf(t, amount), t, doc, entityId);
  if (item === null || item.cue === 'none') return null;
  const field = (attribute: string) => `financial.${item.slug}.${attribute}`;
  const out: Candidate[] = [];
  if (item.kind === 'bill') {
    out.push(lineCandidate(entityId, field('status'), returned ? 'unpaid' : 'paid', clause));
  } else if (returned) {
    out.push(lineCandidate(entityId, field('payment_status'), 'returned', clause));
  } else if (item.cue !== 'tier' && item.cue !== 'service') {
    // A plan tier alone ("SPOTIFY FAMILY") or a subscription service's name ("NETFLIX.COM")
    // shows what was charged, not that the user means to keep the plan (a charge often comes
    // days before a cancellation the user then tells): the amount only.
    out.push(lineCandidate(entityId, field('status'), 'active', clause));
  }
  out.push(lineCandidate(entityId, field('amount'), amount.value, clause));
  doc.lastItem = item.slug;
  return out;
}

/**
 * The direction of a booked feed line whose amount ends it with a sign: "SPOTIFY -10.99" went
 * out (a debit), "ZALANDO REFUND +89.95" came in (a credit); null without a sign.
 */
function bookedSign(line: string): 'debit' | 'credit' | null {
  const sign = /([-+−])\s?[$€£]?\s?\d[\d.,]*\s*(?:[A-Z]{3})?\s*$/u.exec(line)?.[1];
  if (sign === undefined) return null;
  return sign === '+' ? 'credit' : 'debit';
}

/** The item a biller's email is about: its subject's product, else the sender's name. */
function billerItem(doc: DocContext, entityId: string): string | null {
  const text = doc.input.text;
  const subject = /^\s*Subject:\s*(.+)$/im.exec(text)?.[1] ?? '';
  const product = new RegExp(
    `\\b(?:your|the)\\s+((?:[a-z]+\\s+)?${PRODUCT_NOUN.source})`,
    'i',
  ).exec(subject);
  if (product?.[1] && !/^(?:premium|your)\b/i.test(product[1]) && /\s/.test(product[1].trim())) {
    return slugify(product[1]);
  }
  const team =
    /(?:^|\n)\s*(?:The|Your|Ihr|Dein|Votre|Je|Il tuo|Tu|Equipe)\s+([A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*)?)\s+(?:team|Team|support|Support|Customer Care)\b/.exec(
      text,
    )?.[1];
  const last = text.trim().split('\n').pop()?.trim() ?? '';
  // "FitZone: your membership cancellation is confirmed": a notification opens on its sender.
  const label = /^\s*([A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*)?):\s/.exec(text)?.[1];
  const sender =
    label !== undefined && !/^(?:subject|from|to|cc|date|re|fwd?|dear|hi|hello|note)$/i.test(label)
      ? label
      : null;
  const org =
    team ?? (/^[A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*){0,2}$/.test(last) ? last : null) ?? sender;
  if (org === null) return null;
  const utility = utilityOf(org);
  if (utility !== null) return `${utility}_bill`;
  const noun = PRODUCT_NOUN.exec(org)?.[1];
  const known =
    (noun ? matchKnown([noun.toLowerCase()], 'financial', doc.input.known, entityId) : null) ??
    matchKnown(slugify(org).split('_'), 'financial', doc.input.known, entityId);
  if (known !== null) return known;
  const words = slugify(org).split('_');
  // "The Spotify team" → spotify; "Pure Gym" → pure_gym: the sender's name, at most two words.
  return words.slice(0, 2).join('_');
}

/** An item the line itself names: "for your Pure Gym membership", "your Netflix plan". */
function lineProduct(text: string, doc: DocContext, entityId: string): string | null {
  const m =
    /\b(?:for |on )?(?:your|the)\s+((?:[A-Z][\w&.+-]*\s+){1,2})(membership|subscription|plan|bill|policy)\b/.exec(
      text,
    );
  if (!m?.[1] || !m[2]) return null;
  // "your March bill" names a period, not an item.
  if (
    /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed|thu|fri|sat|sun|next|last|this|first|new)/i.test(
      m[1],
    )
  ) {
    return null;
  }
  const words = slugify(m[1])
    .split('_')
    .filter((w) => w !== '' && !PLAN_TIER.pattern.test(w));
  if (words.length === 0) return null;
  const membership = m[2] === 'membership' && words.includes('gym') ? 'gym_membership' : null;
  const known = matchKnown(words, 'financial', doc.input.known, entityId);
  return known ?? membership ?? words.join('_');
}

/** A cancellation a biller says is done: "cancellation is confirmed", "…has been processed". */
const CANCELLATION_DONE =
  /\bcancell?ation\b(?:\s+[\p{L}]+){0,2}?\s+(?:is|has been|was)\s+(?:now\s+)?(?:confirmed|processed|complete(?:d)?|effective)\b/iu;

/**
 * A biller's email line about its item: a price or premium ("your revised annual premium is
 * 598.00", "will cost $11.99 per month"), a cancellation ("your subscription has been
 * cancelled") or a refund ("we have refunded €129.95").
 */
export function billerLine(clause: Clause, doc: DocContext): Candidate[] | null {
  if (doc.input.source !== 'email') return null;
  const t = clause.text;
  if (/^\s*(?:hi|hello|dear|hallo|bonjour|hola|yours|kind regards|best|thanks)\b/i.test(t)) {
    return null;
  }
  const entityId = weEntity(doc);
  const refunded = REFUNDED.pattern.test(t);
  const pending = !refunded && REFUND_PENDING.pattern.test(t);
  // "We've received your returned item": the user's parcel came back, not a payment.
  const returned =
    !refunded &&
    RETURNED.pattern.test(t) &&
    !/\breturned (?:items?|orders?|parcels?|packages?|goods)\b/i.test(t);
  const issued = !returned && BILL_ISSUED.pattern.test(t);
  // "Your membership cancellation is confirmed": the noun said done, as the verb would be.
  const cancelled =
    (CANCEL.pattern.test(t) || CANCELLATION_DONE.test(t)) && RECURRING_NOUN.pattern.test(t);
  const noun = AMOUNT_NOUN.pattern.exec(t);
  const cost = /\bwill cost\b|\bcosts?\s+[$€£]?\d/i.exec(t);
  const amount = findAmounts(t).find(
    (a) => (a.currency || a.cents) && a.start > (noun?.index ?? cost?.index ?? 0),
  );
  const event = refunded || pending || returned || issued || cancelled;
  if (!event && (amount === undefined || (noun === null && cost === null))) return null;
  const item = lineProduct(t, doc, entityId) ?? billerItem(doc, entityId);
  if (item === null) return null;
  const field = (attribute: string) => `financial.${item}.${attribute}`;
  const out: Candidate[] = [];
  const bill = /_bill$|^rent$|^mortgage$/.test(item);
  const money = findAmounts(t).find((a) => a.currency || a.cents);
  if (refunded) out.push(lineCandidate(entityId, field('status'), 'refunded', clause));
  else if (pending) out.push(lineCandidate(entityId, field('status'), 'pending', clause));
  else if (cancelled) out.push(lineCandidate(entityId, field('status'), 'cancelled', clause));
  else if (returned || issued) {
    const status = bill || issued ? 'status' : 'payment_status';
    const value = bill || issued ? 'unpaid' : 'returned';
    out.push(lineCandidate(entityId, field(status), value, clause));
    if (money !== undefined)
      out.push(lineCandidate(entityId, field('amount'), money.value, clause));
  } else if (amount !== undefined) {
    const attribute = cost !== null ? 'price' : (noun?.groups?.['noun'] ?? 'amount').toLowerCase();
    const future = /\bwill\b|\bstarting\b|\bfrom (?:next|the)\b/i.test(t);
    out.push({
      ...lineCandidate(
        entityId,
        field(attribute === 'cost' ? 'price' : attribute),
        amount.value,
        clause,
      ),
      ...(future ? { intent: 'planning' as const } : {}),
    });
  }
  doc.lastItem = item;
  return out;
}

/** A refund asked for or awaited in the user's words ("sent the X order back, refund pending"). */
export function refundPending(clause: Clause, doc: DocContext): Candidate[] | null {
  const t = clause.text;
  const said = REFUND_PENDING.pattern.exec(t);
  if (said === null) return null;
  const a = clause.analysis;
  // Negation before the words ("haven't sent it back"), not in a later clause ("didn't fit").
  const before = t.slice(0, said.index + said[0].length);
  if (a.mood !== 'statement' || /\b(?:not|never|no)\b|n't\b/i.test(before)) return null;
  if (a.subject.kind !== 'speaker' && a.subject.kind !== 'we' && a.subject.kind !== 'none') {
    return null;
  }
  const brand =
    /\b(?:the|my|our)\s+([A-Z][\w&.-]+(?:\s+[A-Z][\w&.-]+)?)\s+(order|parcel|package|purchase|return|refund)\b/.exec(
      t,
    );
  const entityId = weEntity(doc);
  const slug = brand?.[1] && brand[2] ? slugify(`${brand[1]} ${brand[2]}`) : doc.lastItem;
  if (slug === null || slug === undefined) return null;
  doc.lastItem = slug;
  return [
    {
      ...lineCandidate(entityId, `financial.${slug}.status`, 'pending', clause),
      confidence: clause.intent.hedged ? 0.35 : 1,
      evidence: clause.intent.hedged ? 'weak' : 'strong',
    },
  ];
}

/**
 * "Got the refund from Zalando", "the refund for the headphones came through", "Ryanair refunded
 * me": the refund is done. The item: the merchant named after "from", the subject, or the one
 * refund already known to be pending.
 */
/**
 * A bank line crediting a merchant's refund ("Card ...3308 - credit: NORTHWIND AIR refund 389.00",
 * "CREDIT ZALANDO REFUND 89.95"): the money is back, so the refund is done, with its amount.
 */
export function creditedRefund(
  clause: Clause,
  doc: DocContext,
  signedCredit: string | null = null,
): Candidate[] | null {
  const t = signedCredit ?? clause.text;
  if (doc.input.source !== 'bank') return null;
  // Case-sensitive payee, as the bank prints a merchant ("credit card refund" names none); a line
  // whose amount is signed as a credit ("ZALANDO REFUND +89.95", `feedLine`) needs no "credit".
  const m =
    /\b(?:[Cc]redit(?:ed)?|CREDIT(?:ED)?)\b\s*[:-]?\s*((?:[A-Z][\w&.'-]*\s+){0,3}[A-Z][\w&.'-]*)\s+(?:[Rr]efund|REFUND)\b/.exec(
      t,
    ) ??
    (signedCredit === null
      ? null
      : /^\s*((?:[A-Z][\w&.'-]*\s+){0,3}[A-Z][\w&.'-]*)\s+(?:[Rr]efund|REFUND|RFND)\b/.exec(t));
  if (!m?.[1] || /\b(?:pending|expected|requested|declined|reversed)\b/i.test(t)) return null;
  const amount = findAmounts(t.slice(m.index + m[0].length)).find((a) => a.currency || a.cents);
  if (amount === undefined) return null;
  const entityId = weEntity(doc);
  const words = slugify(m[1])
    .split('_')
    .filter((w) => w !== '' && !GENERIC.has(w));
  if (words.length === 0) return null;
  // "NORTHWIND AIR refund" is the "northwind_refund" on record.
  const slug =
    matchKnown([...words, 'refund'], 'financial', doc.input.known, entityId) ??
    `${words.join('_')}_refund`;
  doc.lastItem = slug;
  return [
    lineCandidate(entityId, `financial.${slug}.status`, 'refunded', clause),
    lineCandidate(entityId, `financial.${slug}.amount`, amount.value, clause),
  ];
}

export function refundReceived(clause: Clause, doc: DocContext): Candidate[] | null {
  const t = clause.text;
  if (!REFUND_RECEIVED.pattern.test(t) || clause.intent.intent !== 'assertive') return null;
  if (/\b(?:not|no|never|yet)\b|n't\b/i.test(t)) return null;
  const entityId = weEntity(doc);
  const merchant =
    /\bfrom\s+([A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*)?)/.exec(t)?.[1] ??
    /^\s*([A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*)?)\s+refunded\b/.exec(t)?.[1] ??
    null;
  const pendingItems = doc.input.known.filter(
    (k) =>
      k.entityId === entityId &&
      k.field.startsWith('financial.') &&
      k.field.endsWith('.status') &&
      k.value === 'pending',
  );
  const known =
    merchant === null
      ? null
      : matchKnown(slugify(merchant).split('_'), 'financial', doc.input.known, entityId);
  const only = pendingItems.length === 1 ? (pendingItems[0]?.field.split('.')[1] ?? null) : null;
  const slug = known ?? (merchant !== null ? `${slugify(merchant)}_refund` : only);
  if (slug === null) return null;
  doc.lastItem = slug;
  const weak = clause.intent.hedged;
  return [
    {
      ...lineCandidate(entityId, `financial.${slug}.status`, 'refunded', clause),
      confidence: weak ? 0.35 : 1,
      evidence: weak ? 'weak' : 'strong',
    },
  ];
}
