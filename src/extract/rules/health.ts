import type { Intent } from '../../core/index.js';
import { COMMENT_ADVERB } from '../../language/index.js';
import { type Candidate, type Clause, type DocContext, entityFor, subjectOf } from '../clauses.js';
import { isPartitive, restrictedAfter, withoutQuantifier } from '../quantifier.js';
import { singular, slugify } from '../text.js';
import { HEDGED_CONFIDENCE } from '../types.js';

/**
 * Medicines named often enough in conversation to list; anything else must look like a drug
 * name (a pharmacological stem) or come with a dose. A word that is neither ("I'm on the train",
 * "taking the kids") is never read as a medicine.
 */
const KNOWN_MEDICINES = new Set(
  'sertraline ibuprofen paracetamol acetaminophen aspirin naproxen insulin metformin amoxicillin penicillin warfarin heparin levothyroxine thyroxine prednisone prednisolone melatonin antihistamine antihistamines antibiotics antidepressants inhaler ventolin salbutamol albuterol epipen adrenaline cetirizine loratadine codeine tramadol morphine lithium'.split(
    ' ',
  ),
);
const DRUG_STEM =
  /^[a-z]{3,}(?:pril|sartan|olol|statin|formin|cillin|mycin|floxacin|azole|prazole|tidine|oxetine|xetine|pram|afil|dipine|zepam|zolam|codone|lukast|gliptin|gliflozin|tropin|parin|semide|thiazide|triptan|profen|mab|nib)$/;
const DOSE =
  /^\s*(\d+(?:\.\d+)?)\s?(mg|mcg|µg|g|ml|units?|iu|puffs?|tablets?|pills?)\b(?:\s+(once|twice|three times)\s+(?:a|per)\s+day|\s+(daily|nightly|at night|in the morning))?/i;

const TAKING =
  /(?:(?:'m|'s|'re|\bam|\bis|\bare|(?:'ve|\bhave|\bhas)\s+been)\s+(?:now\s+|still\s+)?(?:taking|on)|\b(?:started|began)\s+(?:taking\s+|on\s+)?|\b(?:put|prescribed)\s+(?:me|him|her)\s+(?:on\s+)?)\s*(?:my\s+|his\s+|her\s+|the\s+|some\s+)?([a-z][a-z-]{2,})\b/gi;
const STOPPED =
  /\b(?:stopped|quit|came off|come off|finished)\s+(?:taking\s+)?(?:my\s+|his\s+|her\s+|the\s+)?([a-z][a-z-]{2,})\b|\bno longer (?:taking|on)\s+(?:my\s+|his\s+|her\s+|the\s+)?([a-z][a-z-]{2,})\b/gi;
const PAUSED =
  /\b(?:paused|pausing|on hold with)\s+(?:taking\s+)?(?:my\s+|the\s+)?([a-z][a-z-]{2,})\b/gi;
const DOSE_CHANGE =
  /\b([a-z][a-z-]{2,})\s+(?:dose\s+)?(?:went up|went down|was increased|was raised|was lowered|was reduced|was changed|changed|is now|increased|reduced|lowered)\s+to\b/gi;
const SWITCHED =
  /\bswitched\s+(?:me\s+|him\s+|her\s+)?from\s+([a-z][a-z-]{2,})\s+to\s+([a-z][a-z-]{2,})\b/gi;
