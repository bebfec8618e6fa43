import { beforeAll, describe, expect, it } from 'vitest';
import { messageRecord } from '../../testing/index.js';
import { atInstant, useHttpApp } from './__fixtures__/temp-engine.js';

const TOKEN = 'test-token-0123456789';
const AUTH = { Authorization: `Bearer ${TOKEN}` };

const http = useHttpApp({
  prefix: 'verity-http-context-',
  engine: (dir) => atInstant(dir, '2026-03-02T09:00:00Z'),
  app: { token: TOKEN },
});

beforeAll(async () => {
  const lines = [
    ['m1', 'We are planning a trip to Lisbon in March.', '2026-03-01T10:00:00Z'],
    ['m2', 'Which hotel did the Silvas recommend?', '2026-03-01T10:02:00Z'],
  ].map(([id, content, at]) =>
    JSON.stringify(messageRecord('trip', id ?? '', 'user', content ?? '', at ?? '')),
  );
  const ingested = await http.app.request('/api/ingest', {
    method: 'POST',
    headers: AUTH,
    body: `${lines.join('\n')}\n`,
  });
  expect(ingested.status).toBe(200);
});

describe('GET /api/context', () => {
  it("answers the thread's context as JSON", async () => {
    const response = await http.app.request('/api/context?thread=trip&budget=500&mode=minimal', {
      headers: AUTH,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      entity: 'user:primary',
      thread: 'trip',
      query: 'Which hotel did the Silvas recommend?',
      budget: 500,
      mode: 'minimal',
      now: '2026-03-02T09:00:00.000Z',
      included: { message_ids: ['m1', 'm2'] },
    });
    expect(Number(body['total'])).toBeLessThanOrEqual(500);
    expect(String(body['markdown'])).toContain('## Recent messages');
  });

  it('needs the token', async () => {
    expect((await http.app.request('/api/context')).status).toBe(401);
  });

  it.each([
    ['budget=lots', 'budget'],
    ['budget=0', 'budget'],
    ['mode=huge', 'mode'],
    ['entity=Bob', 'entity'],
  ])('answers 400 VALIDATION_FAILED for %s', async (query, field) => {
    const response = await http.app.request(`/api/context?${query}`, { headers: AUTH });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; details: object } };
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.details).toMatchObject({ field });
  });
});
