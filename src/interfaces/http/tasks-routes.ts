import type { Context, Hono } from 'hono';
import {
  EngineError,
  INCIDENT_TYPES,
  type IncidentType,
  isTaskState,
  type TaskFields,
} from '../../core/index.js';
import type { Engine } from '../../engine/index.js';

const FIELD_NAMES = [
  'title',
  'description',
  'priority',
  'due',
  'definition_of_done',
  'next_action',
  'next_check',
  'who_waiting_on',
  'followup_cadence_hours',
  'last_followup',
  'blocking_question',
  'completion_proof',
  'owner',
] as const;

async function body(c: Context, allowed: readonly string[]): Promise<Record<string, unknown>> {
  let parsed: unknown;
  try {
    parsed = await c.req.json();
  } catch (error: unknown) {
    throw new EngineError(
      'VALIDATION_FAILED',
      'the body must be a JSON object',
      {},
      { cause: error },
    );
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new EngineError('VALIDATION_FAILED', 'the body must be a JSON object');
  }
  const unknown = Object.keys(parsed).filter((key) => !allowed.includes(key));
  if (unknown.length > 0) {
    throw new EngineError('VALIDATION_FAILED', `unknown parameter(s): ${unknown.join(', ')}`, {
      field: unknown.join(','),
    });
  }
  return parsed as Record<string, unknown>;
}

function fieldsOf(input: Record<string, unknown>): TaskFields {
  return Object.fromEntries(
    FIELD_NAMES.filter((name) => input[name] !== undefined).map((name) => [name, input[name]]),
  ) as TaskFields;
}

/**
 * Mounts the task routes: `GET /api/tasks?all=true`, `GET /api/tasks/:id`, `POST /api/tasks`
 * (`{title, entity_id?, ...fields}`), `POST /api/tasks/:id/move` (`{to, reason?, ...fields}`),
 * `POST /api/tasks/:id/ack` (`{note?}`), `POST /api/reconcile`, `GET /api/incidents`,
 * `POST /api/incidents` (`{type, detail, task_id?, severity?}`), `GET /api/metrics?date=` and
 * `GET /api/patches`. Unknown body parameters are refused.
 */
export function registerTaskRoutes(app: Hono, engine: Engine): void {
  app.get('/api/tasks', async (c) =>
    c.json({
      tasks: await engine.tasks.list({ state: c.req.query('all') === 'true' ? 'all' : 'open' }),
      blocked_by: (await engine.tasks.deadMan()).map((t) => t.id),
    }),
  );
  app.get('/api/tasks/:id', async (c) => c.json(await engine.tasks.show(c.req.param('id'))));
  app.post('/api/tasks', async (c) => {
    const input = await body(c, ['title', 'entity_id', ...FIELD_NAMES]);
    if (typeof input['title'] !== 'string') {
      throw new EngineError('VALIDATION_FAILED', 'title is required', { field: 'title' });
    }
    const { title: _title, ...rest } = input;
    const task = await engine.tasks.add({
      title: input['title'],
      fields: fieldsOf(rest),
      ...(typeof input['entity_id'] === 'string' ? { entity_id: input['entity_id'] } : {}),
    });
    return c.json(task, 201);
  });
  app.post('/api/tasks/:id/move', async (c) => {
    const input = await body(c, ['to', 'reason', ...FIELD_NAMES]);
    const to = String(input['to'] ?? '').toUpperCase();
    if (!isTaskState(to))
      throw new EngineError('VALIDATION_FAILED', 'to must be a task state', { field: 'to' });
    const reason = typeof input['reason'] === 'string' ? input['reason'] : '';
    return c.json(await engine.tasks.move(c.req.param('id'), to, fieldsOf(input), { reason }));
  });
  app.post('/api/tasks/:id/ack', async (c) => {
    const input = await body(c, ['note']);
    return c.json(
      await engine.tasks.acknowledge(
        c.req.param('id'),
        typeof input['note'] === 'string' ? { reason: input['note'] } : {},
      ),
    );
  });
  app.post('/api/reconcile', async (c) => c.json(await engine.tasks.reconcile()));
  app.get('/api/incidents', async (c) => c.json({ incidents: await engine.tasks.incidents() }));
  app.post('/api/incidents', async (c) => {
    const input = await body(c, ['type', 'detail', 'task_id', 'severity']);
    if (!(INCIDENT_TYPES as readonly unknown[]).includes(input['type'])) {
      throw new EngineError(
        'VALIDATION_FAILED',
        `type must be one of ${INCIDENT_TYPES.join(', ')}`,
        {
          field: 'type',
        },
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
  });
  app.get('/api/metrics', async (c) => c.json(await engine.tasks.metrics(c.req.query('date'))));
  app.get('/api/patches', async (c) => c.json({ patches: await engine.tasks.patches() }));
}
