import { z } from 'zod';
import { access } from '../access.js';
import { defineTool, reply } from './define-tool.js';
import { proposal, proposalLine } from './proposal-views.js';
import { entityIdInput } from './views.js';

/**
 * `list_proposals`: MEMORY.md updates awaiting review. Proposals belong to the workspace, so the
 * usual `entity_id` does not filter them.
 */
export const listProposals = defineTool({
  name: 'list_proposals',
  title: 'List proposals',
  description: 'Call to see MEMORY.md updates awaiting review.',
  input: {
    entity_id: entityIdInput,
    status: z.enum(['pending', 'approved', 'rejected', 'expired', 'all']).default('pending'),
  },
  output: { proposals: z.array(proposal) },
  ...access('memory_file_read'),
  async handler(args, engine) {
    const proposals = await engine.observer.listProposals(args.status);
    return reply(
      { proposals: z.array(proposal).parse(proposals) },
      proposals.length === 0 ? 'no proposals' : proposals.map(proposalLine).join('\n'),
    );
  },
});
