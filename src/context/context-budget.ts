import { STATE_ITEM_LIMITS } from '../core/index.js';

/** How much room a context gets: `full` for capable models, `minimal` favours the recent tail. */
export type ContextMode = 'full' | 'minimal';

/** The modes, in documentation order. */
export const CONTEXT_MODES = ['full', 'minimal'] as const satisfies readonly ContextMode[];

/** The sections that share the budget, in the order they render and in which leftovers flow. */
export const BUDGETED_SECTIONS = [
  'skills',
  'summary',
  'canonical_state',
  'state_items',
  'memories',
  'tail',
] as const;

/** A section that receives a share of the budget. */
export type BudgetedSection = (typeof BUDGETED_SECTIONS)[number];

/** Every section of a context, in render order. `system` is paid for before the shares. */
export type ContextSectionName = 'system' | BudgetedSection;

/** Every section of a context, in render order. */
export const CONTEXT_SECTIONS = [
  'system',
  ...BUDGETED_SECTIONS,
] as const satisfies readonly ContextSectionName[];

/**
 * Percent of the budget left after the system text that each section may use, per mode (ADR
 * 2026-11-25-context-budget). Seed 001's shares (summary 6, structured state 14, skills 10/8,
 * retrieved context 15/12, tail 55/60) scaled by 0.88 and rounded by largest remainder, which
 * frees 12 % for canonical state, the same share the structured state items keep. Each row sums
 * to 100. A section's unused allowance flows to the next section in this order; the tail takes
 * whatever is left.
 */
export const CONTEXT_BUDGET_SPLITS = {
  full: { skills: 9, summary: 5, canonical_state: 12, state_items: 12, memories: 13, tail: 49 },
  minimal: { skills: 7, summary: 5, canonical_state: 12, state_items: 12, memories: 11, tail: 53 },
} as const satisfies Record<ContextMode, Readonly<Record<BudgetedSection, number>>>;

/** Tokens of context when the request names no budget. */
export const DEFAULT_CONTEXT_BUDGET = 2000;

/** Hard caps on the entries of each list section, whatever the budget. */
export interface ContextLimits {
  /** State items rendered (seed 001's `state_max_active_items`). */
  readonly stateItems: number;
  /** Memory hits asked for and rendered. */
  readonly memories: number;
  /** Tail messages asked for and rendered. */
  readonly tailMessages: number;
  /** Canonical-state lines (fields and open prompts) across all entities. */
  readonly canonicalFields: number;
}

/** The default caps: seed 001's 40 state items; the rest sized for a 2,000-token context. */
export const DEFAULT_CONTEXT_LIMITS = {
  stateItems: STATE_ITEM_LIMITS.maxRenderedItems,
  memories: 20,
  tailMessages: 40,
  canonicalFields: 60,
} as const satisfies ContextLimits;

/**
 * The caps that change when the caller asks about something (an explicit `query`), over
 * `DEFAULT_CONTEXT_LIMITS`; limits the caller sets win over both. Asked about a topic, the agent
 * needs what was said about it wherever it was said, so the retrieved memories lead (`memories`:
 * hits asked for and shown) and the tail starts from only its newest turns (`tailMessages`, with
 * `DEFAULT_ASKED_TAIL_SHARE`). That tail cap yields: the tail is read at its normal count, and
 * room the memories leave unused goes back to it, newest first; the newest user message is never
 * cut for memories. A caller's own `tailMessages` turns the asked tail cap off. Without a query
 * (memories retrieved for the latest user message) the conversation leads, as before. Chosen on
 * LoCoMo half A and the LongMemEval tuning half (docs/decisions/2026-11-25-context-budget.md,
 * amendments of 2026-11-27).
 */
export const ASKED_CONTEXT_LIMITS = {
  memories: 40,
  tailMessages: 10,
} as const satisfies Partial<ContextLimits>;
