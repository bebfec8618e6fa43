import {
  type BatchMessage,
  ENTITY_ID_PATTERN,
  EngineError,
  err,
  isActiveItem,
  ok,
  parseRfc3339,
  type Result,
  type StateItem,
} from '../core/index.js';
import { askedBefore, maskSecrets, stem, turnSide } from '../language/index.js';
import { isStopWord, wordsOf } from '../search/index.js';
import { canonicalLines } from './canonical-state.js';
import {
  BUDGETED_SECTIONS,
  type BudgetedSection,
  CONTEXT_BUDGET_SPLITS,
  CONTEXT_MODES,
  type ContextLimits,
  type ContextMode,
  type ContextSectionName,
  DEFAULT_CONTEXT_BUDGET,
  DEFAULT_CONTEXT_LIMITS,
} from './context-budget.js';
import {
  canonicalSection,
  memoriesSection,
  orderMessages,
  SECTION_HEADINGS,
  type SectionDraft,
  stateItemsSection,
  tailSection,
  textSection,
} from './context-sections.js';
import type { ContextEntity, MemoryHit, TailMessage, ThreadSummaries } from './context-sources.js';
import { createGptTokenizer, type Tokenizer } from './tokenizer.js';

/** What a caller asks for: whose context, for which thread and question, in how many tokens. */
export interface ContextRequest {
  /** The entity the agent serves (`user:primary`). */
  readonly entity: string;
  /** The conversation; without one there are no state items, summaries or tail. */
  readonly thread?: string | null | undefined;
  /** What to retrieve memories for; defaults to the thread's latest user message. */
  readonly query?: string | null | undefined;
  /** Tokens the whole context may take (default 2,000). */
  readonly budget?: number | undefined;
  /** Budget split (default `full`). */
  readonly mode?: ContextMode | undefined;
  /** The instant the context is built for (RFC 3339); the freshness header shows it. */
  readonly now: string;
  /**
   * Texts the agent reads above this context (the Hard Rules, the recall pack's lines): a memory
   * saying the same (compared as `comparableText`, end punctuation aside) is not shown again.
   */
  readonly shown?: readonly string[] | undefined;
}

/** A request after validation and defaults. */
export interface NormalizedContextRequest {
  readonly entity: string;
  readonly thread: string | null;
  readonly query: string | null;
  readonly budget: number;
  readonly mode: ContextMode;
  readonly now: string;
}

/** Options of `assembleContext` and `buildContext`. */
export interface ContextOptions {
  /** Counts every budget (default: `gpt-tokenizer`'s `o200k_base`). */
  readonly tokenizer?: Tokenizer;
  /** The text placed first, paid for before the shares (default `DEFAULT_SYSTEM_TEXT`); `''` omits it. */
  readonly system?: string;
  /** Hard caps per list section, over `DEFAULT_CONTEXT_LIMITS`. */
  readonly limits?: Partial<ContextLimits>;
  /**
   * Percent of the budget after the system text up to which cut state items take room back from
   * older text (ADR 2026-11-25-context-budget, amended for issue #17); pinned and conflicting
   * items and the first `PRIORITY_ITEMS_FLOOR` chosen are protected whatever it says. Default
   * `DEFAULT_ITEM_PRIORITY_SHARE`; 100 protects them all, as before.
   */
  readonly itemPriorityShare?: number;
  /**
   * Percent of the budget after the system text the tail keeps when the request asks about
   * something (an explicit `query`); the rest of the tail's share goes to the retrieved memories
   * (`budgetSplit`). Default `DEFAULT_ASKED_TAIL_SHARE`; the mode's own tail share (or more) turns
   * it off.
   */
  readonly askedTailShare?: number;
  /**
   * Percent of the budget after the system text the state-items slot starts from when the request
   * asks about something; the rest of its share goes to the memories (`budgetSplit`). Default: the
   * mode's own share (off). Measured, not adopted (ADR 2026-11-25-context-budget, 2026-11-27).
   */
  readonly askedItemShare?: number;
  /**
   * Tail messages shown before the other sections have taken their room when the request asks
   * about something (an explicit `query`). A cap that yields: room the memories and the rest leave
   * unused goes back to the tail, newest first, up to `limits.tailMessages`. Default: no such cap
   * (`buildContext` sets `ASKED_CONTEXT_LIMITS.tailMessages` unless its caller sets
   * `limits.tailMessages`).
   */
  readonly askedTailMessages?: number;
  /**
   * Which state items a request that asks about something (an explicit `query`) may show:
   * `touched` (the default) only the items that share a word with the query, and the pinned and
   * conflicting ones; `all` every active item, as before issue #10 §7. A request without a query
   * shows every active item either way.
   */
  readonly askedItems?: 'touched' | 'all';
}

