import {
  type BatchMessage,
  collapseWhitespace,
  compareForRendering,
  compareMessages,
  isActiveItem,
  renderStateSection,
  type StateItem,
} from '../core/index.js';
import { queryTerms, wordsOf } from '../search/index.js';
import { type CanonicalLine, canonicalHeading, composeCanonical } from './canonical-state.js';
import type { ContextSectionName } from './context-budget.js';
import type { MemoryHit, TailMessage } from './context-sources.js';
import { type FitLinesResult, fitLines, type LineEntry } from './fit-lines.js';
import type { Tokenizer } from './tokenizer.js';
import { TRUNCATION_MARKER, truncateToTokens } from './truncate-to-tokens.js';

/** Why an entry was left out of its section. */
export type DropReason =
  /** It did not fit the section's allowance. */
  | 'budget'
  /** It was beyond the section's hard item cap. */
  | 'cap'
  /** It repeats an entry shown before (same id). */
  | 'duplicate'
  /** It shows a message the tail shows anyway. */
  | 'in_tail';

/** An entry left out of a section. */
export interface DroppedEntry {
  readonly id: string;
  readonly reason: DropReason;
}

/** What fills the state-items slot: the items, or the long summary when there are none. */
export type StateSource = 'state_items' | 'long_summary';

/** One section as built, before it is placed in the context. */
export interface SectionDraft {
  readonly name: ContextSectionName;
  /** Where the state-items slot got its content; null for every other section. */
  readonly source: StateSource | null;
  readonly text: string;
  readonly tokens: number;
  /** Content was cut or left out for the budget or the cap. */
  readonly truncated: boolean;
  readonly includedIds: readonly string[];
  /** Included ids shown only in part. */
  readonly truncatedIds: readonly string[];
  readonly dropped: readonly DroppedEntry[];
}

/** Headings of the budgeted sections; `system` has none. */
export const SECTION_HEADINGS = {
  skills: '## Skills',
  summary: '## Summary',
  state_items: '## Thread state',
  long_summary: '## Thread summary',
  memories: '## Relevant memories',
  tail: '## Recent messages',
} as const;

/** Entries are cut only when this much room is left for their beginning. */
const MIN_PARTIAL_TOKENS = 24;

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function empty(name: ContextSectionName, source: StateSource | null = null): SectionDraft {
  return {
    name,
    source,
    text: '',
    tokens: 0,
    truncated: false,
    includedIds: [],
    truncatedIds: [],
    dropped: [],
  };
}

function lineEntry(id: string, text: string, overhead: number, tokenizer: Tokenizer): LineEntry {
  return { id, text, tokens: tokenizer.count(text), overhead };
}

/** `text`, followed by the omission marker when `left` entries were left out. */
function withMarker(text: string, left: number, marker: (omitted: number) => string): string {
  return left > 0 ? `${text}\n${marker(left)}` : text;
}

/** A list section as `fitLines` fitted it; `capped` were left out by the hard cap. */
function fittedDraft(
  base: SectionDraft,
  fit: FitLinesResult,
  capped: readonly string[],
): SectionDraft {
  return {
    ...base,
    text: fit.text,
    tokens: fit.tokens,
    truncated: fit.omitted.length + capped.length > 0,
    includedIds: fit.included,
    dropped: [...dropped(fit.omitted, 'budget'), ...dropped(capped, 'cap')],
  };
}

function dropped(ids: readonly string[], reason: DropReason): DroppedEntry[] {
  return ids.map((id) => ({ id, reason }));
}

/** Options of `fitWholeRecords`. */
interface WholeRecordsOptions<T> {
  /** One entry per kept record, in priority order. */
  readonly entries: readonly LineEntry[];
  /** The kept records by entry id. */
  readonly byId: ReadonlyMap<string, T>;
  readonly fixedTokens: number;
  readonly marker: (omitted: number) => string;
  /** How many candidates there were before the cap (bounds the marker's tokens). */
  readonly total: number;
  /** Ids left out by the hard cap; the marker counts them. */
  readonly capped: readonly string[];
  readonly allowance: number;
  /** The section's text (heading included) for the records chosen, in priority order. */
  readonly render: (shown: T[]) => string;
  readonly tokenizer: Tokenizer;
}

/**
 * Fits a list section whose records are shown whole or not at all, with the omission marker after
 * them counting what the budget and the cap left out.
 */
function fitWholeRecords<T>(options: WholeRecordsOptions<T>): FitLinesResult {
  const { byId, marker, capped } = options;
  return fitLines({
    entries: options.entries,
    fixedTokens: options.fixedTokens,
    markerTokens: options.tokenizer.count(marker(options.total)) + 1,
    allowance: options.allowance,
    minPartialTokens: Number.POSITIVE_INFINITY,
    compose: (chosen, omitted) => {
      const shown = chosen
        .map((entry) => byId.get(entry.id))
        .filter((record): record is T => record !== undefined);
      return withMarker(options.render(shown), omitted + capped.length, marker);
    },
    tokenizer: options.tokenizer,
  });
}

