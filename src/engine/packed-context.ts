import { type ContextResult, createGptTokenizer, MAX_CONTEXT_BUDGET } from '../context/index.js';
import { EngineError, toWireJson } from '../core/index.js';
import { maskSecrets } from '../language/index.js';
import type { BuildContextRequest, ContextCapability } from './context-capability.js';
import type { ObserverCapability } from './observer/types.js';
import {
  MAX_PACK_BUDGET,
  MIN_PACK_BUDGET,
  type RecallCapability,
  type RecallPackView,
} from './recall-pack.js';

/** What a context headed by the user's Hard Rules reads: their MEMORY.md entries, and the context. */
type RulesEngine = {
  readonly observer: Pick<ObserverCapability, 'listMemory'>;
} & ContextCapability;

/**
 * A recall pack (seed 004) in front of a turn's context, headed by the user's Hard Rules, within
 * one token budget.
 */
export interface PackedContext {
  /** The rules, paid for first, as `ruledContext` gives them. */
  readonly hard_rules: HardRulesBlock;
  /**
   * Null for a thread asked without an entity (see `packedContext`), and when the rules leave no
   * room for one (fewer than `MIN_PACK_BUDGET` tokens, or a rule did not fit).
   */
  readonly pack: RecallPackView | null;
  /** Built within the budget the rules and the pack leave; its markdown is left out while a rule is. */
  readonly context: ContextResult;
  /** The rules' block, then the pack's markdown, then the context's. */
  readonly markdown: string;
  /** The whole budget asked for. */
  readonly budget: number;
  /** Tokens of `markdown` (`o200k_base`). */
  readonly total: number;
}

/**
 * Recall-pack mode, as the CLI's `context --pack`, MCP's `get_context { pack: true }` and HTTP's
 * `GET /api/context?pack=true` give it: the user's Hard Rules first, paid for first as in
 * `ruledContext` (rules that do not fit are never cut silently: the block says how many did not,
 * and while one is left out nothing of lower priority is shown); then the pack, in up to a third
 * of what they leave; the context gets the rest. A thread asked for without an entity gets neither
 * rules nor pack: a pack is one entity's commitments and state from every thread, the rules one
 * person's, and in front of the thread's own view they would show that person to everyone in it.
 */
export async function packedContext(
  engine: { readonly recall: RecallCapability } & RulesEngine,
  request: BuildContextRequest & { readonly budget: number },
): Promise<PackedContext> {
  checkBudget(request.budget);
  const tokenizer = createGptTokenizer();
  const threadOnly = isThreadOnly(request);
  const rules = threadOnly ? [] : await hardRules(engine);
  const block =
    rules.length === 0 ? NO_RULES : hardRulesBlock(rules, request.budget, tokenizer.count);
  const separator = tokenizer.count(BLOCK_SEPARATOR);
  const afterRules = request.budget - (block.tokens === 0 ? 0 : block.tokens + separator);
  const roomForPack = !threadOnly && block.omitted === 0 && afterRules >= MIN_PACK_BUDGET;
  const pack = roomForPack
    ? await engine.recall.recallPack({
        ...(request.entity === undefined ? {} : { entity_id: request.entity }),
        ...(request.query === undefined ? {} : { query: request.query }),
        budget: Math.min(MAX_PACK_BUDGET, Math.max(MIN_PACK_BUDGET, Math.floor(afterRules / 3))),
        // A rule shown in the block above is not repeated among the pack's P0 constraints.
        shown_rules: block.entries.map((entry) => entry.memory_id),
      })
    : null;
  const left = afterRules - (pack === null || pack.markdown === '' ? 0 : pack.tokens + separator);
  const context = await engine.buildContext({
    ...request,
    budget: Math.max(1, left),
    shown: [...block.entries.map((entry) => entry.text), ...packTexts(pack)],
  });
  // While a rule is left out, nothing of lower priority takes the room it could not have.
  const shown = block.omitted === 0 && left > 0 ? context.markdown : '';
  const markdown = [block.markdown, pack?.markdown ?? '', shown]
    .filter((m) => m !== '')
    .join(BLOCK_SEPARATOR);
  return {
    hard_rules: block,
    pack,
    context: shown === '' ? unshown(context) : context,
    markdown,
    budget: request.budget,
    total: tokenizer.count(markdown),
  };
}

