import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/index.js';
import type { EngineEvent } from '../../engine/index.js';
import { createManualClock, toJsonl } from '../../testing/index.js';
import { callTool, connectMcpClient } from '../mcp/__fixtures__/mcp-client.js';
import { grant } from './__fixtures__/grants.js';
import { type OpenEventStream, openEventStream } from './__fixtures__/sse-stream.js';
import { useHttpApp } from './__fixtures__/temp-engine.js';
import { entityRecords, seedTwoEntities } from './__fixtures__/two-entities.js';

const ADMIN = 'admin-answered-token-0123456789';
const ALEX = 'alex-answered-token-0123456789';
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

const http = useHttpApp({
  prefix: 'verity-review-answered-',
  engine: (dir) => ({ home: dir, clock: fixedClock(Date.parse('2026-02-19T15:05:00Z')) }),
  seed: seedTwoEntities,
  app: { token: ADMIN, tokens: [grant('alex', ALEX, ['read', 'review'], ['user:alex'])] },
});

async function openPrompt(entity: string): Promise<string> {
  const [prompt] = await http.engine.listReviews({ status: ['open'], entityId: entity });
  if (prompt === undefined) throw new Error(`no open prompt for ${entity}`);
  return prompt.prompt_id;
}

/** An open `/api/events` stream for `token`, once the ledger watcher knows the head. */
async function listen(token: string): Promise<OpenEventStream> {
  const opened = await openEventStream(http.app, bearer(token));
  // The watcher's first poll (every 500 ms while someone listens) only learns the ledger head;
  // commits after it are what it announces.
  await new Promise((resolve) => setTimeout(resolve, 1_200));
  return opened;
}

/** The `review.answered` messages of an SSE text, parsed. */
function answered(text: string): { entity_id: string; data: Record<string, unknown> }[] {
  return text
    .split('\n\n')
    .filter((block) => block.includes('event: review.answered'))
    .map((block) =>
      JSON.parse(
        block
          .split('\n')
          .find((l) => l.startsWith('data:'))
          ?.slice(5) ?? '',
      ),
    );
}

/** Text only a `review.answered` message of `prompt` carries (`review.opened` names `prompt_id`). */
const answerOf = (prompt: string) => `"id":"${prompt}"`;

const post = (path: string, token: string, body: unknown) =>
  http.app.request(path, {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('review.answered on /api/events', () => {
  it('is streamed once per answer, over POST /api/reviews/:id or the inbox, to its entity only', async () => {
    const admin = await listen(ADMIN);
    const alex = await listen(ALEX);
    const smith = await openPrompt('family:smith');
    const own = await openPrompt('user:alex');
    // Another entity's answer, through the inbox: it must reach the admin once, not alex.
    expect(
      (await post(`/api/inbox/state_review/${smith}`, ADMIN, { action: 'reject' })).status,
    ).toBe(200);
    expect((await post(`/api/reviews/${own}`, ALEX, { action: 'confirm' })).status).toBe(200);
    const alexText = await alex.stream.until(answerOf(own));
    const adminText = await admin.stream.until(answerOf(own));
    await alex.close();
    await admin.close();
    expect(answered(alexText)).toEqual([
      expect.objectContaining({
        entity_id: 'user:alex',
        data: expect.objectContaining({
          kind: 'state_review',
          id: own,
          prompt_id: own,
          action: 'confirm',
          ledger_type: 'review.answered',
        }),
      }),
    ]);
    expect(alexText).not.toContain(smith);
    const smithEvents = answered(adminText).filter((event) => event.data['id'] === smith);
    expect(smithEvents).toEqual([
      expect.objectContaining({
        entity_id: 'family:smith',
        data: expect.objectContaining({ kind: 'state_review', action: 'reject' }),
      }),
    ]);
  }, 30_000);

  it('is streamed for an answer made outside HTTP (the CLI, MCP, the Telegram bot)', async () => {
    const report = await http.engine.ingest(toJsonl(entityRecords('user:bea', 400)));
    expect(report.rejected).toBe(0);
    const prompt = await openPrompt('user:bea');
    const admin = await listen(ADMIN);
    await http.engine.answerReview(prompt, 'reject');
    const text = await admin.stream.until(answerOf(prompt));
    await admin.close();
    expect(answered(text)).toEqual([
      expect.objectContaining({
        entity_id: 'user:bea',
        data: expect.objectContaining({ id: prompt, action: 'reject' }),
      }),
    ]);
  }, 30_000);
});

/** An app whose engine has one proposed patch (a task review item) to judge. */
function useAppWithPatch(prefix: string) {
  const clock = createManualClock('2026-01-28T09:00:00Z');
  return useHttpApp({
    prefix,
    engine: (dir) => ({ home: dir, clock, embeddings: { model: null } }),
    // Two missed deadlines make the improvement loop propose a patch: a task review item.
    seed: async (engine) => {
      await engine.tasks.logIncident({ type: 'MISSED_DEADLINE', detail: 'the deck was late' });
      await engine.tasks.logIncident({ type: 'MISSED_DEADLINE', detail: 'the bill was late' });
      clock.set('2026-01-29T04:00:00Z');
      await engine.tasks.improve();
    },
    app: { token: null },
  });
}

describe('review.answered for a task review over MCP', () => {
  const tasks = useAppWithPatch('verity-task-review-answered-mcp-');

  it('is published when resolve_task_review judges a patch, as over HTTP', async () => {
    const [patch] = await tasks.engine.tasks.patches({ status: 'proposed' });
    if (patch === undefined) throw new Error('the loop proposed no patch');
    const client = await connectMcpClient(tasks.engine);
    const seen: EngineEvent[] = [];
    const unsubscribe = tasks.engine.events.subscribe((event) => void seen.push(event));
    const answer = (action: string) =>
      callTool(client, 'resolve_task_review', {
        entity_id: 'user:primary',
        review_id: patch.patch_id,
        action,
        note: 'too broad',
      });
    const refused = await answer('acknowledge');
    const answered = await answer('reject');
    unsubscribe();
    await client.close();
    // A refused answer (a task action on a patch) announces nothing.
    expect(refused.isError).toBe(true);
    expect(answered.isError).not.toBe(true);
    expect(seen.filter((event) => event.type === 'review.answered')).toEqual([
      {
        type: 'review.answered',
        entity_id: null,
        data: { kind: 'patch', id: patch.patch_id, action: 'reject' },
      },
    ]);
  });
});

describe('review.answered for a task review', () => {
  const tasks = useAppWithPatch('verity-task-review-answered-');

  it('is published when a patch is judged over POST /api/task-reviews/:id', async () => {
    const [patch] = await tasks.engine.tasks.patches({ status: 'proposed' });
    if (patch === undefined) throw new Error('the loop proposed no patch');
    const seen: EngineEvent[] = [];
    const unsubscribe = tasks.engine.events.subscribe((event) => void seen.push(event));
    const refused = await tasks.app.request(`/api/task-reviews/${patch.patch_id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'acknowledge' }),
    });
    const response = await tasks.app.request(`/api/task-reviews/${patch.patch_id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'reject', note: 'too broad' }),
    });
    unsubscribe();
    // A refused answer (a task action on a patch) announces nothing.
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBe(200);
    expect(seen.filter((event) => event.type === 'review.answered')).toEqual([
      {
        type: 'review.answered',
        entity_id: null,
        data: { kind: 'patch', id: patch.patch_id, action: 'reject' },
      },
    ]);
  });
});
