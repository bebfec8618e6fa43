import type { LexiconEntry } from '../../language/index.js';

// Word lists of the financial rules. Each names the phenomenon it stands for and is exercised by
// `financial.test.ts` with sentences written for it (in no benchmark file). Bank-line words are
// given in the languages whose feed shapes we could construct ourselves (English, German,
// French, Portuguese, Spanish, Italian, Dutch, Polish, Turkish).

/** A feed or biller line saying money left the account for a payee: the payment went through. */
export const SETTLED: LexiconEntry = {
  phenomenon: 'a payment that went through, as a bank feed or biller prints it',
  pattern:
    /(?<![\p{L}\p{N}_])(?:payment (?:successful|received|completed|confirmed|sent|made|to)|paid|posted|settled|standing order (?:executed|paid|processed)|direct debit(?: (?:collected|paid|processed))?|debit order(?: (?:paid|processed))?|card (?:debit|payment|purchase)|pos purchase|purchase|autopay(?:ment)? (?:processed|successful)|thank you for your payment|pagamento (?:efetuado|realizado|confirmado)|pago (?:realizado|efectuado|confirmado)|pag[ao] com sucesso|pagad[ao] con éxito|lastschrift|abbuchung|kartenzahlung|zahlung (?:erfolgt|ausgeführt)|dauerauftrag(?: ausgeführt)?|prélèvement|paiement (?:effectué|carte)|pagamento (?:eseguito|addebitato)|addebito|betaling(?: uitgevoerd)?|incasso|płatność (?:zrealizowana|kartą)|obciążenie|ödeme (?:yapıldı|alındı)|kart harcaması)(?![\p{L}\p{N}_])/iu,
};

/** A collection that came back: the bill is still owed. */
export const RETURNED: LexiconEntry = {
  phenomenon: 'a debit that was returned, bounced or declined (the bill stays unpaid)',
  pattern:
    /(?<![\p{L}\p{N}_])(?:returned(?: unpaid)?|unpaid|bounced|declined|rejected|reversed|failed|insufficient funds|nsf|chargeback|rücklastschrift|zurückgebucht|abgelehnt|rejeté|impayé|devolvido|recusado|devuelto|rechazado|respinto|insoluto|storno|teruggeboekt|odrzucon[ay]|iade edildi|reddedildi)(?![\p{L}\p{N}_])/iu,
};

/**
 * The auxiliary of a refund still under way ("is being processed", "will be issued"): not done.
 * The one home of that refusal; `REFUNDED` and `REFUND_UNDER_WAY` both read it.
 */
const UNDER_WAY_AUX = String.raw`(?:being|be)`;

/** A refund said as still under way ("is being processed", "will be credited"). */
export const REFUND_UNDER_WAY: LexiconEntry = {
  phenomenon: 'a refund still being processed, not yet done',
  pattern: new RegExp(
    String.raw`\b${UNDER_WAY_AUX}\s+(?:credited|processed|issued|refunded|posted|completed|sent|paid)\b`,
    'i',
  ),
};

/** Money given back by a merchant: the refund is done. */
export const REFUNDED: LexiconEntry = {
  phenomenon: 'a refund that was issued or credited',
  pattern: new RegExp(
    String.raw`(?<![\p{L}\p{N}_])(?:refunded|refund(?: of [^\n]{1,24}?)? (?:has been |was |is )?(?<!\b${UNDER_WAY_AUX} )(?:issued|processed|credited|completed|sent|paid)|(?:issued|processed|sent) (?:a |your |the )?refund|refund from|gutschrift|erstattet|rückerstattung (?:erfolgt|veranlasst)|remboursé|remboursement effectué|reembolsado|reembolso (?:efetuado|realizado|procesado)|rimborsato|terugbetaald|zwrot środków|iade yapıldı)(?![\p{L}\p{N}_])`,
    'iu',
  ),
};

