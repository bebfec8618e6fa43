import { type Intent, ok, type Result, slotKey } from '../core/index.js';
import { analyseClause, type ClauseAnalysis, findDates } from '../language/index.js';
import {
  type Candidate,
  type Clause,
  createContext,
  type DocContext,
  stripClutter,
} from './clauses.js';
import { contrastiveCorrections } from './contrastive-correction.js';
import { afterRetraction, classifyClause } from './intent.js';
import { asPastedReading, readsAsPasted } from './pasted.js';
import {
  DOMAIN_RULES,
  isProjectDocument,
  personKey,
  profileField,
  projectField,
} from './rules/index.js';
import { statedCorrection } from './stated-correction.js';
import { normalizeText, splitClauses, splitSentences } from './text.js';
import {
  EVIDENCE_CONFIDENCE,
  type EvidenceStrength,
  type ExtractedObservation,
  type Extraction,
  type ExtractionInput,
  type Extractor,
} from './types.js';

/** Identity of the rule-based extractor recorded on its observations. */
export const RULES_EXTRACTOR_ID = 'rules';
/**
 * Version of the rules. Bump it whenever a rule changes what it extracts: observations carry
 * `rules@<version>`, and re-extracting with new rules must not collide with recorded ones.
 *
 * Version notes (the commit messages say more):
 * - 2.24.0: an ordinal before the noun it counts ("the 9th inning") is no date; a passenger bumped
 *   or rebooked onto another departure ("got bumped to the 3rd") moves the trip's departure.
 * - 2.24.1: a terse payment keeps its compound object ("paid off the credit card") and its sum
 *   ("Paid rent, 1200"; a currency without cents is money); a booking in the plural ("booked
 *   flights to X") or as tickets bought ("got tickets to X for Friday") is a plan.
 * - 2.24.2: "I'm off to X" (the speaker or the speaker's group) is a plan like "flying to X".
 * - 2.24.3: back in a known place ("Landed back in Toronto", "Back in London after …") or in from
 *   one ("Got in late from Cork") is a return.
 * - 2.25.0: a member's status is theirs now: an illness told as past and over ("was sick last
 *   week, all better now") is `well` or nothing, a friend or teacher named in a family's thread
 *   ("Zara's friend Maya") is no member, a place conceded over an illness ("has a cold but went
 *   to school anyway") is where the member is.
 * - 2.25.1: a release named only by its version and moved to a day ("Release 4.2 slipped to next
 *   Thursday") is the deadline of the team's one project on record; none or several: nothing.
 * - 2.25.2: "<event>'s cancelled" cancels like "<event> is cancelled"; a move with no subject
 *   ("… is back on! Rescheduled to Sunday the 13th at 11:00") is the event named before it.
 * - 2.25.3: "It's back to in progress" names no project `it_s_back_to`: "it" is the project just
 *   named, else the team's one project on record, else nothing.
 * - 2.25.4: members named together before a place ("Linh and Bao both at school", "dropped Elif
 *   and Can at school") each have that place as their status.
 * - 2.25.5: a member who started a place today ("Tomás started sleepaway camp today") is there.
 * - 2.26.0: the 2.24 and 2.25 lines (written side by side) together; a holiday after a travel verb ("flying home for
 *   Christmas") is no destination, even where a gazetteer holds a town of that name; a booking
 *   heading ("Flights booked: Oslo on 3 December") is the speaker's, not a person's named after it.
 * - 2.26.1: a language asked for a definite plural beside one piece of writing asked for now
 *   ("translate the answer … but keep the headings in English") is no standing preference.
 */
export const RULES_EXTRACTOR_VERSION = '2.26.1';

const STATE_INTENTS: ReadonlySet<Intent> = new Set(['assertive', 'planning']);

