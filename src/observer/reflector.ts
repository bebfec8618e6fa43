import { holdsSecret, maskSecrets } from '../language/index.js';
import { overturnedObservations } from './superseded.js';
import { contentWords, hasSpecifics, isQuestion, overlap } from './text-rules.js';
import type {
  MemoryEntry,
  MemorySection,
  MemoryType,
  Observation,
  Proposal,
  ProposalDraft,
} from './types.js';

/** An observation with the capture it came from, as the reflector reads it. */
export interface ReflectorInput extends Observation {
  readonly session_id: string;
  readonly date: string;
}

/** Settings of one reflection. */
export interface ReflectorSettings {
  /** Proposals may hold at most this share of the input's tokens (seed 002: output < input). */
  readonly maxRatio: number;
  /** MEMORY.md budget in tokens; beyond it the reflector proposes consolidation instead. */
  readonly budgetTokens: number;
  /** Longest proposal text, in characters. */
  readonly maxLength: number;
  /** Similarity at or above which a proposal duplicates a MEMORY.md entry or a proposal. */
  readonly duplicateSimilarity: number;
  /** Similarity at or above which two observations merge into one proposal. */
  readonly mergeSimilarity: number;
}

/** Default settings: ~8k-token MEMORY.md; proposals strictly smaller than their input (seed 002). */
export const DEFAULT_REFLECTOR_SETTINGS: ReflectorSettings = {
  maxRatio: 1,
  budgetTokens: 8000,
  maxLength: 240,
  duplicateSimilarity: 0.6,
  mergeSimilarity: 0.5,
};

/** One compression attempt (seed 002: retry with stronger guidance, escalating). */
export interface ReflectionAttempt {
  readonly level: number;
  readonly input_tokens: number;
  readonly output_tokens: number;
  readonly ratio: number;
  readonly passed: boolean;
}

/** A candidate the quality gate refused, with why. */
export interface RejectedCandidate {
  readonly text: string;
  readonly reasons: readonly string[];
  readonly source_observation_ids: readonly string[];
}

/** What a reflection produced: drafts without ids (the caller numbers them). */
export interface Reflection {
  readonly attempts: readonly ReflectionAttempt[];
  readonly drafts: readonly Omit<ProposalDraft, 'proposal_id'>[];
  readonly rejected: readonly RejectedCandidate[];
  /** True when no level met the compression ratio; nothing is then proposed. */
  readonly failed: boolean;
  readonly input_tokens: number;
  readonly memory_tokens: number;
  /**
   * Set when MEMORY.md plus the proposals would pass the budget: how many proposals were held
   * back, and what the person can do about it.
   */
  readonly over_budget: { readonly held_back: number; readonly notice: string } | null;
}

/**
 * A token estimate (4 characters a token), stable and model-free: the fallback counter when the
 * caller passes no tokenizer (the engine passes the context builder's `o200k_base` counter).
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** Counts tokens in a text (pure and deterministic). */
export type TokenCounter = (text: string) => number;

/** A proposal's line as MEMORY.md will hold it once approved (see `renderMemoryZone`). */
function memoryLine(text: string): string {
  return `- (YYYY-MM-DD) ${text} \`m-YYYYMMDD-NNN\`\n`;
}

const DISCOURSE =
  /^(from now on|our rule|rule|root cause|important|note|also|let'?s also|let'?s|we decided( on| to)?|the fix was|fixed( it)?( by)?)\b[,:]?\s*/i;

/** The core of an observation: discourse markers and trailing rationale removed. */
export function distill(text: string): string {
  let core = text.replace(DISCOURSE, '');
  const clauses = core.split(/;\s+|\s+because\s+|,\s+(?:that|which|so|but)\s+/);
  const first = clauses[0] ?? core;
  if (hasSpecifics(first) || clauses.length === 1) core = first;
  core = core.trim().replace(/[.!]+$/, '');
  return core.charAt(0).toUpperCase() + core.slice(1);
}