/**
 * A free-text section (system, skills, a summary): its heading, if any, then `body`, cut with the
 * truncation marker when it exceeds `allowance`. Empty when the body is blank or not even the
 * heading and the marker fit.
 */
export function textSection(
  name: ContextSectionName,
  heading: string | null,
  body: string | null,
  allowance: number,
  tokenizer: Tokenizer,
  source: StateSource | null = null,
): SectionDraft {
  const trimmed = body?.trim() ?? '';
  if (trimmed === '') return empty(name, source);
  const prefix = heading === null ? '' : `${heading}\n`;
  let room = allowance - tokenizer.count(prefix);
  while (room > 0) {
    const fitted = truncateToTokens(trimmed, room, tokenizer);
    // A marker with no text before it says nothing worth its tokens.
    if (fitted.text === '' || fitted.text === TRUNCATION_MARKER) break;
    const text = `${prefix}${fitted.text}`;
    const tokens = tokenizer.count(text);
    if (tokens <= allowance) {
      return { ...empty(name, source), text, tokens, truncated: fitted.truncated };
    }
    room -= tokens - allowance;
  }
  return { ...empty(name, source), truncated: true };
}

/** Which canonical lines are kept first: reviews and conflicts, then plain values, then flagged ones. */
const KEEP_TIER: Readonly<Record<CanonicalLine['urgency'], number>> = { 0: 0, 2: 1, 1: 2 };

/**
 * The order canonical lines are kept in when not all fit: reviews and conflicts (they ask for an
 * answer), then values with no doubt marked on them, then stale, tentative and low-confidence
 * ones; within each, the most confident, then the most recently true, then render order.
 */
export function canonicalKeepOrder(lines: readonly CanonicalLine[]): readonly CanonicalLine[] {
  const position = new Map(lines.map((line, index) => [line.id, index]));
  const since = (line: CanonicalLine) => line.validFrom ?? '';
  return [...lines].sort(
    (a, b) =>
      KEEP_TIER[a.urgency] - KEEP_TIER[b.urgency] ||
      b.confidence - a.confidence ||
      (since(a) < since(b) ? 1 : since(a) > since(b) ? -1 : 0) ||
      (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0),
  );
}

/**
 * The canonical-state section: lines kept in `canonicalKeepOrder` when not all fit, shown in
 * render order.
 */
export function canonicalSection(
  lines: readonly CanonicalLine[],
  now: string,
  cap: number,
  allowance: number,
  tokenizer: Tokenizer,
): SectionDraft {
  if (lines.length === 0) return empty('canonical_state');
  const position = new Map(lines.map((line, index) => [line.id, index]));
  const byKeepOrder = canonicalKeepOrder(lines);
  const kept = byKeepOrder.slice(0, cap);
  const capped = byKeepOrder.slice(cap).map((line) => line.id);
  const heading = canonicalHeading(now);
  const entityIds = [...new Set(kept.map((line) => line.entityId))];
  const fixedTokens =
    tokenizer.count(heading) + entityIds.reduce((sum, id) => sum + tokenizer.count(id) + 1, 0);
  const lineById = new Map(kept.map((line) => [line.id, line]));
  const marker = (omitted: number) => `[… ${omitted} more fields omitted]`;
  const fit = fitWholeRecords({
    entries: kept.map((line) => lineEntry(line.id, line.text, 1, tokenizer)),
    byId: lineById,
    fixedTokens,
    marker,
    total: lines.length,
    capped,
    allowance,
    render: (shown) =>
      composeCanonical(
        heading,
        shown.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0)),
      ),
    tokenizer,
  });
  return fittedDraft(empty('canonical_state'), fit, capped);
}

/**
 * Active items in the order they are chosen when not all fit: pinned, then conflicting, then those
 * sharing the most distinct words with `query` (text and topic tags), then core's render order.
 * Without a query (or with no word in common) this is the render order with conflicts raised.
 */
export function itemSelectionOrder(
  items: readonly StateItem[],
  query: string | null,
): readonly StateItem[] {
  const terms = new Set(query === null ? [] : queryTerms(query));
  const relevance = new Map(
    items.map((item) => {
      const words = new Set(wordsOf(`${item.text} ${item.topicTags.join(' ')}`));
      return [item.uid, [...terms].filter((term) => words.has(term)).length];
    }),
  );
  const rank = (item: StateItem) => (item.pinned ? 0 : item.conflict ? 1 : 2);
  return items
    .filter(isActiveItem)
    .sort(
      (a, b) =>
        rank(a) - rank(b) ||
        (relevance.get(b.uid) ?? 0) - (relevance.get(a.uid) ?? 0) ||
        compareForRendering(a, b),
    );
}

