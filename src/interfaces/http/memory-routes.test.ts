import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../../engine/index.js';
import { createManualClock } from '../../testing/index.js';
import { closeEngine } from './__fixtures__/temp-engine.js';
import { createHttpApp } from './index.js';

const TOKEN = 'test-token-0123456789';
const HEADERS = { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' };

let dir: string;
let engine: Engine;
let app: Hono;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'verity-http-memories-'));
  mkdirSync(join(dir, 'notes'));
  writeFileSync(join(dir, 'notes', 'test-project.md'), 'X is a blocker.\n');
  engine = await createEngine({
    home: join(dir, 'home'),
    clock: createManualClock('2026-03-01T09:00:00Z'),
    embeddings: { model: null },
  });
  await engine.vault.addRoot(join(dir, 'notes'));
  await engine.vault.index();
  app = createHttpApp(engine, { token: TOKEN });
});

afterAll(() => closeEngine(engine, dir));

describe('memory and prediction error routes', () => {
  it('records a memory, lists its drift after the note changed, and resolves it on update', async () => {
    const created = await app.request('/api/memories', {
      method: 'POST',
      headers: HEADERS,
      body: JSON.stringify({ text: 'X is a blocker in [[test-project]]', tags: ['work'] }),
    });
    expect(created.status).toBe(201);
    const { memory } = (await created.json()) as { memory: { memory_id: string } };

    writeFileSync(join(dir, 'notes', 'test-project.md'), 'X was resolved.\n');
    await engine.vault.index();
    const shown = await app.request(`/api/memories/${memory.memory_id}`, { headers: HEADERS });
    expect(await shown.json()).toMatchObject({ drift: ['memory_source_changed'] });

    const open = await app.request(
      '/api/prediction-errors?unresolved=true&type=memory_source_changed',
      {
        headers: HEADERS,
      },
    );
    expect(await open.json()).toEqual([
      expect.objectContaining({ passage_then: 'X is a blocker.', passage_now: 'X was resolved.' }),
    ]);

    const updated = await app.request(`/api/memories/${memory.memory_id}`, {
      method: 'PUT',
      headers: HEADERS,
      body: JSON.stringify({ text: 'X was resolved.' }),
    });
    expect(updated.status).toBe(200);
    const after = await app.request('/api/prediction-errors?unresolved=true', { headers: HEADERS });
    expect(await after.json()).toEqual([]);
  });

  it('puts an open drift row in the dashboard inbox and resolves it from there', async () => {
    type Inbox = { items: { kind: string; id: string; title: string }[]; kinds: string[] };
    writeFileSync(join(dir, 'notes', 'ferry.md'), 'The ferry leaves at nine.\n');
    await engine.vault.index();
    const created = await app.request('/api/memories', {
      method: 'POST',
      headers: HEADERS,
      body: JSON.stringify({ text: 'The ferry leaves at nine per [[ferry]]' }),
    });
    const { memory } = (await created.json()) as { memory: { memory_id: string } };
    writeFileSync(join(dir, 'notes', 'ferry.md'), 'The ferry leaves at ten.\n');
    await engine.vault.index();
    await app.request(`/api/memories/${memory.memory_id}`, { headers: HEADERS });

    const inbox = (await (
      await app.request('/api/inbox?limit=500', { headers: HEADERS })
    ).json()) as Inbox;
    expect(inbox.kinds).toContain('memory_drift');
    const row = inbox.items.find((i) => i.kind === 'memory_drift' && i.title.includes('ferry'));
    if (row === undefined) throw new Error(`expected a drift row in ${JSON.stringify(inbox)}`);
    const refused = await app.request(`/api/inbox/memory_drift/${row.id}`, {
      method: 'POST',
      headers: HEADERS,
      body: JSON.stringify({ action: 'update' }),
    });
    expect(refused.status).toBe(400);
    const answered = await app.request(`/api/inbox/memory_drift/${row.id}`, {
      method: 'POST',
      headers: HEADERS,
      body: JSON.stringify({
        action: 'update',
        edited_value: 'The ferry leaves at ten per [[ferry]]',
      }),
    });
    expect(answered.status).toBe(200);
    const after = (await (
      await app.request('/api/inbox?limit=500', { headers: HEADERS })
    ).json()) as Inbox;
    expect(after.items.some((i) => i.id === row.id)).toBe(false);
    const open = await app.request(
      `/api/prediction-errors?unresolved=true&memory_id=${memory.memory_id}`,
      {
        headers: HEADERS,
      },
    );
    expect(await open.json()).toEqual([]);
  });

  it('rejects unknown parameters and unknown types with a clear error', async () => {
    const extra = await app.request('/api/memories', {
      method: 'POST',
      headers: HEADERS,
      body: JSON.stringify({ text: 'hello', colour: 'red' }),
    });
    expect(extra.status).toBe(400);
    expect(JSON.stringify(await extra.json())).toContain('unknown parameter(s): colour');
    const badType = await app.request('/api/prediction-errors?type=nope', { headers: HEADERS });
    expect(badType.status).toBe(400);
    const missing = await app.request('/api/memories/mem_nope', { headers: HEADERS });
    expect(missing.status).toBe(404);
  });
});
