import { z } from 'zod';
import { defineTool } from './define-tool.js';
import { describeField, entityIdInput, fieldInput, promptView, slotShape } from './views.js';

const output = {
  entity_id: z.string(),
  at: z.string().nullable(),
  as_of: z.string().nullable(),
  state: z.record(z.string(), z.object(slotShape)),
  pending: z.array(promptView),
};
/** `get_state`: the committed value of one field or of the whole entity. */
export const getState = defineTool({
  name: 'get_state',
  title: 'Get state',
  description:
    "Call before acting on the user's current status or plans; trust it over older memory.",
  input: {
    entity_id: entityIdInput,
    field: fieldInput.optional(),
    at: z.string().max(40).optional().describe('belief time: what Verity believed then'),
    as_of: z.string().max(40).optional().describe('valid time: what was true then'),
  },
  output,
  scope: 'read',
  async handler(args, engine, tool) {
    const readOptions = { at: args.at, asOf: args.as_of };
    const at = args.at ?? null;
    const asOf = args.as_of ?? null;
    if (args.field !== undefined) {
      const {
        entity_id: _entity,
        field,
        ...slot
      } = await engine.getField(args.entity_id, args.field, readOptions);
      const prompts = await engine.listReviews({ entityId: args.entity_id });
      return tool.reply(
        {
          entity_id: args.entity_id,
          at,
          as_of: asOf,
          state: { [field]: slot },
          pending: prompts.filter((p) => p.field === field),
        },
        describeField(field, slot),
      );
    }
    const view = await engine.getEntity(args.entity_id, readOptions);
    const lines = Object.entries(view.state).map(([field, slot]) => describeField(field, slot));
    const summary = `${args.entity_id}: ${lines.length} field(s), ${view.pending.length} pending review(s)`;
    return tool.reply({ ...view, at, as_of: asOf }, [summary, ...lines].join('\n'));
  },
});