/** A refund asked for or on its way, not yet received. */
export const REFUND_PENDING: LexiconEntry = {
  phenomenon: 'a refund asked for or awaited, not yet received',
  pattern:
    /\b(?:refund(?: of [^\n]{1,24}?)? (?:is |still )?(?:pending|requested|in progress|on (?:its|the) way|being processed|will be (?:issued|processed|sent))|(?:requested|asked for|waiting (?:on|for)|still (?:no|waiting for)) (?:a |the |my )?(?:[\w&.-]+\s+)?refund|(?:sent|took|brought|shipped|posted|mailed) (?:the |my |an? )?[\w' -]{0,30}? back|returned (?:the |my )[\w' -]{1,30}? (?:order|parcel|package|jacket|shoes|boots|item|dress|phone|laptop))\b/i,
};

/** Ending a recurring payment. */
export const CANCEL: LexiconEntry = {
  phenomenon: 'ending a subscription, membership or plan',
  pattern:
    /(?<![\p{L}\p{N}_])(?:cancell?(?:ed|ing)?|cancels|terminated|unsubscribed|ended|stopped|quit|dropped|closed|got rid of|killed|gekündigt|résilié|cancelad[oa]|disdetto|opgezegd)(?![\p{L}\p{N}_])/iu,
};

/** Starting or keeping a recurring payment. */
export const SUBSCRIBE: LexiconEntry = {
  phenomenon: 'starting, restarting or renewing a subscription or membership',
  pattern:
    /(?<![\p{L}\p{N}_])(?:(?:re)?subscribed|signed (?:back )?up (?:again )?(?:for|to)|joined|renewed|upgraded to|started (?:paying for|a|my)|took out|abonniert|abonné)(?![\p{L}\p{N}_])/iu,
};

/**
 * Moving a recurring payment from one provider to another: "switched from X to Y", "moved over
 * to Y from X", "replaced X with Y", "dropped X for Y".
 */
export const SWITCH: LexiconEntry = {
  phenomenon: 'moving a subscription from one provider to another',
  pattern:
    /\b(?:switch(?:ed)?|mov(?:ed|e)|chang(?:ed|e)|went|go(?:ne)?)\s+(?:over\s+)?(?:from\s+(?<from>[\w.&'+ -]{2,30}?)\s+to\s+(?<to>[\w.&'+ -]{2,30}?)|to\s+(?<to3>[\w.&'+ -]{2,30}?)\s+from\s+(?<from3>[\w.&'+ -]{2,30}?))(?=\s*(?:[,.;!?]|$|\s(?:and|but|because|since|last|this|yesterday|today|in|on|for|after|now)\b))|\b(?:replaced|swapped|ditched|dropped|left)\s+(?<from2>[\w.&'+ -]{2,30}?)\s+(?:with|for)\s+(?<to2>[\w.&'+ -]{2,30}?)(?=\s*(?:[,.;!?]|$))/i,
};

/**
 * Words in a card descriptor or a product name that name the tier of a plan, not the provider
 * ("SPOTIFY FAMILY", "Netflix Standard", "Premium Individual").
 */
export const PLAN_TIER: LexiconEntry = {
  phenomenon: 'the tier of a plan in a descriptor or product name',
  pattern:
    /^(?:family|individual|duo|student|premium|standard|basic|plus|pro|ultimate|unlimited|lite|annual|monthly|yearly|ads?|with|without|hd|uhd|4k|membership|subscription|sub|plan|com|net|co|uk|de|fr)$/i,
};

/**
 * Recurring-payment nouns: what one subscribes to, is a member of, or is billed for by a
 * provider ("my netflix subscription", "the gym membership", "a streaming plan").
 */
export const RECURRING_NOUN: LexiconEntry = {
  phenomenon: 'a recurring payment named by its kind',
  pattern:
    /\b(?:subscriptions?|memberships?|plans?|streaming|recurring|monthly|renewal|auto-?renew(?:al|s)?|direct debit|standing order)\b/i,
};

/**
 * Household bills in the languages of the feeds, mapped to the English noun the slug uses:
 * "conta de água" and "Wasser" are the water bill, "Strom" and "électricité" the electricity.
 */
