import { z } from 'zod';
import { defined } from '../../../core/index.js';
import { defineTool, reply } from './define-tool.js';
import { itemLine, stateItem } from './state-item-views.js';
import { entityIdInput } from './views.js';

const uid = z.string().regex(/^[dcaqr]_[0-9a-f]{12}$/);
const output = {
  event_id: z.string(),
  thread_id: z.string(),
  keep: z.string(),
  note: z.string().nullable(),
  items: z.array(stateItem),
};
const outputSchema = z.object(output);

/** `resolve_item_conflict`: the user's answer to state items flagged as conflicting. */
export const resolveItemConflict = defineTool({
  name: 'resolve_item_conflict',
  title: 'Resolve item conflict',
  description: "Call only with the user's answer to a conflict.",
  input: {
    entity_id: entityIdInput,
    uids: z.array(uid).min(1).max(2),
    keep: z.string().min(1).max(40),
    note: z.string().min(1).max(500).optional(),
  },
  output,
  scope: 'review',
  // A second answer to a settled conflict fails with CONFLICT rather than repeating the first.
  idempotent: false,
  async handler(args, engine) {
    // Only the caller's entity is searched: another entity's items read as absent.
    const view = await engine.resolveItemConflict({
      uids: args.uids,
      keep: args.keep,
      entityId: args.entity_id,
      ...defined('note', args.note),
    });
    const result = outputSchema.parse(view);
    return reply(result, [`kept ${view.keep}`, ...view.items.map(itemLine)].join('\n'));
  },
});
