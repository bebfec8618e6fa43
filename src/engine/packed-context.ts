import type { ContextResult } from '../context/index.js';
import type { BuildContextRequest, ContextCapability } from './context-capability.js';
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
