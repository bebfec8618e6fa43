import { type ContextResult, createGptTokenizer } from '../context/index.js';
import { maskSecrets } from '../language/index.js';
import type { BuildContextRequest, ContextCapability } from './context-capability.js';
import type { ObserverCapability } from './observer/types.js';
import type { RecallCapability, RecallPackView } from './recall-pack.js';

/** A recall pack (seed 004) in front of a turn's context, within one token budget. */
export interface PackedContext {
  /** Null for a thread asked without an entity: see `packedContext`. */
  readonly pack: RecallPackView | null;
  readonly context: ContextResult;
  /** The pack's markdown, then the context's. */
  readonly markdown: string;
}

/**
 * Recall-pack mode, as the CLI's `context --pack` and MCP's `get_context { pack: true }` give it:
 * the pack takes up to a third of `budget`, the context the rest. A thread asked for without an
 * entity gets no pack: a pack is one entity's commitments and state from every thread, and in
 * front of the thread's own view it would show that person's private threads to everyone in it.
 */
export async function packedContext(
  engine: { readonly recall: RecallCapability } & ContextCapability,
  request: BuildContextRequest & { readonly budget: number },
): Promise<PackedContext> {
  const threadOnly = (request.thread?.trim() ?? '') !== '' && request.entity === undefined;
  const pack = threadOnly
    ? null
    : await engine.recall.recallPack({
        ...(request.entity === undefined ? {} : { entity_id: request.entity }),
        ...(request.query === undefined ? {} : { query: request.query }),
        budget: Math.max(50, Math.floor(request.budget / 3)),
      });
  const context = await engine.buildContext({
    ...request,
    budget: Math.max(1, request.budget - (pack?.tokens ?? 0)),
  });
  const markdown = [pack?.markdown ?? '', context.markdown].filter((m) => m !== '').join('\n\n');
  return { pack, context, markdown };
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
}

const HARD_RULES_HEADING = '## Hard Rules';
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
  engine: { readonly observer: Pick<ObserverCapability, 'listMemory'> } & ContextCapability,
  request: BuildContextRequest & { readonly budget: number },
): Promise<RuledContext> {
  const threadOnly = (request.thread?.trim() ?? '') !== '' && request.entity === undefined;
  const rules = (threadOnly ? [] : await engine.observer.listMemory())
    .filter((m) => m.status === 'active' && m.memory_priority === 'P0')
    .map((m) => ({
      memory_id: m.memory_id,
      text: maskSecrets(m.text.replace(/\s+/g, ' ').trim()),
    }));
  if (rules.length === 0) {
    const context = await engine.buildContext(request);
    const none = { entries: [], omitted: 0, tokens: 0, markdown: '' };
    return { hard_rules: none, context, markdown: context.markdown };
  }
  const tokenizer = createGptTokenizer();
  const block = hardRulesBlock(rules, request.budget, tokenizer.count);
  const left = request.budget - block.tokens - tokenizer.count(BLOCK_SEPARATOR);
  const context = await engine.buildContext({ ...request, budget: Math.max(1, left) });
  // While a rule is left out, nothing of lower priority takes the room it could not have.
  const shown = block.omitted === 0 && left > 0 ? context.markdown : '';
  const markdown = [block.markdown, shown].filter((m) => m !== '').join(BLOCK_SEPARATOR);
  return { hard_rules: block, context, markdown };
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
