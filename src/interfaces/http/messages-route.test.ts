import { describe, expect, it } from 'vitest';
import { atInstant, useHttpApp } from './__fixtures__/temp-engine.js';

const http = useHttpApp({
  prefix: 'verity-http-messages-',
  engine: (dir) => atInstant(dir, '2026-02-19T15:05:00Z'),
  app: { token: null },
});

function post(body: unknown, query = ''): Promise<Response> {
  return Promise.resolve(
    http.app.request(`/api/messages${query}`, {
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
    expect((await http.engine.getField('user:primary', 'travel.location')).value).toBe('Tahoe');
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