const SECTION_OF: Readonly<Partial<Record<MemoryType, MemorySection>>> = {
  preference: 'Preferences',
  constraint: 'Hard Rules',
  decision: 'Decisions',
  insight: 'Patterns',
  procedure: 'System Architecture',
  fact: 'System Architecture',
  relationship: 'System Architecture',
  commitment: 'Decisions',
};

// A stack frame names its file and line ("at render (app.js:12:5)", "(/srv/app/db.ts:40)"): a
// path or a file name touches the line number. "at 4pm (Friday replaced Thursday)" and "at
// Riverside (12:00 replaced 14:00)" are prose.
const TOOL_OUTPUT =
  /(^|\s)at [\w.$<>]+ \([^)]*[./\\][^)\s]*:\d+|\b\w*(Error|Exception):\s|\[(error|warn|info)\]|\b\d{4}[/-]\d\d[/-]\d\d[ T]\d\d:\d\d:\d\d|^\s*[│├└┬]|\bexit code \d+|\bTraceback\b/;
// A command line: a prompt, or a command word opening the text with arguments, or a pipeline.
// A tool named inside a sentence ("prefer pnpm over npm") is prose, not a command.
const SHELL =
  /^\s*\$\s|^\s*(sudo\s+)?(npm|pnpm|yarn|npx|git|kubectl|terraform|docker|curl|sed|grep|rm|ssh|systemctl|psql|cd|ls|cat|make|pip|brew|apt(-get)?)\s+[-\w./]|\s(&&|\|\||\|)\s*\w+\s+-/;

function unquoted(text: string): string {
  return text.replace(/`[^`]*`/g, '');
}

/** Why a candidate may not be proposed (empty when it passes the gate). */
export function qualityIssues(
  text: string,
  memory: readonly MemoryEntry[],
  settings: ReflectorSettings,
): string[] {
  const reasons: string[] = [];
  // A secret's value never goes to MEMORY.md, whatever else the line says (issue #13).
  if (holdsSecret(text)) reasons.push('secret');
  if (TOOL_OUTPUT.test(text)) reasons.push('tool_output');
  // A command quoted in backticks is a fact about the command; an unquoted one is a command.
  if (SHELL.test(unquoted(text))) reasons.push('shell_command');
  if (isQuestion(text)) reasons.push('question');
  if (text.length > settings.maxLength) reasons.push('too_long');
  const words = contentWords(text);
  // A line that reads like an entry but holds another value is a change, not a duplicate.
  const duplicate = (m: MemoryEntry) =>
    overlap(words, contentWords(m.text)) >= settings.duplicateSimilarity &&
    !addsValue(text, m.text);
  if (memory.some(duplicate)) {
    reasons.push('duplicates_memory');
  }
  return reasons;
}

const DAY_MS = 86_400_000;

interface Candidate {
  /** The session of its first source: restatements merge only within one session. */
  session: string;
  /** The user when any source is theirs: the person's line outranks the assistant's echo. */
  speaker: Observation['speaker'];
  /** The messages its sources were drawn from. */
  messages: string[];
  text: string;
  type: MemoryType;
  memoryPriority: Observation['memory_priority'];
  sources: string[];
  at: number;
  specifics: number;
}

function candidateText(o: ReflectorInput, level: number, now: number): string {
  const age = now - Date.parse(o.at ?? `${o.date}T12:00:00Z`);
  // Temporal gradient: the last day nearly verbatim, three days and older distilled to the core.
  if (level === 0 && age <= DAY_MS) return o.text.replace(/[.!]+$/, '');
  const core = distill(o.text);
  if (level >= 2 && core.length > 120) return `${core.slice(0, 119).trimEnd()}…`;
  return core;
}

function eligible(o: ReflectorInput, level: number): boolean {
  if (o.priority !== 'red' || o.resolved_by !== null) return false;
  if (o.type === 'problem' || o.type === 'question') return false;
  if (level >= 2) return o.memory_priority === 'P0' || o.memory_priority === 'P1';
  return true;
}

function specificsCount(text: string): number {
  return (text.match(/`[^`]+`|\d+|[\w.-]+\/[\w./-]+|\b[A-Z][A-Z0-9_]{2,}\b/g) ?? []).length;
}

