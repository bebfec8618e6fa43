// The observe sets grouped by author (each written by a different person), their labels, and the
// rule that turns the labels into training examples for the learned scorer (ADR
// 2026-11-26-observer-rules, "rules@6"). Shared by bench/observe.bench.ts (leave-one-author-out)
// and bench/observe-train.ts (the shipped model).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type {
  ObserveInput,
  ReflectorInput,
  ScorerCandidate,
  ScorerModel,
  TrainingExample,
  TranscriptEntry,
} from '../../src/observer/index.js';
import {
  observeCandidates,
  observeTranscript,
  parseTranscript,
  reflectObservations,
} from '../../src/observer/index.js';
import { type BenchSession, loadSessions } from './sessions.js';

/** One session's labels. */
export interface Label {
  readonly durable: readonly { id: string; kind: string; must: readonly string[] }[];
  readonly noise: readonly (readonly string[])[];
  readonly resolved: readonly { problem: readonly string[]; fix: readonly string[] }[];
}

/** The sessions one author wrote, with their labels. */
export interface AuthorSet {
  readonly key: string;
  readonly ids: readonly string[];
  readonly pool: readonly BenchSession[];
  readonly labelled: Readonly<Record<string, Label>>;
}

const dir = join(import.meta.dirname);

/** True when `text` holds every one of `words` (case-insensitive), as the bench scores. */
export const has = (text: string, words: readonly string[]) =>
  words.length > 0 && words.every((w) => text.toLowerCase().includes(w.toLowerCase()));

/** A set written by a case writer as `<prefix>-sessions.txt` + `<prefix>-labels.json`. */
export function writtenAuthor(prefix: string): AuthorSet {
  const file = JSON.parse(readFileSync(join(dir, `${prefix}-labels.json`), 'utf8')) as {
    fresh: string[];
    sessions: Record<string, Label>;
  };
  return {
    key: prefix,
    ids: file.fresh,
    pool: loadSessions(join(dir, `${prefix}-sessions.txt`)),
    labelled: file.sessions,
  };
}

/** The first author's sessions (s01–s20: tuning and held-out halves together). */
export function firstAuthor(): AuthorSet {
  const labels = JSON.parse(readFileSync(join(dir, 'labels.json'), 'utf8')) as {
    tuning: string[];
    held_out: string[];
    sessions: Record<string, Label>;
  };
  return {
    key: 'author1',
    ids: [...labels.tuning, ...labels.held_out],
    pool: loadSessions(join(dir, 'sessions.txt')),
    labelled: labels.sessions,
  };
}

/**
 * The twelve authors whose sets the scorer may learn from, in a fixed order (blind6 and blind7
 * joined after their blind runs, for scorer@2; blind8 and blind9 after theirs, for scorer@3;
 * blind10 and blind11 after theirs, for scorer@4).
 */
export function trainingAuthors(): AuthorSet[] {
  return [
    firstAuthor(),
    ...[
      'fresh',
      'blind2',
      'blind3',
      'blind4',
      'blind5',
      'blind6',
      'blind7',
      'blind8',
      'blind9',
      'blind10',
      'blind11',
    ].map((p) => writtenAuthor(p)),
  ];
}

/** How a candidate is labelled from its session's labels. */
export type CandidateLabel = 'durable' | 'junk' | 'other';

/**
 * The labelling rule: durable when the candidate holds every required word of a durable label;
 * junk when it holds a noise phrase, a resolved problem without its fix, or reads as a question,
 * a shell prompt or a code fence (the bench's own junk test); otherwise other (a weak negative).
 */
export function labelOf(text: string, label: Label): CandidateLabel {
  if (label.durable.some((f) => has(text, f.must))) return 'durable';
  const noise = label.noise.some((n) => has(text, n));
  const problem = label.resolved.some(
    (r) => has(text, r.problem) && !(r.fix.length > 0 && has(text, r.fix)),
  );
  if (noise || problem || /\?\s*$|^\$\s|```/.test(text)) return 'junk';
  return 'other';
}

/**
 * The bench's junk test of a proposal (bench:observe): a noise phrase, a resolved problem without
 * its fix, a question, a shell prompt or a code fence, even when it also holds a durable label.
 */
export function benchJunk(text: string, label: Label): boolean {
  return (
    label.noise.some((n) => has(text, n)) ||
    label.resolved.some((r) => has(text, r.problem) && !(r.fix.length > 0 && has(text, r.fix))) ||
    /\?\s*$|^\$\s|```/.test(text)
  );
}

