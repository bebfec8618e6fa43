import { type BatchMessage, comparableText } from '../core/index.js';
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

/** A text as it is compared with what is shown above the context. */
function sameSaying(text: string): string {
  return comparableText(text).replace(/[.!;:]+$/, '');
}

/** The hits that say something other than each of `shown` (see `ContextRequest.shown`). */
function notShownAbove(
  hits: readonly MemoryHit[],
  shown: readonly string[] | undefined,
): readonly MemoryHit[] {
  if (shown === undefined || shown.length === 0) return hits;
  const above = new Set(shown.map(sameSaying));
  return hits.filter((hit) => !above.has(sameSaying(hit.text)));
}

function latestUserMessage(messages: readonly BatchMessage[]): string | null {
  const users = orderMessages(messages).filter((message) => message.role === 'user');
  const content = users.at(-1)?.content.trim() ?? '';
  return content === '' ? null : content;
}

/**
 * Builds the context for one agent turn: reads what `request` needs from `sources` (in parallel,
 * each source at most once), then assembles it within the token budget (see `assembleContext`).
 * Without a `query`, memories are retrieved for the thread's latest user message; with one, the
 * memories lead (`ASKED_CONTEXT_LIMITS`): up to 40 hits, and the tail starts from its newest 10
 * messages and the asked tail share, then takes back the room the memories leave unused (the tail
 * is read at its normal count). Limits the caller sets win: an explicit `limits.tailMessages`
 * turns the asked tail cap and share off (unless `askedTailShare` is set too).
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
  const callerTail = options.limits?.tailMessages !== undefined;
  const askedLimits =
    asked === null
      ? options.limits
      : { memories: ASKED_CONTEXT_LIMITS.memories, ...options.limits };
  const limits = resolveContextLimits(askedLimits);
  if (!limits.ok) throw limits.error;
  const askedTail: ContextOptions =
    asked === null
      ? {}
      : callerTail
        ? // The caller sized the tail: no asked cap, and the mode's own tail share (100 clamps to it).
          { askedTailShare: options.askedTailShare ?? 100 }
        : { askedTailMessages: ASKED_CONTEXT_LIMITS.tailMessages };
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
  const memories = notShownAbove(askedMemories ?? (await memoriesFor(query)), request.shown);
  const result = assembleContext(
    request,
    { entities, stateItems, summaries, skills, memories, tail, query },
    { ...options, ...askedTail, limits: limits.value },
  );
  if (!result.ok) throw result.error;
  return result.value;
}