/**
 * The values a text holds verbatim: quoted strings, numbers (ports, sizes, versions), file and
 * host names and paths ("categories.yaml", "/mnt/ckpt").
 */
function valuesOf(text: string): Set<string> {
  const values = text.match(/`[^`]+`|\d+(?:[.:,]\d+)*|[\w.-]*\/[\w./-]+|\b[\w-]+\.[a-z]{2,4}\b/g);
  return new Set((values ?? []).map((v) => v.toLowerCase()));
}

/** True when `text` holds a value `other` does not: merging or deduplicating would lose it. */
function addsValue(text: string, other: string): boolean {
  const known = valuesOf(other);
  for (const v of valuesOf(text)) if (!known.has(v)) return true;
  return false;
}

// An acknowledgement opening a reply ("Got it: …", "Noted — …", "Understood, …"): the words that
// say the fact was heard are not part of the fact.
const ACKNOWLEDGEMENT =
  /^\s*(?:got it|noted|understood|ok(?:ay)?|sure|right|perfect|great|will do|sounds good|of course|makes sense)\b(?: that\b)?[\s,:;.!—–-]*/i;

/** True when `echo` is the assistant's and says nothing `line`, the person's, does not. */
function echoes(echo: Candidate, line: Candidate): boolean {
  if (echo.speaker !== 'assistant' || line.speaker !== 'user') return false;
  const said = contentWords(line.text);
  return [...contentWords(echo.text.replace(ACKNOWLEDGEMENT, ''))].every((w) => said.has(w));
}

function merged(
  observations: readonly ReflectorInput[],
  level: number,
  now: number,
  similarity: number,
): Candidate[] {
  const out: { candidate: Candidate; words: Set<string> }[] = [];
  const ordered = [...observations].sort(
    (a, b) =>
      (a.at ?? a.date).localeCompare(b.at ?? b.date) ||
      a.observation_id.localeCompare(b.observation_id),
  );
  for (const o of ordered) {
    if (!eligible(o, level)) continue;
    const text = candidateText(o, level, now);
    const words = contentWords(text);
    const at = Date.parse(o.at ?? `${o.date}T12:00:00Z`);
    // Related observations merge only when the merged text keeps every value of both.
    const match = out.find(
      (c) =>
        overlap(c.words, words) >= similarity &&
        !(addsValue(text, c.candidate.text) && addsValue(c.candidate.text, text)),
    );
    const candidate: Candidate = {
      session: o.session_id,
      speaker: o.speaker,
      messages: [...o.source_message_ids],
      text,
      type: o.type,
      memoryPriority: o.memory_priority,
      sources: [o.observation_id],
      at,
      specifics: specificsCount(text),
    };
    if (match === undefined) {
      out.push({ candidate, words });
      continue;
    }
    // Related observations merge: the later one wins unless it is vaguer than what it joins, or
    // is the assistant's echo of the person's line with no word more (one naming the thing the
    // person left unnamed, "Anmeldung October 9" for "Booked oct 9", says more).
    const keep = addsValue(candidate.text, match.candidate.text)
      ? candidate
      : addsValue(match.candidate.text, candidate.text)
        ? match.candidate
        : echoes(candidate, match.candidate)
          ? match.candidate
          : echoes(match.candidate, candidate)
            ? candidate
            : candidate.specifics >= match.candidate.specifics
              ? candidate
              : match.candidate;
    match.candidate = {
      ...keep,
      sources: [...new Set([...match.candidate.sources, o.observation_id])],
      speaker: match.candidate.speaker === 'user' ? 'user' : candidate.speaker,
      messages: [...new Set([...match.candidate.messages, ...candidate.messages])],
      at: Math.max(match.candidate.at, at),
      // P0 sorts before P1: the merged candidate keeps the more critical priority.
      memoryPriority:
        [match.candidate.memoryPriority, candidate.memoryPriority].sort()[0] ??
        candidate.memoryPriority,
    };
    match.words = contentWords(match.candidate.text);
  }
  return out.map((c) => c.candidate);
}

/** Where a confirmation lists one item after another ("Fly.io app X, CI on GitHub Actions"). */
const CLAUSE_BREAK = /[,;]\s+|\s+(?:and|[—–-])\s+/;

/** Share of a restatement's words another text must hold for it to be the same fact. */
const RESTATED_SHARE = 0.8;

/**
 * One batch's proposals that state the same fact once (issue #13): the assistant confirming what
 * the person said ("Got it: Fly.io app billing-worker-stg, CI on GitHub Actions") or a fact said
 * twice in one session. A line is a restatement when, past an acknowledgement, another line of its
 * session holds `RESTATED_SHARE` of its content words and every value it names (number, path,
 * file or host name); an assistant's echo may confirm a whole message, so for it the lines drawn
 * from one message count together. Its sources join the line sharing most of its values and words,
 * whose own text stays. An echo that brings a value, or ties together what two messages said ("him"
 * and "my accountant Zbigniew"), says more than any one line and is kept.
 */
function withoutRestatements(candidates: readonly Candidate[]): Candidate[] {
  const out = candidates.map((c) => ({ ...c }));
  const wordsOf = new Map(out.map((c) => [c, contentWords(c.text.replace(ACKNOWLEDGEMENT, ''))]));
  const words = (c: Candidate) => wordsOf.get(c) ?? new Set<string>();
  const clausesOf = (c: Candidate) =>
    c.text
      .replace(ACKNOWLEDGEMENT, '')
      .split(CLAUSE_BREAK)
      .map((clause) => [...contentWords(clause)].filter((w) => words(c).has(w)));
  // The assistant's lines go first, then the least specific, so that of two lines holding the
  // same words the person's, or the one with more values or words, stays.
  const rank = (c: Candidate) => (c.speaker === 'assistant' ? 0 : 1);
  const order = [...out].sort(
    (a, b) => rank(a) - rank(b) || a.specifics - b.specifics || words(a).size - words(b).size,
  );
  for (const c of order) {
    const own = words(c);
    const values = valuesOf(c.text);
    const shared = (o: Candidate) => [...own].filter((w) => words(o).has(w)).length;
    const sharedValues = (o: Candidate) =>
      [...valuesOf(o.text)].filter((v) => values.has(v)).length;
    // One content word without a value ("Inspection has to be before") says too little to match.
    if (own.size < 2 && values.size === 0) continue;
    const near = out.filter((o) => o !== c && o.session === c.session && shared(o) > 0);
    // The lines that count with `o`: the echo's lines from o's messages, or o alone.
    const group = (o: Candidate) =>
      c.speaker === 'assistant'
        ? near.filter((n) => n.messages.some((m) => o.messages.includes(m)))
        : [o];
    const restates = (o: Candidate) => {
      const lines = group(o);
      const heldValues = new Set(lines.flatMap((n) => [...valuesOf(n.text)]));
      // Each clause of it is said by one line: a clause that needs two lines ties them together.
      const covered = new Set<string>();
      for (const clause of clausesOf(c)) {
        const said = lines.map((n) => clause.filter((w) => words(n).has(w)));
        for (const w of said.sort((a, b) => b.length - a.length)[0] ?? []) covered.add(w);
      }
      return (
        covered.size >= RESTATED_SHARE * own.size && [...values].every((v) => heldValues.has(v))
      );
    };
    const target = near
      .filter(restates)
      .sort((a, b) => sharedValues(b) - sharedValues(a) || shared(b) - shared(a))[0];
    if (target === undefined) continue;
    target.sources = [...new Set([...target.sources, ...c.sources])];
    target.messages = [...new Set([...target.messages, ...c.messages])];
    if (c.speaker === 'user') target.speaker = 'user';
    target.at = Math.max(target.at, c.at);
    target.memoryPriority =
      [target.memoryPriority, c.memoryPriority].sort()[0] ?? target.memoryPriority;
    out.splice(out.indexOf(c), 1);
  }
  return out;
}

/** Input of `reflectObservations`. */
export interface ReflectRequest {
  readonly observations: readonly ReflectorInput[];
  /** Active MEMORY.md entries (duplicates of these are refused). */
  readonly memory: readonly MemoryEntry[];
  /** Proposals already staged, approved or rejected (not proposed again). */
  readonly proposals: readonly Proposal[];
  readonly now: number;
  readonly settings?: Partial<ReflectorSettings>;
  /** Counts every token figure: compression and the MEMORY.md budget (default `estimateTokens`). */
  readonly countTokens?: TokenCounter;
  /**
   * MEMORY.md as it is now, user content included: the budget is measured on the file. Without
   * it, the budget counts the active entries' lines.
   */
  readonly memoryText?: string;
}

/**
 * The offline reflector: condenses observations into proposed MEMORY.md lines with a temporal
 * gradient, merges related ones, drops problems fixed later (their fix is its own observation),
 * routes each to a section, refuses candidates that fail the quality gate, and validates
 * compression at escalating levels (0: gradient; 1: everything distilled; 2: P0/P1 only, shorter).
 * When MEMORY.md plus the proposals would pass the budget, proposes consolidation instead.
 */
export function reflectObservations(request: ReflectRequest): Reflection {
  const settings = { ...DEFAULT_REFLECTOR_SETTINGS, ...request.settings };
  const count = request.countTokens ?? estimateTokens;
  const inputTokens = request.observations.reduce((sum, o) => sum + count(o.text), 0);
  const memoryTokens =
    request.memoryText === undefined
      ? request.memory.reduce((sum, m) => sum + count(memoryLine(m.text)), 0)
      : count(request.memoryText);
  const known = [...request.memory, ...request.proposals].map((m) => ({
    text: m.text,
    words: contentWords(m.text),
  }));
  // An observation already behind a proposal (staged, approved, rejected or expired) was reviewed
  // or is under review: it is not proposed again, whatever its text looks like after distilling.
  const covered = new Set(request.proposals.flatMap((p) => p.source_observation_ids));
  // A plan, choice or value taken back later in the same session is not a memory (issue #13).
  const overturned = overturnedObservations(request.observations);
  const fresh = request.observations.filter(
    (o) => !covered.has(o.observation_id) && !overturned.has(o.observation_id),
  );
  const attempts: ReflectionAttempt[] = [];
  let last: { drafts: Omit<ProposalDraft, 'proposal_id'>[]; rejected: RejectedCandidate[] } = {
    drafts: [],
    rejected: [],
  };
  for (let level = 0; level <= 2; level++) {
    const drafts: Omit<ProposalDraft, 'proposal_id'>[] = [];
    const rejected: RejectedCandidate[] = [];
    const passing: Candidate[] = [];
    for (const c of merged(fresh, level, request.now, settings.mergeSimilarity)) {
      const words = contentWords(c.text);
      if (known.some((k) => overlap(k.words, words) >= 0.8 && !addsValue(c.text, k.text))) continue;
      const reasons = qualityIssues(c.text, request.memory, settings);
      if (reasons.length > 0) {
        // The refusals are recorded in the ledger: a refused secret is recorded masked.
        rejected.push({ text: maskSecrets(c.text), reasons, source_observation_ids: c.sources });
        continue;
      }
      passing.push(c);
    }
    // A restatement joins a line that passed the gate: never one refused (too long, a question).
    for (const c of withoutRestatements(passing)) {
      drafts.push({
        kind: 'update',
        section: SECTION_OF[c.type] ?? 'System Architecture',
        text: c.text,
        type: c.type,
        memory_priority: c.memoryPriority,
        source_observation_ids: c.sources,
        retire_memory_ids: [],
      });
    }
    const outputTokens = drafts.reduce((sum, d) => sum + count(d.text), 0);
    const ratio = inputTokens === 0 ? 0 : outputTokens / inputTokens;
    const passed = inputTokens > 0 && outputTokens < inputTokens && ratio <= settings.maxRatio;
    attempts.push({
      level,
      input_tokens: inputTokens,
      output_tokens: outputTokens,
      ratio: Math.round(ratio * 1000) / 1000,
      passed: passed || drafts.length === 0,
    });
    last = { drafts, rejected };
    if (passed || drafts.length === 0) break;
  }
  const failed = attempts.every((a) => !a.passed);
  if (failed)
    return {
      attempts,
      drafts: [],
      rejected: last.rejected,
      failed,
      input_tokens: inputTokens,
      memory_tokens: memoryTokens,
      over_budget: null,
    };
  const proposedTokens = last.drafts.reduce((sum, d) => sum + count(memoryLine(d.text)), 0);
  const budget = settings.budgetTokens;
  if (last.drafts.length > 0 && memoryTokens + proposedTokens > budget) {
    const consolidate = consolidation(request.memory, memoryTokens, budget);
    const retired = new Set(consolidate.flatMap((d) => d.retire_memory_ids));
    const freed = request.memory
      .filter((m) => retired.has(m.memory_id))
      .reduce((sum, m) => sum + count(memoryLine(m.text)), 0);
    const own = Math.max(
      0,
      memoryTokens - request.memory.reduce((sum, m) => sum + count(memoryLine(m.text)), 0),
    );
    const held = last.drafts.length;
    // Retiring Verity's entries is offered only when it makes room; the person's own text is
    // never rewritten, so past that the reflector says so instead of proposing a useless retire.
    const usable = consolidate.length > 0 && memoryTokens - freed + proposedTokens <= budget;
    const notice = usable
      ? `MEMORY.md holds ~${memoryTokens} tokens of a ${budget}-token budget: ${held} proposal(s) held back until the consolidation is approved`
      : `MEMORY.md holds ~${memoryTokens} tokens of a ${budget}-token budget, ~${own} of them written by hand (Verity never rewrites those): ${held} proposal(s) held back; shorten MEMORY.md or raise observer.memory_budget_tokens`;
    return {
      attempts,
      drafts: usable ? consolidate : [],
      rejected: last.rejected,
      failed,
      input_tokens: inputTokens,
      memory_tokens: memoryTokens,
      over_budget: { held_back: held, notice },
    };
  }
  return {
    attempts,
    drafts: last.drafts,
    rejected: last.rejected,
    failed,
    input_tokens: inputTokens,
    memory_tokens: memoryTokens,
    over_budget: null,
  };
}

/** One proposal to retire the older, less critical half of the largest section. */
function consolidation(
  memory: readonly MemoryEntry[],
  memoryTokens: number,
  budget: number,
): Omit<ProposalDraft, 'proposal_id'>[] {
  const bySection = new Map<MemorySection, MemoryEntry[]>();
  for (const m of memory) bySection.set(m.section, [...(bySection.get(m.section) ?? []), m]);
  const [section, entries] =
    [...bySection.entries()].sort(
      (a, b) => b[1].length - a[1].length || a[0].localeCompare(b[0]),
    )[0] ?? [];
  if (section === undefined || entries === undefined) return [];
  const retire = entries
    .filter((m) => m.memory_priority !== 'P0')
    .sort(
      (a, b) =>
        a.promoted_at.localeCompare(b.promoted_at) || a.memory_id.localeCompare(b.memory_id),
    )
    .slice(0, Math.max(1, Math.floor(entries.length / 2)))
    .map((m) => m.memory_id);
  if (retire.length === 0) return [];
  return [
    {
      kind: 'consolidation',
      section,
      text: `Consolidate ${section}: MEMORY.md holds ~${memoryTokens} tokens of a ${budget}-token budget; retire ${retire.join(', ')}`,
      type: 'insight',
      memory_priority: 'P2',
      source_observation_ids: [],
      retire_memory_ids: retire,
    },
  ];
}
