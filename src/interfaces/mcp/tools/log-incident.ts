import { z } from 'zod';
import { defined, INCIDENT_TYPES } from '../../../core/index.js';
import { defineTool, reply } from './define-tool.js';
import { taskIdInput } from './task-views.js';
import { entityIdInput } from './views.js';

const SEVERITIES = ['low', 'medium', 'high'] as const;

/** `log_incident`: something went wrong that Verity could not see itself. */
export const logIncident = defineTool({
  name: 'log_incident',
  title: 'Log incident',
  description: 'Call when something went wrong that Verity could not see.',
  input: {
    entity_id: entityIdInput,
    type: z.enum(INCIDENT_TYPES),
    detail: z.string().min(1).max(2000),
    task_id: taskIdInput.optional(),
    severity: z.enum(SEVERITIES).default('medium'),
  },
  output: {
    incident_id: z.string(),
    type: z.enum(INCIDENT_TYPES),
    task_id: z.string().nullable(),
    detail: z.string(),
    severity: z.enum(SEVERITIES),
    actor: z.string(),
    at: z.string(),
  },
  scope: 'write',
  idempotent: false,
  async handler(args, engine) {
    const incident = await engine.tasks.logIncident({
      type: args.type,
      detail: args.detail,
      severity: args.severity,
      actor: 'agent',
      ...defined('task_id', args.task_id),
    });
    return reply({ ...incident }, `${incident.incident_id} ${incident.type} logged`);
  },
});
