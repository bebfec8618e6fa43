import {
  collapseWhitespace,
  comparableText,
  compareForRendering,
  DAY_MS,
  deadManStanding,
  EngineError,
  err,
  holdsDeadMan,
  ok,
  parseRfc3339,
  type Result,
  type StateItem,
  type Task,
} from '../core/index.js';
import { maskSecrets } from '../language/index.js';
import { orderEntities } from './canonical-state.js';
import type { ContextEntity } from './context-sources.js';

/** The sections of a recall pack, in render order (seed 004). */
export const RECALL_SECTIONS = {
  guidance: 'Standing guidance',
  p0_constraints: 'P0 constraints',
  open_commitments: 'Open commitments',
  open_questions: 'Open questions',
  waiting_on: 'Waiting on',
  todays_focus: "Today's focus",
  procedures: 'Relevant procedures',
  triggered: 'Recalled for this prompt',
} as const;

/** A recall pack section's key. */
export type RecallSectionKey = keyof typeof RECALL_SECTIONS;

/** One line of a recall pack. */
export interface RecallEntry {
  /** A state item uid, `entity/field`, a prompt id, or the procedure's own text. */
  readonly id: string;
  readonly text: string;
  /** Where a procedure comes from (`MEMORY.md m-…`, `memory mem_…`); absent on other entries. */
  readonly source?: string;
}

/** One section of a recall pack. */
export interface RecallSection {
  readonly key: RecallSectionKey;
  readonly title: string;
  readonly entries: readonly RecallEntry[];
  /** Entries beyond the per-section cap, left out. */
  readonly omitted: number;
}

/** A recall pack: what an agent must not forget at the start of a session. */
export interface RecallPack {
  /** The calendar date the pack is for: the date written in `now`. */
  readonly date: string;
  /** The non-empty sections, in render order. */
  readonly sections: readonly RecallSection[];
  /** `''` when every section is empty. */
  readonly markdown: string;
}

/** What a recall pack is drawn from. */
export interface RecallPackInput {
  /** Structured state items of the threads in scope. */
  readonly items: readonly StateItem[];
  /** Canonical state of the entities in scope. */
  readonly entities: readonly ContextEntity[];
  /** The entity the pack is for; its state is listed first. */
  readonly entity: string;
  /** RFC 3339; its written date is "today". */
  readonly now: string;
  /**
   * Procedures relevant to today's work, already chosen by the caller (`selectProcedures`);
   * listed as given. An entry with a `source` is shown with it.
   */
  readonly procedures?: readonly (string | RecallEntry)[];
  /** Open tasks (seed 004): P0s, commitments, waiting-on and today's due work. */
  readonly tasks?: readonly Task[];
  /** Entries loaded by trigger expansion (a known name in the prompt), already chosen. */
  readonly triggered?: readonly RecallEntry[];
  /** Standing instructions for the agent (approved prompt patches), listed first, as given. */
  readonly guidance?: readonly RecallEntry[];
  /**
   * Hard rules the user approved (promoted MEMORY.md entries of priority P0), listed under P0
   * constraints with their source, after P0 tasks and before constraint items; a constraint item saying
   * the same as one of them is left out (the rule carries it, with its source).
   */
  readonly rules?: readonly RecallEntry[];
  /**
   * The rules are shown above the pack (recall-pack mode heads it with them): they are not listed
   * again, and a constraint item saying the same as one is still left out.
   */
  readonly rulesShownAbove?: boolean;
}

/** Options of `buildRecallPack`. */
export interface RecallPackOptions {
  /** Entries per section at most (default 10); the rest are counted as omitted. */
  readonly maxPerSection?: number;
}

const DEFAULT_MAX_PER_SECTION = 10;
const DATE = /^(\d{4})-(\d{2})-(\d{2})/;

function nextDate(date: string): string {
  const match = DATE.exec(date);
  if (!match) return '';
  const [, year, month, day] = match;
  return new Date(Date.UTC(Number(year), Number(month) - 1, Number(day) + 1))
    .toISOString()
    .slice(0, 10);
}

function show(value: string | null): string {
  return value === null ? '(none)' : collapseWhitespace(value);
}