export const UTILITY_WORDS: Readonly<Record<string, readonly string[]>> = {
  electricity: [
    'electricity',
    'electric',
    'strom',
    'électricité',
    'electricite',
    'electricidade',
    'electricidad',
    'luz',
    'energia',
    'elektrik',
    'prąd',
    'elettricità',
    'stroom',
  ],
  power: ['power'],
  energy: ['energy'],
  water: ['water', 'wasser', 'eau', 'água', 'agua', 'acqua', 'woda', 'su', 'waterbedrijf'],
  gas: ['gas', 'gaz', 'gás', 'doğalgaz'],
  internet: ['internet', 'broadband', 'fibre', 'fiber', 'wifi'],
  phone: ['phone', 'mobile', 'handy', 'telefone', 'teléfono', 'telefon', 'cell'],
  heating: ['heating', 'heizung', 'chauffage'],
  council_tax: ['council tax'],
  trash: ['trash', 'garbage', 'waste', 'müll', 'bin'],
};

/**
 * Nouns that name an amount of money an item has ("your premium is 598.00", "the price will be
 * 11.99", "balance: 950.00"); the attribute is the noun itself, and "cost" means the price.
 */
export const AMOUNT_NOUN: LexiconEntry = {
  phenomenon: 'a noun that names an amount of money of an item',
  pattern:
    /\b(?<noun>premium|price|balance|fee|rate|instal?lment|deposit|amount|total|cost|charge)\b(?:\s+(?:is|was|will be|of|now|comes to|goes up to|changes to|:|=))?/i,
};

/** A payment the speaker makes that is for an occasion, not a bill ("paid for dinner"). */
export const SPENDING_OCCASION: LexiconEntry = {
  phenomenon: 'money spent on an occasion or a thing bought, not a bill or subscription',
  pattern:
    /\b(?:paid|pay|paying|spent|spend|cost|costs|was|were|is|for)\s+(?:for\s+)?(?:the\s+|a\s+|my\s+|our\s+|his\s+|her\s+|their\s+)?(?:dinner|lunch|breakfast|brunch|coffee|drinks?|round|meal|takeaway|pizza|taxi|uber|cab|parking|tickets?|groceries|shopping|gift|present|haircut|beers?|wine|snacks?|fuel|petrol|gas station)\b/i,
};

/**
 * Settling up between people ("paid my share of the Airbnb", "I owe Marta 20", "paid him back",
 * "Splitwise"): money between friends, no bill or subscription of the user's.
 */
export const SETTLING_UP: LexiconEntry = {
  phenomenon: 'money settled between people, not a bill',
  pattern:
    /\b(?:(?:my|our|your|his|her|their) (?:share|half|part|cut|portion) of|pa(?:y|id|ying) (?:you|him|her|them|\w+) back|owes? (?:you|him|her|them|me|\p{Lu}\p{L}+)|splitwise|venmo(?:ed)?|chip(?:ped)? in|split (?:the|it)\b)/iu,
};

/**
 * Nouns that name a payment itself, so that a clause whose grammatical subject is one ("the
 * electricity bill is overdue") is still about the user's money, unlike one whose subject is a
 * person or an organisation ("our client hasn't paid").
 */
export const PAYMENT_SUBJECT: LexiconEntry = {
  phenomenon: 'a payment, bill or account as the subject of a clause',
  pattern:
    /\b(?:bills?|rent|subscriptions?|memberships?|payments?|debits?|invoices?|refunds?|fees?|mortgage|insurance|premium|balance|tax|charge|plan|loan|deposit|it|this|that)\b/i,
};

/**
 * A provider's word that the subscription itself is a subscription ("subscribe", "unsubscribe",
 * "resubscribe"): the object is a recurring payment whatever its name.
 */
export const SUBSCRIPTION_VERB: LexiconEntry = {
  phenomenon: 'a verb that only a subscription takes',
  pattern: /\b(?:re|un)?subscribed\b|\bsigned (?:back )?up\b/i,
};

