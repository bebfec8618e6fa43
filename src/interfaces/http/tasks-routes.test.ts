import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../testing/index.js';
import { atInstant, useHttpApp } from './__fixtures__/temp-engine.js';

const TOKEN = 'test-token-0123456789';
const HEADERS = { Authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };

const http = useHttpApp({
  prefix: 'verity-http-tasks-',
  engine: (dir) => atInstant(dir, '2026-01-28T09:00:00Z'),
  app: { token: TOKEN },
});

const post = (path: string, body: unknown) =>
  http.app.request(path, { method: 'POST', headers: HEADERS, body: JSON.stringify(body) });

describe('task routes', () => {
  it('adds and moves a task, and refuses an illegal move with a clear error', async () => {
    const added = await post('/api/tasks', { title: 'Send the deck', priority: 'P1' });
    expect(added.status).toBe(201);
    const task = (await added.json()) as { id: string; state: string };
    expect(task).toMatchObject({ id: 'TASK-20260128-001', state: 'CAPTURED' });
    const refused = await post(`/api/tasks/${task.id}/move`, { to: 'DONE' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain('cannot move from CAPTURED to DONE');
    const moved = await post(`/api/tasks/${task.id}/move`, {
      to: 'TRIAGED',
      due: '2026-01-30T17:00:00Z',
      definition_of_done: ['sent'],
    });
    expect(moved.status).toBe(200);
    const list = await http.app.request('/api/tasks', { headers: HEADERS });
    expect(((await list.json()) as { tasks: { state: string }[] }).tasks[0]?.state).toBe('TRIAGED');
  });

  it('refuses unknown body parameters', async () => {
    const response = await post('/api/tasks', { title: 'x', colour: 'red' });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toContain('unknown parameter(s): colour');
  });

  it('refuses a wrongly typed task field with a 400 naming it, and stores nothing', async () => {
    const count = async () => {
      const all = await http.app.request('/api/tasks?all=true', { headers: HEADERS });
      return ((await all.json()) as { tasks: unknown[] }).tasks.length;
    };
    const before = await count();
    const wrong: [string, unknown][] = [
      ['definition_of_done', 'landlord confirms'],
      ['definition_of_done', [1, 2]],
      ['followup_cadence_hours', 'soon'],
      ['owner', 5],
      ['description', ['a']],
      ['who_waiting_on', { a: 1 }],
      ['next_check', 'later'],
      ['last_followup', 123],
      ['next_action', false],
      ['priority', null],
      ['entity_id', 'Bob'],
      ['title', '   '],
    ];
    for (const [field, value] of wrong) {
      const response = await post('/api/tasks', { title: 't', [field]: value });
      expect(response.status, `${field}: ${JSON.stringify(value)}`).toBe(400);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      expect(JSON.stringify(await response.json())).toContain(field);
    }
    for (const body of [[1, 2], null]) {
      expect((await post('/api/tasks', body)).status).toBe(400);
    }
    expect(await count()).toBe(before);
    // The same fields, well typed, are stored as given.
    const added = await post('/api/tasks', {
      title: 't',
      owner: 'alex',
      description: 'a',
      who_waiting_on: 'the landlord',
      definition_of_done: ['landlord confirms'],
      followup_cadence_hours: 24,
    });
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({
      owner: 'alex',
      description: 'a',
      who_waiting_on: 'the landlord',
      definition_of_done: ['landlord confirms'],
    });
    const { id } = (await (await post('/api/tasks', { title: 'u' })).json()) as { id: string };
    const patched = await http.app.request(`/api/tasks/${id}`, {
      method: 'PATCH',
      headers: HEADERS,
      body: JSON.stringify({ owner: 7 }),
    });
    expect(patched.status).toBe(400);
    expect((await post(`/api/tasks/${id}/move`, { to: 'TRIAGED', due: 5 })).status).toBe(400);
  });

  it('documents each task field with its schema in the OpenAPI document', async () => {
    const doc = (await (await http.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { requestBody: { content: Record<string, unknown> } }>>;
    };
    const body = JSON.stringify(doc.paths['/api/tasks']?.['post']?.requestBody);
    const schema = JSON.parse(body) as {
      content: { 'application/json': { schema: { properties: Record<string, object> } } };
    };
    const properties = schema.content['application/json'].schema.properties;
    expect(properties['definition_of_done']).toMatchObject({ type: 'array' });
    expect(properties['followup_cadence_hours']).toMatchObject({ type: 'number' });
    expect(properties['owner']).toMatchObject({ type: 'string' });
    expect(properties['priority']).toMatchObject({ enum: ['P0', 'P1', 'P2', 'P3'] });
  });

  it('logs an incident and shows it in the metrics', async () => {
    const logged = await post('/api/incidents', { type: 'WRONG_RECALL', detail: 'missed net-15' });
    expect(logged.status).toBe(201);
    const metrics = await http.app.request('/api/metrics?date=2026-01-28', { headers: HEADERS });
    expect(await metrics.json()).toMatchObject({ incidents_by_type: { WRONG_RECALL: 1 } });
  });

  it('puts an unacknowledged escalation in the dashboard inbox and acknowledges it there', async () => {
    type Inbox = { items: { kind: string; id: string }[]; kinds: string[] };
    const added = (await (await post('/api/tasks', { title: 'File the tax return' })).json()) as {
      id: string;
    };
    await post(`/api/tasks/${added.id}/move`, {
      to: 'TRIAGED',
      priority: 'P0',
      due: '2026-01-28T08:00:00Z',
      definition_of_done: ['return filed'],
    });
    await post(`/api/tasks/${added.id}/move`, {
      to: 'PLANNED',
      next_action: 'collect receipts',
      next_check: '2026-01-28T08:30:00Z',
    });
    await post('/api/reconcile', {});
    const inbox = (await (
      await http.app.request('/api/inbox?limit=500', { headers: HEADERS })
    ).json()) as Inbox;
    expect(inbox.kinds).toContain('task_escalation');
    expect(inbox.items.filter((i) => i.kind === 'task_escalation').map((i) => i.id)).toContain(
      added.id,
    );
    const wrong = await post(`/api/inbox/task_escalation/${added.id}`, { action: 'approve' });
    expect(wrong.status).toBe(400);
    const acked = await post(`/api/inbox/task_escalation/${added.id}`, { action: 'acknowledge' });
    expect(acked.status).toBe(200);
    expect(await acked.json()).toMatchObject({ result: { id: added.id } });
    const after = (await (
      await http.app.request('/api/inbox?limit=500', { headers: HEADERS })
    ).json()) as Inbox;
    expect(after.items.some((i) => i.id === added.id)).toBe(false);
  });
});

describe('GET /api/patches', () => {
  const clock = createManualClock('2026-01-28T09:00:00Z');
  const loop = useHttpApp({
    prefix: 'verity-http-patches-',
    engine: (dir) => ({ ...atInstant(dir, '2026-01-28T09:00:00Z'), clock }),
    app: { token: TOKEN },
  });
  const list = async () =>
    (await (await loop.app.request('/api/patches', { headers: HEADERS })).json()) as {
      patches: { patch_id: string; status: string }[];
      experiments: { patch_id: string; status: string; variants: { name: string }[] }[];
    };

  it('lists the experiments registry beside the patches once a patch is applied', async () => {
    await loop.engine.tasks.logIncident({ type: 'MISSED_DEADLINE', detail: 'the deck was late' });
    await loop.engine.tasks.logIncident({ type: 'MISSED_DEADLINE', detail: 'the bill was late' });
    clock.set('2026-01-29T04:00:00Z');
    const [proposed] = (await loop.engine.tasks.improve()).proposed;
    if (proposed === undefined) throw new Error('the loop proposed no patch');
    const before = await list();
    expect(before.patches).toEqual([expect.objectContaining({ status: 'proposed' })]);
    expect(before.experiments).toEqual([]);

    await loop.engine.tasks.reviewPatch(proposed.patch_id, 'approved', 'try it');
    clock.set('2026-01-31T09:00:00Z');
    const after = await list();
    expect(after.patches).toEqual([
      expect.objectContaining({ patch_id: proposed.patch_id, status: 'applied' }),
    ]);
    expect(after.experiments).toEqual([
      expect.objectContaining({
        patch_id: proposed.patch_id,
        status: 'active',
        variants: [
          expect.objectContaining({ name: 'baseline' }),
          expect.objectContaining({ name: 'patched' }),
        ],
      }),
    ]);
  });
});
