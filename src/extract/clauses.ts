import type { Intent } from '../core/index.js';
import { type ClauseAnalysis, type DateMention, THIRD_PARTY_POSSESSOR } from '../language/index.js';
import type { ClauseIntent } from './intent.js';
import {
  canBeName,
  isNameWord,
  nameLetters,
  nameSlug,
  singular,
  slugify,
  wordsOf,
} from './text.js';
import type { EntityRegistry, EvidenceStrength, ExtractionInput, KnownSlot } from './types.js';

/** Sources whose texts are documents or feeds (read line by line) rather than conversation. */
export const DOCUMENT_SOURCES = new Set(['note', 'calendar', 'email', 'bank', 'webhook']);

/** One clause of a message, classified, with its dates resolved. */
export interface Clause {
  /** The clause with leading discourse markers ("Heads up:", "So,", "Ha, no.") removed. */
  readonly text: string;
  readonly sentence: string;
  readonly intent: ClauseIntent;
  /** Dates in `text` (offsets into `text`). */
  readonly dates: readonly DateMention[];
  /** Tense, mood, negation, subject and predicate of `text` (the language service). */
  readonly analysis: ClauseAnalysis;
}

/** A value a rule read, before merging. */
export interface Candidate {
  readonly entityId: string;
  readonly field: string;
  readonly value: string;
  readonly intent: Intent;
  readonly confidence: number;
  readonly correction: boolean;
  readonly span: string;
  /** Strength of the linguistic evidence; default: `weak` below confidence 0.8, else `strong`. */
  readonly evidence?: EvidenceStrength;
  /** Higher wins over a lower one for the same slot in the same message (default 0). */
  readonly priority?: number;
}

/** What the rules know about the message as they walk its clauses. */
export interface DocContext {
  readonly input: ExtractionInput;
  /** `document` for notes, calendars, mail, bank feeds and webhooks; `chat` otherwise. */
  readonly kind: 'chat' | 'document';
  /** The thread's family or team, if the message belongs to one. */
  readonly group: string | null;
  /** A note's title or a document's first line, naming what its `Key: value` lines describe. */
  topic: string | null;
  lastPerson: string | null;
  lastProject: string | null;
  lastItem: string | null;
  lastSchedule: string | null;
  /**
   * The trip an earlier clause of this message planned, with who plans it and how strongly: an
   * itinerary line after it ("booked Oslo! train on 3 May, back the 9th") dates that trip.
   */
  lastTrip: { readonly subject: Subject; readonly strength: EvidenceStrength } | null;
  /**
   * The clause follows a retraction opener ("Scratch that, … Thursday at 5:30 instead"): what it
   * says replaces the statement withdrawn.
   */
  afterRetraction: boolean;
}

/** Builds the walking context of one message. */
export function createContext(input: ExtractionInput): DocContext {
  const group = /^(family|team):/.test(input.entityId) ? input.entityId : null;
  return {
    input,
    kind: DOCUMENT_SOURCES.has(input.source) ? 'document' : 'chat',
    group,
    topic: input.title ?? null,
    lastPerson: null,
    lastProject: null,
    lastItem: null,
    lastSchedule: null,
    lastTrip: null,
    afterRetraction: false,
  };
}

const CLUTTER =
  /^(?:(?:so|and|but|also|ok|okay|well|yes|yeah|yep|no(?=\s*[,.!;:-])|nope|ha|haha|lol|oh|ah|honestly|funny|heads up|fyi|btw|update|news|good news|bad news|change of plan|on a personal note|personal note|quick update|wait|hey|hi|phew|finally(?=\s*[,:;!.-])|anyway|great|cool|nice|ugh|sigh|alright|all right|reminder|note|by the way|speaking of (?:which|that|[\w'-]+(?:\s+[\w'-]+){0,2}(?=\s*,))|on that note|incidentally)\b[\s,:;!.-]*)+/i;

/**
 * Removes leading discourse markers ("Heads up:", "Ha, no.", "So,"). "Finally" is one only when
 * set off ("Finally, the rent…"); run into its clause ("finally we arrive at Seoul") it says the
 * clause's event has happened at last, which the clause keeps.
 */
export function stripClutter(text: string): string {
  return text.replace(CLUTTER, '').trim();
}

/** Who a clause is about. */
export type Subject =
  | { readonly kind: 'speaker' }
  | {
      readonly kind: 'we';
      /** Said as "they": people other than the speaker, whom the thread's group may include. */
      readonly third?: boolean;
    }
  | { readonly kind: 'person'; readonly name: string }
  | { readonly kind: 'thing'; readonly phrase: string };

/**
 * The subject of a predicate, read from the words before it: first person, first person plural,
 * a pronoun for the last named person, a name, or a noun phrase. Empty means the speaker
 * ("Landed in Denver").
 */
