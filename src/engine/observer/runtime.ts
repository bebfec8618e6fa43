import { resolve } from 'node:path';
import { createGptTokenizer } from '../../context/index.js';
import { type Clock, EngineError, type JsonObject, toIso } from '../../core/index.js';
import type { Embedder } from '../../embeddings/index.js';
import type { JobQueue } from '../../jobs/index.js';
import type { EVENT_TYPES } from '../../ledger/index.js';
import type {
  MemoryEntry,
  ObserverOutput,
  Proposal,
  ReflectorSettings,
  TokenCounter,
} from '../../observer/index.js';
import { DEFAULT_REFLECTOR_SETTINGS } from '../../observer/index.js';
import type { PipelineDeps } from '../../pipeline/index.js';
import { recordEvent } from '../../pipeline/index.js';
import type { Store } from '../../stores/index.js';
import type {
  EngineObserverOptions,
  MemoryEntryView,
  ObserveReport,
  ObserverCapabilityDeps,
  PromotionLink,
  ProposalView,
} from './types.js';

/** A day in milliseconds. */
export const DAY_MS = 86_400_000;
/** The daily job runs at this UTC hour. */
export const DAILY_HOUR = 6;

/**
 * What every observer step reads: the engine's dependencies, the settings resolved once, and the
 * paths of the files the observer writes.
 */
export interface ObserverRuntime {
  readonly store: Store;
  readonly deps: PipelineDeps;
  readonly clock: Clock;
  readonly options: EngineObserverOptions;
  readonly jobs: () => Promise<JobQueue>;
  readonly forget: ObserverCapabilityDeps['forget'];
  readonly afterForget: ObserverCapabilityDeps['afterForget'];
  readonly memories: PromotionLink | undefined;
  /** The search embedder, or null when vectors are off. */
  readonly embedder: Embedder | null;
  /** Where MEMORY.md, REVIEW.md and memory/YYYY-MM-DD.md are written. */
  readonly workspace: string;
  readonly reviewPath: string;
  readonly memoryPath: string;
  /** The reflector's settings (budget and compression ratio from the options). */
  readonly settings: ReflectorSettings;
  /**
   * Counts the reflector's tokens (compression, MEMORY.md budget) with the context builder's
   * tokenizer (`o200k_base`), whose tables load on the first count, not at start-up.
   */
  readonly countTokens: TokenCounter;
  /** Records one observer event in the ledger; false when it was recorded already. */
  readonly record: (
    type: (typeof EVENT_TYPES)[keyof typeof EVENT_TYPES],
    payload: JsonObject,
  ) => Promise<boolean>;
}

/** Resolves the observer's settings and paths once. */
export function createObserverRuntime(
  context: ObserverCapabilityDeps,
  options: EngineObserverOptions,
): ObserverRuntime {
  const workspace = options.workspace ?? process.cwd();
  const tokenizer = createGptTokenizer();
  return {
    store: context.store,
    deps: context.deps,
    clock: context.clock,
    options,
    jobs: context.jobs,
    forget: context.forget,
    afterForget: context.afterForget,
    memories: context.memories,
    embedder: context.embedder ?? null,
    workspace,
    reviewPath: resolve(workspace, 'REVIEW.md'),
    memoryPath: resolve(workspace, 'MEMORY.md'),
    settings: {
      ...DEFAULT_REFLECTOR_SETTINGS,
      budgetTokens: options.memoryBudgetTokens ?? DEFAULT_REFLECTOR_SETTINGS.budgetTokens,
      maxRatio: options.maxCompressionRatio ?? DEFAULT_REFLECTOR_SETTINGS.maxRatio,
    },
    countTokens: (text) => tokenizer.count(text),
    record: (type, payload) => recordEvent(context.deps, type, payload),
  };
}

/** A UTC day as YYYYMMDD, for proposal and fix ids. */
export function stamp(ms: number): string {
  return toIso(ms).slice(0, 10).replace(/-/g, '');
}

/** The next `count` proposal ids of the day `now` falls on (`p-YYYYMMDD-NNN`), after `taken`. */
export function nextProposalIds(
  taken: readonly { readonly proposal_id: string }[],
  now: number,
  count = 1,
): string[] {
  const day = stamp(now);
  const used = taken.filter((p) => p.proposal_id.startsWith(`p-${day}-`)).length;
  return Array.from(
    { length: count },
    (_, i) => `p-${day}-${String(used + i + 1).padStart(3, '0')}`,
  );
}

/** A proposal as surfaces list it, with its expiry when pending. */
export function toView(p: Proposal, decidedBy: string | null = null): ProposalView {
  const { event_ids: _events, ...rest } = p;
  return {
    ...rest,
    expires_at: p.status === 'pending' ? toIso(Date.parse(p.staged_at) + 7 * DAY_MS) : null,
    decided_by: decidedBy,
  };
}

/**
 * Who approved or rejected a proposal: the `decided_by` of its resolution, the last event it
 * folded (null while pending, for an expiry, or when the decision named no one).
 */
export async function decidedBy(rt: ObserverRuntime, p: Proposal): Promise<string | null> {
  if (p.status !== 'approved' && p.status !== 'rejected') return null;
  const last = p.event_ids.at(-1);
  if (last === undefined) return null;
  const value = (await rt.store.getEvent(last))?.payload['decided_by'];
  return typeof value === 'string' ? value : null;
}

/** A proposal as surfaces list it, with who decided it. */
export async function toDecidedView(rt: ObserverRuntime, p: Proposal): Promise<ProposalView> {
  return toView(p, await decidedBy(rt, p));
}

/** A promoted entry as surfaces list it. */
export function toMemoryView(m: MemoryEntry): MemoryEntryView {
  const { event_ids: _events, ...rest } = m;
  return rest;
}

/** Observations of an observer run by priority. */
export function countBy(output: ObserverOutput): ObserveReport['observations'] {
  const counts = { red: 0, yellow: 0, green: 0 };
  for (const s of output.segments) for (const o of s.observations) counts[o.priority] += 1;
  return counts;
}

/** NOT_FOUND for `what` `id`. */
export function notFound(what: string, id: string): EngineError {
  return new EngineError('NOT_FOUND', `no ${what} ${id}`, { id });
}
