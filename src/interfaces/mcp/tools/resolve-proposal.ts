import { z } from 'zod';
import { defined, EngineError } from '../../../core/index.js';
import { access } from '../access.js';
import { defineTool, reply } from './define-tool.js';
import { proposal, proposalLine, SECTIONS } from './proposal-views.js';
import { entityIdInput } from './views.js';

/** `resolve_proposal`: the user's answer to a MEMORY.md proposal. */
export const resolveProposal = defineTool({
  name: 'resolve_proposal',
  title: 'Resolve proposal',
  description: "Call only with the user's decision on a MEMORY.md proposal.",
  input: {
    entity_id: entityIdInput,
    proposal_id: z.string().regex(/^[pf]-\d{8}-\d{3}$/),
    action: z.enum(['approve', 'reject', 'edit']),
    text: z.string().min(1).max(400).optional(),
    section: z.enum(SECTIONS).optional(),
    reason: z.string().max(400).optional(),
  },
  output: { proposal },
  ...access('memory_file_decide'),
  idempotent: false,
  async handler(args, engine) {
    const edited = args.text !== undefined || args.section !== undefined;
    if (edited && args.action === 'reject') {
      throw new EngineError(
        'VALIDATION_FAILED',
        'text and section edit a proposal (action edit, or approve to edit then approve); a reject takes only a reason',
        { parameter: args.text === undefined ? 'section' : 'text' },
      );
    }
    // An approval with an edit approves the edited proposal, never the text it replaced.
    if (edited && args.action === 'approve') {
      await engine.observer.resolveProposal(args.proposal_id, 'edit', {
        ...defined('text', args.text),
        ...defined('section', args.section),
      });
    }
    const view = await engine.observer.resolveProposal(args.proposal_id, args.action, {
      ...defined('text', args.text),
      ...defined('section', args.section),
      ...defined('reason', args.reason),
    });
    return reply({ proposal: proposal.parse(view) }, proposalLine(view));
  },
});
