import { z } from 'zod';
import type { ProposalView } from '../../../engine/index.js';

/** The MEMORY.md sections a proposal can target. */
export const SECTIONS = [
  'Preferences',
  'Hard Rules',
  'Decisions',
  'System Architecture',
  'Patterns',
] as const;

/** A MEMORY.md proposal in its wire form. */
export const proposal = z.object({
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
  decided_by: z
    .string()
    .nullable()
    .describe('Who approved or rejected it, e.g. telegram:123456; null when pending or unrecorded'),
});

/** One line for people describing a proposal. */
export function proposalLine(p: ProposalView): string {
  return `[${p.proposal_id}] ${p.status} -> ${p.section}: ${p.text}`;
}
