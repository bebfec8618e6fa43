import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { Engine, ProposalView } from '../../engine/index.js';
import { entityIdInput } from './tool-schemas.js';

const SECTIONS = [
  'Preferences',
  'Hard Rules',
  'Decisions',
  'System Architecture',
  'Patterns',
] as const;
const PROPOSAL_ID = /^p-\d{8}-\d{3}$/;

const proposal = z.object({
  proposal_id: z.string(),
  kind: z.enum(['update', 'consolidation']),
  section: z.enum(SECTIONS),
  text: z.string(),
  type: z.string(),
  memory_priority: z.enum(['P0', 'P1', 'P2', 'P3']),
  source_observation_ids: z.array(z.string()),
  retire_memory_ids: z.array(z.string()),
  status: z.enum(['pending', 'approved', 'rejected', 'expired']),
  staged_at: z.string(),
  resolved_at: z.string().nullable(),
  memory_id: z.string().nullable(),
  expires_at: z.string().nullable(),
});

/** Input of `capture_session`. */
export const captureSessionInput = {
  entity_id: entityIdInput,
  session_id: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .describe('The session id; optional when the transcript names one (Claude Code, pi).'),
  trigger: z
    .enum(['compaction', 'shutdown', 'manual'])
    .describe('Why now: before compaction, at session end, or by hand.'),
  transcript: z
    .string()
    .min(1)
    .describe(
      'The transcript text: Verity session JSONL, a Claude Code transcript or a pi session file.',
    ),
};

/** Output of `capture_session`. */
export const captureSessionOutput = {
  status: z.enum(['captured', 'duplicate']),
  capture_key: z.string(),
  session_id: z.string(),
  trigger: z.enum(['compaction', 'shutdown', 'manual']),
  format: z.string(),
  entries: z.number().int(),
  job_id: z.string().nullable().describe('The durable observer job, when one was queued.'),
};

/** Input of `list_proposals`. */
export const listProposalsInput = {
  entity_id: entityIdInput,
  status: z.enum(['pending', 'approved', 'rejected', 'expired', 'all']).default('pending'),
};

/** Input of `resolve_proposal`. */
export const resolveProposalInput = {
  entity_id: entityIdInput,
  proposal_id: z.string().regex(PROPOSAL_ID).describe('e.g. p-20260302-001'),
  action: z.enum(['approve', 'reject', 'edit']),
  text: z.string().min(1).max(400).optional().describe('With edit: the new text.'),
  section: z.enum(SECTIONS).optional().describe('With edit: the new target section.'),
  reason: z.string().max(400).optional(),
};

/** Input of `ask_memory`. */
export const askMemoryInput = {
  entity_id: entityIdInput,
  question: z.string().min(1).max(1000),
  limit: z.number().int().min(1).max(20).default(5),
};

/** Output of `ask_memory`. */
export const askMemoryOutput = {
  question: z.string(),
  answer: z.string(),
  mode: z.enum(['extractive', 'synthesised', 'none']),
  citations: z.array(
    z.object({
      ref: z.number().int(),
      kind: z.enum(['memory', 'observation', 'message', 'state_item']),
      id: z.string(),
      text: z.string(),
      at: z.string().nullable(),
      source: z.string(),
      score: z.number(),
    }),
  ),
};

function proposalLine(p: ProposalView): string {
  return `[${p.proposal_id}] ${p.status} -> ${p.section}: ${p.text}`;
}

/**
 * Every tool takes the usual `entity_id`: `capture_session` files the session's messages under it
 * and `ask_memory` searches that entity's messages and items; proposals and MEMORY.md belong to
 * the workspace, so `list_proposals` and `resolve_proposal` do not filter by it.
 *
 * Registers `capture_session`, `list_proposals`, `resolve_proposal` and `ask_memory`: session
 * memory for agents (seed 002). `guard` maps thrown errors to tool errors.
 */
export function registerObserverTools(
  server: McpServer,
  engine: Engine,
  guard: (tool: string, fn: () => Promise<CallToolResult>) => Promise<CallToolResult>,
): void {
  server.registerTool(
    'capture_session',
    {
      title: 'Capture a session transcript',
      description:
        'Call before the context is compacted and when a session ends, with the transcript so far. Verity observes it (a durable background job), keeps dated, prioritised observations and later proposes MEMORY.md updates for review. Sending the same transcript again for the same trigger is a no-op.',
      inputSchema: captureSessionInput,
      outputSchema: captureSessionOutput,
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    (args) =>
      guard('capture_session', async () => {
        const result = await engine.observer.capture({
          text: args.transcript,
          sessionId: args.session_id,
          trigger: args.trigger,
          entityId: args.entity_id,
          observe: 'queue',
        });
        const { observed: _observed, ...structured } = result;
        return {
          structuredContent: structured,
          content: [
            {
              type: 'text',
              text: `${result.status} ${result.entries} entries of ${result.session_id} (${result.trigger})`,
            },
          ],
        };
      }),
  );

  server.registerTool(
    'list_proposals',
    {
      title: 'List MEMORY.md proposals',
      description:
        'Call to see the MEMORY.md updates awaiting review (or, with status, the approved, rejected or expired ones). Each has an id for resolve_proposal.',
      inputSchema: listProposalsInput,
      outputSchema: { proposals: z.array(proposal) },
      annotations: {
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    (args) =>
      guard('list_proposals', async () => {
        const proposals = await engine.observer.listProposals(args.status);
        return {
          structuredContent: { proposals: z.array(proposal).parse(proposals) },
          content: [
            {
              type: 'text',
              text:
                proposals.length === 0 ? 'no proposals' : proposals.map(proposalLine).join('\n'),
            },
          ],
        };
      }),
  );

  server.registerTool(
    'resolve_proposal',
    {
      title: 'Approve, reject or edit a proposal',
      description:
        'Call only when the user has said what to do with a proposal: approve writes it into its MEMORY.md section (inside the Verity zone, nothing else in the file changes), reject drops it, edit changes its text or section and leaves it pending.',
      inputSchema: resolveProposalInput,
      outputSchema: { proposal },
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    (args) =>
      guard('resolve_proposal', async () => {
        const view = await engine.observer.resolveProposal(args.proposal_id, args.action, {
          ...(args.text === undefined ? {} : { text: args.text }),
          ...(args.section === undefined ? {} : { section: args.section }),
          ...(args.reason === undefined ? {} : { reason: args.reason }),
        });
        return {
          structuredContent: { proposal: proposal.parse(view) },
          content: [{ type: 'text', text: proposalLine(view) }],
        };
      }),
  );

  server.registerTool(
    'ask_memory',
    {
      title: 'Ask memory',
      description:
        'Call when the user asks what was decided, said or fixed before ("what did we decide about Redis TTLs?"). Searches observations from past sessions, promoted MEMORY.md entries, state items and messages, and answers with numbered citations; says so when nothing matches.',
      inputSchema: askMemoryInput,
      outputSchema: askMemoryOutput,
      annotations: {
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    (args) =>
      guard('ask_memory', async () => {
        const answer = await engine.observer.ask(args.question, {
          limit: args.limit,
          entityId: args.entity_id,
        });
        return {
          structuredContent: z.object(askMemoryOutput).parse(answer),
          content: [{ type: 'text', text: answer.answer }],
        };
      }),
  );
}