const KEY_VALUE = /^\s*(?:[-*+]\s+)?([A-Za-z][A-Za-z /&'-]{0,30}?)\s*:\s+(\S.*)$/;
/**
 * A key glossed in parentheses ("Harbor (internal container registry): planned"): read as a key
 * only in a project document, where it names a project of a list.
 */
const GLOSSED_KEY_VALUE =
  /^\s*(?:[-*+]\s+)?([A-Za-z][A-Za-z /&'-]{0,30}?\s+\([^()\n]{1,40}\))\s*:\s+(\S.*)$/;
const NOT_KEYS =
  /^(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun|monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|tomorrow|tonight|note|re|fwd|subject|from|to|update|reminder|deploy|heads up|fyi|scratch that|booked it|change of plan)$/i;

const HEADING = /^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$/;

/**
 * The markdown headings above line `index`, nearest first, each the nearest of its level or of a
 * level above the ones already taken ("## Apollo" then "# Projects", not a sibling "## Zeus").
 */
export function headingsAbove(lines: readonly string[], index: number): string[] {
  const out: string[] = [];
  let level = 7;
  for (let i = index - 1; i >= 0 && level > 1; i -= 1) {
    const line = lines[i] ?? '';
    const heading = HEADING.exec(line);
    const depth = /^\s*(#+)/.exec(line)?.[1]?.length ?? 7;
    if (heading?.[1] && depth < level) {
      out.push(heading[1]);
      level = depth;
    }
  }
  return out;
}

function cleanTopic(title: string): string {
  return title
    .replace(/\.(?:md|markdown|txt)$/i, '')
    .replace(/^.*\//, '')
    .replace(
      /\s+[-–:]\s+(?:project\s+)?(?:brief|notes?|plan|spec|status|doc|summary|overview)$/i,
      '',
    )
    .replace(/\s+(?:project\s+)?brief$/i, '')
    .trim();
}

function byPriority(existing: Candidate, next: Candidate): Candidate {
  const existingState = STATE_INTENTS.has(existing.intent);
  const nextState = STATE_INTENTS.has(next.intent);
  if (existingState !== nextState) return existingState ? existing : next;
  if ((existing.priority ?? 0) > (next.priority ?? 0)) return existing;
  // Within one message a later clause refines an earlier one ("bounced, but I paid in cash").
  return next;
}

function strengthOf(c: Candidate): EvidenceStrength {
  if (c.evidence !== undefined) return c.evidence;
  return c.confidence < EVIDENCE_CONFIDENCE.moderate ? 'weak' : 'strong';
}

function toObservation(c: Candidate): ExtractedObservation {
  const evidence = strengthOf(c);
  return {
    entityId: c.entityId,
    field: c.field,
    value: c.value,
    intent: c.intent,
    confidence: Math.min(c.confidence, EVIDENCE_CONFIDENCE[evidence]),
    evidence,
    correction: c.correction,
    span: c.span.length > 300 ? `${c.span.slice(0, 297)}...` : c.span,
  };
}

function clauseOf(text: string, sentence: string, asked: boolean, at: string): Clause {
  const stripped = stripClutter(text);
  let analysis: ClauseAnalysis | null = null;
  return {
    text: stripped,
    sentence,
    intent: classifyClause(stripped, asked, sentence),
    dates: findDates(stripped, at),
    // Analysed on first use: most clauses match no rule that needs their grammar.
    get analysis(): ClauseAnalysis {
      analysis ??= analyseClause(stripped);
      return analysis;
    },
  };
}

/**
 * Chat with the words of a quotation left out (a span in double quotes of two words or more):
 * a quoted line ("He said "I'm flying to Lima"", a song, an advert) is someone else's words,
 * not the speaker's statement.
 */
function withoutQuotations(text: string): string {
  return text.replace(/"[^"]*\s[^"]*"/g, '""');
}

/**
 * What may follow a retraction opener and still leave it bare: an apology, what is withdrawn or
 * the reason the whole statement is void ("Scratch that, sorry.", "Ignore that last one, wrong
 * group chat.").
 */
const RETRACTION_FILLER =
  /^(?:(?:sorry|oops|my bad|my mistake|please|ignore me|lol|haha|never ?mind|forget it|typo|that was wrong|wrong (?:\w+ )?(?:project|trip|thread|chat|channel|window|person|team|one|message)|(?:the |that |my )?(?:last|previous) (?:one|message|bit|part|thing))\b[\s,.!-]*)*$/i;

/**
 * What after a retraction opener keeps the value the withdrawn statement replaced ("Scratch that,
 * keep mornings", "never mind, stick with Lisbon"): the withdrawal itself, said with its effect.
 * A pronoun or article after the verb is another request ("keep me posted", "keep an eye on it").
 */
const RESTORES =
  /^(?:just\s+|let's\s+)?(?:keep|stick with|stay with|go back to|back to|revert to)\s+(?!(?:me|us|you|it|them|going|in|an?|on|up|out|track|quiet)\b)\S/i;

function isBareRetraction(rest: string): boolean {
  return RETRACTION_FILLER.test(rest.trim()) || isRestore(rest);
}

/** Whether a sentence opens by restoring a value ("back to mornings", "keep Lisbon"). */
function isRestore(sentence: string): boolean {
  return RESTORES.test(sentence.trim());
}

/** A return to a routine, not to a value ("Back to work now", "back to bed"). */
const ROUTINE_RETURN =
  /^(?:just\s+|let's\s+)?(?:go\s+)?back to (?:work|school|class|bed|sleep|normal|reality|business|the office|the grind|the drawing board)\b/i;

function runRules(clause: Clause, doc: DocContext): Candidate[] {
  if (clause.text === '') return [];
  return DOMAIN_RULES.flatMap((rules) => rules.read(clause, doc));
}

/** What one pass over a text gathers, line by line and sentence by sentence. */
interface Reading {
  readonly candidates: Candidate[];
  readonly unrecognised: string[];
  readonly intents: Intent[];
  retractsPrevious: boolean;
  /** The previous sentence opened with a retraction and read nothing. */
  unsaidRetraction: boolean;
}

/** A note's first line read as its heading: short, no "key: value" and no time or date. */
function noteHeading(input: ExtractionInput, doc: DocContext, lines: readonly string[]) {
  const firstLine = lines.find((l) => l.trim() !== '')?.trim() ?? '';
  return doc.kind === 'document' &&
    input.source === 'note' &&
    firstLine.split(/\s+/).length <= 5 &&
    !firstLine.includes(':') &&
    !/\d{1,2}[:/]\d/.test(firstLine)
    ? firstLine.replace(/^#+\s*/, '')
    : null;
}

/**
 * The date the text's weekdays count from: a plan note dated in its heading ("Week plan (Mar
 * 2-8)") means its weekdays in that week, however much later it is read again.
 */
function anchorOf(heading: string | null, at: string): string {
  const headingDate = heading === null ? null : (findDates(heading, at)[0]?.date ?? null);
  return headingDate === null ? at : `${headingDate}T00:00:00Z`;
}

/** Whether a note is read as "key: value" lines, and whether those list projects. */
function keyValueModes(input: ExtractionInput, doc: DocContext, lines: readonly string[]) {
  const keyValues = lines
    .map((line) => KEY_VALUE.exec(line))
    .filter((m): m is RegExpExecArray => m !== null && !NOT_KEYS.test((m[1] ?? '').trim()));
  const kvMode = input.source === 'note' && keyValues.length > 0;
  const projectDoc =
    kvMode &&
    isProjectDocument(
      doc.topic,
      keyValues.map((m) => m[1] ?? ''),
    );
  return { kvMode, projectDoc };
}

/** One "key: value" line of a note: a project field, a profile field, else the rules. */
function readKeyValueLine(
  kv: RegExpExecArray,
  at: { lines: readonly string[]; index: number; anchor: string; projectDoc: boolean },
  doc: DocContext,
  reading: Reading,
): void {
  const key = kv[1] ?? '';
  const value = kv[2] ?? '';
  const line = at.lines[at.index] ?? '';
  const clause = clauseOf(value, line, false, at.anchor);
  const found: Candidate[] = [];
  if (at.projectDoc) {
    const topics = [
      ...headingsAbove(at.lines, at.index),
      ...(doc.topic === null ? [] : [doc.topic]),
    ];
    const c = projectField(key, value, clause, doc, topics);
    if (c) found.push(c);
  } else {
    found.push(...profileField(key, value, clause, doc, headingsAbove(at.lines, at.index)));
  }
  // "Nomvuyo: piano lesson, Saturdays 9:30" is a line about that person: read whole, so the
  // name stays the owner of what follows it.
  const read =
    !at.projectDoc && personKey(key, doc)
      ? clauseOf(`${key.trim()} - ${value.trim()}`, line, false, at.anchor)
      : clause;
  if (found.length === 0) found.push(...runRules(read, doc));
  if (found.length === 0) reading.unrecognised.push(line.trim());
  reading.candidates.push(...found);
  reading.intents.push(clause.intent.intent);
}

/**
 * A sentence that corrects a value rather than states one: "Sorry, I meant Boulder, not Denver"
 * (one value on record, the rest kept) or "Correction: the electricity bill is actually €94" (the
 * slot its subject names, or nothing when it names none or several). Returns whether it was one.
 */
function readCorrection(
  sentence: { text: string; asked: boolean },
  body: string,
  input: ExtractionInput,
  doc: DocContext,
  reading: Reading,
): boolean {
  const corrected =
    doc.kind === 'chat'
      ? contrastiveCorrections(body, input.known, sentence.asked, input.role)
      : [];
  if (corrected.length > 0) {
    reading.candidates.push(...corrected);
    reading.intents.push('assertive');
    return true;
  }
  const stated = statedCorrection(body, doc, sentence.asked);
  if (!stated.handled) return false;
  reading.candidates.push(...stated.candidates);
  reading.intents.push('assertive');
  if (stated.candidates.length === 0) reading.unrecognised.push(sentence.text);
  return true;
}

/** One sentence of a line: a correction, a retraction, else its clauses read by the rules. */
function readSentence(
  sentence: { text: string; asked: boolean },
  input: ExtractionInput,
  doc: DocContext,
  anchor: string,
  reading: Reading,
): void {
  const afterUnsaid = reading.unsaidRetraction;
  reading.unsaidRetraction = false;
  let body = doc.kind === 'chat' ? withoutQuotations(sentence.text) : sentence.text;
  if (readCorrection(sentence, body, input, doc, reading)) return;
  // "Scratch that, the gym is packed at 6pm. Back to mornings.": a retraction whose words
  // read nothing, then a sentence that restores the value it replaced, is a bare one said
  // with its effect.
  if (afterUnsaid && isRestore(body) && !ROUTINE_RETURN.test(body.trim())) {
    reading.retractsPrevious = true;
    reading.intents.push('retract');
    return;
  }
  const rest = afterRetraction(body);
  if (rest !== null) {
    // A bare "Scratch that." withdraws the speaker's previous statement. One that goes on
    // ("Correction: we leave on the 12th") changes only what the rest names, and nothing
    // committed when the rest reads nothing: which field it meant is then a guess.
    if (isBareRetraction(rest)) {
      reading.retractsPrevious = true;
      reading.intents.push('retract');
      return;
    }
    body = rest;
  }
  const pieces = doc.kind === 'chat' ? splitClauses(body) : [body];
  const before = reading.candidates.length;
  doc.afterRetraction = rest !== null;
  for (const piece of pieces) {
    const clause = clauseOf(piece, body, sentence.asked, anchor);
    reading.intents.push(clause.intent.intent);
    reading.candidates.push(...runRules(clause, doc));
  }
  doc.afterRetraction = false;
  if (reading.candidates.length === before) {
    reading.unrecognised.push(sentence.text);
    reading.unsaidRetraction = rest !== null;
  }
}

/** One value per slot (a state-changing statement over a non-state one, a later over an earlier). */
function settle(input: ExtractionInput, doc: DocContext, reading: Reading): Extraction {
  const merged = new Map<string, Candidate>();
  for (const c of reading.candidates) {
    const key = slotKey(c.entityId, c.field);
    const existing = merged.get(key);
    merged.set(key, existing ? byPriority(existing, c) : c);
  }
  const pasted = doc.kind === 'chat' && readsAsPasted(input.text);
  const observations = [...merged.values()].map((c) => toObservation(asPastedReading(c, pasted)));
  const stateIntent = reading.intents.find((i) => STATE_INTENTS.has(i));
  const intent: Intent | null = reading.retractsPrevious
    ? 'retract'
    : observations.some((o) => STATE_INTENTS.has(o.intent))
      ? (stateIntent ?? 'assertive')
      : (reading.intents[0] ?? null);
  const { retractsPrevious, unrecognised } = reading;
  return { intent, observations, retractsPrevious, unrecognised };
}

/**
 * The rule-based extractor as a pure function: sentences and clauses, each classified (question,
 * hypothetical, historical, retraction, plan, assertion), each read by the travel, project,
 * family, financial and profile rules; then one value per slot (a state-changing statement over a
 * non-state one, a later clause over an earlier one).
 */
export function extractWithRules(input: ExtractionInput): Extraction {
  const doc = createContext(input);
  const lines = normalizeText(input.text).split('\n');
  const heading = noteHeading(input, doc, lines);
  doc.topic = heading ?? (input.title === undefined ? null : cleanTopic(input.title));
  const anchor = anchorOf(heading, input.at);
  const { kvMode, projectDoc } = keyValueModes(input, doc, lines);
  const headingLine = heading === null ? -1 : lines.findIndex((l) => l.trim() !== '');
  const reading: Reading = {
    candidates: [],
    unrecognised: [],
    intents: [],
    retractsPrevious: false,
    unsaidRetraction: false,
  };
  for (const [index, line] of lines.entries()) {
    const kv = kvMode
      ? (KEY_VALUE.exec(line) ?? (projectDoc ? GLOSSED_KEY_VALUE.exec(line) : null))
      : null;
    if (kv?.[1] && kv[2] && !NOT_KEYS.test(kv[1].trim())) {
      readKeyValueLine(kv, { lines, index, anchor, projectDoc }, doc, reading);
      continue;
    }
    if (index === headingLine) continue;
    for (const sentence of splitSentences(line))
      readSentence(sentence, input, doc, anchor, reading);
  }
  return settle(input, doc, reading);
}

/** The default, offline extractor: `rules@1.0.0`. */
export function createRuleExtractor(): Extractor {
  return {
    id: RULES_EXTRACTOR_ID,
    version: RULES_EXTRACTOR_VERSION,
    extract: async (input: ExtractionInput): Promise<Result<Extraction>> =>
      ok(extractWithRules(input)),
  };
}
