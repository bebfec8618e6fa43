// The assistant's statements as the user's next message takes them up (issue #13, rules@20): an
// action the user accepts becomes the user's decision, citing both messages; of the options an
// assistant message listed, only the chosen one is promoted and the others are set aside. What is
// turned down, hedged, deferred or never answered is not promoted. Applied after the scorer, so the
// scorer's training material (the rules' drafts) is unchanged. Pure and deterministic.
import { sha256Hex } from '../core/index.js';
import { analyseClause } from '../language/index.js';
import { classifySentence, contentWords, isHedged, isOneOff } from './text-rules.js';
import type { TranscriptEntry } from './transcript.js';
import type { Observation } from './types.js';
import { optionsOf, readUptake, type Uptake } from './uptake.js';

// "I'll add a retry" / "Let's pin it" / "I suggest we …": a plan, written as the action it takes.
const PLAN_OPENING =
  /^(?:i'll|i will|let me|let's|i'd|i would|we(?:'ll| will| could| can| should)|i (?:suggest|recommend|propose)(?: (?:we|you))?|how about|you could)\s+(?:also\s+|just\s+|now\s+)?/i;
// A report of something that went wrong is the moment's, whoever nods at it.
const FAILED =
  /\b(?:fail(?:s|ed|ing|ures?)?|broken|crash(?:es|ed|ing)?|errors?|denied|refused|not working|doesn'?t work|stopped)\b/i;
// What a report done once acts on: a counted batch ("214 duplicate rows", "a dozen old snapshots",
// "both pull requests"), where a standing change names the one thing it sets ("the alert").
const COUNTED =
  /^(?:\d[\d,.]*|a (?:dozen|couple|few|handful|hundred|thousand)|(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|dozens|hundreds|thousands|both|several)\b)/i;
// The kinds a user's own sentence is kept under (🔴), and an instruction (a step to follow).
const STANDING = new Set([
  'rule',
  'preference',
  'decision',
  'fix',
  'state',
  'fact',
  'setting',
  'instruction',
]);

/**
 * Whether a sentence states an action the assistant proposes, plans or reports done: a plan
 * opening ("I'll", "let's", "I suggest"), an imperative ("Add a .nvmrc"), a subjectless report in
 * the past ("Changed the alert to 10 minutes"), or the speaker's own future ("We'll keep …").
 * A description ("The plan includes 3,000 minutes") is not one: a nod to it acknowledges, it does
 * not decide.
 */
function statesAction(text: string): boolean {
  if (PLAN_OPENING.test(text)) return true;
  const clause = analyseClause(text);
  if (clause.mood === 'imperative') return true;
  if (clause.predicate === null) return false;
  // "Removed 214 duplicate rows", "Sent 38 reminders": a count of what was done once.
  if (clause.subject.kind === 'none' && clause.tense === 'past')
    return !COUNTED.test(clause.object ?? '');
  return (
    (clause.subject.kind === 'speaker' || clause.subject.kind === 'we') && clause.tense === 'future'
  );
}

/**
 * Whether the user, taking `text` up, makes a lasting decision of it: an action that, said by the
 * user, would be a standing kind, and not a report of the moment, a failure or a hedge.
 */
function lasting(text: string): boolean {
  if (isOneOff(text) || isHedged(text) || FAILED.test(text)) return false;
  return STANDING.has(classifySentence(text, 'user')) && statesAction(text);
}

/** The first user message after `messageId` in the segment, if any. */
function replyTo(segment: readonly TranscriptEntry[], messageId: string): TranscriptEntry | null {
  const at = segment.findIndex((e) => e.id === messageId);
  if (at < 0) return null;
  return segment.slice(at + 1).find((e) => e.role === 'user') ?? null;
}

/** Whether `text` names the option at `index` of `options` more than any other. */
function statesOption(text: string, options: readonly string[], index: number): boolean {
  const words = contentWords(text);
  const shared = (i: number) =>
    [...contentWords(options[i] ?? '')].filter((w) => words.has(w)).length;
  const mine = shared(index);
  return mine > 0 && options.every((_, i) => i === index || shared(i) < mine);
}

function promoted(o: Observation, assistant: string, reply: TranscriptEntry): Observation {
  const action = o.text.replace(PLAN_OPENING, '');
  const text = action === o.text ? o.text : action.charAt(0).toUpperCase() + action.slice(1);
  return {
    ...o,
    observation_id: `o-${sha256Hex(`${o.observation_id}\u0000${reply.id}\u0000taken up`).slice(0, 12)}`,
    priority: 'red',
    memory_priority: o.memory_priority === 'P0' ? 'P0' : 'P1',
    type: 'decision',
    time: reply.at === null ? o.time : reply.at.slice(11, 16),
    at: reply.at ?? o.at,
    text: text.replace(/[.!]+$/, ''),
    speaker: 'user',
    source_message_ids: [assistant, reply.id],
  };
}

const setAside = (o: Observation): Observation => ({
  ...o,
  priority: 'green',
  memory_priority: 'P3',
});

/**
 * The segment's observations with the assistant's 🟡 statements read against the user's next
 * message (`readUptake`): accepted ("yes do that", "sounds good", "👍") → a lasting action becomes
 * the user's 🔴 decision, timed at the reply and citing the assistant's message and the reply; a
 * choice among the options the message listed → the statement of the chosen option is promoted
 * alike and the other options' are set aside (🟢). A rejection, a hedged or deferred reply, a new
 * question or no reply promotes nothing. Same length and order as `observations`.
 */
export function takenUp(
  segment: readonly TranscriptEntry[],
  observations: readonly Observation[],
): Observation[] {
  const read = new Map<string, { reply: TranscriptEntry; uptake: Uptake; listed: string[] }>();
  // What the reply rules already made the user's (a "yes" to "I'll …"): not promoted twice.
  const stated = new Set(
    observations
      .filter((o) => o.speaker === 'user')
      .map((o) => `${o.source_message_ids.at(-1)}\u0000${o.text.replace(/[.!]+$/, '')}`),
  );
  const promote = (o: Observation, own: string, reply: TranscriptEntry): Observation => {
    if (!lasting(o.text)) return o;
    const taken = promoted(o, own, reply);
    return stated.has(`${reply.id}\u0000${taken.text}`) ? o : taken;
  };
  return observations.map((o) => {
    if (o.speaker !== 'assistant' || o.priority !== 'yellow' || o.resolved_by !== null) return o;
    const own = o.source_message_ids.at(-1);
    if (own === undefined) return o;
    let taken = read.get(own);
    if (taken === undefined) {
      const reply = replyTo(segment, own);
      if (reply === null) return o;
      const listed = optionsOf(segment.find((e) => e.id === own)?.text ?? '');
      taken = { reply, uptake: readUptake(reply.text, listed), listed };
      read.set(own, taken);
    }
    const { reply, uptake, listed } = taken;
    if (uptake.kind === 'accept') return promote(o, own, reply);
    if (uptake.kind !== 'choose') return o;
    if (statesOption(o.text, listed, uptake.option)) return promote(o, own, reply);
    return listed.some((_, i) => statesOption(o.text, listed, i)) ? setAside(o) : o;
  });
}
