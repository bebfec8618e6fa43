import type { BatchMessage } from '../core/index.js';
import {
  assembleContext,
  type ContextOptions,
  type ContextRequest,
  type ContextResult,
  normalizeContextRequest,
  resolveContextLimits,
} from './assemble-context.js';
import { ASKED_CONTEXT_LIMITS } from './context-budget.js';
import { orderMessages } from './context-sections.js';
import type { ContextSources, MemoryHit, SourceRequest } from './context-sources.js';

function latestUserMessage(messages: readonly BatchMessage[]): string | null {
  const users = orderMessages(messages).filter((message) => message.role === 'user');
  const content = users.at(-1)?.content.trim() ?? '';
  return content === '' ? null : content;
}

/**
 * Builds the context for one agent turn: reads what `request` needs from `sources` (in parallel,
 * each source at most once), then assembles it within the token budget (see `assembleContext`).
 * Without a `query`, memories are retrieved for the thread's latest user message; with one, the
 * memories lead and the tail keeps only the newest turns (`ASKED_CONTEXT_LIMITS`, under any limits
 * the caller sets).
 *
 * Throws `EngineError` `VALIDATION_FAILED` for a bad request or limits, and whatever a source
 * throws. Deterministic given the sources' answers.
 */
export async function buildContext(
  request: ContextRequest,
  sources: ContextSources,
  options: ContextOptions = {},
): Promise<ContextResult> {
  const normalized = normalizeContextRequest(request);
  if (!normalized.ok) throw normalized.error;
  const { entity, thread, now, query: asked } = normalized.value;
  // Asked about something, the memories lead (ASKED_CONTEXT_LIMITS); the caller's limits win.
  const askedLimits =
    asked === null ? options.limits : { ...ASKED_CONTEXT_LIMITS, ...options.limits };
  const limits = resolveContextLimits(askedLimits);
  if (!limits.ok) throw limits.error;
  const sourceRequest: SourceRequest = { entity, thread, now };
  const memoriesFor = async (query: string | null): Promise<readonly MemoryHit[]> =>
    query === null || limits.value.memories === 0
      ? []
      : sources.memories(query, sourceRequest, limits.value.memories);
  const [entities, skills, stateItems, summaries, tail, askedMemories] = await Promise.all([
    sources.entities(sourceRequest),
    sources.skills(sourceRequest),
    sources.stateItems(sourceRequest),
    thread === null ? { short: null, long: null } : sources.summaries(thread),
    thread === null || limits.value.tailMessages === 0
      ? []
      : sources.tail(thread, limits.value.tailMessages),
    asked === null ? null : memoriesFor(asked),
  ]);
  const query = asked ?? latestUserMessage(tail);
  const memories = askedMemories ?? (await memoriesFor(query));
  const result = assembleContext(
    request,
    { entities, stateItems, summaries, skills, memories, tail, query },
    { ...options, limits: limits.value },
  );
  if (!result.ok) throw result.error;
  return result.value;
}
