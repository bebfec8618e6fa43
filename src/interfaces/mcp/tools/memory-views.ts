import { z } from 'zod';
import { EngineError, PREDICTION_ERROR_TYPES } from '../../../core/index.js';
import type { Engine, MemoryView, PredictionErrorView } from '../../../engine/index.js';

/**
 * The prediction error types of the vault: the one list the MCP tools and the HTTP routes validate
 * against (compilation fails when a type is missing).
 */
export const ERROR_TYPES = PREDICTION_ERROR_TYPES;

/** A memory id argument. */
export const memoryIdInput = z.string().min(1).max(100);
/** A memory's text argument. */
export const textInput = z.string().min(1).max(4000);
/** A memory's tags argument. */
export const tagsInput = z.array(z.string().min(1).max(60)).max(20);
/** The notes a memory cites besides the [[wiki links]] in its text. */
export const citesInput = z.array(z.string().min(1).max(300)).max(20);

const memory = z.object({
  memory_id: z.string(),
  entity_id: z.string(),
  text: z.string(),
  tags: z.array(z.string()),
  cites: z.array(z.string()),
  source: z.object({ kind: z.string(), ref: z.string().nullable() }),
  revision: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  drift: z.array(z.string()),
});

/** A prediction error row in its wire form. */
export const predictionError = z.object({
  error_id: z.string(),
  error_type: z.enum(ERROR_TYPES),
  memory_id: z.string().nullable(),
  memory_text: z.string().nullable(),
  note_path: z.string().nullable(),
  query: z.string(),
  distance: z.number().nullable(),
  passage_then: z.string().nullable(),
  passage_now: z.string().nullable(),
  detail: z.string().nullable(),
  detected_at: z.string(),
  last_seen_at: z.string(),
  resolved_at: z.string().nullable(),
});

/** Output of `record_memory` and `update_memory`. */
export const memoryWriteOutput = {
  memory,
  ambiguous_links: z.array(z.object({ target: z.string(), candidates: z.array(z.string()) })),
  missing_links: z.array(z.string()),
};

/** The memory fields `record_memory` and `update_memory` take. */
export const memoryWriteInput = {
  text: textInput,
  tags: tagsInput.optional(),
  cites: citesInput.optional(),
};

/** The text, tags and cites of a memory write, leaving out the ones not given. */
export function memoryWriteOf(args: {
  readonly text: string;
  readonly tags?: string[] | undefined;
  readonly cites?: string[] | undefined;
}): { text: string; tags?: string[]; cites?: string[] } {
  return {
    text: args.text,
    ...(args.tags === undefined ? {} : { tags: args.tags }),
    ...(args.cites === undefined ? {} : { cites: args.cites }),
  };
}

/** One line for people describing a memory (drift flagged). */
export function memoryLine(view: MemoryView): string {
  const drift = view.drift.length === 0 ? '' : ` [DRIFTED: ${view.drift.join(', ')}]`;
  return `${view.memory_id} r${view.revision}${drift} ${view.text}`;
}

/** One line for people describing a prediction error. */
export function errorLine(row: PredictionErrorView): string {
  const parts = [`${row.error_id} ${row.error_type} ${row.memory_id ?? row.note_path ?? ''}`];
  if (row.memory_text !== null) parts.push(`memory: ${row.memory_text}`);
  if (row.passage_then !== null) parts.push(`then: ${row.passage_then}`);
  if (row.passage_now !== null) parts.push(`now: ${row.passage_now}`);
  if (row.detail !== null) parts.push(row.detail);
  return parts.join(' | ');
}

/** Checks that `memoryId` belongs to `entityId`; another entity's memory is reported missing. */
export async function ownedMemory(
  engine: Engine,
  entityId: string,
  memoryId: string,
): Promise<MemoryView> {
  // A MEMORY.md entry id (`m-…`, as `verity memory list` shows it) names the memory promoted
  // from it: one fact, one memory, whichever of its two ids the agent was given.
  const memories = await engine.vault.listMemories({ entityId });
  const own =
    memories.find((m) => m.memory_id === memoryId) ??
    memories.find((m) => m.source.kind === 'promotion' && m.source.ref === memoryId);
  if (own === undefined) {
    throw new EngineError('NOT_FOUND', `No memory ${memoryId}`, { operation: 'memory' });
  }
  return own;
}
