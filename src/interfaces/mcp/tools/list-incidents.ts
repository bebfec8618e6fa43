import { z } from 'zod';
import { INCIDENT_TYPES } from '../../../core/index.js';
import { defined, defineTool, reply } from './define-tool.js';
import { entityIdInput } from './views.js';

/** `list_incidents`: the failures Verity logged (seed 004), oldest first. */
export const listIncidents = defineTool({
  name: 'list_incidents',
  title: 'List incidents',
  description:
    'Call to see what went wrong (missed deadlines, stuck tasks, wrong recalls), oldest first.',
  input: {
    entity_id: entityIdInput,
    type: z.enum(INCIDENT_TYPES).optional(),
    since: z.iso.datetime({ offset: true }).optional(),
  },
  output: {
    incidents: z.array(
      z.object({
        incident_id: z.string(),
        type: z.enum(INCIDENT_TYPES),
        task_id: z.string().nullable(),
        detail: z.string(),
        severity: z.string(),
        actor: z.string(),
        at: z.string(),
      }),
    ),
  },
  scope: 'read',
  async handler(args, engine) {
    const incidents = await engine.tasks.incidents({
      ...defined('type', args.type),
      ...defined('since', args.since),
    });
    const text =
      incidents.length === 0
        ? 'no incidents'
        : incidents
            .map((i) => `${i.at} ${i.incident_id} ${i.type} ${i.task_id ?? '-'}: ${i.detail}`)
            .join('\n');
    return reply({ incidents: incidents.map((i) => ({ ...i })) }, text);
  },
});
