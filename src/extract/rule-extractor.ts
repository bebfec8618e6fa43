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
 * 2.24.0: an ordinal before the noun it counts ("the 9th inning") is no date; a passenger bumped
 * or rebooked onto another departure ("got bumped to the 3rd") moves the trip's departure.
 * 2.24.1: a terse payment keeps its compound object ("paid off the credit card") and its sum
 * ("Paid rent, 1200"; a currency without cents is money); a booking in the plural ("booked
 * flights to X") or as tickets bought ("got tickets to X for Friday") is a plan.
 * 2.24.2: "I'm off to X" (the speaker or the speaker's group) is a plan like "flying to X".
 * 2.24.3: back in a known place ("Landed back in Toronto", "Back in London after …") or in from
 * one ("Got in late from Cork") is a return.
 */
export const RULES_EXTRACTOR_VERSION = '2.24.3';

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

/**
 * The rule-based extractor as a pure function: sentences and clauses, each classified (question,
 * hypothetical, historical, retraction, plan, assertion), each read by the travel, project,
 * family, financial and profile rules; then one value per slot (a state-changing statement over a
 * non-state one, a later clause over an earlier one).
 */
export function extractWithRules(input: ExtractionInput): Extraction {
  const doc = createContext(input);
  const text = normalizeText(input.text);
  const lines = text.split('\n');
  const firstLine = lines.find((l) => l.trim() !== '')?.trim() ?? '';
  const heading =
    doc.kind === 'document' &&
    input.source === 'note' &&
    firstLine.split(/\s+/).length <= 5 &&
    !firstLine.includes(':') &&
    !/\d{1,2}[:/]\d/.test(firstLine)
      ? firstLine.replace(/^#+\s*/, '')
      : null;
  doc.topic = heading ?? (input.title === undefined ? null : cleanTopic(input.title));
  // A plan note dated in its heading ("Week plan (Mar 2-8)") means its weekdays in that week,
  // however much later it is read again.
  const headingDate = heading === null ? null : (findDates(heading, input.at)[0]?.date ?? null);
  const anchor = headingDate === null ? input.at : `${headingDate}T00:00:00Z`;

  const candidates: Candidate[] = [];
  const unrecognised: string[] = [];
  const intents: Intent[] = [];
  let retractsPrevious = false;
  // The previous sentence opened with a retraction and read nothing.
  let unsaidRetraction = false;

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

  for (const [index, line] of lines.entries()) {
    const kv = kvMode
      ? (KEY_VALUE.exec(line) ?? (projectDoc ? GLOSSED_KEY_VALUE.exec(line) : null))
      : null;
    if (kv?.[1] && kv[2] && !NOT_KEYS.test(kv[1].trim())) {
      const clause = clauseOf(kv[2], line, false, anchor);
      const found: Candidate[] = [];
      if (projectDoc) {
        const topics = [...headingsAbove(lines, index), ...(doc.topic === null ? [] : [doc.topic])];
        const c = projectField(kv[1], kv[2], clause, doc, topics);
        if (c) found.push(c);
      } else if (!projectDoc) {
        found.push(...profileField(kv[1], kv[2], clause, doc, headingsAbove(lines, index)));
      }
      // "Nomvuyo: piano lesson, Saturdays 9:30" is a line about that person: read whole, so the
      // name stays the owner of what follows it.
      const read =
        !projectDoc && personKey(kv[1], doc)
          ? clauseOf(`${kv[1].trim()} - ${kv[2].trim()}`, line, false, anchor)
          : clause;
      if (found.length === 0) found.push(...runRules(read, doc));
      if (found.length === 0) unrecognised.push(line.trim());
      candidates.push(...found);
      intents.push(clause.intent.intent);
      continue;
    }
    if (heading !== null && index === lines.indexOf(lines.find((l) => l.trim() !== '') ?? '')) {
      continue;
    }
    for (const sentence of splitSentences(line)) {
      const afterUnsaid = unsaidRetraction;
      unsaidRetraction = false;
      let body = doc.kind === 'chat' ? withoutQuotations(sentence.text) : sentence.text;
      // "Sorry, I meant Boulder, not Denver" corrects one value on record and keeps the rest.
      const corrected =
        doc.kind === 'chat'
          ? contrastiveCorrections(body, input.known, sentence.asked, input.role)
          : [];
      if (corrected.length > 0) {
        candidates.push(...corrected);
        intents.push('assertive');
        continue;
      }
      // "Correction: the electricity bill is actually €94" sets the slot its subject names, or
      // nothing when the subject names none (or several).
      const stated = statedCorrection(body, doc, sentence.asked);
      if (stated.handled) {
        candidates.push(...stated.candidates);
        intents.push('assertive');
        if (stated.candidates.length === 0) unrecognised.push(sentence.text);
        continue;
      }
      // "Scratch that, the gym is packed at 6pm. Back to mornings.": a retraction whose words
      // read nothing, then a sentence that restores the value it replaced, is a bare one said
      // with its effect.
      if (afterUnsaid && isRestore(body) && !ROUTINE_RETURN.test(body.trim())) {
        retractsPrevious = true;
        intents.push('retract');
        continue;
      }
      const rest = afterRetraction(body);
      if (rest !== null) {
        // A bare "Scratch that." withdraws the speaker's previous statement. One that goes on
        // ("Correction: we leave on the 12th") changes only what the rest names, and nothing
        // committed when the rest reads nothing: which field it meant is then a guess.
        if (isBareRetraction(rest)) {
          retractsPrevious = true;
          intents.push('retract');
          continue;
        }
        body = rest;
      }
      const pieces = doc.kind === 'chat' ? splitClauses(body) : [body];
      const before = candidates.length;
      doc.afterRetraction = rest !== null;
      for (const piece of pieces) {
        const clause = clauseOf(piece, body, sentence.asked, anchor);
        intents.push(clause.intent.intent);
        candidates.push(...runRules(clause, doc));
      }
      doc.afterRetraction = false;
      if (candidates.length === before) {
        unrecognised.push(sentence.text);
        unsaidRetraction = rest !== null;
      }
    }
  }

  const merged = new Map<string, Candidate>();
  for (const c of candidates) {
    const key = slotKey(c.entityId, c.field);
    const existing = merged.get(key);
    merged.set(key, existing ? byPriority(existing, c) : c);
  }
  const pasted = doc.kind === 'chat' && readsAsPasted(input.text);
  const observations = [...merged.values()].map((c) => toObservation(asPastedReading(c, pasted)));
  const stateIntent = intents.find((i) => STATE_INTENTS.has(i));
  const intent: Intent | null = retractsPrevious
    ? 'retract'
    : observations.some((o) => STATE_INTENTS.has(o.intent))
      ? (stateIntent ?? 'assertive')
      : (intents[0] ?? null);
  return { intent, observations, retractsPrevious, unrecognised };
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