/**
 * The text with the old side of each "<new> replaced <old>" change taken out: from "replaced" to the
 * closing parenthesis, semicolon or line end. The issue asks the observer to write changes of state
 * in that form, so the superseded value it names there is not an assertion of that value.
 */
export function withoutReplacedValues(text: string): string {
  return text.replace(/\breplaced\s+[^()\n;]*/gi, 'replaced');
}

/**
 * Junk by `benchJunk` only because a noise phrase is the old side of an "X replaced Y" change
 * (writers label a superseded decision's words as noise). Counted apart by bench:observe; the
 * headline junk still counts these proposals.
 */
export function junkOnlyAsReplaced(text: string, label: Label): boolean {
  return benchJunk(text, label) && !benchJunk(withoutReplacedValues(text), label);
}

/** One candidate of a set with its label. */
export interface LabelledCandidate {
  readonly session: string;
  readonly candidate: ScorerCandidate;
  readonly label: CandidateLabel;
  /** The durable label ids it covers. */
  readonly covers: readonly string[];
}

/** One session of a set, parsed, with its labels. */
export interface LabelledSession {
  readonly id: string;
  readonly date: string;
  readonly label: Label;
  readonly entries: readonly TranscriptEntry[];
}

/** The set's sessions in order, parsed; throws on a missing session or label, or a bad transcript. */
export function sessionsOf(set: AuthorSet): LabelledSession[] {
  return set.ids.map((id) => {
    const session = set.pool.find((s) => s.id === id);
    const label = set.labelled[id];
    if (!session || !label) throw new Error(`missing session or label ${id}`);
    const parsed = parseTranscript(session.jsonl);
    if (!parsed.ok) throw new Error(parsed.error.message);
    return { id, date: session.date, label, entries: parsed.value.entries };
  });
}

/** The observer's input for a bench session (capture key = session id). */
export function observeInput(s: Pick<LabelledSession, 'id' | 'date' | 'entries'>): ObserveInput {
  return { captureKey: s.id, sessionId: s.id, entries: s.entries, fallbackDate: s.date };
}

/**
 * One session observed (with `scorer`; the shipped one when omitted) and reflected on its own,
 * with an empty MEMORY.md and no earlier proposals, at 20:00 on its day.
 */
export function reflectSession(s: LabelledSession, scorer?: ScorerModel | null) {
  const observed = observeTranscript({
    ...observeInput(s),
    ...(scorer === undefined ? {} : { scorer }),
  });
  const observations: ReflectorInput[] = observed.segments.flatMap((seg) =>
    seg.observations.map((o) => ({ ...o, session_id: s.id, date: observed.date })),
  );
  const reflection = reflectObservations({
    observations,
    memory: [],
    proposals: [],
    now: Date.parse(`${s.date}T20:00:00Z`),
  });
  return { observations, reflection, texts: reflection.drafts.map((d) => d.text) };
}

/**
 * Every unresolved 🔴/🟡 candidate the rules draft on the set's sessions, labelled. Resolved
 * problems and 🟢 candidates are left out: the scorer never decides them.
 */
export function labelledCandidates(set: AuthorSet): LabelledCandidate[] {
  const out: LabelledCandidate[] = [];
  for (const { id, date, label, entries } of sessionsOf(set)) {
    const candidates = observeCandidates(observeInput({ id, date, entries }));
    for (const { candidate, observation } of candidates) {
      if (observation.resolved_by !== null || candidate.priority === 'green') continue;
      out.push({
        session: id,
        candidate,
        label: labelOf(candidate.text, label),
        covers: label.durable.filter((f) => has(candidate.text, f.must)).map((f) => f.id),
      });
    }
  }
  return out;
}

/**
 * Training examples from labelled candidates: other weighs `otherWeight` (0 leaves it out), junk
 * `junkWeight` (default 1).
 */
export function examplesOf(
  candidates: readonly LabelledCandidate[],
  otherWeight: number,
  junkWeight = 1,
): TrainingExample[] {
  const out: TrainingExample[] = [];
  for (const c of candidates) {
    if (c.label === 'other' && otherWeight === 0) continue;
    out.push({
      candidate: c.candidate,
      label: c.label === 'durable' ? 1 : 0,
      weight: c.label === 'other' ? otherWeight : c.label === 'junk' ? junkWeight : 1,
    });
  }
  return out;
}
