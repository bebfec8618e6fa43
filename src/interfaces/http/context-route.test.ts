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

describe('GET /api/context?pack=true (recall-pack mode, as `verity context --pack`)', () => {
  const get = async (query: string) => {
    const response = await http.app.request(`/api/context?${query}`, { headers: AUTH });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  it("puts the entity's recall pack before the context, within one budget", async () => {
    const { status, body } = await get(
      'entity_id=user:primary&thread_id=trip&budget=900&pack=true',
    );
    expect(status).toBe(200);
    const pack = body['recall_pack'] as Record<string, unknown>;
    expect(pack).toMatchObject({ entity_id: 'user:primary', budget: 300 });
    expect(typeof pack['pack_id']).toBe('string');
    const markdown = String(body['markdown']);
    expect(markdown.startsWith(String(pack['markdown']))).toBe(true);
    expect(markdown).toContain('## Recent messages');
    expect(body).toMatchObject({ budget: 900, hard_rules: { entries: [], omitted: 0 } });
    expect(body['context']).toMatchObject({ entity: 'user:primary', thread: 'trip' });
    expect(Number(body['total'])).toBeLessThanOrEqual(900);
    expect(Number(body['total'])).toBeGreaterThanOrEqual(Number(pack['tokens']));
  });

  it('gives no pack for a thread asked without an entity (it would show one person to everyone)', async () => {
    const { status, body } = await get('thread_id=trip&pack=true');
    expect(status).toBe(200);
    expect(body['recall_pack']).toBeNull();
    expect(String(body['markdown'])).toContain('## Recent messages');
  });

  it('answers the plain context for pack=false or no pack, and refuses another value', async () => {
    const plain = await get('thread_id=trip&budget=500');
    const off = await get('thread_id=trip&budget=500&pack=false');
    expect(off.status).toBe(200);
    expect(off.body).toEqual(plain.body);
    expect(plain.body).not.toHaveProperty('recall_pack');
    const wrong = await get('thread_id=trip&pack=yes');
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('pack');
  });

  it('is documented in the served OpenAPI document', async () => {
    const document = (await (await http.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { parameters: { name: string }[] }>>;
    };
    const names = document.paths['/api/context']?.['get']?.parameters.map((p) => p.name);
    expect(names).toContain('pack');
  });
});
