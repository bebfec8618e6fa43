import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { EngineError } from '../../core/index.js';
import type { Engine, MemoryView, PredictionErrorView } from '../../engine/index.js';
import { entityIdInput } from './tool-schemas.js';

const ERROR_TYPES = [
  'memory_drift',
  'memory_source_changed',
  'memory_external_signal',
  'low_overlap',
  'state_zone_edit',
] as const;

const memoryIdInput = z.string().min(1).max(100).describe('The memory, e.g. mem_0f3a9c2b1d4e5f60.');

const memory = z.object({
  memory_id: z.string(),
  entity_id: z.string(),
  text: z.string(),
  tags: z.array(z.string()),
  cites: z.array(z.string()).describe('Vault-relative paths of the notes the memory cites.'),
  source: z.object({ kind: z.string(), ref: z.string().nullable() }),
  revision: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  drift: z
    .array(z.string())
    .describe('Open prediction error types: when not empty, do not treat the memory as current.'),
});

const predictionError = z.object({
  error_id: z.string(),
  error_type: z.enum(ERROR_TYPES),
  memory_id: z.string().nullable(),
  memory_text: z.string().nullable(),
  note_path: z.string().nullable(),
  query: z.string(),
  distance: z.number().nullable(),
  passage_then: z.string().nullable().describe('The cited passage when the memory was written.'),
  passage_now: z.string().nullable().describe('The passage now (null: it vanished).'),
  detail: z.string().nullable(),
  detected_at: z.string(),
  last_seen_at: z.string(),
  resolved_at: z.string().nullable(),
});

const writeOutput = {
  memory,
  ambiguous_links: z
    .array(z.object({ target: z.string(), candidates: z.array(z.string()) }))
    .describe('Links naming several notes: not cited. Use folder/note to pick one.'),
  missing_links: z.array(z.string()).describe('Links naming no indexed note.'),
};

const textInput = z.string().min(1).max(4000);
const tagsInput = z.array(z.string().min(1).max(60)).max(20);
const citesInput = z
  .array(z.string().min(1).max(300))
  .max(20)
  .describe(
    'Notes the memory cites besides [[wiki links]] in its text: note, folder/note, note#heading.',
  );

const writeSchema = z.object(writeOutput);
const errorListSchema = z.object({ errors: z.array(predictionError) });

function memoryLine(view: MemoryView): string {
  const drift = view.drift.length === 0 ? '' : ` [DRIFTED: ${view.drift.join(', ')}]`;
  return `${view.memory_id} r${view.revision}${drift} ${view.text}`;
}

function errorLine(row: PredictionErrorView): string {
  const parts = [`${row.error_id} ${row.error_type} ${row.memory_id ?? row.note_path ?? ''}`];
  if (row.memory_text !== null) parts.push(`memory: ${row.memory_text}`);
  if (row.passage_then !== null) parts.push(`then: ${row.passage_then}`);
  if (row.passage_now !== null) parts.push(`now: ${row.passage_now}`);
  if (row.detail !== null) parts.push(row.detail);
  return parts.join(' | ');
}

/**
 * Registers `record_memory`, `update_memory`, `forget_memory`, `record_memory_signal` and
 * `list_prediction_errors`, scoped to the call's `entity_id` (another entity's memory is reported
 * as missing). `guard` maps thrown errors to tool errors.
 */
