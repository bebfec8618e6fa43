// Pairing a later statement with an earlier one it supersedes (issue #13): the same subject with a
// new value. Pure and precise: when a sentence could be read two ways, it pairs with nothing.
import { contentWords } from './text-rules.js';
import type { Observation, ObserverOutput, SupersededMark } from './types.js';

/** A change of value: what the subject holds now and what it held before, as each was written. */
export interface Supersession {
  readonly now: string;
  readonly before: string;
}

/** What one statement says: a subject (its words) and one value of a known shape. */
interface ValueReading {
  readonly subject: readonly string[];
  readonly value: string;
  readonly shape: string;
}

// Sentences that state no present value: a question, a supposition, a plan, the past, a negation,
// someone else's claim. A sentence with any of these pairs with nothing.
const NOT_STATED = [
  /\?/,
  /\b(?:if|would|could|might|maybe|perhaps|probably|possibly|suppose|supposing|assuming|unless|whether|not sure|i think|i guess|wonder|wondering)\b/i,
  /\b(?:will|going to|gonna|plan|plans|planning|planned|want to|wanna|intend|should|shall|next (?:week|month|year|sprint|quarter|time)|tomorrow|later|soon|let'?s|eventually|consider|considering|propose|proposed|thinking)\b|'ll\b/i,
  /\b(?:used to|previously|formerly|originally|back then|back in|in the past|until|till|before that|last (?:year|month|week)|years ago|ago|the old|earlier)\b/i,
  /\b(?:not|never|no longer|nothing|none)\b|n'?t\b/i,
  /\b(?:says?|said|told|tells|claims?|claimed|apparently|according to|heard|reckons?|thinks?)\b/i,
];
// Moments that date a change without changing its subject ("… last night", "from now on").
const MOMENT =
  /\b(?:last night|this morning|this afternoon|this evening|today|yesterday|tonight|just now|right now|from now on|as of (?:today|now)|earlier today|for now)\b/gi;
// Words that say a value changed, or only carry the statement: not part of its subject.
const CARRIERS = new Set(
  'actually btw fyi oh ok okay yeah yep right so well noted got update updated change changed changes changing moved move moves moving switched switch switching bumped bump upgraded upgrade downgraded migrated migrate is are was were be been being runs run running uses use using lives live living sits now currently anymore new re s ll ve m d'.split(
    ' ',
  ),
);
// Verbs that make a name a value of a state ("owned by Ana", "we use Jest"), not an event's
// participant ("I met Ana").
const NAME_STATE =
  /\b(?:is|are|use|uses|using|owned|owns|runs|handles|handled|switched|moved|picked|chose|chosen|went with|go with|standardi[sz]ed|replaced)\b/i;
const DAYS = /^(?:mon|tues|wednes|thurs|fri|satur|sun)days?$/i;
const UNIT =
  /^(?:%|[kmgt]i?b|bytes?|ms|s|sec|secs|seconds?|mins?|minutes?|h|hrs?|hours?|days?|weeks?|x|rps|qps|req\/s|cores?|threads?|connections?|workers?|gb\/s|mb\/s)$/i;
const LEADING_INTERJECTION =
  /^(?:(?:oh|ok|okay|yeah|yep|so|well|actually|btw|fyi|noted)[,:!]?\s+)+/i;

/** The shape of a value: two values are alternatives only when their shapes agree. */
function shapeOf(value: string, unit: string | null): string {
  if (unit !== null) return `measure:${unit.toLowerCase().replace(/s$/, '')}`;
  if (/^\d{1,2}:\d{2}(?:\s?[ap]m)?$|^\d{1,2}\s?[ap]m$/i.test(value)) return 'time';
  if (DAYS.test(value)) return 'day';
  if (/^(?:~|\.{1,2})?\//.test(value)) return 'path';
  // An address or a date is no version, though all three are dotted or dashed digits.
  if (/^\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?$/.test(value)) return 'address';
  if (/^\d{4}-\d{2}-\d{2}$|^\d{1,2}[./]\d{1,2}[./]\d{2,4}$/.test(value)) return 'date';
  if (/^v?\d+(?:\.\d+)+(?:[-+][\w.]+)?$/i.test(value)) return 'version';
  if (/^\d+$/.test(value)) return 'number';
  if (/^[\d+()-]+$/.test(value)) return 'phone';
  if (/^["'`]/.test(value)) return 'quoted';
  return 'identifier';
}

const trimToken = (token: string) => token.replace(/^[("'`]+|[)"'`.,;:!]+$/g, '');
const isSpecific = (token: string) => /\d|\//.test(token) || DAYS.test(token);

/** The subject and the one value of a statement, or null when it holds none, or more than one. */
function readValue(text: string): ValueReading | null {
  const sentence = text
    .replace(/\s*\((?:[^()]*\breplaced\b[^()]*|answering[^()]*)\)/gi, '')
    .replace(MOMENT, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (sentence === '' || NOT_STATED.some((marker) => marker.test(sentence))) return null;
  // A clause after the value that holds no value of its own ("…, all good") is an aside.
  const clauses = sentence.split(/,\s+|;\s+|\s+[—–-]\s+/);
  const quoted = /[`"][^`"]+[`"]/.exec(sentence)?.[0];
  let values: { value: string; unit: string | null; clause: number }[] = [];
  for (const [index, clause] of clauses.entries()) {
    const tokens = clause.split(/\s+/);
    for (const [at, raw] of tokens.entries()) {
      const token = trimToken(raw);
      if (token === '' || !isSpecific(token)) continue;
      const next = trimToken(tokens[at + 1] ?? '');
      const unit = /^\d[\d.,]*$/.test(token) && UNIT.test(next) ? next : null;
      values.push({ value: unit === null ? token : `${token} ${unit}`, unit, clause: index });
    }
  }
  if (values.length === 0 && quoted !== undefined) {
    values = [{ value: quoted, unit: null, clause: 0 }];
  }
  if (values.length === 0 && NAME_STATE.test(sentence)) {
    const words = sentence.replace(LEADING_INTERJECTION, '').split(/\s+/).slice(1);
    const names = words.map(trimToken).filter((w) => /^[A-Z][a-z][A-Za-z0-9]*$/.test(w));
    if (names.length === 1) values = [{ value: names[0] as string, unit: null, clause: 0 }];
  }
  const [only, ...others] = values;
  if (only === undefined || others.length > 0) return null;
  // The value's own words leave with it, not wherever else they occur ("`npm run publish` to
  // publish a post" keeps "publish" in its subject).
  const kept = clauses
    .slice(0, only.clause + 1)
    .join(' ')
    .replace(only.value, ' ');
  const subject = [...contentWords(kept)]
    .filter((w) => !CARRIERS.has(w))
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w))
    .sort();
  if (subject.length === 0) return null;
  return { subject, value: only.value, shape: shapeOf(only.value, only.unit) };
}

/** Optimal string alignment distance, up to 2 (enough to tell a typo from another word). */
function typoDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 1) return 2;
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => rows[i]?.[j] ?? 2;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, at(i - 2, j - 2) + 1);
      }
      const row = rows[i];
      if (row !== undefined) row[j] = best;
    }
  }
  return at(a.length, b.length);
}

