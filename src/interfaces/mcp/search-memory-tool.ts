import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { EngineError, parseRfc3339, toIso } from '../../core/index.js';
import type { Engine, SearchKind, SearchResult } from '../../engine/index.js';
import { entityIdInput } from './tool-schemas.js';

const KINDS = [
  'message',
  'state_item',
  'memory',
  'note',
  'observation',
] as const satisfies readonly SearchKind[];
const VECTOR_STATES = [
  'used',
  'off',
  'space_mismatch',
  'failed',
] as const satisfies readonly SearchResult['vector_search'][];

/** Input of `search_memory`. */
export const searchMemoryInput = {
  entity_id: entityIdInput,
  query: z
    .string()
    .min(1)
    .max(1000)
    .describe('What to look for, in plain words: a topic, a question, names, a date.'),
  k: z.number().int().min(1).max(50).default(10).describe('How many hits to return (1-50).'),
  thread_id: z.string().min(1).max(200).optional().describe('Only search this thread.'),
  kind: z.enum(KINDS).optional().describe('Only this kind of item (messages are indexed now).'),
  since: z.string().max(40).optional().describe('Only items created at or after (RFC 3339).'),
  until: z.string().max(40).optional().describe('Only items created before (RFC 3339).'),
};

const hit = z.object({
  kind: z.enum(KINDS),
  id: z.string().describe("The item's id (a message's message_id)."),
  thread_id: z.string().nullable(),
  message_id: z.string().nullable().describe('The message to quote or expand; null when none.'),
  score: z.number().describe('Fused relevance, higher is better.'),
  scores: z.object({
    bm25: z.number().nullable().describe('Full-text (BM25) score, or null if no word matched.'),
    vector: z.number().nullable().describe('Cosine similarity of meaning, or null.'),
  }),
  snippet: z.string(),
  created_at: z.string(),
  text: z.string().describe("The item's full text."),
});

/** Output of `search_memory`. */
export const searchMemoryOutput = {
  entity_id: z.string(),
  hits: z.array(hit).describe('Best first.'),
  pending_vectors: z
    .number()
    .int()
    .describe('Items not yet embedded: found by their words only, not by meaning.'),
  vector_search: z.enum(VECTOR_STATES),
};

const searchMemorySchema = z.object(searchMemoryOutput);

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

/**
 * Registers `search_memory`: hybrid search over what the entity said and decided, scoped to the
 * call's `entity_id`. `guard` maps thrown errors to tool errors.
 */
export function registerSearchMemoryTool(
  server: McpServer,
  engine: Engine,
  guard: (tool: string, fn: () => Promise<CallToolResult>) => Promise<CallToolResult>,
): void {
  server.registerTool(
    'search_memory',
    {
      title: 'Search memory',
      description:
        'Call when you need something from earlier conversations that is not in your context: what the user said, planned or decided, a name, a date, a detail ("what did Sam say about the lease?", "when did we talk about Lisbon?"). Returns the best-matching messages, found by their words and by their meaning, with thread and message ids to quote. Use get_state instead for what is true now.',
      inputSchema: searchMemoryInput,
      outputSchema: searchMemoryOutput,
      annotations: {
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    (args) =>
      guard('search_memory', async () => {
        const since = checkedInstant('since', args.since);
        const until = checkedInstant('until', args.until);
        const result = await engine.search(args.query, {
          limit: args.k,
          filters: {
            entityIds: [args.entity_id],
            ...(args.thread_id === undefined ? {} : { threadIds: [args.thread_id] }),
            ...(args.kind === undefined ? {} : { kinds: [args.kind] }),
            ...(since === undefined ? {} : { since }),
            ...(until === undefined ? {} : { until }),
          },
        });
        const structured = searchMemorySchema.parse({
          entity_id: args.entity_id,
          hits: result.hits.map((h) => ({
            kind: h.kind,
            id: h.id,
            thread_id: h.thread_id,
            message_id: h.message_id,
            score: h.score,
            scores: h.scores,
            snippet: h.snippet,
            created_at: h.created_at,
            text: h.text,
          })),
          pending_vectors: result.pending_vectors,
          vector_search: result.vector_search,
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
        return {
          structuredContent: structured,
          content: [{ type: 'text', text: [header, ...lines, ...pending].join('\n') }],
        };
      }),
  );
}