/** Core's section for `chosen`, its header counting them against all `total` active items. */
function renderChosenItems(
  chosen: readonly StateItem[],
  total: number,
  updatedAt: string | undefined,
): string {
  const text = renderStateSection(chosen, updatedAt === undefined ? {} : { updatedAt });
  if (chosen.length === total) return text;
  return text.replace(/items: \d+\)/, `items: ${chosen.length} of ${total})`);
}

/** The newest `updatedAt` among `items` (the header's instant). */
function newestUpdate(items: readonly StateItem[]): string | undefined {
  return items.reduce<StateItem | undefined>(
    (latest, item) =>
      latest === undefined || Date.parse(item.updatedAt) > Date.parse(latest.updatedAt)
        ? item
        : latest,
    undefined,
  )?.updatedAt;
}

/**
 * The structured state items, rendered by core's `renderStateSection` (whose header counts what
 * is shown against what exists). When not all fit, they are chosen in `itemSelectionOrder` (the
 * items `query` names first) and shown in core's render order. When no item is active, the long
 * summary stands in (seed 001's rollout fallback), under its own heading.
 */
export function stateItemsSection(
  items: readonly StateItem[],
  longSummary: string | null,
  cap: number,
  allowance: number,
  tokenizer: Tokenizer,
  query: string | null = null,
): SectionDraft {
  const active = itemSelectionOrder(items, query);
  if (active.length === 0) {
    return textSection(
      'state_items',
      SECTION_HEADINGS.long_summary,
      longSummary,
      allowance,
      tokenizer,
      'long_summary',
    );
  }
  const kept = active.slice(0, Math.max(0, cap));
  const capped = active.slice(kept.length).map((item) => item.uid);
  const byUid = new Map(kept.map((item) => [item.uid, item]));
  const updatedAt = newestUpdate(active);
  const entries = kept.map((item) =>
    lineEntry(item.uid, renderStateSection([item]).split('\n')[1] ?? '', 1, tokenizer),
  );
  const header = renderChosenItems(active, active.length, updatedAt).split('\n')[0] ?? '';
  const heading = SECTION_HEADINGS.state_items;
  const marker = (omitted: number) => `[… ${omitted} more state items omitted]`;
  // The header grows to "items: K of N" once anything is left out.
  const headerSlack = 3;
  const fit = fitWholeRecords({
    entries,
    byId: byUid,
    fixedTokens: tokenizer.count(heading) + 1 + tokenizer.count(header) + headerSlack,
    marker,
    total: active.length,
    capped,
    allowance,
    render: (shown) => `${heading}\n${renderChosenItems(shown, active.length, updatedAt)}`,
    tokenizer,
  });
  const draft = fittedDraft(empty('state_items', 'state_items'), fit, capped);
  const position = new Map(
    [...kept].sort(compareForRendering).map((item, index) => [item.uid, index]),
  );
  const inRenderOrder = [...draft.includedIds].sort(
    (a, b) => (position.get(a) ?? 0) - (position.get(b) ?? 0),
  );
  return { ...draft, includedIds: inRenderOrder };
}

function scoreOf(hit: MemoryHit): number {
  return Number.isFinite(hit.score) ? hit.score : Number.NEGATIVE_INFINITY;
}

function memoryLine(hit: MemoryHit): string {
  const label =
    hit.kind === 'message'
      ? hit.created_at.slice(0, 10)
      : `${hit.created_at.slice(0, 10)} ${hit.kind}`;
  return `- [${label}] ${collapseWhitespace(hit.text)}`;
}

/** Memory hits in rank order: score descending, then id. */
export function rankMemories(hits: readonly MemoryHit[]): readonly MemoryHit[] {
  return [...hits].sort((a, b) => scoreOf(b) - scoreOf(a) || compareText(a.id, b.id));
}

/**
 * Retrieved memories, best first. A hit repeating an earlier id, or showing a message of `thread`
 * that the tail is certain to show (`inTail`), is left out; the best hit that does not fit whole is
 * cut when enough room is left for its beginning.
 */
