import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/index.js';
import { waitFor } from '../../engine/__fixtures__/background-jobs.js';
import {
  type BillingAnswer,
  expectCurrentBillingFirst,
  seedRetiredBilling,
} from '../../engine/__fixtures__/retired-memory.js';
import { createEngine } from '../../engine/index.js';
import { whileServing } from '../__fixtures__/serving.js';
import { homeAndWorkspace, useHttpApp } from './__fixtures__/temp-engine.js';
import { createHttpApp } from './index.js';

const TOKEN = 'test-token-0123456789';
const HEADERS = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' };
const PI = readFileSync(
  new URL('../../observer/__fixtures__/pi-session.jsonl', import.meta.url),
  'utf8',
);

const http = useHttpApp({
  prefix: 'verity-http-observer-',
  engine: homeAndWorkspace('2026-03-05T18:00:00Z'),
  app: { token: TOKEN },
});

function post(path: string, body: unknown) {
  return http.app.request(path, { method: 'POST', headers: HEADERS, body: JSON.stringify(body) });
}

describe('observer HTTP routes', () => {
  it('captures a pi session (201, then 200 duplicate), reflects, and approves a proposal', async () => {
    const first = await post('/api/sessions', {
      trigger: 'shutdown',
      transcript: PI,
      observe: 'sync',
    });
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ status: 'captured', format: 'pi' });
    const again = await post('/api/sessions', { trigger: 'shutdown', transcript: PI });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ status: 'duplicate' });

    await http.engine.observer.reflect();
    const listed = (await (
      await http.app.request('/api/proposals', { headers: HEADERS })
    ).json()) as {
      proposals: { proposal_id: string; text: string }[];
    };
    const fix = listed.proposals.find((p) => p.text.includes('RECEIVER_NOT_EXPORTED'));
    if (!fix) throw new Error('expected the fix to be proposed');
    const approved = await post(`/api/proposals/${fix.proposal_id}`, { action: 'approve' });
    expect(approved.status).toBe(200);
    const memory = (await (await http.app.request('/api/memory', { headers: HEADERS })).json()) as {
      memory: { text: string }[];
    };
    expect(memory.memory.map((m) => m.text)).toEqual([fix.text]);
  });

  it('has a capture it queued observed by the durable job verity serve runs', async () => {
    await whileServing(http.engine, async () => {
      const response = await post('/api/sessions', {
        session_id: 'served-over-http',
        trigger: 'manual',
        transcript: PI,
      });
      expect(response.status).toBe(201);
      expect(await response.json()).toMatchObject({ observed: null, job_id: expect.any(String) });
      const observed = async () =>
        (await http.engine.observer.listCaptures()).find((c) => c.session_id === 'served-over-http')
          ?.observed === true;
      await waitFor('the capture to be observed', async () => ((await observed()) ? true : null));
    });
  });

  it('shows pending proposals in the dashboard inbox and resolves one from there', async () => {
    type Inbox = { items: { kind: string; id: string }[]; kinds: string[] };
    // Its own home, so that the proposal the first test approved does not matter here.
    const own = await createEngine({
      home: join(http.dir, 'inbox-home'),
      clock: fixedClock(Date.parse('2026-03-05T18:00:00Z')),
      embeddings: { model: null },
      observer: { workspace: join(http.dir, 'inbox-workspace') },
    });
    const ownApp = createHttpApp(own, { token: TOKEN });
    const request = (path: string, body?: unknown) =>
      ownApp.request(
        path,
        body === undefined
          ? { headers: HEADERS }
          : { method: 'POST', headers: HEADERS, body: JSON.stringify(body) },
      );
    try {
      const capture = { trigger: 'shutdown', transcript: PI, observe: 'sync' };
      expect((await request('/api/sessions', capture)).status).toBe(201);
      await own.observer.reflect();
      const pending = (await own.observer.listProposals('pending')).map((p) => p.proposal_id);
      expect(pending.length).toBeGreaterThan(0);
      const inbox = (await (await request('/api/inbox?limit=500')).json()) as Inbox;
      expect(inbox.kinds).toContain('memory_proposal');
      const shown = inbox.items.filter((i) => i.kind === 'memory_proposal').map((i) => i.id);
      expect(shown.sort()).toEqual([...pending].sort());
      const target = pending[0] ?? '';
      const answered = await request(`/api/inbox/memory_proposal/${target}`, { action: 'reject' });
      expect(answered.status).toBe(200);
      expect(await answered.json()).toMatchObject({
        kind: 'memory_proposal',
        id: target,
        result: { proposal_id: target, status: 'rejected' },
      });
      const after = (await (await request('/api/inbox?limit=500')).json()) as Inbox;
      expect(after.items.some((i) => i.id === target)).toBe(false);
      const bad = await request(`/api/inbox/memory_proposal/${target}`, { action: 'confirm' });
      expect(bad.status).toBe(400);
    } finally {
      await own.close();
    }
  });

  it('rejects unknown fields and a bad trigger with 400, an unknown proposal with 404', async () => {
    expect(
      (await post('/api/sessions', { trigger: 'shutdown', transcript: PI, extra: 1 })).status,
    ).toBe(400);
    expect((await post('/api/sessions', { trigger: 'later', transcript: PI })).status).toBe(400);
    expect((await post('/api/proposals/p-20990101-001', { action: 'approve' })).status).toBe(404);
  });

  it('never answers /api/ask with a retired MEMORY.md entry as current', async () => {
    await seedRetiredBilling(http.engine, ['2026-03-04', '2026-03-05']);
    const res = await post('/api/ask', { question: 'What do we use for billing?' });
    expect(res.status).toBe(200);
    expectCurrentBillingFirst((await res.json()) as BillingAnswer);
  });

  it('answers a question with citations', async () => {
    const res = await post('/api/ask', { question: 'how was the Android crash fixed?' });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { mode: string; answer: string };
    expect(answer.mode).toBe('extractive');
    expect(answer.answer).toContain('RECEIVER_NOT_EXPORTED');
  });
});
