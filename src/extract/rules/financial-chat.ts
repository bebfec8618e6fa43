import { isVocabularyWord } from '../../language/index.js';
import {
  type Candidate,
  type Clause,
  type DocContext,
  matchKnown,
  ownedByThirdParty,
  weEntity,
} from '../clauses.js';
import { slugify } from '../text.js';
import { HEDGED_CONFIDENCE } from '../types.js';
import { CANCEL, PLAN_TIER, RECURRING_NOUN, SUBSCRIBE, SWITCH } from './financial-lexicon.js';

// What the user says about their own subscriptions and memberships: cancelled one, switched from
// one provider to another, signed up again (issue #10, financial family). Read from the clause's
// grammar: a first-person (or subjectless) statement, not negated, not a question or a
// supposition, whose object is one of the user's recurring payments.

const FILLER = new Set(['the', 'my', 'our', 'a', 'an', 'to', 'for', 'it', 'that', 'this']);

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
  if (RECURRING_NOUN.pattern.test(phrase) || RECURRING_NOUN.pattern.test(clause.text)) {
    return { slug: name.join('_'), evidence: 'strong' };
  }
  if (name.every((w) => isVocabularyWord(w))) {
    return allowOrdinary ? { slug: name.join('_'), evidence: 'weak', ordinary: true } : null;
  }
  return { slug: name.join('_'), evidence: 'weak' };
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
  return {
    entityId: weEntity(doc),
    field: `financial.${slug}.status`,
    value,
    intent: 'assertive',
    confidence: weak ? HEDGED_CONFIDENCE : 1,
    correction: false,
    span: clause.text,
    evidence: weak ? 'weak' : 'strong',
  };
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
 * "switched from spotify to youtube music", "cancelled my netflix", "resubscribed to Tidal": the
 * status of each named subscription. Null when the clause says none of this about the user's own.
 */
export function subscriptionStatement(clause: Clause, doc: DocContext): Candidate[] | null {
  const t = clause.text;
  const sw = SWITCH.pattern.exec(t);
  const cancel = CANCEL.pattern.exec(t);
  const subscribe = SUBSCRIBE.pattern.exec(t);
  if (sw === null && cancel === null && subscribe === null) return null;
  if (!ownStatement(clause)) return null;
  if (sw?.groups) {
    const fromName = sw.groups['from'] ?? sw.groups['from2'] ?? '';
    const toName = sw.groups['to'] ?? sw.groups['to2'] ?? '';
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
  const item = named(objectAfter(t, verb.index + verb[0].length), clause, doc);
  if (item === null) return null;
  doc.lastItem = item.slug;
  return [
    candidate(doc, clause, item.slug, cancel !== null ? 'cancelled' : 'active', item.evidence),
  ];
}
