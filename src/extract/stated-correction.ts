import { findAmounts } from '../language/index.js';
import type { Candidate, DocContext } from './clauses.js';
import { speakerEntity, weEntity } from './clauses.js';
import { activityTime, findDates } from './dates.js';
import { classifyClause } from './intent.js';
import { singular, slugify } from './text.js';

/**
 * A stated correction of one value on record (issue #10): "Correction: the electricity bill is
 * actually €94", "Sorry, I meant the piano lesson is at 17:00", "the water bill is €61, not €16",
 * "the gym is not 35 but 45 a month". The sentence marks itself as a correction (an opening
 * "correction", "sorry, I meant", "make that", "actually", "oops"; "actually" between the verb and
 * the value; a contrasted ", not X" or "not X but") and says "<subject> is <value>", where the
 * subject names one slot on record by its own noun phrase: its words, without the article or
 * "my"/"our", are the slot's slug ("the electricity bill" is `electricity_bill`, never "the bill"
 * because it shares a word). The value sets that slot's attribute:
 * - an amount: a financial item's amount (or the premium or price it has on record);
 * - a time, weekday or date: a schedule entry's time, keeping the day on record for a time and the
 *   time on record for a day.
 *
 * Precision first: when the subject names no slot or more than one, or the value is not of the
 * kind the slot holds, the sentence reads nothing at all (it is `handled` with no candidates), so
 * a correction of something Verity does not know never commits a guess. A pronoun subject ("it's
 * €94") names no slot. A question, a hedge, another person's item ("Ben's bill", "their bill")
 * and a sentence with no value ("actually, the electricity company called", "the gas bill is
 * actually lower than I feared") are not this reading, and go on to the other rules.
 */
export interface StatedCorrection {
  /** The sentence is a marked correction of "<subject> is <value>"; no other rule reads it. */
  readonly handled: boolean;
  readonly candidates: readonly Candidate[];
}

const NOT_HANDLED: StatedCorrection = { handled: false, candidates: [] };
const NOTHING: StatedCorrection = { handled: true, candidates: [] };

/** Words that open a sentence to say it corrects what came before. */
const OPENING_MARK =
  /^\s*(?:(?:correction|sorry|oops|my bad|my mistake|no wait|wait|actually|i meant|i mean|make that|to correct (?:myself|that))\b\s*[,:;.!-]*\s*)+/i;

