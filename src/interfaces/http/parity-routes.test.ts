import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFakeEmbeddingModel } from '../../providers/fake/index.js';
import { messageRecord, transcriptLine } from '../../testing/index.js';
import { alexAndReader } from './__fixtures__/grants.js';
import { homeAndWorkspace, useHttpApp } from './__fixtures__/temp-engine.js';
import { seedTwoEntities } from './__fixtures__/two-entities.js';
import { hashToken } from './index.js';

const ADMIN = 'admin-token-parity';
const ALEX = 'alex-token-parity';
const READER = 'reader-token-parity';
const REVIEWER = 'reviewer-token-parity';

const at = (minute: number) => new Date(Date.UTC(2026, 2, 2, 9, minute)).toISOString();
const TRANSCRIPT = [
  transcriptLine('m1', 'user', 'The staging API returns 502 since the deploy.', at(0)),
  transcriptLine('m2', 'user', 'From now on always run `nginx -t` before reloading nginx.', at(6)),
  transcriptLine('m3', 'user', 'We decided to keep Redis 7.2 as the session store.', at(8)),
].join('\n');

const http = useHttpApp({
  prefix: 'verity-http-parity-',
  engine: homeAndWorkspace('2026-03-02T18:00:00Z', {
    embeddings: { model: createFakeEmbeddingModel({ dimension: 16 }) },
  }),
  seed: seedTwoEntities,
  app: {
    token: ADMIN,
    tokens: [
      ...alexAndReader(ALEX, READER),
      { name: 'reviewer', sha256: hashToken(REVIEWER), scopes: ['read', 'review'] },
    ],
  },
});

