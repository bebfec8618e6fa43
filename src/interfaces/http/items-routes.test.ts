import { beforeAll, describe, expect, it } from 'vitest';
import { morningAt } from '../../engine/__fixtures__/thread-messages.js';
import type { StateItemView } from '../../engine/index.js';
import { messageRecord } from '../../testing/index.js';
import { atInstant, useHttpApp } from './__fixtures__/temp-engine.js';

const TOKEN = 'test-token-0123456789';
const AUTH = { Authorization: `Bearer ${TOKEN}` };

function message(id: string, content: string, minute: number): string {
  return JSON.stringify(messageRecord('db', id, 'user', content, morningAt(minute)));
}

const http = useHttpApp({
  prefix: 'verity-http-items-',
  engine: (dir) => atInstant(dir, '2026-03-02T09:00:00Z'),
  app: { token: TOKEN },
});

beforeAll(async () => {
  for (const body of [
    message('m1', "Let's use Postgres for analytics.", 0),
    message('m2', 'We switched to ClickHouse instead of Postgres for analytics.', 5),
  ]) {
    const ingested = await http.app.request('/api/ingest', { method: 'POST', headers: AUTH, body });
    expect(ingested.status).toBe(200);
  }
});

describe('GET /api/items', () => {
  it('answers the open items with their compact section, and all of them on request', async () => {
    const response = await http.app.request('/api/items?thread=db', { headers: AUTH });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { items: StateItemView[]; rendered: string };
    expect(body.items.map((item) => item.text)).toEqual([
      'Use ClickHouse for analytics instead of Postgres',
    ]);
    expect(body.rendered).toMatch(/^State \(updated: .+, items: 1\)/);

    const all = await http.app.request('/api/items?entity=user:primary&all=true', {
      headers: AUTH,
    });
    const allBody = (await all.json()) as { items: StateItemView[] };
    expect(allBody.items.map((item) => item.status)).toEqual(['active', 'superseded']);
  });

  it('expands an item, and answers 404 for an unknown one and 400 for a bad entity', async () => {
    const listed = (await (await http.app.request('/api/items', { headers: AUTH })).json()) as {
      items: StateItemView[];
    };
    const uid = listed.items[0]?.uid ?? '';
    const expanded = await http.app.request(`/api/items/${uid}?thread=db`, { headers: AUTH });
    expect(expanded.status).toBe(200);
    expect(await expanded.json()).toMatchObject({
      item: { uid },
      messages: [{ message_id: 'm2' }],
      missing: [],
    });

    expect((await http.app.request('/api/items/d_000000000000', { headers: AUTH })).status).toBe(
      404,
    );
    expect((await http.app.request('/api/items?entity=nobody', { headers: AUTH })).status).toBe(
      400,
    );
    expect((await http.app.request('/api/items')).status).toBe(401);
  });
});