/** The subject, the verb and what follows ("the electricity bill" "is" "actually €94"). */
const COPULAR =
  /^(?:(?:the|my|our)\s+)?([\p{L}][\p{L}\p{N}'&+-]*(?:\s+[\p{L}\p{N}][\p{L}\p{N}'&+-]*){0,3}?)\s+(?:is|'s|’s|was|will be|should be|should have been|comes to|came to)\s+(.+?)\s*[.!]*$/iu;

/** "not €84 but €94", "not Wednesday but Thursday": the contrasted value, then the new one. */
const NOT_BUT = /^not\s+(.+?),?\s+but\s+(.+)$/i;
/** "€94, not €84": the new value, then the contrasted one. */
const COMMA_NOT = /^(.+?),?\s+not\s+(.+)$/i;
const ACTUALLY = /^(?:actually|really|in fact)\s+/i;

/** Subject words that are no noun phrase naming a slot. */
const PRONOUN =
  /^(?:it|that|this|there|he|she|they|we|i|you|which|what|who|one|mine|ours|theirs|his|hers)$/i;

/** What may follow an amount and still leave it the value ("€94 this month", "45 a month now"). */
const AMOUNT_TAIL =
  /^(?:\s*(?:(?:a|per|each|every)\s+(?:month|year|week)|(?:this|next|last)\s+(?:month|year|time)|monthly|now|then|instead|in total|total))*$/i;

const AMOUNT_ATTRIBUTE = /^(?:amount|premium|price)$/;

interface Slot {
  readonly entityId: string;
  readonly field: string;
  readonly value: string | null;
}

/** The value part with its correction marks taken off, and whether there was one. */
function valuePart(rest: string): { value: string; marked: boolean } {
  let value = rest.trim();
  let marked = false;
  if (ACTUALLY.test(value)) {
    value = value.replace(ACTUALLY, '');
    marked = true;
  }
  value = value.replace(/^now\s+/i, '');
  const notBut = NOT_BUT.exec(value);
  if (notBut?.[2]) return { value: notBut[2].trim(), marked: true };
  const commaNot = COMMA_NOT.exec(value);
  if (commaNot?.[1]) return { value: commaNot[1].trim(), marked: true };
  return { value, marked };
}

/** The slot's words as a comparable key: singular, in order. */
function key(words: readonly string[]): string {
  return words.map(singular).join('_');
}

/**
 * The known slots this speaker's reading may write, by the item their subject names: the
 * speaker's own and those of the group their "we" means, or, for a subject said as "my …" ("my
 * pilates is actually at 7"), the speaker's own only: the speaker's activity is no member's.
 */
function slotsNamed(subject: string, doc: DocContext, mine: boolean): Slot[] {
  const words = slugify(subject)
    .split('_')
    .filter((w) => w !== '');
  if (words.length === 0 || PRONOUN.test(subject.trim())) return [];
  const wanted = key(words);
  const writers = new Set(mine ? [speakerEntity(doc)] : [weEntity(doc), speakerEntity(doc)]);
  return doc.input.known.filter((slot) => {
    if (!writers.has(slot.entityId) || slot.committed === false) return false;
    const parts = slot.field.split('.');
    if (parts[0] === 'financial' && parts.length === 3) {
      return key((parts[1] ?? '').split('_')) === wanted;
    }
    if (parts[0] === 'family' && parts[1] === 'schedule' && parts.length === 3) {
      return key((parts[2] ?? '').split('_')) === wanted;
    }
    return false;
  });
}

/** The item a slot belongs to (`financial.gym` or `family.schedule.piano`), per entity. */
function itemOf(slot: Slot): string {
  const parts = slot.field.split('.');
  const item = parts[0] === 'financial' ? parts.slice(0, 2) : parts.slice(0, 3);
  return `${slot.entityId} ${item.join('.')}`;
}

/** The one amount the value is ("€94", "45 a month"), or null. */
function amountOf(value: string): string | null {
  const amounts = findAmounts(value);
  const [amount] = amounts;
  if (amount === undefined || amounts.length !== 1 || amount.start !== 0) return null;
  return AMOUNT_TAIL.test(value.slice(amount.end)) ? amount.value : null;
}

/**
 * A schedule value from a time, weekday or date that is the whole of `value` ("at 17:00", "on
 * Thursday", "Thursdays at 5pm", "June 12"), combined with what `recorded` keeps: its day for a
 * time, its time for a day. Null when the value is anything else.
 */
function scheduleValue(value: string, recorded: string | null, at: string): string | null {
  const bare = value.replace(/^(?:at|on|for)\s+/i, '').trim();
  const mentions = findDates(bare, at);
  const [mention] = mentions;
  if (mention === undefined || mentions.length !== 1) return null;
  if (mention.start > 0 || bare.slice(mention.end).replace(/[\s.!]/g, '') !== '') return null;
  const time = activityTime(mention);
  const recordedDay = /^(\d{4}-\d{2}-\d{2})/.exec(recorded ?? '')?.[1] ?? null;
  const recordedTime = /(?:^|\s)(\d{2}:\d{2})$/.exec(recorded ?? '')?.[1] ?? null;
  const day = mention.date ?? recordedDay;
  const clock = time ?? recordedTime;
  if (day !== null && clock !== null) return `${day} ${clock}`;
  return day ?? clock;
}

/**
 * The stated correction `sentence` makes (see the module comment). `asked` sentences, turns not
 * the user's and sentences with no correction mark are not handled.
 */
export function statedCorrection(
  sentence: string,
  doc: DocContext,
  asked: boolean,
): StatedCorrection {
  if (asked || doc.kind !== 'chat' || doc.input.role !== 'user') return NOT_HANDLED;
  const text = sentence.trim();
  const opening = OPENING_MARK.exec(text);
  const body = opening === null ? text : text.slice(opening[0].length);
  const said = COPULAR.exec(body);
  if (!said?.[1] || !said[2]) return NOT_HANDLED;
  const subject = said[1];
  const { value, marked } = valuePart(said[2]);
  if (!marked && opening === null) return NOT_HANDLED;
  const amount = amountOf(value);
  const timed = amount === null ? scheduleValue(value, null, doc.input.at) : null;
  if (amount === null && timed === null) return NOT_HANDLED;
  const intent = classifyClause(body, asked, text);
  if (intent.hedged || intent.intent !== 'assertive') return NOT_HANDLED;
  // Another person's item ("Ben's bill", "their bill", "his piano") is left to the other rules,
  // which keep it out of the speaker's state.
  if (/^(?:his|her|their|its|your)\s/i.test(body) || /['’]s\s/.test(subject)) return NOT_HANDLED;
  if (/^(?:his|her|their|its|your)$/i.test(subject.split(/\s+/)[0] ?? '')) return NOT_HANDLED;
  const named = slotsNamed(subject, doc, /^my\s/i.test(body));
  const items = new Set(named.map(itemOf));
  if (items.size !== 1) return NOTHING;
  const target =
    amount !== null
      ? amountSlot(named)
      : named.find((slot) => slot.field.startsWith('family.schedule.'));
  if (target === undefined) return NOTHING;
  const newValue = amount ?? scheduleValue(value, target.value, doc.input.at);
  if (newValue === null || newValue === target.value) return NOTHING;
  const schedule = target.field.startsWith('family.schedule.');
  // A household's schedule entry found from a member's own thread, only by its name matching:
  // nothing said whose it is, so it is tentative (the owner rule of the family schedule).
  const matchedElsewhere =
    schedule &&
    target.entityId !== (doc.group ?? doc.input.entityId) &&
    target.entityId !== speakerEntity(doc);
  return {
    handled: true,
    candidates: [
      {
        entityId: target.entityId,
        field: target.field,
        value: newValue,
        intent: schedule ? 'planning' : 'assertive',
        confidence: 1,
        correction: true,
        span: text,
        evidence: matchedElsewhere ? 'weak' : 'strong',
        priority: 1,
      },
    ],
  };
}

/**
 * The amount-like slot of one financial item: the amount, premium or price it has on record
 * (the one there is), else its `amount`; undefined for a schedule entry or several such slots.
 */
function amountSlot(named: readonly Slot[]): Slot | undefined {
  const [first] = named;
  if (first === undefined || !first.field.startsWith('financial.')) return undefined;
  const amounts = named.filter((slot) => AMOUNT_ATTRIBUTE.test(slot.field.split('.')[2] ?? ''));
  if (amounts.length > 1) return undefined;
  const item = first.field.split('.').slice(0, 2).join('.');
  return amounts[0] ?? { entityId: first.entityId, field: `${item}.amount`, value: null };
}