function call(
  method: string,
  path: string,
  body?: unknown,
  token = ADMIN,
  on?: Hono,
): Promise<Response> {
  return Promise.resolve(
    (on ?? http.app).request(path, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
}

async function json<T = Record<string, unknown>>(
  response: Response | Promise<Response>,
  status = 200,
): Promise<T> {
  const answer = await response;
  const text = await answer.text();
  expect(answer.status, text).toBe(status);
  return JSON.parse(text) as T;
}

describe('MEMORY.md routes (memory retire, forget, resolve-edit and the observer runs)', () => {
  let memoryPath: string;

  beforeAll(async () => {
    memoryPath = join(http.dir, 'workspace', 'MEMORY.md');
    await json(
      call('POST', '/api/sessions', {
        session_id: 's1',
        trigger: 'shutdown',
        transcript: TRANSCRIPT,
        observe: 'sync',
      }),
      201,
    );
  });

  it('reflects into proposals, lists captures, and runs the observer queue', async () => {
    const reflected = await json<{ status: string; proposals: unknown[] }>(
      call('POST', '/api/reflect'),
    );
    expect(reflected.status).toBe('proposed');
    expect(reflected.proposals.length).toBeGreaterThan(0);
    const captures = await json<{ captures: { session_id: string }[] }>(
      call('GET', '/api/sessions'),
    );
    expect(captures.captures.map((c) => c.session_id)).toEqual(['s1']);
    expect(await json(call('POST', '/api/observer/run'))).toEqual({ runs: [] });
    expect(await json(call('POST', '/api/observer/work'))).toEqual({ ran: 0 });
    const scheduled = await json<{ job_id: string }>(call('POST', '/api/observer/schedule'));
    expect(scheduled.job_id).toEqual(expect.any(String));
    expect(await json(call('POST', '/api/proposals/sync'))).toEqual({ approved: [] });
    expect(await json(call('POST', '/api/proposals/expire'))).toEqual({ expired: [] });
    expect(await json(call('POST', '/api/friction'))).toMatchObject({ status: 'gated' });
    expect(await json(call('POST', '/api/retention'))).toMatchObject({
      pruned: expect.any(Array),
      archived: expect.any(Array),
    });
  });

  it('adopts a hand edit of a MEMORY.md zone, then retires and forgets entries', async () => {
    const { proposals } = await json<{ proposals: { proposal_id: string; section: string }[] }>(
      call('GET', '/api/proposals'),
    );
    const rule = proposals.find((p) => p.section === 'Hard Rules');
    expect(rule).toBeDefined();
    // Deciding on a proposal is a review (as MCP resolve_proposal), recorded as the token's.
    await json(
      call('POST', `/api/proposals/${rule?.proposal_id}`, { action: 'approve' }, REVIEWER),
    );
    const decided = await json<{ proposals: { proposal_id: string; decided_by: string | null }[] }>(
      call('GET', '/api/proposals?status=all'),
    );
    expect(decided.proposals.find((p) => p.proposal_id === rule?.proposal_id)?.decided_by).toBe(
      'token:reviewer',
    );
    const before = readFileSync(memoryPath, 'utf8');
    writeFileSync(
      memoryPath,
      before.replace(
        '<!-- STATE:END zone_id=memory-hard-rules -->',
        '- Never edit nginx.conf on the box\n<!-- STATE:END zone_id=memory-hard-rules -->',
      ),
    );
    // Another promotion writes MEMORY.md again: the edited zone is held, not overwritten.
    for (const p of proposals.filter((p) => p !== rule)) {
      await json(call('POST', `/api/proposals/${p.proposal_id}`, { action: 'approve' }));
    }
    expect(readFileSync(memoryPath, 'utf8')).toContain('- Never edit nginx.conf on the box\n');

    const bad = await call('POST', '/api/memory/zones/Hard%20Rules/resolve', { action: 'keep' });
    expect(bad.status).toBe(400);
    const adopted = await json<{ zone_id: string; action: string; promoted: string[] }>(
      call('POST', '/api/memory/zones/Hard%20Rules/resolve', { action: 'adopt' }),
    );
    expect(adopted).toMatchObject({ zone_id: 'memory-hard-rules', action: 'adopted' });
    const again = await call('POST', '/api/memory/zones/memory-hard-rules/resolve', {
      action: 'adopt',
    });
    expect(again.status).toBeGreaterThanOrEqual(400);

    const { memory } = await json<{ memory: { memory_id: string; text: string }[] }>(
      call('GET', '/api/memory'),
    );
    const added = memory.find((m) => m.text === 'Never edit nginx.conf on the box');
    expect(added).toBeDefined();
    const retired = await json<{ memory_id: string; status: string }>(
      call('POST', `/api/memory/${added?.memory_id}/retire`, { reason: 'moved to a runbook' }),
    );
    expect(retired.memory_id).toBe(added?.memory_id);
    const active = await json<{ memory: { memory_id: string }[] }>(call('GET', '/api/memory'));
    expect(active.memory.map((m) => m.memory_id)).not.toContain(added?.memory_id);

    const other = active.memory[0];
    expect(other).toBeDefined();
    await json(call('POST', `/api/memory/${other?.memory_id}/forget`, { reason: 'wrong' }));
    const all = await json<{ memory: { memory_id: string }[] }>(
      call('GET', '/api/memory?all=true'),
    );
    expect(all.memory.map((m) => m.memory_id)).not.toContain(other?.memory_id);
    expect(
      (await json<{ verified: boolean }>(call('POST', '/api/rebuild', { verify: true }))).verified,
    ).toBe(true);
  });

  it('refuses tokens limited to some entities before anything runs', async () => {
    for (const path of ['/api/reflect', '/api/retention', '/api/memory/zones/x/resolve']) {
      const response = await call('POST', path, { action: 'adopt' }, ALEX);
      expect(response.status, path).toBe(403);
      expect(await response.text(), path).toContain('limited to some entities');
    }
    expect((await call('POST', '/api/friction', undefined, READER)).status).toBe(403);
  });
});

describe('task routes (update, done, cancel, capture, proposals, reviews, improve)', () => {
  async function task(title: string, entity = 'user:alex'): Promise<string> {
    const created = await json<{ id: string }>(
      call('POST', '/api/tasks', { title, entity_id: entity, priority: 'P1' }),
      201,
    );
    return created.id;
  }

  it('updates fields, cancels with a reason, and filters the list by state and entity', async () => {
    const id = await task('Renew the passport');
    const updated = await json<{ next_action: string }>(
      call('PATCH', `/api/tasks/${id}`, { next_action: 'book an appointment', progress: true }),
    );
    expect(updated.next_action).toBe('book an appointment');
    const unknown = await call('PATCH', `/api/tasks/${id}`, { colour: 'red' });
    expect(unknown.status).toBe(400);
    expect((await call('POST', `/api/tasks/${id}/cancel`, {})).status).toBe(400);
    const cancelled = await json<{ state: string }>(
      call('POST', `/api/tasks/${id}/cancel`, { reason: 'trip called off' }),
    );
    expect(cancelled.state).toBe('CANCELLED');
    const list = await json<{ tasks: { id: string }[] }>(
      call('GET', '/api/tasks?state=CANCELLED&entity_id=user:alex'),
    );
    expect(list.tasks.map((t) => t.id)).toEqual([id]);
    const none = await json<{ tasks: unknown[] }>(
      call('GET', '/api/tasks?state=CANCELLED&entity_id=family:smith'),
    );
    expect(none.tasks).toEqual([]);
  });

  it("keeps a token limited to one entity off another entity's tasks, before any change", async () => {
    const smiths = await task('Paint the fence', 'family:smith');
    for (const [method, path, body] of [
      ['POST', `/api/tasks/${smiths}/cancel`, { reason: 'not mine' }],
      ['PATCH', `/api/tasks/${smiths}`, { next_action: 'x' }],
      ['POST', `/api/tasks/${smiths}/move`, { to: 'CANCELLED', reason: 'not mine' }],
      ['GET', `/api/tasks/${smiths}`, undefined],
    ] as const) {
      const response = await call(method, path, body, ALEX);
      expect(response.status, `${method} ${path}`).toBe(403);
    }
    const still = await json<{ state: string; next_action: string | null }>(
      call('GET', `/api/tasks/${smiths}`),
    );
    expect(still).toMatchObject({ state: 'CAPTURED', next_action: null });
    const own = await task('Water the plants');
    const updated = await json<{ next_action: string }>(
      call('PATCH', `/api/tasks/${own}`, { next_action: 'fill the can' }, ALEX),
    );
    expect(updated.next_action).toBe('fill the can');
    expect((await call('GET', '/api/tasks/TASK-20990101-001', undefined, ALEX)).status).toBe(404);
  });

  it('refuses done outside EXECUTING or VERIFYING, and completes with a proof', async () => {
    const id = await task('Book the ferry');
    expect((await call('POST', `/api/tasks/${id}/done`, { proof: 'ticket' })).status).toBe(400);
    await json(
      call('POST', `/api/tasks/${id}/move`, {
        to: 'TRIAGED',
        due: '2026-03-05T00:00:00Z',
        definition_of_done: ['ticket booked'],
      }),
    );
    await json(
      call('POST', `/api/tasks/${id}/move`, {
        to: 'PLANNED',
        next_action: 'open the booking site',
        next_check: '2026-03-03T09:00:00Z',
      }),
    );
    await json(call('POST', `/api/tasks/${id}/move`, { to: 'READY' }));
    await json(call('POST', `/api/tasks/${id}/move`, { to: 'EXECUTING' }));
    const done = await json<{ state: string }>(
      call('POST', `/api/tasks/${id}/done`, { proof: 'ticket FRY-1' }),
    );
    expect(done.state).toBe('DONE');
  });

  it('captures a thread, lists proposals and the task review queue, runs improve', async () => {
    const captured = await json<{ created: unknown[]; proposed: unknown[] }>(
      call('POST', '/api/tasks/capture', { thread_id: 'thread-user-alex' }),
    );
    expect(captured).toEqual({ created: expect.any(Array), proposed: expect.any(Array) });
    const proposals = await json<{ proposals: unknown[] }>(
      call('GET', '/api/task-proposals?all=true'),
    );
    expect(proposals.proposals).toEqual(expect.any(Array));
    expect((await call('POST', '/api/task-proposals/PROP-none/accept')).status).toBe(404);
    const reviews = await json(call('GET', '/api/task-reviews'));
    expect(reviews).toEqual({ tasks: [], patches: [] });
    expect(await json(call('POST', '/api/improve'))).toEqual(expect.any(Object));
  });

  it('answers task reviews with the review scope and validates the action', async () => {
    const id = await task('Call the plumber');
    // Not stuck (no E3 escalation): the answer is a conflict, which the review scope may attempt.
    const early = await call(
      'POST',
      `/api/task-reviews/${id}`,
      { action: 'acknowledge' },
      REVIEWER,
    );
    expect(early.status).toBe(409);
    const writer = await call('POST', `/api/task-reviews/${id}`, { action: 'acknowledge' }, READER);
    expect(writer.status).toBe(403);
    const bad = await call('POST', `/api/task-reviews/${id}`, { action: 'confirm' });
    expect(bad.status).toBe(400);
    expect((await call('POST', '/api/tasks/capture', { thread_id: 't' }, ALEX)).status).toBe(403);
  });
});

describe('maintenance routes (dlq, index, snapshot, labels, migrate, feedback, vault)', () => {
  it('lists, edits and discards dead letters', async () => {
    const ingest = await http.app.request('/api/ingest', {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN}` },
      body: '{"type":"bogus"}\n{"type":"bogus","n":2}\n',
    });
    expect(ingest.status).toBe(422);
    const { dead_letters } = await json<{ dead_letters: { dlq_id: string; status: string }[] }>(
      call('GET', '/api/dlq'),
    );
    expect(dead_letters).toHaveLength(2);
    const [first, second] = dead_letters;
    const retried = await json(call('POST', '/api/dlq/retry', {}));
    expect(retried).toMatchObject({ resolved: 0 });
    const edit = await call('POST', `/api/dlq/${first?.dlq_id}/edit`, { raw: 'a\nb' });
    expect(edit.status).toBe(400);
    const fixed = await json<{ resolved: number }>(
      call('POST', `/api/dlq/${first?.dlq_id}/edit`, {
        raw: JSON.stringify(
          messageRecord('dlq-fix', 'm-fixed', 'user', 'fixed line', '2026-03-02T10:00:00Z'),
        ),
      }),
    );
    expect(fixed.resolved).toBe(1);
    expect((await call('POST', '/api/dlq/discard', {})).status).toBe(400);
    expect((await call('POST', '/api/dlq/discard', { dlq_id: 'x', all: true })).status).toBe(400);
    const discarded = await json(call('POST', '/api/dlq/discard', { all: true, schema: 'nope' }));
    expect(discarded).toEqual({ discarded: 0, dlq_ids: [] });
    const all = await json(call('POST', '/api/dlq/discard', { all: true }));
    expect(all).toEqual({ discarded: 1, dlq_ids: [second?.dlq_id] });
    expect((await call('GET', '/api/dlq', undefined, ALEX)).status).toBe(403);
  });

  it('indexes, snapshots state, and records intent labels and recall feedback', async () => {
    const indexed = await json<{ status: { vectors: unknown } }>(call('POST', '/api/search/index'));
    expect(indexed.status).toEqual(expect.any(Object));
    const rebuilt = await json<{ status: unknown }>(call('POST', '/api/search/reindex'));
    expect(rebuilt.status).toEqual(indexed.status);
    const snapshot = await json<Record<string, unknown>>(call('GET', '/api/snapshot'));
    expect(JSON.stringify(snapshot)).toContain('family:smith');
    expect((await call('GET', '/api/snapshot', undefined, ALEX)).status).toBe(403);
    const label = { thread_id: 'thread-user-alex', message_id: 'm-100', intent: 'planning' };
    expect(await json(call('POST', '/api/extract/labels', label), 201)).toEqual(label);
    const bad = await call('POST', '/api/extract/labels', { ...label, intent: 'sarcastic' });
    expect(bad.status).toBe(400);
    const metrics = await json(call('GET', '/api/extract/metrics'));
    expect(JSON.stringify(metrics)).toContain('planning');
    const feedback = await json(
      call('POST', '/api/context/feedback', { pack: '## P0\n- nothing', output: 'ok' }),
    );
    expect(feedback).toHaveProperty('items_used');
  });

  it('migrates markdown files sent in the body, dry run first', async () => {
    const files = [
      {
        path: 'HEARTBEAT.md',
        content: '# Heartbeat\n\n## Preferences\n- Seat: aisle\n',
        updated_at: '2026-03-01T08:00:00Z',
      },
    ];
    type Report = {
      dry_run: boolean;
      files: number;
      items: { field: string; entity_id: string }[];
    };
    const dry = await json<Report>(call('POST', '/api/migrate', { files, dry_run: true }));
    expect(dry).toMatchObject({ dry_run: true, files: 1 });
    expect(dry.items.length).toBeGreaterThan(0);
    const real = await json<Report>(
      call('POST', '/api/migrate', { files, entity_id: 'user:alex' }),
    );
    expect(real).toMatchObject({ dry_run: false, files: 1 });
    expect(real.items.map((i) => i.field)).toEqual(dry.items.map((i) => i.field));
    expect(new Set(real.items.map((i) => i.entity_id))).toEqual(new Set(['user:alex']));
    const field = real.items[0]?.field ?? '';
    const state = await json<{ value: string | null }>(
      call('GET', `/api/state/user:alex?field=${field}`),
    );
    expect(state.value).toBe('aisle');
    const missing = await call('POST', '/api/migrate', { files: [{ path: 'x.md' }] });
    expect(missing.status).toBe(400);
  });

  it('indexes and searches the notes vault (no folder registered: nothing found)', async () => {
    expect(await json(call('POST', '/api/vault/index'))).toEqual(expect.any(Object));
    const found = await json<{ hits: unknown[] }>(
      call('POST', '/api/vault/search', { query: 'ferry' }),
    );
    expect(found.hits).toEqual([]);
  });
});

describe('GET /api/stats', () => {
  it('reports extraction stalls as verity stats --json does', async () => {
    const stats = await json<{ extraction_stalls: Record<string, unknown>; events: number }>(
      call('GET', '/api/stats?stall_minutes=0'),
    );
    expect(stats.events).toBeGreaterThan(0);
    expect(stats.extraction_stalls).toMatchObject({
      stall_after_minutes: 0,
      threads_pending: expect.any(Number),
    });
    expect((await call('GET', '/api/stats?stall_minutes=soon')).status).toBe(400);
  });
});
