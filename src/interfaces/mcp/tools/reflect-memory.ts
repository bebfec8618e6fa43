import { z } from 'zod';
import { access } from '../access.js';
import { defineTool } from './define-tool.js';
import { proposal, proposalLine } from './proposal-views.js';
import { entityIdInput } from './views.js';

const output = {
  status: z.enum(['proposed', 'nothing_new', 'compression_failed', 'over_budget']),
  input_observations: z.number().int(),
  notice: z.string().nullable(),
  proposals: z.array(proposal),
  rejected: z.array(z.object({ text: z.string(), reasons: z.array(z.string()) })),
  expired: z.array(z.string()),
  review_file: z.string(),
};

/**
 * `reflect_memory`: the reflector run now (as `verity reflect`): recent observations condensed into
 * MEMORY.md proposals listed in REVIEW.md. Proposals belong to the workspace, so `entity_id` does
 * not filter them.
 */
export const reflectMemory = defineTool({
  name: 'reflect_memory',
  title: 'Reflect on sessions',
  description:
    'Call when the user wants recent sessions turned into MEMORY.md proposals now instead of at the daily run.',
  input: { entity_id: entityIdInput },
  output,
  ...access('workspace_run'),
  idempotent: true,
  async handler(_args, engine, tool) {
    const report = await engine.observer.reflect();
    return tool.reply(
      report,
      [
        `${report.status}: ${report.proposals.length} proposal(s) from ${report.input_observations} observation(s); ${report.rejected.length} refused by the quality gate`,
        ...(report.notice === null ? [] : [report.notice]),
        ...report.proposals.map(proposalLine),
      ].join('\n'),
    );
  },
});