function datedFields(entities: readonly ContextEntity[], entity: string, today: string) {
  const tomorrow = nextDate(today);
  const entries: RecallEntry[] = [];
  for (const { entity_id, state } of orderEntities(entities, entity)) {
    for (const field of Object.keys(state).sort()) {
      const view = state[field];
      if (!view || view.value === null || view.status === 'none') continue;
      const date = DATE.exec(view.value)?.[0];
      const when = date === today ? 'today' : date === tomorrow ? 'tomorrow' : null;
      if (when === null) continue;
      entries.push({
        id: `${entity_id}/${field}`,
        text: `${entity_id} ${field}: ${show(view.value)} (${when})`,
      });
    }
  }
  return entries;
}

function reviews(entities: readonly ContextEntity[], entity: string): RecallEntry[] {
  const entries: RecallEntry[] = [];
  for (const { entity_id, state, pending } of orderEntities(entities, entity)) {
    const awaiting = new Map<string, RecallEntry>();
    for (const field of Object.keys(state).sort()) {
      const proposal = state[field]?.pending;
      if (proposal) {
        awaiting.set(proposal.prompt_id, {
          id: proposal.prompt_id,
          text: `your confirmation: ${entity_id} ${field} → ${show(proposal.value)} (review ${proposal.prompt_id})`,
        });
      }
    }
    const prompts = [...pending].sort((a, b) =>
      a.field < b.field ? -1 : a.field > b.field ? 1 : a.prompt_id < b.prompt_id ? -1 : 1,
    );
    for (const prompt of prompts) {
      if (awaiting.has(prompt.prompt_id)) continue;
      awaiting.set(prompt.prompt_id, {
        id: prompt.prompt_id,
        text: `your confirmation: ${entity_id} ${prompt.field} → ${show(prompt.proposed_value)} (review ${prompt.prompt_id})`,
      });
    }
    entries.push(...awaiting.values());
  }
  return entries;
}

function taskText(task: Task): string {
  const due = task.due === null ? '' : ` (due ${task.due.slice(0, 16).replace('T', ' ')})`;
  return `${task.id} ${collapseWhitespace(task.title)}${due}`;
}

/**
 * The open action items an open task already carries, so the pack lists each once: the item a
 * task was captured from (`item:<thread>:<uid>`), or an action item resting on the message a task
 * was captured from (`thread:<t>:msg:<m>`) whose text holds the task's title.
 */
function trackedActions(tasks: readonly Task[], items: readonly StateItem[]): Set<string> {
  const tracked = new Set<string>();
  const open = tasks.filter((t) => t.state !== 'DONE' && t.state !== 'CANCELLED');
  for (const item of items) {
    if (item.typeTag !== 'action') continue;
    const text = item.text.toLowerCase();
    const carried = open.some((task) => {
      const ref = task.provenance.ref;
      if (ref.startsWith('item:')) return ref.endsWith(`:${item.uid}`);
      const message = /^thread:.+:msg:(.+)$/.exec(ref)?.[1];
      return (
        message !== undefined &&
        item.refs.includes(message) &&
        text.includes(task.title.toLowerCase())
      );
    });
    if (carried) tracked.add(item.uid);
  }
  return tracked;
}

function taskEntries(tasks: readonly Task[], now: string) {
  const today = now.slice(0, 10);
  const tomorrow = nextDate(today);
  const nowMs = parseRfc3339(now) ?? 0;
  const overdue = (t: Task) => {
    const due = t.due === null ? null : parseRfc3339(t.due);
    return due !== null && due < nowMs ? ', OVERDUE' : '';
  };
  const open = tasks.filter((t) => t.state !== 'DONE' && t.state !== 'CANCELLED');
  const soon = (t: Task) => t.due !== null && t.due.slice(0, 10) <= tomorrow;
  const p0 = open.filter((t) => t.priority === 'P0');
  return {
    p0: p0.map((t) => ({
      id: t.id,
      text: holdsDeadMan(t)
        ? `BLOCKED: ${taskText(t)} ${deadManStanding(t)}; resolve it before other work`
        : `P0 ${taskText(t)}`,
    })),
    focus: open
      .filter(
        (t) =>
          t.priority !== 'P0' &&
          t.state !== 'WAITING_EXTERNAL' &&
          (soon(t) || t.state === 'EXECUTING'),
      )
      .map((t) => ({ id: t.id, text: `${taskText(t)} [${t.state}${overdue(t)}]` })),
    waiting: open
      .filter((t) => t.state === 'WAITING_EXTERNAL')
      .map((t) => ({
        id: t.id,
        text: `${collapseWhitespace(t.who_waiting_on ?? 'someone')}: ${taskText(t)}${t.last_followup === null ? '' : ` (last follow-up ${t.last_followup.slice(0, 10)})`}`,
      })),
    commitments: open
      .filter(
        (t) =>
          t.priority !== 'P0' &&
          t.state !== 'WAITING_EXTERNAL' &&
          !soon(t) &&
          t.state !== 'EXECUTING',
      )
      .map((t) => ({ id: t.id, text: taskText(t) })),
  };
}

