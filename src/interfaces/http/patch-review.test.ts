import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../testing/index.js';
import { grant } from './__fixtures__/grants.js';
import { atInstant, useHttpApp } from './__fixtures__/temp-engine.js';

const TOKEN = 'patch-review-token-0123456789';
const WRITER = 'patch-writer-token-0123456789';
const clock = createManualClock('2026-01-28T09:00:00Z');
const http = useHttpApp({
  prefix: 'verity-http-patch-review-',
  engine: (dir) => ({ ...atInstant(dir, '2026-01-28T09:00:00Z'), clock }),
  app: { token: TOKEN, tokens: [grant('writer', WRITER, ['read', 'write'])] },
});

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await http.app.request(path, {
    method,
    headers: { Authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  expect(response.status, text).toBeLessThan(300);
  return JSON.parse(text) as T;
}

interface PatchRow {
  readonly patch_id: string;
  readonly status: string;
  readonly change: { readonly key: string };
}

/** Adds a task of `priority` through HTTP and plans it, due far off, checked in an hour. */
async function plannedTask(title: string, priority: 'P1' | 'P2'): Promise<string> {
  const { id } = await call<{ id: string }>('POST', '/api/tasks', { title });
  await call('POST', `/api/tasks/${id}/move`, {
    to: 'TRIAGED',
    priority,
    due: '2026-03-01T12:00:00Z',
    definition_of_done: ['done'],
  });
  await call('POST', `/api/tasks/${id}/move`, {
    to: 'PLANNED',
    next_action: 'start',
    next_check: '2026-01-29T06:00:00Z',
  });
  return id;
}

describe('answering patch reviews over HTTP', () => {
  it('applies the approved patch and leaves the rejected one out of the policy', async () => {
    for (const detail of ['the grant report sat for days', 'the visa form sat for days']) {
      await call('POST', '/api/incidents', { type: 'TASK_STUCK', detail });
    }
    clock.set('2026-01-29T04:00:00Z');
    const { proposed } = await call<{ proposed: PatchRow[] }>('POST', '/api/improve');
    const byKey = new Map(proposed.map((p) => [p.change.key, p.patch_id]));
    const p1 = byKey.get('stale_hours.P1');
    const p2 = byKey.get('stale_hours.P2');
    if (p1 === undefined || p2 === undefined) throw new Error('expected a P1 and a P2 patch');

    // Answering a review needs the review scope, as MCP resolve_task_review does.
    const refused = await http.app.request(`/api/task-reviews/${p1}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${WRITER}`, 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'approve' }),
    });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('lacks the review scope');

    const approved = await call('POST', `/api/task-reviews/${p1}`, {
      action: 'approve',
      note: 'chase P1 work sooner',
    });
    expect(approved).toMatchObject({ kind: 'patch', patch: { patch_id: p1, status: 'applied' } });
    const rejected = await call('POST', `/api/task-reviews/${p2}`, { action: 'reject' });
    expect(rejected).toMatchObject({ kind: 'patch', patch: { patch_id: p2, status: 'rejected' } });

    const listed = await call<{ patches: PatchRow[]; experiments: { patch_id: string }[] }>(
      'GET',
      '/api/patches',
    );
    expect(Object.fromEntries(listed.patches.map((p) => [p.patch_id, p.status]))).toEqual({
      [p1]: 'applied',
      [p2]: 'rejected',
    });
    expect(listed.experiments.map((e) => e.patch_id)).toEqual([p1]);

    // The policy in force: the reconciler now chases P1 work after 18 h (24 × 0.75), while P2
    // keeps its 72 h default because that patch was rejected.
    const p1Task = await plannedTask('Draft the grant report', 'P1');
    const p2Task = await plannedTask('Fill in the visa form', 'P2');
    clock.set('2026-02-01T12:00:00Z');
    const report = await call<{ actions: { task_id?: string; reason?: string }[] }>(
      'POST',
      '/api/reconcile',
      {},
    );
    const reasons = (id: string) =>
      report.actions.filter((a) => a.task_id === id).map((a) => a.reason ?? '');
    expect(reasons(p1Task).join('\n')).toContain('P1 limit 18 h');
    expect(reasons(p2Task).join('\n')).toContain('P2 limit 72 h');
  });
});