/** Default `ContextOptions.itemPriorityShare`. */
export const DEFAULT_ITEM_PRIORITY_SHARE = 25;

/** Default `ContextOptions.askedTailShare`. */
export const DEFAULT_ASKED_TAIL_SHARE = 10;

/**
 * The section shares of one build: the mode's split, or, when the request asks about something
 * (an explicit `query`), that split with the tail cut to `tailShare` percent and the rest of its
 * share given to the memories (clamped: the tail never gains share).
 */
export function budgetSplit(
  mode: ContextMode,
  asked: boolean,
  tailShare: number = DEFAULT_ASKED_TAIL_SHARE,
  itemShare: number = Number.POSITIVE_INFINITY,
): Readonly<Record<BudgetedSection, number>> {
  const split = CONTEXT_BUDGET_SPLITS[mode];
  if (!asked) return split;
  const cut = (own: number, share: number) =>
    Math.min(own, Math.max(0, Number.isNaN(share) ? own : share));
  const tail = cut(split.tail, tailShare);
  const items = cut(split.state_items, itemShare);
  const memories = split.memories + split.tail - tail + split.state_items - items;
  return { ...split, tail, state_items: items, memories };
}

/** A word's stem when it can tell items apart: not a function word, not a one- or two-letter word. */
function contentStems(text: string): Set<string> {
  return new Set(
    wordsOf(text)
      .filter((word) => word.length > 2 && !isStopWord(word))
      .map(stem),
  );
}

/**
 * The state items a question may show: the pinned and conflicting ones, and those that share a
 * content word (by stem, in their text or topic tags) with `query`. An item the question does
 * not touch would take the state slot from the long summary and room from the memories and tail
 * that answer it (issue #10 §7), so it is left to requests that ask about nothing in particular.
 */
export function itemsTouchedBy(items: readonly StateItem[], query: string): StateItem[] {
  const asked = contentStems(query);
  return items.filter(
    (item) =>
      item.pinned ||
      item.conflict ||
      [...contentStems(`${item.text} ${item.topicTags.join(' ')}`)].some((s) => asked.has(s)),
  );
}

/** State items always protected from older text, beyond pinned and conflicting ones. */
export const PRIORITY_ITEMS_FLOOR = 3;

/**
 * The inputs as a context may show them: secrets masked in every text it renders (summaries,
 * skills, memories, the tail), as search and ask show them (ADR 2026-11-27-secrets-in-memory).
 * The query keeps its words: it is matched, never shown.
 */
function withSecretsMasked(inputs: ContextInputs): ContextInputs {
  const mask = (text: string | null) => (text === null ? null : maskSecrets(text));
  return {
    ...inputs,
    summaries: { short: mask(inputs.summaries.short), long: mask(inputs.summaries.long) },
    skills: mask(inputs.skills),
    memories: inputs.memories.map((hit) => ({ ...hit, text: maskSecrets(hit.text) })),
    tail: maskedTail(inputs.tail),
  };
}

/**
 * The tail with each message masked against what it may answer among the tail's earlier turns
 * ("What's the alarm code?" | "4471"), read oldest first whatever order the source gave.
 */
function maskedTail(tail: readonly TailMessage[]): TailMessage[] {
  const oldestFirst = [...tail].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const turns = oldestFirst.map((m) => ({
    side: turnSide(m.role, m.speaker),
    text: m.content,
  }));
  const asked = new Map(oldestFirst.map((m, i) => [m, askedBefore(turns, i)]));
  return tail.map((m) => ({ ...m, content: maskSecrets(m.content, asked.get(m)) }));
}

/** Everything a context is assembled from, already read from the sources. */
export interface ContextInputs {
  readonly entities: readonly ContextEntity[];
  readonly stateItems: readonly StateItem[];
  readonly summaries: ThreadSummaries;
  readonly skills: string | null;
  /** Ranked hits for `query`. */
  readonly memories: readonly MemoryHit[];
  /** The thread's latest messages. */
  readonly tail: readonly TailMessage[];
  /** The query the memories were retrieved for, when it differs from the request's. */
  readonly query?: string | null | undefined;
}

/** One section of a built context. Sections with nothing to show have `text: ''`, `tokens: 0`. */
export interface ContextSection extends SectionDraft {
  /** Percent of the post-system budget this section is entitled to (0 for `system`). */
  readonly share: number;
  /** Tokens the section could use: its share, plus what earlier sections left, minus separators. */
  readonly allowance: number;
  /** Tokens it gained afterwards from room the tail left, when it had been cut (else 0). */
  readonly backfill: number;
}