/** A refund the user has received ("got the refund", "the refund came through"). */
export const REFUND_RECEIVED: LexiconEntry = {
  phenomenon: 'a refund the user says has arrived',
  pattern:
    /\b(?:(?:got|received|have) (?:the |my |a |our )?(?:full )?refund|refund (?:has )?(?:came|come|went|gone) through|refund (?:arrived|landed|is in|cleared|hit)|refunded (?:me|us|my|our)|(?:got|have) (?:my|our) money back)\b/i,
};

/** A bill issued and not yet paid, as a biller words it ("your bill of 38.50 is ready"). */
export const BILL_ISSUED: LexiconEntry = {
  phenomenon: 'a bill issued and awaiting payment',
  pattern:
    /\b(?:(?:bill|invoice|statement)(?: of [^\n]{1,24}?)? (?:is ready|is due|is now due|is available|has been issued)|amount due|payment (?:is )?due|(?:is|are) (?:now )?(?:overdue|outstanding|past due))\b/i,
};

/**
 * What opens a bank feed line before its own words: a label and the booking date ("Account feed
 * 2026-05-08: ", "2026-01-31 ", "03/11 "). A pending, scheduled, upcoming or reminder line is not
 * a booked one. The one home of the header: `feedLine` strips it, `FEED_CODE` may follow it.
 */
export const FEED_LEAD: LexiconEntry = {
  phenomenon: 'the label and booking date that open a bank feed line',
  pattern:
    /^\s*(?![Pp]ending|[Ss]cheduled|[Uu]pcoming|[Rr]eminder)(?:[\p{L}][\p{L} ]{0,29}?\s+)?(?:\d{4}-\d{2}-\d{2}|\d{1,2}[/.]\d{1,2}(?:[/.]\d{2,4})?)\s*:?\s+/u,
};

/**
 * Bank feed transaction codes written before the payee (British and Irish feeds): direct debit,
 * standing order, faster payment out, debit card, bill payment, at the line's start or after
 * its header (`FEED_LEAD`). Case-sensitive: "so" and "dd" in prose are other words.
 */
export const FEED_CODE: LexiconEntry = {
  phenomenon: 'a transaction code that opens a bank feed line',
  pattern: new RegExp(
    String.raw`(?<=^|${FEED_LEAD.pattern.source})(?:DD|SO|STO|FPO|DEB|BP|POS|CHQ|D\/D|S\/O)\s+(?=[A-Z])`,
    'u',
  ),
};

/**
 * Services that are subscriptions by nature (streaming, music, software, cloud storage, gym
 * chains, delivery and membership programmes), as a bank feed prints their names: a debit to
 * one is a recurring payment of the user's, where a debit to a shop is a purchase. World
 * knowledge, not any benchmark's: a name joined or spaced either way ("PUREGYM", "PURE GYM").
 */
export const SUBSCRIPTION_SERVICE: LexiconEntry = {
  phenomenon: 'a service billed only as a subscription',
  pattern:
    /\b(?:spotify|netflix|disney\s?(?:plus|\+)|hulu|hbo\s?max|max\.com|paramount\s?(?:plus|\+)|peacock|crunchyroll|dazn|now\s?tv|apple\s?(?:music|tv|one|icloud)|icloud|youtube\s?(?:premium|music|tv)|amazon\s?prime|prime\s?video|audible|kindle\s?unlimited|deezer|tidal|patreon|onlyfans|substack|medium\.com|dropbox|google\s?(?:one|storage|workspace)|microsoft\s?365|office\s?365|adobe|canva|notion|slack|zoom\.us|github|chatgpt|openai|duolingo|headspace|calm\.com|strava|peloton|xbox\s?game\s?pass|playstation\s?(?:plus|network)|nintendo\s?online|ea\s?play|pure\s?gym|the\s?gym\s?group|anytime\s?fitness|planet\s?fitness|basic[- ]?fit|gymbox|david\s?lloyd|nuffield\s?health|hellofresh|gousto|deliveroo\s?plus|uber\s?one)\b/i,
};
