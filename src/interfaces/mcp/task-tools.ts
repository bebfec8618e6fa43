import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import {
  INCIDENT_TYPES,
  TASK_PRIORITIES,
  TASK_STATES,
  type Task,
  toWireJson,
} from '../../core/index.js';
import type { Engine } from '../../engine/index.js';
import { entityIdInput } from './tool-schemas.js';

const instant = z.string().describe('RFC 3339 instant, e.g. 2026-01-30T17:00:00Z.');

const task = z
  .object({
    id: z.string().describe('TASK-YYYYMMDD-NNN'),
    entity_id: z.string(),
    title: z.string(),
    state: z.enum(TASK_STATES),
    priority: z.enum(TASK_PRIORITIES).nullable(),
    due: z.string().nullable(),
    next_action: z.string().nullable(),
    next_check: z.string().nullable(),
    escalation_level: z.number().int().describe('E0–E4; 4 is the P0 dead-man switch.'),
    acknowledged_at: z.string().nullable(),
  })
  .loose();

const fields = {
  priority: z.enum(TASK_PRIORITIES).optional().describe('Required to enter TRIAGED.'),
  due: instant.optional().describe('Deadline; required to enter TRIAGED.'),
  definition_of_done: z.array(z.string().min(1)).optional().describe('Required to enter TRIAGED.'),
  next_action: z.string().min(1).optional().describe('Required to enter PLANNED.'),
  next_check: instant.optional().describe('Required to enter PLANNED.'),
  who_waiting_on: z.string().min(1).optional().describe('Required to enter WAITING_EXTERNAL.'),
  followup_cadence_hours: z.number().positive().optional().describe('WAITING_EXTERNAL.'),
  last_followup: instant.optional().describe('WAITING_EXTERNAL.'),
  blocking_question: z.string().min(1).optional().describe('Required to enter BLOCKED_INTERNAL.'),
  completion_proof: z.string().min(1).optional().describe('Required to enter DONE.'),
  owner: z.string().min(1).optional(),
};

type FieldArgs = { [K in keyof typeof fields]?: z.infer<(typeof fields)[K]> };

function fieldsOf(args: FieldArgs) {
  return Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined));
}

function line(t: Task): string {
  const parts = [t.priority ?? 'untriaged', t.state];
  if (t.due !== null) parts.push(`due ${t.due}`);
  if (t.escalation_level > 0) parts.push(`E${t.escalation_level}`);
  return `${t.id} ${t.title} (${parts.join(', ')})`;
}

const taskOutput = { task };
const listOutput = {
  tasks: z.array(task).describe('By priority, due date, then id.'),
  blocked_by: z.array(z.string()).describe('P0 tasks holding the dead-man switch.'),
};

/**
 * Inputs are strict objects: an unknown parameter is refused with a clear error rather than
 * silently ignored.
 *
 * Registers the task tools: `list_tasks`, `add_task`, `move_task`, `acknowledge_task`,
 * `reconcile_tasks`, `log_incident` and `get_task_metrics`. Tasks are scoped by `entity_id`;
 * `guard` maps thrown errors to tool errors.
 */