/** Ids of what a context shows, for provenance and for measuring evidence recall. */
export interface ContextIncluded {
  /** Messages shown, in whole or in part: those behind included memories, then the tail's. */
  readonly messageIds: readonly string[];
  /** Memory hits shown, in rank order. */
  readonly memoryIds: readonly string[];
  /** State items shown, in render order. */
  readonly stateItemUids: readonly string[];
  /**
   * Messages the shown state items rest on (their `refs`), in item order, each once. Their text
   * is not in the context; they are the provenance an agent can expand.
   */
  readonly stateItemRefs: readonly string[];
  /** Entities with at least one canonical-state line shown. */
  readonly entityIds: readonly string[];
}

/**
 * A built context. Plain data: `JSON.stringify` of it is the JSON form, `markdown` the text form.
 * Every `tokens` is the tokenizer's count of the matching `text`; `total` is its count of
 * `markdown`, never more than `budget`.
 */
export interface ContextResult {
  readonly entity: string;
  readonly thread: string | null;
  /** The query memories were retrieved for, if any. */
  readonly query: string | null;
  readonly mode: ContextMode;
  readonly now: string;
  /** The tokenizer's encoding name. */
  readonly tokenizer: string;
  readonly budget: number;
  readonly total: number;
  /** All seven sections, in render order, empty ones included. */
  readonly sections: readonly ContextSection[];
  /** Sections that cut or left out content for the budget or a cap. */
  readonly truncated: readonly ContextSectionName[];
  readonly included: ContextIncluded;
  /** The non-empty sections' texts, separated by blank lines. */
  readonly markdown: string;
}

/**
 * The default system text: how to read the rest. Short, because every context pays for it before
 * any share.
 */
export const DEFAULT_SYSTEM_TEXT = [
  'Verity context. Canonical state is what is true now and outranks older messages.',
  'Markers: STALE (verify first), PENDING REVIEW (unconfirmed), CONFLICT (ask before acting),',
  'TENTATIVE and LOW CONFIDENCE (weak evidence), (retired) (no longer true);',
  '…[truncated] marks text cut to fit.',
].join(' ');

/** Budgets above this are refused: no model reads a context that long. */
export const MAX_CONTEXT_BUDGET = 1_000_000;

/**
 * Sections never cut while lower ones keep text, in priority order: canonical state (its conflict
 * and review markers first), then the open state items.
 */
const PRIORITY_SECTIONS = ['canonical_state', 'state_items'] as const;

/** The sections a cut priority section takes room back from, lowest priority first. */
const YIELDING_SECTIONS: Readonly<
  Record<(typeof PRIORITY_SECTIONS)[number], readonly BudgetedSection[]>
> = {
  canonical_state: ['tail', 'memories', 'summary', 'skills', 'state_items'],
  state_items: ['tail', 'memories', 'summary', 'skills'],
};

/** Placed between sections in `markdown`. */
export const SECTION_SEPARATOR = '\n\n';

const ENTITY_ID = new RegExp(ENTITY_ID_PATTERN);

let sharedTokenizer: Tokenizer | null = null;

function defaultTokenizer(): Tokenizer {
  sharedTokenizer ??= createGptTokenizer();
  return sharedTokenizer;
}

function invalid(message: string, field: string): Result<never> {
  return err(new EngineError('VALIDATION_FAILED', message, { operation: 'context', field }));
}