/** The texts of a pack's entries, which the context under it does not repeat. */
function packTexts(pack: RecallPackView | null): string[] {
  return pack === null
    ? []
    : pack.sections.flatMap((section) => section.entries.map((e) => e.text));
}

/**
 * Recall-pack mode as every surface answers it (CLI `context --pack --json`, MCP `get_context`
 * with `pack`, HTTP `GET /api/context?pack=true`): one wire shape, snake_case throughout.
 */
export interface PackedContextView {
  /** The whole budget asked for. */
  readonly budget: number;
  /** Tokens of `markdown`: the rules, the pack and the context together. */
  readonly total: number;
  readonly markdown: string;
  readonly hard_rules: HardRulesBlock;
  readonly recall_pack: RecallPackView | null;
  /**
   * The context under the pack, as `verity context --json` shows one: its own budget and total,
   * sections with their text, included ids.
   */
  readonly context: Readonly<Record<string, unknown>>;
}

/** The one view of a `packedContext` every surface returns. */
export function packedContextView(packed: PackedContext): PackedContextView {
  return {
    budget: packed.budget,
    total: packed.total,
    markdown: packed.markdown,
    hard_rules: packed.hard_rules,
    recall_pack: packed.pack,
    context: toWireJson(packed.context) as Readonly<Record<string, unknown>>,
  };
}

/** The user's Hard Rules as they head a turn's context (`ruledContext`). */
export interface HardRulesBlock {
  /** The rules shown, in promotion order: the active P0 entries of MEMORY.md. */
  readonly entries: readonly { readonly memory_id: string; readonly text: string }[];
  /** Rules that did not fit the budget; the block's last line says so. */
  readonly omitted: number;
  /** Tokens of `markdown` (`o200k_base`). */
  readonly tokens: number;
  /** `''` when the user has no Hard Rules. */
  readonly markdown: string;
}

/** A turn's context headed by the user's Hard Rules, within one token budget. */
export interface RuledContext {
  readonly hard_rules: HardRulesBlock;
  /** Built within the budget the rules leave; its markdown is left out when they leave none. */
  readonly context: ContextResult;
  /** The rules' block, then the context's markdown. */
  readonly markdown: string;
  /** The whole budget asked for: the rules' tokens and the context's together. */
  readonly budget: number;
  /** Tokens of `markdown` (`o200k_base`): the rules and the context together. */
  readonly total: number;
}

const HARD_RULES_HEADING = '## Hard Rules';
/** The block of a user without Hard Rules (and of a thread asked for without an entity). */
const NO_RULES: HardRulesBlock = { entries: [], omitted: 0, tokens: 0, markdown: '' };
/** Between the rules' block and the context. */
const BLOCK_SEPARATOR = '\n\n';

/**
 * The context of one turn with the user's Hard Rules (the active P0 entries of MEMORY.md, which
 * apply to every entity and every prompt) in front, paid for first: the context gets the budget
 * they leave. Rules that do not fit are never cut silently: the block shows the whole rules that
 * fit and ends with a line saying how many did not (that line is shown even when the budget is too
 * small to hold it). Without Hard Rules it is the context as `buildContext` gives it, and so it is
 * for a thread asked for without an entity: like the recall pack (`packedContext`), the rules are
 * one person's, drawn from their sessions, and that view is shown to everyone in the thread.
 */