export function memoriesSection(
  hits: readonly MemoryHit[],
  inTail: ReadonlySet<string>,
  thread: string | null,
  cap: number,
  allowance: number,
  tokenizer: Tokenizer,
): SectionDraft {
  const seen = new Set<string>();
  const skipped: DroppedEntry[] = [];
  const candidates: MemoryHit[] = [];
  const inThread = (hit: MemoryHit) => hit.thread_id == null || hit.thread_id === thread;
  for (const hit of rankMemories(hits)) {
    if (seen.has(hit.id)) skipped.push({ id: hit.id, reason: 'duplicate' });
    else if (hit.message_id && inThread(hit) && inTail.has(hit.message_id)) {
      skipped.push({ id: hit.id, reason: 'in_tail' });
    } else candidates.push(hit);
    seen.add(hit.id);
  }
  if (candidates.length === 0) return { ...empty('memories'), dropped: skipped };
  const kept = candidates.slice(0, cap);
  const capped = candidates.slice(cap).map((hit) => hit.id);
  const heading = SECTION_HEADINGS.memories;
  const marker = (omitted: number) => `[… ${omitted} more memories omitted]`;
  const fit = fitLines({
    entries: kept.map((hit) => lineEntry(hit.id, memoryLine(hit), 1, tokenizer)),
    fixedTokens: tokenizer.count(heading),
    markerTokens: tokenizer.count(marker(candidates.length)) + 1,
    allowance,
    minPartialTokens: MIN_PARTIAL_TOKENS,
    compose: (chosen, omitted) => {
      const text = [heading, ...chosen.map((entry) => entry.text)].join('\n');
      return withMarker(text, omitted + capped.length, marker);
    },
    tokenizer,
  });
  const draft = fittedDraft(empty('memories'), fit, capped);
  return {
    ...draft,
    truncated: draft.truncated || fit.partial !== null,
    truncatedIds: fit.partial === null ? [] : [fit.partial],
    dropped: [...skipped, ...draft.dropped],
  };
}

/** Messages in thread order (`createdAt`, then `messageId`), each id once (its first delivery). */
export function orderMessages<T extends BatchMessage>(messages: readonly T[]): readonly T[] {
  const byId = new Map<string, T>();
  for (const message of messages) {
    if (!byId.has(message.messageId)) byId.set(message.messageId, message);
  }
  return [...byId.values()].sort(compareMessages);
}

function dayOf(message: BatchMessage): string {
  return `[${message.createdAt.slice(0, 10)}]`;
}

/**
 * The tail: the most recent messages that fit, shown oldest first under a line per day, with a
 * marker for the earlier ones left out. When even the newest message does not fit whole, its
 * beginning is shown.
 */
export function tailSection(
  messages: readonly TailMessage[],
  cap: number,
  allowance: number,
  tokenizer: Tokenizer,
): SectionDraft {
  const ordered = orderMessages(messages);
  if (ordered.length === 0) return empty('tail');
  const kept = ordered.slice(Math.max(0, ordered.length - cap));
  const capped = ordered.slice(0, ordered.length - kept.length).map((m) => m.messageId);
  const newestFirst = [...kept].reverse();
  const byId = new Map(kept.map((message) => [message.messageId, message]));
  const entries = newestFirst.map((message, index) => {
    const newer = newestFirst[index - 1];
    // Walking back in time, a message opens a new day group unless the newer one shares its day.
    const opensDay = newer === undefined || dayOf(newer) !== dayOf(message);
    const overhead = 1 + (opensDay ? tokenizer.count(dayOf(message)) + 1 : 0);
    const who =
      message.speaker === undefined || message.speaker === null
        ? message.role
        : `${message.role} (${message.speaker})`;
    const text = `${who}: ${message.content.trim()}`;
    return lineEntry(message.messageId, text, overhead, tokenizer);
  });
  const heading = SECTION_HEADINGS.tail;
  const marker = (omitted: number) => `[… ${omitted} earlier messages omitted]`;
  const fit = fitLines({
    entries,
    fixedTokens: tokenizer.count(heading),
    markerTokens: tokenizer.count(marker(ordered.length)) + 1,
    allowance,
    minPartialTokens: MIN_PARTIAL_TOKENS,
    compose: (chosen, omitted) => {
      const out: string[] = [heading];
      const left = omitted + capped.length;
      if (left > 0) out.push(marker(left));
      let day: string | null = null;
      for (const entry of [...chosen].reverse()) {
        const message = byId.get(entry.id);
        if (message && dayOf(message) !== day) {
          day = dayOf(message);
          out.push(day);
        }
        out.push(entry.text);
      }
      return out.join('\n');
    },
    tokenizer,
  });
  const chronological = [...fit.included].reverse();
  return {
    ...empty('tail'),
    text: fit.text,
    tokens: fit.tokens,
    truncated: fit.omitted.length + capped.length > 0 || fit.partial !== null,
    includedIds: chronological,
    truncatedIds: fit.partial === null ? [] : [fit.partial],
    dropped: [...dropped(fit.omitted, 'budget'), ...dropped(capped, 'cap')],
  };
}