function optionalText(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** Validates a request and applies its defaults. */
export function normalizeContextRequest(request: ContextRequest): Result<NormalizedContextRequest> {
  if (!ENTITY_ID.test(request.entity)) {
    return invalid(`entity must match ${ENTITY_ID_PATTERN}`, 'entity');
  }
  const budget = request.budget ?? DEFAULT_CONTEXT_BUDGET;
  if (!Number.isInteger(budget) || budget < 1 || budget > MAX_CONTEXT_BUDGET) {
    return invalid(`budget must be an integer from 1 to ${MAX_CONTEXT_BUDGET}`, 'budget');
  }
  const mode = request.mode ?? 'full';
  if (!(CONTEXT_MODES as readonly string[]).includes(mode)) {
    return invalid(`mode must be one of ${CONTEXT_MODES.join(', ')}`, 'mode');
  }
  if (parseRfc3339(request.now) === null) return invalid('now must be RFC 3339', 'now');
  return ok({
    entity: request.entity,
    thread: optionalText(request.thread),
    query: optionalText(request.query),
    budget,
    mode,
    now: request.now,
  });
}

/** `DEFAULT_CONTEXT_LIMITS` overridden by `limits`, each a non-negative integer. */
export function resolveContextLimits(limits: Partial<ContextLimits> = {}): Result<ContextLimits> {
  const merged = { ...DEFAULT_CONTEXT_LIMITS, ...limits } satisfies ContextLimits;
  for (const [name, value] of Object.entries(merged)) {
    if (!Number.isInteger(value) || value < 0) {
      return invalid(`limits.${name} must be a non-negative integer`, `limits.${name}`);
    }
  }
  return ok(merged);
}

function unique(ids: readonly string[]): string[] {
  return [...new Set(ids)];
}

function sectionOf(sections: readonly ContextSection[], name: ContextSectionName): ContextSection {
  const found = sections.find((section) => section.name === name);
  if (!found) throw new Error(`context section ${name} missing`);
  return found;
}

function includedOf(sections: readonly ContextSection[], inputs: ContextInputs): ContextIncluded {
  const memories = sectionOf(sections, 'memories');
  const hits = new Map(inputs.memories.map((hit) => [hit.id, hit]));
  const hitMessages = memories.includedIds.flatMap((id) => {
    const messageId = hits.get(id)?.message_id;
    return messageId ? [messageId] : [];
  });
  const state = sectionOf(sections, 'state_items');
  const canonical = sectionOf(sections, 'canonical_state');
  const stateItemUids = state.source === 'state_items' ? state.includedIds : [];
  const refsOf = new Map(inputs.stateItems.map((item) => [item.uid, item.refs]));
  return {
    messageIds: unique([...hitMessages, ...sectionOf(sections, 'tail').includedIds]),
    memoryIds: memories.includedIds,
    stateItemUids,
    stateItemRefs: unique(stateItemUids.flatMap((uid) => refsOf.get(uid) ?? [])),
    entityIds: unique(canonical.includedIds.map((id) => id.slice(0, id.indexOf('/')))),
  };
}

/**
 * Assembles a context from inputs already read: system, skills, short summary, canonical state,
 * structured state items (or the long summary when there are none), retrieved memories, tail.
 *
 * Budget: the system text is paid for first; each other section may use its share of the rest
 * (`CONTEXT_BUDGET_SPLITS[mode]`) plus whatever earlier sections left unused, and the tail takes
 * all that remains. Room the tail leaves then goes back, in render order, to sections that were
 * cut (`backfill`). List sections keep their most important entries within a hard cap
 * (`limits`), and say what they left out with a visible marker; text is cut with
 * `…[truncated]`. A memory showing a message the tail is certain to show is not repeated.
 *
 * Pure and deterministic: the same request, inputs and options give byte-identical results,
 * whatever order the inputs arrive in. Returns `VALIDATION_FAILED` for a bad request or limits.
 */
export function assembleContext(
  request: ContextRequest,
  read: ContextInputs,
  options: ContextOptions = {},
): Result<ContextResult> {
  const normalized = normalizeContextRequest(request);
  if (!normalized.ok) return normalized;
  const asked = normalized.value.query;
  const all = withSecretsMasked(read);
  // Asked about something, the state slot starts from the items the question touches; the others
  // get only the room every other section leaves (`offerRoomLeftToItems`).
  const touchedOnly = asked !== null && options.askedItems !== 'all';
  const inputs = touchedOnly ? { ...all, stateItems: itemsTouchedBy(all.stateItems, asked) } : all;
  const resolvedLimits = resolveContextLimits(options.limits);
  if (!resolvedLimits.ok) return resolvedLimits;
  const limits = resolvedLimits.value;
  const { budget, mode, now, entity } = normalized.value;
  const askedCap = options.askedTailMessages;
  if (askedCap !== undefined && (!Number.isInteger(askedCap) || askedCap < 0)) {
    return invalid('askedTailMessages must be a non-negative integer', 'askedTailMessages');
  }
  // The tail's first cap: the asked one yields later (`yieldToTail`) up to `limits.tailMessages`.
  const tailCap =
    normalized.value.query === null || askedCap === undefined
      ? limits.tailMessages
      : Math.min(askedCap, limits.tailMessages);
  const tokenizer = options.tokenizer ?? defaultTokenizer();
  const separator = tokenizer.count(SECTION_SEPARATOR);
  const systemText = options.system ?? DEFAULT_SYSTEM_TEXT;
  const wholeSystem = textSection('system', null, systemText, budget, tokenizer);
  const floor = stateFloor(inputs, normalized.value, limits, tokenizer, separator, wholeSystem);
  const system =
    floor === 0 ? wholeSystem : textSection('system', null, systemText, budget - floor, tokenizer);
  const available = budget - system.tokens;
  const shares = budgetSplit(
    mode,
    normalized.value.query !== null,
    options.askedTailShare,
    options.askedItemShare,
  );
  const baseOf = (name: BudgetedSection) => Math.floor((available * shares[name]) / 100);
  // The tail's own share is a floor on its final allowance, so what fits in it is certain to show.
  const tailProbe = tailSection(inputs.tail, tailCap, baseOf('tail') - separator, tokenizer);
  const inTail = new Set(
    tailProbe.includedIds.filter((id) => !tailProbe.truncatedIds.includes(id)),
  );
  const query = inputs.query === undefined ? normalized.value.query : optionalText(inputs.query);
  const layout: Layout = {
    sections: [{ ...system, share: 0, allowance: budget, backfill: 0 }],
    builders: sectionBuilders(
      inputs,
      { ...normalized.value, query },
      { ...limits, tailMessages: tailCap },
      tokenizer,
      inTail,
    ),
    available,
    separator,
  };
  const shared = allocateShares(layout, shares, baseOf, system.text === '' ? 0 : 1);
  keepNewestUserTurn(layout, inputs.tail, tailCap);
  backfillCutSections(layout, available - usedTokens(layout), shared.emitted);
  if (tailCap < limits.tailMessages) {
    const tail = (allowance: number) =>
      tailSection(inputs.tail, limits.tailMessages, allowance, tokenizer);
    layout.builders = { ...layout.builders, tail };
    yieldToTail(layout, available - usedTokens(layout));
  }
  const itemShare = options.itemPriorityShare ?? DEFAULT_ITEM_PRIORITY_SHARE;
  protectPrioritySections(layout, Math.floor((available * itemShare) / 100), inputs.stateItems);
  replaceRepeatedMemories(layout, inputs, normalized.value.thread, limits, inTail, tokenizer);
  if (touchedOnly && all.stateItems.length > inputs.stateItems.length) {
    offerRoomLeftToItems(layout, (allowance) =>
      stateItemsSection(
        all.stateItems,
        all.summaries.long,
        limits.stateItems,
        allowance,
        tokenizer,
        query,
      ),
    );
  }
  const { sections } = layout;
  const { markdown, total } = fitWholeToBudget(layout, budget, tokenizer);

  return ok({
    entity,
    thread: normalized.value.thread,
    // Matched unmasked, reported masked: the latest user message may hold a secret.
    query: query === null ? null : maskSecrets(query),
    mode,
    now,
    tokenizer: tokenizer.name,
    budget,
    total,
    sections,
    truncated: sections.filter((section) => section.truncated).map((section) => section.name),
    included: includedOf(sections, all),
    markdown,
  });
}

type SectionBuilders = Readonly<Record<BudgetedSection, (allowance: number) => SectionDraft>>;

/** The sections as they are being laid out, and how to rebuild each within another allowance. */
interface Layout {
  /** In render order, `system` first; the steps below replace entries in place. */
  readonly sections: ContextSection[];
  /** Replaced once when the asked tail cap yields (the tail's builder then shows more messages). */
  builders: SectionBuilders;
  /** Tokens after the system text. */
  readonly available: number;
  /** Tokens of `SECTION_SEPARATOR`. */
  readonly separator: number;
}

/**
 * The room the system text leaves however small the budget: enough for the canonical-state
 * section to show its first kept line (a review or conflict, else the most trusted and freshest
 * value) with the marker saying how many fields were left out, and the separator before it.
 * Zero when there is no state, when not even one line fits the whole budget, or when the whole
 * system text leaves that room anyway.
 */
function stateFloor(
  inputs: ContextInputs,
  request: NormalizedContextRequest,
  limits: ContextLimits,
  tokenizer: Tokenizer,
  separator: number,
  wholeSystem: SectionDraft,
): number {
  const lines = canonicalLines(inputs.entities, request.entity);
  const build = (allowance: number) =>
    canonicalSection(lines, request.now, limits.canonicalFields, allowance, tokenizer);
  const shows = (draft: SectionDraft) => draft.includedIds.length > 0;
  if (lines.length === 0) return 0;
  const whole = build(request.budget - separator);
  if (!shows(whole)) return 0;
  // The usual case: the whole system text and the state section as built at the whole budget fit
  // together, so the least allowance (no larger) leaves the system text whole: skip its search.
  if (wholeSystem.tokens + whole.tokens + separator <= request.budget) return 0;
  return leastAllowance(build, 0, request.budget - separator, shows) + separator;
}

/** How each budgeted section is built within a given allowance. */
function sectionBuilders(
  inputs: ContextInputs,
  request: NormalizedContextRequest,
  limits: ContextLimits,
  tokenizer: Tokenizer,
  inTail: ReadonlySet<string>,
): SectionBuilders {
  const lines = canonicalLines(inputs.entities, request.entity);
  return {
    skills: (allowance) =>
      textSection('skills', SECTION_HEADINGS.skills, inputs.skills, allowance, tokenizer),
    summary: (allowance) =>
      textSection(
        'summary',
        SECTION_HEADINGS.summary,
        inputs.summaries.short,
        allowance,
        tokenizer,
      ),
    canonical_state: (allowance) =>
      canonicalSection(lines, request.now, limits.canonicalFields, allowance, tokenizer),
    state_items: (allowance) =>
      stateItemsSection(
        inputs.stateItems,
        inputs.summaries.long,
        limits.stateItems,
        allowance,
        tokenizer,
        request.query,
      ),
    memories: (allowance) =>
      memoriesSection(
        inputs.memories,
        inTail,
        request.thread,
        limits.memories,
        allowance,
        tokenizer,
      ),
    tail: (allowance) => tailSection(inputs.tail, limits.tailMessages, allowance, tokenizer),
  };
}

/**
 * Builds each budgeted section in render order within its share plus a part of what earlier
 * sections left unused; the tail takes all that remains. Appends them to `layout.sections`.
 */
function allocateShares(
  layout: Layout,
  shares: Readonly<Record<BudgetedSection, number>>,
  baseOf: (name: BudgetedSection) => number,
  emittedBefore: number,
): { readonly consumed: number; readonly emitted: number } {
  const { available, separator, builders, sections } = layout;
  let emitted = emittedBefore;
  let consumed = 0;
  let carry = 0;
  for (const [index, name] of BUDGETED_SECTIONS.entries()) {
    let gross = available - consumed;
    if (name !== 'tail') {
      // What earlier sections left unused is shared among this one and those after it in
      // proportion to their shares, so a leading section cannot swallow all of it.
      const rest = BUDGETED_SECTIONS.slice(index).reduce((sum, later) => sum + shares[later], 0);
      const bonus = rest > 0 ? Math.floor((carry * shares[name]) / rest) : 0;
      carry -= bonus;
      gross = baseOf(name) + bonus;
    }
    const separatorCost = emitted > 0 ? separator : 0;
    const allowance = Math.max(0, gross - separatorCost);
    const draft = builders[name](allowance);
    const used = draft.text === '' ? 0 : draft.tokens + separatorCost;
    if (draft.text !== '') emitted += 1;
    consumed += used;
    carry += gross - used;
    sections.push({ ...draft, share: shares[name], allowance, backfill: 0 });
  }
  return { consumed, emitted };
}

/**
 * Room left after the tail goes back to the sections that were cut, in render order, each
 * growing by at most what is left.
 */
function backfillCutSections(layout: Layout, leftoverAfterTail: number, emittedBefore: number) {
  const { separator, builders, sections } = layout;
  let leftover = leftoverAfterTail;
  let emitted = emittedBefore;
  for (const [index, section] of sections.entries()) {
    if (leftover <= 0) break;
    if (section.name === 'system' || !section.truncated) continue;
    const separatorCost = section.text === '' && emitted > 0 ? separator : 0;
    const allowance = section.tokens + leftover - separatorCost;
    const draft = builders[section.name](allowance);
    const gain = draft.tokens - section.tokens + (draft.text === '' ? 0 : separatorCost);
    if (gain <= 0) continue;
    if (section.text === '') emitted += 1;
    sections[index] = {
      ...draft,
      share: section.share,
      allowance: section.allowance,
      backfill: gain,
    };
    leftover -= gain;
  }
}

/** Tokens the budgeted sections use, separators included (the system text is outside `available`). */
function usedTokens(layout: Layout): number {
  const shown = layout.sections.filter((s) => s.name !== 'system' && s.text !== '');
  const systemShown = layout.sections.some((s) => s.name === 'system' && s.text !== '');
  const separators = shown.length === 0 ? 0 : shown.length - (systemShown ? 0 : 1);
  return shown.reduce((sum, s) => sum + s.tokens, 0) + separators * layout.separator;
}

/**
 * A user message that ends the thread is the turn being answered: when the tail cut or left it
 * out, the memories give the tail room until it shows whole (or have none left to give: only a
 * budget smaller than it cuts it). A user message a reply follows has been answered; it gets no
 * such claim.
 */
function keepNewestUserTurn(layout: Layout, tail: readonly BatchMessage[], cap: number): void {
  // Answered already (a reply follows it), it is history like the rest of the tail.
  const newest = orderMessages(tail).at(-1);
  if (newest === undefined || newest.role !== 'user' || cap === 0) return;
  const { available, separator, builders, sections } = layout;
  const index = sections.findIndex((section) => section.name === 'tail');
  const current = sections[index];
  if (current === undefined) return;
  const shown = (draft: SectionDraft) =>
    draft.includedIds.includes(newest.messageId) && !draft.truncatedIds.includes(newest.messageId);
  if (shown(current)) return;
  const wanted = leastAllowance(builders.tail, current.tokens, available, shown);
  const separatorCost = current.text === '' ? separator : 0;
  const freed = takeRoomFrom(layout, ['memories'], wanted + separatorCost - current.tokens);
  if (freed === 0) return;
  const grown = builders.tail(current.tokens + freed - separatorCost);
  sections[index] = { ...current, ...grown, backfill: current.backfill + freed };
}

/**
 * The asked tail cap yields: room left once every other section has what it can use goes back to
 * the tail, which shows older messages, newest first, up to its full cap.
 */
function yieldToTail(layout: Layout, leftover: number): void {
  const { separator, builders, sections } = layout;
  const index = sections.findIndex((section) => section.name === 'tail');
  const current = sections[index];
  if (current === undefined || leftover <= 0) return;
  const separatorCost = current.text === '' ? separator : 0;
  const grown = builders.tail(current.tokens + leftover - separatorCost);
  const gain = grown.tokens - current.tokens + (grown.text === '' ? 0 : separatorCost);
  if (gain <= 0 || grown.includedIds.length <= current.includedIds.length) return;
  sections[index] = { ...current, ...grown, backfill: current.backfill + gain };
}

/**
 * Priority (issue #12): canonical state (conflict and review markers lead it) and then the open
 * state items are never cut while lower sections keep text. A cut one takes room back from the
 * tail, then memories, summary and skills (canonical state last from the items). The items' claim
 * is bounded (issue #17): up to `itemBound` tokens, or more when the pinned and conflicting items
 * and the first `PRIORITY_ITEMS_FLOOR` chosen need it.
 */
function protectPrioritySections(
  layout: Layout,
  itemBound: number,
  items: readonly StateItem[],
): void {
  const { available, separator, builders, sections } = layout;
  for (const name of PRIORITY_SECTIONS) {
    const index = sections.findIndex((section) => section.name === name);
    const current = sections[index];
    if (current === undefined || !cutForBudget(current)) continue;
    if (name === 'state_items' && current.source !== 'state_items') continue;
    const whole = (draft: SectionDraft) => !cutForBudget(draft);
    let wanted = leastAllowance(builders[name], current.tokens, available, whole);
    if (name === 'state_items') {
      const floor = protectedItemCount(items);
      const floorAllowance = leastAllowance(
        builders[name],
        current.tokens,
        available,
        (draft) => draft.includedIds.length >= floor,
      );
      wanted = Math.min(wanted, Math.max(itemBound, floorAllowance));
    }
    if (wanted <= current.tokens) continue;
    const separatorCost = current.text === '' ? separator : 0;
    const freed = takeRoomFrom(
      layout,
      YIELDING_SECTIONS[name],
      wanted + separatorCost - current.tokens,
    );
    if (freed === 0) continue;
    const grown = builders[name](current.tokens + freed - separatorCost);
    sections[index] = { ...current, ...grown, backfill: current.backfill + freed };
  }
}

/**
 * The room every section leaves once laid out goes to the state items a question did not touch
 * (`build` lays out all of them, the touched ones first): shown only when nothing else wanted the
 * room, they never cost the memories or the tail a line. The long summary, when it holds the
 * slot, keeps it; a draft that would drop a touched item is not taken.
 */
function offerRoomLeftToItems(layout: Layout, build: (allowance: number) => SectionDraft): void {
  const { sections, separator } = layout;
  const index = sections.findIndex((section) => section.name === 'state_items');
  const current = sections[index];
  if (current === undefined || (current.source === 'long_summary' && current.text !== '')) return;
  const left = layout.available - usedTokens(layout);
  const separatorCost = current.text === '' ? separator : 0;
  if (left <= separatorCost) return;
  const grown = build(current.tokens + left - separatorCost);
  const kept = new Set(grown.includedIds);
  if (
    grown.source !== 'state_items' ||
    grown.includedIds.length <= current.includedIds.length ||
    !current.includedIds.every((id) => kept.has(id)) ||
    grown.tokens + separatorCost - current.tokens > left
  ) {
    return;
  }
  const gain = grown.tokens + separatorCost - current.tokens;
  sections[index] = { ...current, ...grown, backfill: current.backfill + gain };
}

/** The least allowance in [`low`, `high`] whose draft satisfies `enough` (`high` if none does). */
function leastAllowance(
  build: (allowance: number) => SectionDraft,
  from: number,
  high: number,
  enough: (draft: SectionDraft) => boolean,
): number {
  let low = from;
  let top = high;
  while (low < top) {
    const middle = Math.floor((low + top) / 2);
    if (enough(build(middle))) top = middle;
    else low = middle + 1;
  }
  return top;
}

/** Items protected whatever the bound: pinned and conflicting ones, and at least the floor. */
function protectedItemCount(items: readonly StateItem[]): number {
  const active = items.filter(isActiveItem);
  const marked = active.filter((item) => item.pinned || item.conflict).length;
  return Math.min(active.length, Math.max(marked, PRIORITY_ITEMS_FLOOR));
}

/** Shrinks the `victims`, in order, until `need` tokens are freed or none is left; returns what was freed. */
function takeRoomFrom(layout: Layout, victims: readonly BudgetedSection[], needed: number): number {
  const { separator, builders, sections } = layout;
  let need = needed;
  let freed = 0;
  for (const victimName of victims) {
    if (need <= 0) break;
    const victimIndex = sections.findIndex((section) => section.name === victimName);
    const victim = sections[victimIndex];
    if (victim === undefined || victim.text === '') continue;
    const shrunk = builders[victimName](Math.max(0, victim.tokens - need));
    const gain = victim.tokens - shrunk.tokens + (shrunk.text === '' ? separator : 0);
    if (gain <= 0) continue;
    sections[victimIndex] = { ...victim, ...shrunk, truncated: true };
    freed += gain;
    need -= gain;
  }
  return freed;
}

/**
 * Nothing twice: a memory showing a message the final tail shows is replaced, within the room
 * the memories already had (so the budget still holds).
 */
function replaceRepeatedMemories(
  layout: Layout,
  inputs: ContextInputs,
  thread: string | null,
  limits: ContextLimits,
  inTail: ReadonlySet<string>,
  tokenizer: Tokenizer,
): void {
  const { sections } = layout;
  const tailShown = new Set(sectionOf(sections, 'tail').includedIds);
  const memoryIndex = sections.findIndex((section) => section.name === 'memories');
  const memorySection = sections[memoryIndex];
  const repeats = (memorySection?.includedIds ?? []).some((id) => {
    const hit = inputs.memories.find((m) => m.id === id);
    return hit?.message_id != null && tailShown.has(hit.message_id);
  });
  if (memorySection === undefined || !repeats) return;
  const rebuilt = memoriesSection(
    inputs.memories,
    new Set([...inTail, ...tailShown]),
    thread,
    limits.memories,
    memorySection.tokens,
    tokenizer,
  );
  sections[memoryIndex] = { ...memorySection, ...rebuilt };
}

/**
 * Tokens can merge across a separator differently than within each section; shrinks the last
 * section until the whole truly fits, and returns the joined text with its count.
 */
function fitWholeToBudget(
  layout: Layout,
  budget: number,
  tokenizer: Tokenizer,
): { readonly markdown: string; readonly total: number } {
  const { builders, sections } = layout;
  let markdown = joinSections(sections);
  let total = tokenizer.count(markdown);
  while (total > budget) {
    const index = sections.findLastIndex((s) => s.text !== '' && s.name !== 'system');
    const section = sections[index];
    if (!section || section.name === 'system') break;
    const shrunk = builders[section.name](Math.max(0, section.tokens - (total - budget)));
    sections[index] = { ...section, ...shrunk };
    markdown = joinSections(sections);
    total = tokenizer.count(markdown);
  }
  return { markdown, total };
}

/** Whether a section left something out for lack of room (not for its hard cap). */
function cutForBudget(draft: SectionDraft): boolean {
  return draft.dropped.some((entry) => entry.reason === 'budget') || draft.truncatedIds.length > 0;
}

function joinSections(sections: readonly ContextSection[]): string {
  return sections
    .filter((section) => section.text !== '')
    .map((section) => section.text)
    .join(SECTION_SEPARATOR);
}
