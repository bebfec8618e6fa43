import { z } from 'zod';
import {
  EngineError,
  INCIDENT_TYPES,
  type IncidentType,
  isTaskState,
  TASK_STATES,
  type TaskFields,
} from '../../core/index.js';
import { access, taskFields, taskText, taskTitle } from '../mcp/index.js';
import { type HttpRoute, route } from './route-registry.js';
import { textActionRoute } from './run-route.js';
import { entityIdSchema, idParams, instant, anyObject as object, present } from './wire-schemas.js';

/**
 * The task fields a body may set, in the wire schemas MCP validates with: a wrong type is a 400
 * naming the field, and the OpenAPI document shows the same schemas.
 */
const taskBodyFields = {
  title: taskTitle.optional(),
  description: taskText.optional(),
  ...taskFields,
};

type TaskBodyFields = { [K in keyof typeof taskBodyFields]?: z.infer<(typeof taskBodyFields)[K]> };

const FIELD_NAMES = Object.keys(taskBodyFields) as (keyof TaskBodyFields)[];

/** A strict body of the task fields and `extra`, so unknown parameters are refused. */
function bodyWith<T extends z.ZodRawShape>(extra: T) {
  return z.object(taskBodyFields).extend(extra).strict();
}

/** A strict body of `names`, each optional and left to the handler to check. */
function bodyOf(names: readonly string[]) {
  return z.object(Object.fromEntries(names.map((name) => [name, z.unknown().optional()]))).strict();
}

function fieldsOf(input: TaskBodyFields): TaskFields {
  return Object.fromEntries(
    FIELD_NAMES.filter((name) => input[name] !== undefined).map((name) => [name, input[name]]),
  ) as TaskFields;
}

const reason = z.string().max(1000).optional();

const tags = ['tasks'];

/**
 * Mounts the task routes: `GET /api/tasks?all=true`, `GET /api/tasks/:id`, `POST /api/tasks`
 * (`{title, entity_id?, ...fields}`), `POST /api/tasks/:id/move` (`{to, reason?, ...fields}`),
 * `POST /api/tasks/:id/ack` (`{note?}`), `POST /api/reconcile`, `GET /api/incidents`,
 * `POST /api/incidents` (`{type, detail, task_id?, severity?}`), `GET /api/metrics?date=` and
 * `GET /api/patches` (with the experiments registry). Unknown body parameters are refused.
 */
