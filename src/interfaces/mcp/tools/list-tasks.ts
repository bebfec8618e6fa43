import { z } from 'zod';
import {
  deadManStanding,
  defined,
  EngineError,
  INCIDENT_TYPES,
  type IncidentType,
  toWireJson,
} from '../../../core/index.js';
import type { Engine } from '../../../engine/index.js';
import { defineTool, reply } from './define-tool.js';
import { task, taskLine } from './task-views.js';
import { entityIdInput } from './views.js';

const VIEWS = ['tasks', 'metrics', 'incidents', 'patches'] as const;
type View = (typeof VIEWS)[number];

/** Which filter belongs to which view; a filter given to another view is refused, not ignored. */
const FILTERS: Record<View, readonly string[]> = {
  tasks: ['include_closed'],
  metrics: ['date'],
  incidents: ['type', 'since'],
  patches: [],
};

interface Args {
  entity_id?: string | undefined;
  view: View;
  include_closed?: boolean | undefined;
  date?: string | undefined;
  since?: string | undefined;
  type?: string | undefined;
}

async function openTasks(args: Args, engine: Engine) {
  const tasks = await engine.tasks.list({
    ...defined('entity_id', args.entity_id),
    state: args.include_closed === true ? 'all' : 'open',
  });
  const holding = await engine.tasks.deadMan();
  const blocked = holding.map((t) => t.id);
  const text = [
    ...holding.map(
      (t) => `BLOCKED: P0 task ${t.id} ${deadManStanding(t)}; resolve it before other work.`,
    ),
    ...(tasks.length === 0 ? ['no tasks'] : tasks.map(taskLine)),
  ].join('\n');
  return reply({ tasks: [...tasks], blocked_by: blocked }, text);
}

async function incidentList(args: Args, engine: Engine) {
  if (args.type !== undefined && !(INCIDENT_TYPES as readonly string[]).includes(args.type)) {
    throw new EngineError(
      'VALIDATION_FAILED',
      `unknown incident type ${args.type} (one of ${INCIDENT_TYPES.join(', ')})`,
      { type: args.type },
    );
  }
  const incidents = await engine.tasks.incidents({
    ...defined('type', args.type as IncidentType | undefined),
    ...defined('since', args.since),
  });
  const text =
    incidents.length === 0
      ? 'no incidents'
      : incidents
          .map((i) => `${i.at} ${i.incident_id} ${i.type} ${i.task_id ?? '-'}: ${i.detail}`)
          .join('\n');
  return reply({ incidents: incidents.map((i) => ({ ...i })) }, text);
}

async function patchList(engine: Engine) {
  const patches = await engine.tasks.patches({});
  const experiments = await engine.tasks.experiments();
  const text =
    patches.length === 0
      ? 'no patches'
      : patches
          .map(
            (p) =>
              `${p.patch_id} [${p.status}] ${p.title}: ${p.change.key} → ${JSON.stringify(p.change.to)}`,
          )
          .join('\n');
  return reply(
    {
      patches: patches.map((p) => ({ ...p })),
      experiments: experiments.map((e) => ({ ...e })),
    },
    text,
  );
}

/**
 * `list_tasks`: open tasks by priority and deadline with the dead-man switch, and the task loop's
 * record (seed 004) as other views of the same tool: a day's metrics, the incidents logged, the
 * nightly loop's patches with their experiments. One tool, not four, keeps `tools/list` inside
 * the agent-surface budget of issue #12 (≤ 12 KiB).
 */
export const listTasks = defineTool({
  name: 'list_tasks',
  title: 'List tasks',
  description:
    'Call when starting work or asked what is open (blocked_by lists overdue P0s); views metrics, incidents, patches show how the task loop did.',
  input: {
    entity_id: entityIdInput,
    view: z.enum(VIEWS).default('tasks'),
    include_closed: z.boolean().optional(),
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
    since: z.iso.datetime({ offset: true }).optional(),
    type: z.string().optional(),
  },
  // Output rows name their identifying fields and pass the rest through: every byte of the input
  // schema is read by the model on every turn, the output schema is not advertised.
  output: {
    tasks: z.array(task).optional(),
    blocked_by: z.array(z.string()).optional(),
    metrics: z.record(z.string(), z.unknown()).optional(),
    incidents: z.array(z.object({ incident_id: z.string(), type: z.string() }).loose()).optional(),
    patches: z.array(z.object({ patch_id: z.string(), status: z.string() }).loose()).optional(),
    experiments: z.array(z.object({ id: z.string(), patch_id: z.string() }).loose()).optional(),
  },
  scope: 'read',
  async handler(args, engine) {
    const stray = (['include_closed', 'date', 'since', 'type'] as const).filter(
      (key) => args[key] !== undefined && !FILTERS[args.view].includes(key),
    );
    if (stray.length > 0) {
      const takes = FILTERS[args.view].join(', ') || 'no filters';
      throw new EngineError(
        'VALIDATION_FAILED',
        `${stray.join(', ')} does not apply to view ${args.view} (it takes ${takes})`,
        { view: args.view, stray: stray.join(',') },
      );
    }
    if (args.view === 'tasks') return openTasks(args, engine);
    if (args.view === 'incidents') return incidentList(args, engine);
    if (args.view === 'patches') return patchList(engine);
    // The same wire form as HTTP: camelCase field names become snake_case, while the keys of
    // incidents_by_type are data (incident types, seed 004's spelling) and stay as they are.
    const metrics = toWireJson(await engine.tasks.metrics(args.date)) as Record<string, unknown>;
    return reply({ metrics }, JSON.stringify(metrics));
  },
});
