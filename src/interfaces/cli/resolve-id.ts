import { PROMPT_STATUSES } from '../../core/index.js';
import type { Engine } from '../../engine/index.js';
import { UsageError } from './exit-codes.js';

/** The kinds of id a command takes that a person may type shortened. */
export type IdKind =
  | 'prompt'
  | 'task'
  | 'item'
  | 'proposal'
  | 'memory'
  | 'MEMORY.md entry'
  | 'dead letter';

/** Every id of a kind the store holds, whatever its status (a prefix must be unique among all). */
const KNOWN: Readonly<Record<IdKind, (engine: Engine) => Promise<readonly string[]>>> = {
  prompt: async (engine) =>
    (await engine.listReviews({ status: PROMPT_STATUSES })).map((p) => p.prompt_id),
  task: async (engine) => (await engine.tasks.list({ state: 'all' })).map((t) => t.id),
  item: async (engine) =>
    (await engine.listStateItems({ status: 'all' })).items.map((item) => item.uid),
  proposal: async (engine) =>
    (await engine.observer.listProposals('all')).map((p) => p.proposal_id),
  memory: async (engine) => (await engine.vault.listMemories()).map((m) => m.memory_id),
  'MEMORY.md entry': async (engine) =>
    (await engine.observer.listMemory(true)).map((m) => m.memory_id),
  'dead letter': async (engine) => (await engine.listDlq()).map((d) => d.dlqId),
};

/** How many candidates an ambiguity error names before it counts the rest. */
const NAMED = 5;

/**
 * The shortest start taken for an id (as git takes no fewer than four hex digits): commands that
 * forget, cancel or discard act on what a start resolves to, and ids share their type marker
 * (`mem_`, `TASK-`, `p-`), so one or two typed characters must never pick an id alone.
 */
export const MIN_ID_START = 8;

/**
 * The id `typed` stands for among `known`: itself when it is one of them or the start of none (the
 * command then reports it as not found), else the one id it starts (case-insensitively). A start
 * shorter than `MIN_ID_START`, or one several ids share, is a usage error (the latter naming them).
 */
export function matchIdPrefix(typed: string, known: readonly string[], kind: IdKind): string {
  if (typed === '' || known.includes(typed)) return typed;
  const start = typed.toLowerCase();
  if (start.length < MIN_ID_START) {
    if (!known.some((id) => id.toLowerCase().startsWith(start))) return typed;
    throw new UsageError(
      `"${typed}" is too short to name a ${kind}: type at least ${MIN_ID_START} characters of its id, or all of it`,
    );
  }
  const matches = [...new Set(known.filter((id) => id.toLowerCase().startsWith(start)))].sort();
  const [only] = matches;
  if (only === undefined) return typed;
  if (matches.length === 1) return only;
  const named = matches.slice(0, NAMED).join(', ');
  const more = matches.length > NAMED ? ` and ${matches.length - NAMED} more` : '';
  throw new UsageError(
    `"${typed}" is the start of ${matches.length} ${kind} ids (${named}${more}); type more of it`,
  );
}

/**
 * The full id of `kind` that `typed` (a full id, or its unambiguous start as shown) names; the one
 * resolution every command taking such an id uses. See `matchIdPrefix`.
 */
export async function resolveId(engine: Engine, kind: IdKind, typed: string): Promise<string> {
  return matchIdPrefix(typed, await KNOWN[kind](engine), kind);
}