export async function ruledContext(
  engine: RulesEngine,
  request: BuildContextRequest & { readonly budget: number },
): Promise<RuledContext> {
  checkBudget(request.budget);
  const rules = isThreadOnly(request) ? [] : await hardRules(engine);
  if (rules.length === 0) {
    const context = await engine.buildContext(request);
    const { markdown, budget, total } = context;
    return { hard_rules: NO_RULES, context, markdown, budget, total };
  }
  const tokenizer = createGptTokenizer();
  const block = hardRulesBlock(rules, request.budget, tokenizer.count);
  const left = request.budget - block.tokens - tokenizer.count(BLOCK_SEPARATOR);
  const context = await engine.buildContext({
    ...request,
    budget: Math.max(1, left),
    shown: block.entries.map((entry) => entry.text),
  });
  // While a rule is left out, nothing of lower priority takes the room it could not have.
  const shown = block.omitted === 0 && left > 0 ? context.markdown : '';
  const markdown = [block.markdown, shown].filter((m) => m !== '').join(BLOCK_SEPARATOR);
  return {
    hard_rules: block,
    context: shown === '' ? unshown(context) : context,
    markdown,
    budget: request.budget,
    total: tokenizer.count(markdown),
  };
}

/**
 * Refuses a budget the context builder would refuse, before the rules are paid for: with Hard
 * Rules the context is built in what they leave, so a budget of 0 would otherwise pass.
 */
function checkBudget(budget: number): void {
  if (!Number.isInteger(budget) || budget < 1 || budget > MAX_CONTEXT_BUDGET) {
    throw new EngineError(
      'VALIDATION_FAILED',
      `budget must be a whole number of tokens from 1 to ${MAX_CONTEXT_BUDGET}`,
      { budget },
    );
  }
}

/**
 * A context built but not shown (a Hard Rule did not fit): it reports no sections, no ids and no
 * tokens, so no surface lists what the agent never received.
 */
function unshown(context: ContextResult): ContextResult {
  return {
    ...context,
    total: 0,
    sections: [],
    truncated: [],
    markdown: '',
    included: {
      ...context.included,
      messageIds: [],
      memoryIds: [],
      stateItemUids: [],
      stateItemRefs: [],
      entityIds: [],
    },
  };
}

/** The most whole rules, in order, that fit `budget` with the line saying how many did not. */
function hardRulesBlock(
  rules: HardRulesBlock['entries'],
  budget: number,
  count: (text: string) => number,
): HardRulesBlock {
  const line = (rule: (typeof rules)[number]) => `- ${rule.text} (MEMORY.md ${rule.memory_id})`;
  const render = (shown: number) => {
    const omitted = rules.length - shown;
    const notice =
      omitted === 0
        ? []
        : [
            `- [${omitted} of ${rules.length} Hard Rules did not fit the ${budget}-token budget: read MEMORY.md or ask for a larger budget before acting]`,
          ];
    return [HARD_RULES_HEADING, ...rules.slice(0, shown).map(line), ...notice].join('\n');
  };
  let shown = rules.length;
  while (shown > 0 && count(render(shown)) > budget) shown -= 1;
  const markdown = render(shown);
  return {
    entries: rules.slice(0, shown),
    omitted: rules.length - shown,
    tokens: count(markdown),
    markdown,
  };
}

/** A thread asked for without an entity: its own view, which everyone in it reads. */
function isThreadOnly(request: BuildContextRequest): boolean {
  return (request.thread?.trim() ?? '') !== '' && request.entity === undefined;
}

/** The user's Hard Rules: the active P0 entries of MEMORY.md, in promotion order, masked. */
async function hardRules(engine: RulesEngine): Promise<HardRulesBlock['entries']> {
  return (await engine.observer.listMemory())
    .filter((m) => m.status === 'active' && m.memory_priority === 'P0')
    .map((m) => ({
      memory_id: m.memory_id,
      text: maskSecrets(m.text.replace(/\s+/g, ' ').trim()),
    }));
}