export function registerMemoryTools(
  server: McpServer,
  engine: Engine,
  guard: (tool: string, fn: () => Promise<CallToolResult>) => Promise<CallToolResult>,
): void {
  const owned = async (entityId: string, memoryId: string) => {
    const [own] = (await engine.vault.listMemories({ entityId })).filter(
      (m) => m.memory_id === memoryId,
    );
    if (own === undefined) {
      throw new EngineError('NOT_FOUND', `No memory ${memoryId}`, { operation: 'memory' });
    }
    return own;
  };
  const write = { readOnlyHint: false, destructiveHint: false, openWorldHint: false } as const;

  server.registerTool(
    'record_memory',
    {
      title: 'Record a memory',
      description:
        'Call to remember something durable (a fact, decision, blocker) that should outlive this conversation. Cite the notes it rests on with [[wiki links]] in the text or `cites`, so Verity can flag the memory when those notes change.',
      inputSchema: {
        entity_id: entityIdInput,
        text: textInput.describe('What to remember, with [[note]] links to the notes it rests on.'),
        tags: tagsInput.optional(),
        cites: citesInput.optional(),
      },
      outputSchema: writeOutput,
      annotations: { ...write, idempotentHint: false },
    },
    (args) =>
      guard('record_memory', async () => {
        const result = await engine.vault.recordMemory({
          text: args.text,
          entityId: args.entity_id,
          ...(args.tags === undefined ? {} : { tags: args.tags }),
          ...(args.cites === undefined ? {} : { cites: args.cites }),
        });
        return {
          structuredContent: writeSchema.parse(result),
          content: [{ type: 'text', text: memoryLine(result.memory) }],
        };
      }),
  );

  server.registerTool(
    'update_memory',
    {
      title: 'Update a memory',
      description:
        'Call when a memory is out of date (for example after list_prediction_errors shows it drifted from its notes): replaces its text as a new revision and resolves its open prediction errors.',
      inputSchema: {
        entity_id: entityIdInput,
        memory_id: memoryIdInput,
        text: textInput.describe('The corrected memory.'),
        tags: tagsInput.optional(),
        cites: citesInput.optional(),
      },
      outputSchema: writeOutput,
      annotations: { ...write, idempotentHint: false },
    },
    (args) =>
      guard('update_memory', async () => {
        await owned(args.entity_id, args.memory_id);
        const result = await engine.vault.updateMemory(args.memory_id, {
          text: args.text,
          ...(args.tags === undefined ? {} : { tags: args.tags }),
          ...(args.cites === undefined ? {} : { cites: args.cites }),
        });
        return {
          structuredContent: writeSchema.parse(result),
          content: [{ type: 'text', text: memoryLine(result.memory) }],
        };
      }),
  );

  server.registerTool(
    'forget_memory',
    {
      title: 'Forget a memory',
      description:
        'Call when a memory is wrong or no longer useful and should not be corrected: deletes it with its revisions and prediction errors and redacts its text in the ledger.',
      inputSchema: { entity_id: entityIdInput, memory_id: memoryIdInput },
      outputSchema: { memory_id: z.string(), forgotten: z.literal(true), redacted: z.number() },
      annotations: { ...write, destructiveHint: true, idempotentHint: false },
    },
    (args) =>
      guard('forget_memory', async () => {
        await owned(args.entity_id, args.memory_id);
        const result = await engine.vault.forgetMemory(args.memory_id);
        return {
          structuredContent: { ...result },
          content: [{ type: 'text', text: `forgot ${result.memory_id}` }],
        };
      }),
  );

  server.registerTool(
    'record_memory_signal',
    {
      title: 'Record outside evidence against a memory',
      description:
        'Call when something outside Verity (a commit, a CI run, a calendar change, a ticket) suggests a memory may be stale: records a memory_external_signal prediction error that list_prediction_errors surfaces until the memory is updated or forgotten.',
      inputSchema: {
        entity_id: entityIdInput,
        memory_id: memoryIdInput,
        detail: z.string().min(1).max(2000).describe('What happened, in one or two sentences.'),
        note_path: z.string().min(1).max(300).optional().describe('The note concerned, if any.'),
        source: z
          .string()
          .min(1)
          .max(60)
          .optional()
          .describe('git, ci, calendar, ... (free text).'),
      },
      outputSchema: { error: predictionError },
      annotations: { ...write, idempotentHint: false },
    },
    (args) =>
      guard('record_memory_signal', async () => {
        await owned(args.entity_id, args.memory_id);
        const row = await engine.vault.recordSignal(args.memory_id, {
          detail: args.detail,
          notePath: args.note_path ?? null,
          ...(args.source === undefined ? {} : { source: args.source }),
        });
        return {
          structuredContent: { error: predictionError.parse(row) },
          content: [{ type: 'text', text: errorLine(row) }],
        };
      }),
  );

  server.registerTool(
    'list_prediction_errors',
    {
      title: 'List prediction errors',
      description:
        'Call before relying on remembered facts, or when asked what may be out of date: lists memories that drifted from the notes they cite (memory_drift, memory_source_changed), outside signals, and manual edits found in STATE zones, with the passage then and now. Fix a drifted memory with update_memory or forget_memory.',
      inputSchema: {
        entity_id: entityIdInput,
        error_type: z.enum(ERROR_TYPES).optional().describe('Only this type.'),
        unresolved: z.boolean().default(true).describe('Only open rows (default true).'),
        limit: z.number().int().min(1).max(500).default(50),
      },
      outputSchema: { errors: z.array(predictionError) },
      annotations: {
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    (args) =>
      guard('list_prediction_errors', async () => {
        const own = new Set(
          (await engine.vault.listMemories({ entityId: args.entity_id })).map((m) => m.memory_id),
        );
        const rows = (
          await engine.vault.listPredictionErrors({
            ...(args.error_type === undefined ? {} : { types: [args.error_type] }),
            unresolved: args.unresolved,
          })
        )
          .filter((row) => row.memory_id === null || own.has(row.memory_id))
          .slice(0, args.limit);
        return {
          structuredContent: errorListSchema.parse({ errors: rows }),
          content: [
            {
              type: 'text',
              text: rows.length === 0 ? 'no prediction errors' : rows.map(errorLine).join('\n'),
            },
          ],
        };
      }),
  );
}