function procedureEntries(procedures: readonly (string | RecallEntry)[]): RecallEntry[] {
  const entries: RecallEntry[] = [];
  const seen = new Set<string>();
  for (const procedure of procedures) {
    const entry =
      typeof procedure === 'string'
        ? { id: collapseWhitespace(procedure), text: procedure }
        : procedure;
    const text = collapseWhitespace(entry.text);
    if (text === '' || seen.has(entry.id)) continue;
    seen.add(entry.id);
    entries.push(
      entry.source === undefined
        ? { id: entry.id, text }
        : { id: entry.id, text: `${text} (${entry.source})`, source: entry.source },
    );
  }
  return entries;
}

function itemEntry(item: StateItem, suffix = ''): RecallEntry {
  const conflict = item.conflict ? ' (CONFLICT)' : '';
  return { id: item.uid, text: `${collapseWhitespace(item.text)}${suffix}${conflict}` };
}

/**
 * The recall pack (seed 004) from structured state and canonical state, by fixed rules:
 * - **P0 constraints**: the approved P0 rules (`rules`), then every active constraint item — a
 *   constraint always applies, so all are P0 — pinned, then most confident and most recent first.
 * - **Today's focus**: canonical fields whose value is dated today or tomorrow (dates as written
 *   in `now` and in the value), then open actions seen in the 24 hours before `now`.
 * - **Open commitments**: the other open actions.
 * - **Open questions**: what waits on the user's own answer: prompts awaiting their confirmation
 *   and the open questions they raised.
 * - **Waiting on**: what the user waits on from others: WAITING_EXTERNAL tasks (who, and the last
 *   follow-up) and blocked actions. The user's own questions are not waits (seed 004: "BuckyDrop:
 *   shipping quotes").
 * - **Relevant procedures**: `procedures` as given, each once, with its source when it has one.
 * - **Recalled for this prompt**: `triggered` as given (trigger expansion).
 *
 * - **Standing guidance** (first): `guidance` as given (approved prompt patches).
 *
 * Open tasks join the sections: P0 tasks (the dead-man BLOCKED line first) under P0
 * constraints, WAITING_EXTERNAL ones under Waiting on, those due today or tomorrow or being
 * worked on under Today's focus (marked OVERDUE past their deadline), the rest under Open
 * commitments. An open action item a task was captured from is left out: the task carries it.
 *
 * Superseded, done and answered items never appear. Pure and deterministic; `VALIDATION_FAILED`
 * when `now` is not RFC 3339.
 */
export function buildRecallPack(
  input: RecallPackInput,
  options: RecallPackOptions = {},
): Result<RecallPack> {
  const collected = collectEntries(input);
  if (!collected.ok) return collected;
  const cap = Math.max(0, Math.floor(options.maxPerSection ?? DEFAULT_MAX_PER_SECTION));
  return ok(renderPack(collected.value, input.now.slice(0, 10), cap));
}

/**
 * `buildRecallPack` with the most entries per section (from `maxPerSection`, default 10, down to
 * 1) whose pack `fits` (a token budget, say); with none fitting, the one-entry pack. The entries
 * are gathered once, so trying each cap only renders.
 */
