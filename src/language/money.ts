/** One amount of money found in a text. */
export interface MoneyMention {
  /** The amount as a plain number string: no grouping, `.` before cents ("1284.50", "87.40"). */
  readonly value: string;
  /** Offsets of the whole mention (currency included) in the text. */
  readonly start: number;
  readonly end: number;
  /** Whether a currency symbol or code stands next to the number. */
  readonly currency: boolean;
  /** Whether the number has cents ("87,40", "12.99"): how feeds and bills print money. */
  readonly cents: boolean;
  /** A leading minus ("-150.00"): money going out of an account. */
  readonly negative: boolean;
}

/**
 * Currency symbols and ISO codes written before or after an amount, in the shapes bank feeds
 * and bills print them ("R$ 87,40", "R 1,284.50", "79,99 TRY", "1 850,00 zł", "kr 120").
 */
const CURRENCY =
  '(?:R\\$|US\\$|A\\$|C\\$|NZ\\$|HK\\$|S\\$|[$€£¥₹₺₽₩₪₫₦]|\\b(?:USD|EUR|GBP|CHF|JPY|CNY|INR|TRY|GEL|PLN|ZAR|BRL|SEK|NOK|DKK|CZK|HUF|RON|AUD|CAD|NZD|MXN|ARS|CLP|COP|KES|NGN|ILS|AED|SAR|THB|IDR|MYR|PHP|SGD|HKD|KRW|VND|UAH|RUB|kr|zł|Kč|Ft|lei|R)(?![A-Za-z]))';

/**
 * A number as written with grouping and decimals in either convention: "1,284.50", "1.284,50",
 * "1 850,00", "87,40", "2,300", "12.99", "900".
 */
const NUMBER = "\\d{1,3}(?:[,.\\u00a0\\u202f' ]\\d{3})+(?:[.,]\\d{1,2})?|\\d+(?:[.,]\\d{1,2})?";

const MENTION = new RegExp(
  `(${CURRENCY})?\\s?(?:(-|−)(?=\\S))?(${CURRENCY})?\\s?(${NUMBER})(?!\\d)(k\\b)?(?:\\s?(${CURRENCY}))?`,
  'g',
);

/**
 * Words right before a number that make it an identifier, not money ("ref 88123", "order
 * 10234", "policy no. 4471", "flight 212", "room 12").
 */
const IDENTIFIER_BEFORE =
  /\b(?:ref|reference|order|invoice|policy|account|acct|no|nr|number|id|flight|room|gate|seat|platform|bus|route|line|version|v|page|chapter|table|step|item|ticket|case|booking|card|ending|iban)\.?\s*#?\s*$|[#/\\:*-]$|\d[\s.]*$|(?:\.\.\.|…|\*{2,}|x{2,})$/i;

/** Units after a number that make it a quantity of something else ("3 kg", "14 days", "5 %"). */
const UNIT_AFTER =
  /^\s?(?:%|percent|per ?cent|[:/-]\d|x\b|k?m\b|km|miles?|kg|g\b|lbs?|cm|mm|ml|l\b|litres?|liters?|°|degrees?|days?|nights?|weeks?|months?|years?|yrs?|hours?|hrs?|h\b|min(?:ute)?s?|seconds?|secs?|people|persons?|guests?|kids?|times|pages?|steps?|calories|kcal|pm\b|am\b|st\b|nd\b|rd\b|th\b|[a-z]{2,}\s*-\s*\d)/i;

const DATE_OR_TIME_BEFORE = /\b(?:on|by|until|till|from|since|at|before|after|around)\s*$/i;

function plainNumber(digits: string): { value: string; cents: boolean } | null {
  const compact = digits.replace(/[\u00a0\u202f' ]/g, '');
  // The last separator followed by one or two digits at the end is the decimal mark.
  const decimal = /[.,](\d{1,2})$/.exec(compact);
  const whole = (decimal ? compact.slice(0, decimal.index) : compact).replace(/[,. ]/g, '');
  if (!/^\d+$/.test(whole)) return null;
  const cents = decimal?.[1];
  if (cents === undefined || /^0+$/.test(cents)) {
    return { value: String(Number(whole)), cents: cents !== undefined };
  }
  return { value: `${Number(whole)}.${cents.padEnd(2, '0')}`, cents: true };
}

/**
 * The amounts of money in a text, in order. A number counts when a currency stands next to it,
 * or when it has cents, or when it is a bare whole number that is not an identifier, a date, a
 * time, a year or a quantity of something else; callers decide whether a bare number is money.
 */
export function findAmounts(text: string): MoneyMention[] {
  const out: MoneyMention[] = [];
  for (const m of text.matchAll(MENTION)) {
    const digits = m[4] ?? '';
    const start = (m.index ?? 0) + (m[0].length - m[0].trimStart().length);
    const end = (m.index ?? 0) + m[0].trimEnd().length;
    const currency = m[1] !== undefined || m[3] !== undefined || m[6] !== undefined;
    const before = text.slice(Math.max(0, start - 16), start);
    if (!currency && (IDENTIFIER_BEFORE.test(before) || /[A-Za-z]$/.test(before))) continue;
    if (m[6] === undefined && m[5] === undefined && UNIT_AFTER.test(text.slice(end))) continue;
    if (
      /^[.,]?\d/.test(text.slice(end)) ||
      /\d[.,]$/.test(text.slice(Math.max(0, start - 2), start))
    ) {
      continue;
    }
    // "on 12.05", "at 7.30": a day and month or a time of day written with a dot.
    if (!currency && /^\d{1,2}\.\d{2}$/.test(digits) && DATE_OR_TIME_BEFORE.test(before)) continue;
    const number = plainNumber(digits.trim());
    if (number === null) continue;
    // "2k", "1.5k": thousands, said loosely.
    const parsed =
      m[5] === undefined
        ? number
        : { value: String(Math.round(Number(number.value) * 1000)), cents: false };
    // A bare four-digit number from 1900 to 2099 is a year ("back in 2019").
    if (!currency && !parsed.cents && /^(?:19|20)\d\d$/.test(digits)) continue;
    out.push({
      value: parsed.value,
      start,
      end,
      currency,
      cents: parsed.cents,
      negative: m[2] !== undefined,
    });
  }
  return out;
}
