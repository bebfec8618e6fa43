import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../engine/index.js';
import { closeEngine, tempEngine } from './__fixtures__/temp-engine.js';
import { createHttpApp } from './index.js';

let dir: string;
let engine: Engine;
let app: Hono;

beforeAll(async () => {
  ({ dir, engine } = await tempEngine('verity-http-messages-', '2026-02-19T15:05:00Z'));
  app = createHttpApp(engine, { token: null });
});

afterAll(() => closeEngine(engine, dir));

function post(body: unknown, query = ''): Promise<Response> {
  return Promise.resolve(
    app.request(`/api/messages${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }),
  );
}

describe('POST /api/messages', () => {
  it('records messages and reports each one, idempotently', async () => {
    const body = {
      thread_id: 'trip',
      entity_id: 'user:primary',
      messages: [{ message_id: 'm1', role: 'user', content: "We're in Tahoe now." }],
    };
    const first = await post(body);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({
      applied: 1,
      messages: [{ thread_id: 'trip', message_id: 'm1', status: 'applied' }],
    });
    const second = await post(body);
    expect(await second.json()).toMatchObject({ applied: 0, duplicate: 1 });
    expect((await engine.getField('user:primary', 'travel.location')).value).toBe('Tahoe');
  });

  it('answers 422 when every message is rejected, 400 for unknown body or query fields', async () => {
    const rejected = await post({ messages: [{ message_id: 'x', role: 'robot', content: 'hi' }] });
    expect(rejected.status).toBe(422);
    const unknownBody = await post({
      entity: 'user:primary',
      messages: [{ thread_id: 't', message_id: 'u', role: 'user', content: 'hi' }],
    });
    expect(unknownBody.status).toBe(400);
    expect(JSON.stringify(await unknownBody.json())).toMatch(/entity/);
    const unknownQuery = await post(
      { thread_id: 't', messages: [{ message_id: 'q', role: 'user', content: 'hi' }] },
      '?thread=t',
    );
    expect(unknownQuery.status).toBe(400);
  });
});