export function registerTaskTools(
  server: McpServer,
  engine: Engine,
  guard: (tool: string, fn: () => Promise<CallToolResult>) => Promise<CallToolResult>,
): void {
  const write = { readOnlyHint: false, destructiveHint: false, openWorldHint: false } as const;

  server.registerTool(
    'list_tasks',
    {
      title: 'List tasks',
      description:
        'Call at the start of work, or when asked "what is open?", to see the open tasks by priority and deadline, and whether an overdue P0 blocks other work (blocked_by).',
      inputSchema: z.strictObject({
        entity_id: entityIdInput,
        include_closed: z.boolean().default(false).describe('Also DONE and CANCELLED tasks.'),
      }),
      outputSchema: listOutput,
      annotations: {
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    (args) =>
      guard('list_tasks', async () => {
        const tasks = await engine.tasks.list({
          entity_id: args.entity_id,
          state: args.include_closed ? 'all' : 'open',
        });
        const blocked = (await engine.tasks.deadMan()).map((t) => t.id);
        const text = [
          ...blocked.map(
            (id) => `BLOCKED: P0 task ${id} is overdue; resolve it before other work.`,
          ),
          ...(tasks.length === 0 ? ['no tasks'] : tasks.map(line)),
        ].join('\n');
        return {
          structuredContent: { tasks: [...tasks], blocked_by: blocked },
          content: [{ type: 'text', text }],
        };
      }),
  );

  server.registerTool(
    'add_task',
    {
      title: 'Add a task',
      description:
        'Call when you or the user commit to doing something ("I\'ll send the deck by Friday"). Creates a CAPTURED task; P2/P3 tasks are refused while an overdue P0 holds the dead-man switch.',
      inputSchema: z.strictObject({
        entity_id: entityIdInput,
        title: z.string().min(1).max(500),
        ...fields,
      }),
      outputSchema: taskOutput,
      annotations: write,
    },
    ({ entity_id, title, ...rest }) =>
      guard('add_task', async () => {
        const added = await engine.tasks.add({
          title,
          entity_id,
          fields: fieldsOf(rest),
          actor: 'agent',
        });
        return {
          structuredContent: { task: added },
          content: [{ type: 'text', text: line(added) }],
        };
      }),
  );

  server.registerTool(
    'move_task',
    {
      title: 'Move a task',
      description:
        'Call when a task advances (CAPTURED → TRIAGED → PLANNED → READY → EXECUTING → VERIFYING → DONE), waits on someone (WAITING_EXTERNAL), is blocked (BLOCKED_INTERNAL) or is CANCELLED (reason required). Give the fields the target state requires; an illegal move is refused with the allowed ones.',
      inputSchema: z.strictObject({
        entity_id: entityIdInput,
        task_id: z.string().regex(/^TASK-\d{8}-\d{3,}$/),
        to: z.enum(TASK_STATES),
        reason: z.string().max(1000).default(''),
        ...fields,
      }),
      outputSchema: taskOutput,
      annotations: write,
    },
    ({ entity_id: _entity, task_id, to, reason, ...rest }) =>
      guard('move_task', async () => {
        const moved =
          to === 'DONE' && rest.completion_proof !== undefined
            ? await engine.tasks.done(task_id, rest.completion_proof, { reason, actor: 'agent' })
            : await engine.tasks.move(task_id, to, fieldsOf(rest), { reason, actor: 'agent' });
        return {
          structuredContent: { task: moved },
          content: [{ type: 'text', text: line(moved) }],
        };
      }),
  );

  server.registerTool(
    'acknowledge_task',
    {
      title: 'Acknowledge an escalation',
      description:
        'Call when the user has seen an escalated task (e.g. the dead-man alert). Stops the alert repeating; the block stays until the task is DONE or CANCELLED.',
      inputSchema: z.strictObject({
        entity_id: entityIdInput,
        task_id: z.string().regex(/^TASK-\d{8}-\d{3,}$/),
        note: z.string().max(1000).optional(),
      }),
      outputSchema: taskOutput,
      annotations: write,
    },
    (args) =>
      guard('acknowledge_task', async () => {
        const acked = await engine.tasks.acknowledge(args.task_id, {
          actor: 'agent',
          ...(args.note === undefined ? {} : { reason: args.note }),
        });
        return {
          structuredContent: { task: acked },
          content: [{ type: 'text', text: line(acked) }],
        };
      }),
  );

  server.registerTool(
    'reconcile_tasks',
    {
      title: 'Reconcile tasks',
      description:
        'Call to run the task reconciler now (it also runs every 30 minutes under verity serve): checks every open task, escalates stale and overdue ones, and returns each action with its reason.',
      inputSchema: z.strictObject({ entity_id: entityIdInput }),
      outputSchema: {
        at: z.string(),
        tasks_checked: z.number().int(),
        actions: z.array(
          z.object({ kind: z.string(), task_id: z.string(), reason: z.string() }).loose(),
        ),
        dead_man: z.array(z.string()),
      },
      annotations: { ...write, idempotentHint: true },
    },
    () =>
      guard('reconcile_tasks', async () => {
        const report = await engine.tasks.reconcile();
        const text = [
          `reconciled ${report.tasks_checked} open task(s)`,
          ...report.actions.map((a) => `- ${a.task_id} ${a.kind}: ${a.reason}`),
        ].join('\n');
        return {
          structuredContent: {
            at: report.at,
            tasks_checked: report.tasks_checked,
            actions: [...report.actions],
            dead_man: [...report.dead_man],
          },
          content: [{ type: 'text', text }],
        };
      }),
  );

  server.registerTool(
    'log_incident',
    {
      title: 'Log an incident',
      description:
        'Call when something went wrong that Verity could not see itself: a wrong recall, a failed execution, a quality regression, a commitment the user made that no task captured (BAD_EXTRACTION). Feeds the nightly improvement loop.',
      inputSchema: z.strictObject({
        entity_id: entityIdInput,
        type: z.enum(INCIDENT_TYPES),
        detail: z.string().min(1).max(2000),
        task_id: z
          .string()
          .regex(/^TASK-\d{8}-\d{3,}$/)
          .optional(),
        severity: z.enum(['low', 'medium', 'high']).default('medium'),
      }),
      outputSchema: {
        incident_id: z.string(),
        type: z.enum(INCIDENT_TYPES),
        task_id: z.string().nullable(),
        detail: z.string(),
        severity: z.enum(['low', 'medium', 'high']),
        actor: z.string(),
        at: z.string(),
      },
      annotations: write,
    },
    (args) =>
      guard('log_incident', async () => {
        const incident = await engine.tasks.logIncident({
          type: args.type,
          detail: args.detail,
          severity: args.severity,
          actor: 'agent',
          ...(args.task_id === undefined ? {} : { task_id: args.task_id }),
        });
        return {
          structuredContent: { ...incident },
          content: [{ type: 'text', text: `${incident.incident_id} ${incident.type} logged` }],
        };
      }),
  );

  server.registerTool(
    'get_task_metrics',
    {
      title: 'Task metrics of a day',
      description:
        "Call for a day's accountability numbers: tasks created, completed and overdue, completion rate, time to first action, incidents by type, recall-pack hit rate, escalations.",
      inputSchema: z.strictObject({
        entity_id: entityIdInput,
        date: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/)
          .optional()
          .describe('UTC day; default today.'),
      }),
      outputSchema: { metrics: z.record(z.string(), z.unknown()) },
      annotations: {
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
    },
    (args) =>
      guard('get_task_metrics', async () => {
        // The same wire form as HTTP: camelCase field names become snake_case, while the keys of
        // incidents_by_type are data (incident types, seed 004's spelling) and stay as they are.
        const metrics = toWireJson(await engine.tasks.metrics(args.date)) as Record<
          string,
          unknown
        >;
        return {
          structuredContent: { metrics },
          content: [{ type: 'text', text: JSON.stringify(metrics) }],
        };
      }),
  );
}