const ALLERGIC = /\b(not\s+|no longer\s+)?allergic\s+to\s+([a-z][a-z ,'-]{0,80})/gi;
const ALLERGY_NOUN =
  /\b(?:has|have|got)\s+(?:a|an)\s+(?:severe\s+|mild\s+|bad\s+)?([a-z]+)\s+allergy\b/gi;
/** Words that end an allergen phrase rather than name one. */
const ALLERGEN_STOP =
  /^(?:it|them|this|that|something|anything|everything|the|my|a|an|some|too|now|still|apparently|after|all|though|since|when|so|but|because|which|who|as|like|if|ever|at|in|on|from|for|with|again|anymore|really|badly|severely)$/;

function isMedicine(word: string, rest: string): boolean {
  const name = word.toLowerCase();
  return KNOWN_MEDICINES.has(name) || DRUG_STEM.test(name) || DOSE.test(rest);
}

function doseOf(rest: string): string | null {
  const match = DOSE.exec(rest);
  if (!match?.[1] || !match[2]) return null;
  const unit = match[2].toLowerCase();
  const frequency = match[3] ? ` ${match[3].toLowerCase()} a day` : match[4] ? ` ${match[4]}` : '';
  return `${match[1]} ${unit}${frequency}`;
}

/** Auxiliaries and adverbs between a subject and what it is said to take or be allergic to. */
const AUX_TAIL =
  /(?:\s*(?:'m|'s|'re|'ve|\b(?:am|is|are|has|have|been|now|still|severely|very|mildly|actually|apparently|also|not|no longer)\b))+\s*$/i;
/** A prescriber before the verb: the statement is about the patient, not about them. */
const PRESCRIBER = /\b(?:the doctor|my doctor|the gp|my gp|dr\.?\s+[a-z]+)\s*$/i;

/**
 * The entity a statement is about: the speaker or a named person, read from the words before
 * `index`; a prescriber's statement is about "me" when it says so. Anything else (a group, a
 * thing, an unresolved pronoun) is not read, so nobody gets another person's medicine.
 */
function subjectEntity(t: string, index: number, doc: DocContext): string | null {
  const prefix = t.slice(0, index).replace(AUX_TAIL, '');
  // "My lisinopril went up": the possessive is the speaker.
  if (/(?:^|\s)my\s*$/i.test(prefix)) return entityFor({ kind: 'speaker' }, doc);
  if (PRESCRIBER.test(prefix)) {
    return /\bme\b/i.test(t.slice(index, index + 40)) ? entityFor({ kind: 'speaker' }, doc) : null;
  }
  const subject = subjectOf(prefix, doc);
  if (subject.kind === 'speaker' || subject.kind === 'person') return entityFor(subject, doc);
  return null;
}

interface Reading {
  readonly field: string;
  readonly value: string;
  readonly index: number;
  readonly correction: boolean;
}

function medicine(name: string): string {
  return `health.medication.${slugify(name)}`;
}

/** A medicine being taken (from `index`), with the dose that follows it, if any. */
function taking(name: string, rest: string, index: number, correction: boolean): Reading[] {
  const out: Reading[] = [
    { field: `${medicine(name)}.status`, value: 'taking', index, correction },
  ];
  const dose = doseOf(rest);
  if (dose) out.push({ field: `${medicine(name)}.dose`, value: dose, index, correction: false });
  return out;
}

function medicationReadings(t: string): Reading[] {
  const out: Reading[] = [];
  for (const m of t.matchAll(SWITCHED)) {
    const [from, to] = [m[1] ?? '', m[2] ?? ''];
    const rest = t.slice(m.index + m[0].length);
    if (!isMedicine(from, '') || !isMedicine(to, rest)) continue;
    out.push({
      field: `${medicine(from)}.status`,
      value: 'stopped',
      index: m.index,
      correction: true,
    });
    out.push(...taking(to, rest, m.index, true));
  }
  for (const m of t.matchAll(TAKING)) {
    const name = m[1] ?? '';
    const rest = t.slice(m.index + m[0].length);
    if (isMedicine(name, rest)) out.push(...taking(name, rest, m.index, false));
  }
  for (const m of t.matchAll(STOPPED)) {
    const name = m[1] ?? m[2] ?? '';
    if (!isMedicine(name, '')) continue;
    const correction = m[2] !== undefined;
    out.push({ field: `${medicine(name)}.status`, value: 'stopped', index: m.index, correction });
  }
  for (const m of t.matchAll(PAUSED)) {
    const name = m[1] ?? '';
    if (!isMedicine(name, '')) continue;
    out.push({
      field: `${medicine(name)}.status`,
      value: 'paused',
      index: m.index,
      correction: false,
    });
  }
  for (const m of t.matchAll(DOSE_CHANGE)) {
    const name = m[1] ?? '';
    const dose = doseOf(t.slice(m.index + m[0].length));
    if (dose === null || !isMedicine(name, '')) continue;
    out.push({ field: `${medicine(name)}.dose`, value: dose, index: m.index, correction: true });
  }
  return out;
}

/**
 * The allergens of "allergic to <list>": up to four items split on commas, "and", "or", each one
 * or two words ending the list or followed by a word that ends it ("penicillin after all").
 * Anything longer is not read.
 */
function allergens(list: string): string[] {
  const names: string[] = [];
  for (const part of list.split(/\s*(?:,|\band\b|\bor\b)\s*/i).slice(0, 4)) {
    // "some nuts", "certain antibiotics": which ones was not said.
    if (isPartitive(part)) continue;
    const words = withoutQuantifier(part)
      .toLowerCase()
      .split(/\s+/)
      .filter((w) => w !== '');
    // "shellfish, sadly": the speaker's comment ends the list, it names no allergen.
    const stop = words.findIndex((w) => ALLERGEN_STOP.test(w) || COMMENT_ADVERB.pattern.test(w));
    const kept = stop === -1 ? words : words.slice(0, stop);
    if (kept.length === 0 || kept.length > 2) continue;
    // "dogs with long hair": the head alone would name a wider class than was said.
    if (restrictedAfter(words, kept.length - 1)) continue;
    names.push(kept.map((w, i) => (i === kept.length - 1 ? singular(w) : w)).join('_'));
  }
  return names;
}

function allergyReadings(t: string): Reading[] {
  const out: Reading[] = [];
  for (const m of t.matchAll(ALLERGIC)) {
    const negated = m[1] !== undefined;
    const value = negated ? 'not_allergic' : 'allergic';
    const correction = /no longer/i.test(m[1] ?? '');
    for (const name of allergens(m[2] ?? '')) {
      out.push({ field: `health.allergy.${slugify(name)}`, value, index: m.index, correction });
    }
  }
  for (const m of t.matchAll(ALLERGY_NOUN)) {
    const name = m[1] ?? '';
    if (ALLERGEN_STOP.test(name.toLowerCase())) continue;
    out.push({
      field: `health.allergy.${slugify(singular(name.toLowerCase()))}`,
      value: 'allergic',
      index: m.index,
      correction: false,
    });
  }
  return out;
}

/**
 * Health, precision-first: medicines a person takes, pauses or stopped ("I'm on metformin
 * 500 mg", "came off the sertraline", "Dr Okafor switched me from lisinopril to losartan"), dose
 * changes ("my lisinopril went up to 20 mg") and allergies ("Ines is allergic to peanuts and
 * sesame", "I'm not allergic to penicillin after all"). A word counts as a medicine only when it
 * is a known one, has a pharmacological stem, or comes with a dose. Plans ("starting insulin
 * next week") are not read: a planned medicine is not taken yet. Hedged statements stay weak, so
 * they never commit alone; only "no longer" and "switched" are explicit corrections.
 */
export function healthRules(clause: Clause, doc: DocContext): Candidate[] {
  const t = clause.text;
  const intent: Intent = clause.intent.intent;
  if (intent === 'planning') return [];
  const readings = [...medicationReadings(t), ...allergyReadings(t)];
  const out: Candidate[] = [];
  for (const reading of readings) {
    const entityId = subjectEntity(t, reading.index, doc);
    if (entityId === null) continue;
    out.push({
      entityId,
      field: reading.field,
      value: reading.value,
      intent,
      confidence: clause.intent.hedged ? HEDGED_CONFIDENCE : 1,
      correction: reading.correction || clause.intent.supersedes,
      span: t,
    });
  }
  return out;
}