export function subjectOf(prefix: string, doc: DocContext): Subject {
  // An emoji or an exclamation mark closes an utterance in chat ("engagement week 🎉 just
  // touched down in X", "yay! landed in X"): what came before it is not the verb's subject.
  // A subject right before the mark stays the subject: a name ("Mira 🎉 landed in X") or a
  // noun phrase about others ("my parents 🎉 landed in X", "the kids ✈️ just landed").
  const utterances = prefix.split(/(?:[!\p{Extended_Pictographic}]|\uFE0F|\u200D)+/u);
  const latest = utterances[utterances.length - 1] ?? '';
  const previous = (utterances[utterances.length - 2] ?? '').trim();
  const subjectBeforeMark =
    /\b\p{Lu}\p{Ll}+$/u.test(previous) ||
    /(?:^|\s)(?:my|our|his|her|their|the|your|\p{L}+'s)\s+(?:\p{L}+\s+)?\p{L}+$/iu.test(previous) ||
    /(?:^|\s)(?:he|she|they|we|i)$/i.test(previous);
  // Adverbs of time may stand after the mark ("the kids ✈️ just landed").
  const own =
    /^(?:just|finally|already|also|still)?$/i.test(latest.trim()) && subjectBeforeMark
      ? `${previous} ${latest.trim()}`
      : latest;
  const words = own
    .trim()
    .replace(/[,:;]+$/, '')
    .split(/\s+/)
    .filter((w) => w !== '');
  if (words.length === 0) return { kind: 'speaker' };
  const last = (words[words.length - 1] ?? '').toLowerCase().replace(/[^a-z']/g, '');
  if (/^(?:i|i'm|i've|i'll|i'd|me|myself|just|finally|already|also|still)$/.test(last)) {
    const before = words
      .slice(0, -1)
      .join(' ')
      .toLowerCase()
      .replace(/[^a-z' ]/g, '');
    if (/^(?:just|finally|already|also|still)$/.test(last)) {
      return before === '' ? { kind: 'speaker' } : subjectOf(words.slice(0, -1).join(' '), doc);
    }
    return { kind: 'speaker' };
  }
  // "They", "the kids", "everyone": people other than the speaker, whom a group may include.
  if (/^(?:they|they're|they've|they'll|they'd|them|family|kids|everyone)$/.test(last)) {
    return { kind: 'we', third: true };
  }
  if (/^(?:we|we're|we've|we'll|we'd|us|ourselves)$/.test(last)) {
    return { kind: 'we' };
  }
  if (/^(?:he|she|he's|she's|him|her|his)$/.test(last)) {
    const named = words
      .slice(0, -1)
      .map((w) => nameLetters(w.replace(/'s$/i, '')))
      .filter((w) => isNameWord(w) && canBeName(w) && !/(?:ed|ing)$/.test(w));
    const recent = named[named.length - 1];
    if (recent !== undefined) return { kind: 'person', name: recent };
    return doc.lastPerson === null
      ? { kind: 'thing', phrase: last }
      : { kind: 'person', name: doc.lastPerson };
  }
  const raw = nameLetters((words[words.length - 1] ?? '').replace(/'s$/i, ''));
  if (canBeName(raw) && !/^\p{Lu}{2,}$/u.test(raw)) {
    const name = raw;
    // "Lina Park" style two-word names: keep the first name as the display name.
    const previous = nameLetters(words[words.length - 2] ?? '');
    if (
      words.length >= 2 &&
      canBeName(previous) &&
      isNameWord(previous) &&
      !/(?:ed|ing)$/.test(previous)
    ) {
      return { kind: 'person', name: previous };
    }
    return { kind: 'person', name };
  }
  return { kind: 'thing', phrase: words.join(' ') };
}

/**
 * The speaker's own entity: the thread's user, else the default user. A document (a calendar,
 * a statement, a note) speaks for the entity it belongs to.
 */
export function speakerEntity(doc: DocContext): string {
  if (doc.kind === 'document') return doc.input.entityId;
  return doc.input.entityId.startsWith('user:') ? doc.input.entityId : 'user:primary';
}

/** What "we" means: the thread's group, a configured group for this user, or the user. */
export function weEntity(doc: DocContext): string {
  if (doc.group !== null) return doc.group;
  return doc.input.registry.we[doc.input.entityId] ?? doc.input.entityId;
}

/**
 * A named third party's own entity (`user:<nameSlug>`); never the speaker's. Before rules 2.21.3
 * a name was spelled by `slugify`, which drops the letters NFKD cannot split ("Søren" was
 * `user:s_ren`); the member match still takes that spelling, so a member filed under it stays the
 * group's. `user:unknown` for a name that folds to nothing.
 */
export function personEntity(name: string): string {
  return `user:${nameSlug(name) || 'unknown'}`;
}

/** A `members` entry that names an entity rather than a person's name. */
const MEMBER_ID = /^user:[a-z0-9._-]+$/;

/**
 * The entities a `members` entry stands for, the one member match of extraction and context: an
 * entity id as written (`user:jess`, for a member whose entity no form of the name gives), else the
 * person the display name names, by whole name and by first name (`Łukasz Nowak` →
 * `user:lukasz_nowak`, `user:lukasz`). None for any other id-like entry (`User:Jess`) or a name
 * with no Latin, Greek or Cyrillic letter or digit (`李明`), which must be listed by entity id.
 */
export function memberEntities(entry: string): readonly string[] {
  const name = entry.trim();
  if (name.includes(':')) return MEMBER_ID.test(name) ? [name] : [];
  const first = name.split(/\s+/)[0] ?? '';
  // Whole name and first name, as `personEntity` spells them and as it did before 2.21.3.
  const slugs = [nameSlug(name), slugify(name), nameSlug(first), slugify(first)];
  return [...new Set(slugs.filter((slug) => slug !== ''))].map((slug) => `user:${slug}`);
}

/**
 * The group whose `members` list `entity` (`memberEntities`), else null: the one reading of the
 * membership registry, for extraction and for whose threads a context may show.
 */
export function memberGroupOf(entity: string, registry: EntityRegistry): string | null {
  for (const [group, members] of Object.entries(registry.members)) {
    if (members.some((entry) => memberEntities(entry).includes(entity))) return group;
  }
  return null;
}

/** The group whose `members` name the person `name` (a name read in a text), else null. */
function memberGroup(name: string, doc: DocContext): string | null {
  return memberGroupOf(personEntity(name), doc.input.registry);
}

/** The family or team a named person belongs to, from the registry, else the thread's group. */
export function groupOf(name: string, doc: DocContext): string | null {
  return memberGroup(name, doc) ?? doc.group;
}

/** Whether a word names a registered member of some group. */
export function isKnownMember(name: string, doc: DocContext): boolean {
  return memberGroup(name, doc) !== null;
}

/** The entity a travel or profile statement about `subject` belongs to. */
export function entityFor(subject: Subject, doc: DocContext): string {
  switch (subject.kind) {
    case 'speaker':
      return speakerEntity(doc);
    case 'we':
      return weEntity(doc);
    case 'person':
      return personEntity(subject.name);
    case 'thing':
      return weEntity(doc);
  }
}

/**
 * Resolves a short name against existing slots: the known `<domain>.<item>` whose item words
 * contain the name's words (singularised), e.g. "referrals" → `referral_program`, "practice" →
 * `soccer_practice`. Null when none or more than one matches.
 */
export function matchKnown(
  words: readonly string[],
  domainPrefix: string,
  known: readonly KnownSlot[],
  entityId: string | null,
): string | null {
  const wanted = words.map(singular).filter((w) => w.length > 1);
  if (wanted.length === 0) return null;
  const items = new Set<string>();
  for (const slot of known) {
    if (entityId !== null && slot.entityId !== entityId) continue;
    if (!slot.field.startsWith(`${domainPrefix}.`)) continue;
    const item = slot.field.slice(domainPrefix.length + 1).split('.')[0];
    if (item) items.add(item);
  }
  const matches = [...items].filter((item) => {
    const have = item.split('_').map(singular);
    return wanted.every((w) => have.includes(w)) || have.every((h) => wanted.includes(h));
  });
  if (matches.length === 1) return matches[0] ?? null;
  const exact = matches.find((m) => m === wanted.join('_'));
  return exact ?? null;
}

/** Looks a phrase up in the alias registry (word-normalised); returns the slot prefix or null. */
export function aliasFor(phrase: string, doc: DocContext): string | null {
  const key = wordsOf(phrase).join(' ');
  if (key === '') return null;
  for (const [alias, target] of Object.entries(doc.input.registry.aliases)) {
    if (wordsOf(alias).join(' ') === key) return target;
  }
  return null;
}

/** The first date in a clause that follows `index` (or any, when none follows). */
export function dateAfter(clause: Clause, index: number): DateMention | null {
  return clause.dates.find((d) => d.start >= index) ?? null;
}

/** Whether a noun phrase starts with a third party's possessor (not "our team's"). */
export function ownedByThirdParty(phrase: string): boolean {
  const p = ` ${phrase.trim()}`;
  if (/\b(?:our|my)\s+(?:team|company|family|group|org|department|household)'s\b/i.test(p)) {
    return false;
  }
  return THIRD_PARTY_POSSESSOR.pattern.test(p);
}