/** The same word, or the same long word with one typo ("hsot" for "host"). */
const sameWord = (a: string, b: string) =>
  a === b || (a.length >= 4 && b.length >= 4 && typoDistance(a, b) <= 1);

/** Both subjects name the same words, each matched once. */
function sameSubject(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const left = [...b];
  for (const word of a) {
    const i = left.findIndex((other) => sameWord(word, other));
    if (i < 0) return false;
    left.splice(i, 1);
  }
  return true;
}

/**
 * Whether `newer`, said after `older`, gives the same subject a new value ("Actually staging DB
 * moved to port 6432" after "The staging DB is on port 5433"): the new and old values as written,
 * or null. Null whenever either is not a plain present statement of exactly one value, the
 * subjects differ by any word ("prod DB" is not "staging DB", "Ana's phone" is not "Ben's"), the
 * values differ in shape, or the value is the same.
 */
export function supersedes(older: string, newer: string): Supersession | null {
  return pairReadings(readValue(older), readValue(newer));
}

function pairReadings(before: ValueReading | null, now: ValueReading | null): Supersession | null {
  if (before === null || now === null || before.shape !== now.shape) return null;
  if (before.value.toLowerCase() === now.value.toLowerCase()) return null;
  if (!sameSubject(before.subject, now.subject)) return null;
  return { now: now.value, before: before.value };
}

