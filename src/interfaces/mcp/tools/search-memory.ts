import { z } from 'zod';
import { defined, EngineError, parseRfc3339, toIso } from '../../../core/index.js';
import { SEARCH_KINDS, type SearchResult } from '../../../engine/index.js';
import { defineTool } from './define-tool.js';
import { entityIdInput, threadIdInput } from './views.js';

const VECTOR_STATES = [
  'used',
  'off',
  'space_mismatch',
  'failed',
] as const satisfies readonly SearchResult['vector_search'][];

const hit = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.string(),
  thread_id: z.string().nullable(),
  message_id: z.string().nullable(),
  score: z.number(),
  scores: z.object({ bm25: z.number().nullable(), vector: z.number().nullable() }),
  snippet: z.string(),
  created_at: z.string(),
  text: z.string(),
});

const output = {
  entity_id: z.string(),
  hits: z.array(hit),
  pending_vectors: z.number().int(),
  vector_search: z.enum(VECTOR_STATES),
};
function checkedInstant(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const parsed = parseRfc3339(value);
  if (parsed === null) {
    throw new EngineError(
      'VALIDATION_FAILED',
      `${name} must be an RFC 3339 timestamp such as 2026-02-19T15:00:00Z (got "${value}")`,
      { field: name },
    );
  }
  return toIso(parsed);
}

/** `search_memory`: hybrid search over what the entity said and decided. */
export const searchMemory = defineTool({
  name: 'search_memory',
  title: 'Search memory',
  description:
    'Call to find what was said before (words or meaning); get_state says what is true now.',
  input: {
    entity_id: entityIdInput,
    query: z.string().min(1).max(1000),
    k: z.number().int().min(1).max(50).default(10),
    thread_id: threadIdInput.optional(),
    kind: z.enum(SEARCH_KINDS).optional(),
    since: z.string().max(40).optional(),
    until: z.string().max(40).optional(),
  },
  output,
  scope: 'read',
  restrictedNeedsEntity: true,
  async handler(args, engine, tool) {
    const since = checkedInstant('since', args.since);
    const until = checkedInstant('until', args.until);
    const result = await engine.search(args.query, {
      limit: args.k,
      filters: {
        entityIds: [args.entity_id],
        ...(args.thread_id === undefined ? {} : { threadIds: [args.thread_id] }),
        ...(args.kind === undefined ? {} : { kinds: [args.kind] }),
        ...defined('since', since),
        ...defined('until', until),
      },
    });
    const lines = result.hits.map(
      (h, index) =>
        `${index + 1}. ${h.thread_id === null ? '' : `${h.thread_id}/`}${h.id} (${h.created_at}): ${h.snippet}`,
    );
    const header =
      result.hits.length === 0
        ? `no matches for "${args.query}"`
        : `${result.hits.length} match(es) for "${args.query}"`;
    const pending =
      result.pending_vectors > 0
        ? [`(${result.pending_vectors} item(s) not yet embedded: matched by words only)`]
        : [];
    // The output shape keeps the hit fields it names and drops the rest.
    return tool.reply(
      { ...result, entity_id: args.entity_id },
      [header, ...lines, ...pending].join('\n'),
    );
  },
});
