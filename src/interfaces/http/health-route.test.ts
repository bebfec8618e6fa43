import { describe, expect, it } from 'vitest';
import type { Clock } from '../../core/index.js';
import { messageRecord } from '../../testing/index.js';
import { useHttpApp } from './__fixtures__/temp-engine.js';
import { hashToken } from './index.js';

const ADMIN = 'admin-token-health-route';
const ALEX = 'alex-token-health-route';
const START = Date.parse('2026-02-19T15:00:00Z');
let now = START;
const clock: Clock = { now: () => now };

const http = useHttpApp({
  prefix: 'verity-http-health-',
  engine: (dir) => ({ home: dir, clock, embeddings: { model: null } }),
  seed: async (engine) => {
    await engine.ingest(
      JSON.stringify(
        messageRecord(
          'late',
          'm1',
          'user',
          'We need to renew the passport before March.',
          '2026-02-19T14:59:00Z',
          { entity_id: 'user:alex' },
        ),
      ),
      { waitForIndex: false },
    );
  },
  app: {
    token: ADMIN,
    tokens: [{ name: 'alex', sha256: hashToken(ALEX), scopes: ['read'], entities: ['user:alex'] }],
  },
});

async function health(query = '', token = ADMIN): Promise<Response> {
  return await http.app.request(`/api/health${query}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
}

describe('GET /api/health extraction_stalls', () => {
  it('reports a thread whose messages wait for extraction, stalled past the threshold', async () => {
    now = START + 20 * 60_000;
    const response = await health();
    expect(response.status).toBe(200);
    const body = (await response.json()) as { extraction_stalls: Record<string, unknown> };
    expect(body.extraction_stalls).toMatchObject({
      enabled: true,
      threads_pending: 1,
      messages_pending: 1,
      threads_stalled: 1,
      oldest_waiting_minutes: 20,
      longest_waiting: [{ thread_id: 'late', entity_id: 'user:alex', pending: 1 }],
      jobs: { failed: 0, retrying: 0 },
    });
    const lenient = (await (await health('?stall_minutes=30')).json()) as typeof body;
    expect(lenient.extraction_stalls).toMatchObject({
      threads_stalled: 0,
      stall_after_minutes: 30,
    });
  });

  it('refuses a bad threshold and tokens limited to some entities', async () => {
    expect((await health('?stall_minutes=soon')).status).toBe(400);
    expect((await health('', ALEX)).status).toBe(403);
  });

  it('drops the thread once extraction has caught up', async () => {
    await http.engine.extractItems();
    const body = (await (await health()).json()) as { extraction_stalls: Record<string, unknown> };
    expect(body.extraction_stalls).toMatchObject({ threads_pending: 0, threads_stalled: 0 });
  });
});