export function buildRecallPackFitting(
  input: RecallPackInput,
  fits: (markdown: string) => boolean,
  options: RecallPackOptions = {},
): Result<RecallPack> {
  const collected = collectEntries(input);
  if (!collected.ok) return collected;
  const today = input.now.slice(0, 10);
  const most = Math.max(1, Math.floor(options.maxPerSection ?? DEFAULT_MAX_PER_SECTION));
  let pack = renderPack(collected.value, today, most);
  for (let cap = most - 1; cap >= 1 && !fits(pack.markdown); cap -= 1) {
    pack = renderPack(collected.value, today, cap);
  }
  return ok(pack);
}

type SectionEntries = Record<RecallSectionKey, readonly RecallEntry[]>;

/** Every entry of every section, before the per-section cap (see `buildRecallPack`). */
function collectEntries(input: RecallPackInput): Result<SectionEntries> {
  const nowMs = parseRfc3339(input.now);
  if (nowMs === null) {
    return err(
      new EngineError('VALIDATION_FAILED', 'now must be RFC 3339', {
        operation: 'recall_pack',
        field: 'now',
      }),
    );
  }
  const today = input.now.slice(0, 10);
  const items = [...input.items].sort(compareForRendering);
  const withStatus = (type: StateItem['typeTag'], status: StateItem['status']) =>
    items.filter((item) => item.typeTag === type && item.status === status);
  const isRecent = (item: StateItem) => {
    const seen = parseRfc3339(item.lastSeenAt);
    return seen !== null && seen <= nowMs && nowMs - seen <= DAY_MS;
  };
  const tracked = trackedActions(input.tasks ?? [], items);
  const openActions = withStatus('action', 'open').filter((item) => !tracked.has(item.uid));
  const tasks = taskEntries(input.tasks ?? [], input.now);
  const rules = input.rules ?? [];
  const ruled = new Set(rules.map((rule) => comparableText(rule.text.replace(/[.!]+$/, ''))));
  return ok({
    guidance: input.guidance ?? [],
    p0_constraints: [
      ...tasks.p0,
      ...(input.rulesShownAbove === true ? [] : rules).map((rule) => ({
        ...rule,
        text:
          rule.source === undefined
            ? collapseWhitespace(rule.text)
            : `${collapseWhitespace(rule.text)} (${rule.source})`,
      })),
      ...withStatus('constraint', 'active')
        .filter((item) => !ruled.has(comparableText(item.text.replace(/[.!]+$/, ''))))
        .map((item) => itemEntry(item)),
    ],
    open_commitments: [
      ...tasks.commitments,
      ...openActions.filter((item) => !isRecent(item)).map((item) => itemEntry(item)),
    ],
    open_questions: [
      ...reviews(input.entities, input.entity),
      ...withStatus('question', 'open').map((item) => itemEntry(item)),
    ],
    waiting_on: [
      ...tasks.waiting,
      ...withStatus('action', 'blocked').map((item) => itemEntry(item, ' (blocked)')),
    ],
    todays_focus: [
      ...tasks.focus,
      ...datedFields(input.entities, input.entity, today),
      ...openActions.filter(isRecent).map((item) => itemEntry(item)),
    ],
    procedures: procedureEntries(input.procedures ?? []),
    triggered: input.triggered ?? [],
  });
}

/** The pack showing at most `cap` entries per section, the rest counted as omitted. */
function renderPack(entries: SectionEntries, today: string, cap: number): RecallPack {
  const sections: RecallSection[] = [];
  for (const key of Object.keys(RECALL_SECTIONS) as RecallSectionKey[]) {
    const all = entries[key];
    if (all.length === 0) continue;
    // A secret's value said in a message or a note is never shown to the agent (issue #13).
    const shown = all.slice(0, cap).map((entry) => ({ ...entry, text: maskSecrets(entry.text) }));
    sections.push({
      key,
      title: RECALL_SECTIONS[key],
      entries: shown,
      omitted: all.length - shown.length,
    });
  }
  const markdown =
    sections.length === 0
      ? ''
      : [
          `# Recall pack — ${today}`,
          ...sections.map((section) =>
            [
              `## ${section.title}`,
              ...section.entries.map((entry) => `- ${entry.text}`),
              ...(section.omitted > 0 ? [`- … ${section.omitted} more`] : []),
            ].join('\n'),
          ),
        ].join('\n\n');
  return { date: today, sections, markdown };
}