export const TASK_ROUTES: readonly HttpRoute[] = [
  route(
    {
      method: 'get',
      list: 'tasks',
      path: '/api/tasks',
      summary: 'Open tasks (all=true for every task) and the dead-man blockers',
      tags,
      scope: 'read',
      query: z.object({
        all: z.enum(['true', 'false']).optional(),
        state: z.enum(TASK_STATES).optional().describe('Only tasks in this state'),
        entity_id: entityIdSchema.optional(),
      }),
      response: z.object({ tasks: z.array(object), blocked_by: z.array(z.string()) }),
    },
    async (c, { query }, { engine }) =>
      c.json({
        tasks: await engine.tasks.list({
          state: query.state !== undefined ? [query.state] : query.all === 'true' ? 'all' : 'open',
          ...present({ entity_id: query.entity_id }),
        }),
        blocked_by: (await engine.tasks.deadMan()).map((t) => t.id),
      }),
  ),
  route(
    {
      method: 'get',
      path: '/api/tasks/:id',
      summary: 'One task with its history',
      tags,
      scope: 'read',
      params: idParams,
      response: object,
    },
    async (c, { params }, { engine }) => c.json(await engine.tasks.show(params.id)),
  ),
  route(
    {
      method: 'post',
      path: '/api/tasks',
      summary: 'Capture a task: {title, entity_id?, ...fields}',
      tags,
      scope: 'write',
      body: bodyWith({ title: taskTitle, entity_id: entityIdSchema.optional() }),
      response: object,
    },
    async (c, { body: input }, { engine }) => {
      const { title, entity_id, ...rest } = input;
      const task = await engine.tasks.add({
        title,
        fields: fieldsOf(rest),
        ...(entity_id === undefined ? {} : { entity_id }),
      });
      return c.json(task, 201);
    },
  ),
  route(
    {
      method: 'post',
      path: '/api/tasks/:id/move',
      summary: 'Move a task to another state: {to, reason?, ...fields}',
      tags,
      scope: 'write',
      params: idParams,
      body: bodyWith({ to: z.string().describe('A task state (any case)'), reason }),
      response: object,
    },
    async (c, { params, body: input }, { engine }) => {
      const to = input.to.toUpperCase();
      if (!isTaskState(to))
        throw new EngineError('VALIDATION_FAILED', 'to must be a task state', { field: 'to' });
      return c.json(
        await engine.tasks.move(params.id, to, fieldsOf(input), { reason: input.reason ?? '' }),
      );
    },
  ),
  route(
    {
      method: 'patch',
      path: '/api/tasks/:id',
      summary: 'Set task fields without moving it: {progress?, reason?, ...fields}',
      tags,
      scope: 'write',
      params: idParams,
      body: bodyWith({ progress: z.boolean().optional(), reason }),
      response: object,
    },
    async (c, { params, body: input }, { engine }) =>
      c.json(
        await engine.tasks.update(params.id, fieldsOf(input), {
          progress: input.progress === true,
          reason: input.reason ?? '',
        }),
      ),
  ),
  textActionRoute(
    {
      path: '/api/tasks/:id/done',
      summary: 'Complete a task with its proof: {proof}',
      tags,
      key: 'proof',
      required: true,
    },
    (engine, id, proof) => engine.tasks.done(id, proof ?? ''),
  ),
  textActionRoute(
    {
      path: '/api/tasks/:id/cancel',
      summary: 'Cancel a task: {reason}',
      tags,
      key: 'reason',
      required: true,
    },
    (engine, id, reason) => engine.tasks.cancel(id, reason ?? ''),
  ),
  route(
    {
      method: 'post',
      path: '/api/tasks/:id/ack',
      summary: 'Acknowledge an escalated task: {note?}',
      tags,
      scope: 'write',
      params: idParams,
      body: bodyOf(['note']),
      response: object,
    },
    async (c, { params, body: input }, { engine }) =>
      c.json(
        await engine.tasks.acknowledge(
          params.id,
          typeof input['note'] === 'string' ? { reason: input['note'] } : {},
        ),
      ),
  ),
  route(
    {
      method: 'post',
      path: '/api/reconcile',
      summary: 'Run the task reconciler now',
      tags,
      // It passes over every entity's tasks.
      ...access('workspace_run'),
      response: object,
    },
    async (c, _input, { engine }) => c.json(await engine.tasks.reconcile()),
  ),
  route(
    {
      method: 'get',
      list: 'incidents',
      path: '/api/incidents',
      summary: 'Logged incidents (optionally of one type, at or after since)',
      tags,
      scope: 'read',
      query: z.object({ type: z.enum(INCIDENT_TYPES).optional(), since: instant.optional() }),
      response: z.object({ incidents: z.array(object) }),
    },
    async (c, { query }, { engine }) =>
      c.json({
        incidents: await engine.tasks.incidents(present({ type: query.type, since: query.since })),
      }),
  ),
  route(
    {
      method: 'post',
      path: '/api/incidents',
      summary: 'Log an incident: {type, detail, task_id?, severity?}',
      tags,
      scope: 'write',
      body: bodyOf(['type', 'detail', 'task_id', 'severity']),
      response: object,
    },
    async (c, { body: input }, { engine }) => {
      if (!(INCIDENT_TYPES as readonly unknown[]).includes(input['type'])) {
        throw new EngineError(
          'VALIDATION_FAILED',
          `type must be one of ${INCIDENT_TYPES.join(', ')}`,
          { field: 'type' },
        );
      }
      const severity = input['severity'];
      if (
        severity !== undefined &&
        severity !== 'low' &&
        severity !== 'medium' &&
        severity !== 'high'
      ) {
        throw new EngineError('VALIDATION_FAILED', 'severity must be low, medium or high', {
          field: 'severity',
        });
      }
      const incident = await engine.tasks.logIncident({
        type: input['type'] as IncidentType,
        detail: String(input['detail'] ?? ''),
        ...(typeof input['task_id'] === 'string' ? { task_id: input['task_id'] } : {}),
        ...(severity === undefined ? {} : { severity }),
      });
      return c.json(incident, 201);
    },
  ),
  route(
    {
      method: 'get',
      path: '/api/metrics',
      summary: 'Daily task metrics (date=YYYY-MM-DD, default today)',
      tags,
      scope: 'read',
      query: z.object({ date: z.string().optional() }),
      response: object,
    },
    async (c, { query }, { engine }) => c.json(await engine.tasks.metrics(query.date)),
  ),
  route(
    {
      method: 'get',
      list: 'patches',
      path: '/api/patches',
      summary:
        'Patches proposed from incidents (optionally of one status), and the experiments registry',
      tags,
      scope: 'read',
      query: z.object({
        status: z.enum(['proposed', 'applied', 'rejected', 'rolled_back']).optional(),
      }),
      response: z.object({ patches: z.array(object), experiments: z.array(object) }),
    },
    async (c, { query }, { engine }) =>
      c.json({
        patches: await engine.tasks.patches(present({ status: query.status })),
        experiments: await engine.tasks.experiments(),
      }),
  ),
];