/** Whether `echo` states the same subject with the same value as `statement` (an echo of it). */
export function restates(statement: string, echo: string): boolean {
  const said = readValue(statement);
  const again = readValue(echo);
  return (
    said !== null &&
    again !== null &&
    said.shape === again.shape &&
    said.value.toLowerCase() === again.value.toLowerCase() &&
    sameSubject(said.subject, again.subject)
  );
}

/** An observation of an earlier capture, as `supersedeObservations` reads it. */
export interface EarlierObservation {
  readonly capture_key: string;
  readonly observation: Observation;
}

// Only what the user states as durable can supersede: a question, a problem, or the assistant's
// word never retires a value (assertions by the user outrank the agent's).
const canSupersede = (o: Observation) =>
  o.speaker === 'user' && o.priority === 'red' && o.type !== 'problem' && o.type !== 'question';

/**
 * Pairs each durable user statement of `output` with the earlier observations it supersedes — of
 * this capture, or of `earlier` captures (not already superseded, of the same entity) — and
 * returns the output with the marks in `superseded`, the newer text ending "(<new> replaced
 * <old>)" when the old value was the user's, superseded observations of this capture demoted to working context, and the
 * assistant's restatements of a user's statement marked `echo_of`. Idempotent. An earlier
 * observation dated after the newer one (a backfilled old session) is never superseded by it.
 */
export function supersedeObservations(
  output: ObserverOutput,
  earlier: readonly EarlierObservation[],
): ObserverOutput {
  const marks: SupersededMark[] = [...(output.superseded ?? [])];
  const marked = new Set(marks.map((m) => m.observation_id));
  const own = output.segments.flatMap((s) => s.observations);
  // Each text is read once: `earlier` may hold every observation of the entity.
  const readings = new Map<string, ValueReading | null>();
  const readingOf = (text: string) => {
    if (!readings.has(text)) readings.set(text, readValue(text));
    return readings.get(text) ?? null;
  };
  const changeOf = new Map<string, SupersededMark>();
  for (const [index, newer] of own.entries()) {
    if (!canSupersede(newer) || readingOf(newer.text) === null) continue;
    const before = [
      ...earlier,
      ...own.slice(0, index).map((observation) => ({
        capture_key: output.capture_key,
        observation,
      })),
    ];
    for (const { capture_key, observation: older } of before) {
      if (marked.has(older.observation_id) || older.observation_id === newer.observation_id) {
        continue;
      }
      if (older.at !== null && newer.at !== null && older.at > newer.at) continue;
      const change = pairReadings(readingOf(older.text), readingOf(newer.text));
      if (change === null) continue;
      const mark = {
        observation_id: older.observation_id,
        capture_key,
        by: newer.observation_id,
        ...change,
      };
      marks.push(mark);
      marked.add(older.observation_id);
      // Only the user's own earlier value was a state the new one replaced; an assistant's value
      // the user corrects was never one ("20." after "… for 15 minutes" is no change).
      if (older.speaker === 'user' && !changeOf.has(newer.observation_id)) {
        changeOf.set(newer.observation_id, mark);
      }
    }
  }
  const users = own.filter((o) => o.speaker === 'user');
  const rewrite = (o: Observation): Observation => {
    const change = changeOf.get(o.observation_id);
    let next = o;
    if (change !== undefined && !/\breplaced\b/i.test(o.text)) {
      next = {
        ...next,
        text: `${o.text.replace(/[.!]+$/, '')} (${change.now} replaced ${change.before})`,
      };
    }
    if (marked.has(o.observation_id) && o.priority === 'red') {
      next = {
        ...next,
        priority: 'yellow',
        memory_priority: 'P2',
      };
    }
    if (o.speaker === 'assistant' && o.echo_of === undefined) {
      const said = users.find((u) => restates(u.text, o.text));
      if (said !== undefined) next = { ...next, echo_of: said.observation_id };
    }
    return next;
  };
  const segments = output.segments.map((s) => ({
    ...s,
    observations: s.observations.map(rewrite),
  }));
  return marks.length === 0 ? { ...output, segments } : { ...output, segments, superseded: marks };
}
