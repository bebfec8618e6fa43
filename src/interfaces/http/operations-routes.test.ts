import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { messageRecord, toJsonl } from '../../testing/index.js';
import { allotmentCodesJsonl } from '../__fixtures__/allotment-codes.js';
import { alexAndReader } from './__fixtures__/grants.js';
import { homeAndWorkspace, useHttpApp } from './__fixtures__/temp-engine.js';
import { TRIP_ICS as ICS } from './__fixtures__/trip-calendar.js';
import { seedTwoEntities } from './__fixtures__/two-entities.js';
import { createHttpApp } from './index.js';

const ADMIN = 'admin-token-operations';
const ALEX = 'alex-token-operations';
const READER = 'reader-token-operations';

let bare: Hono;

const http = useHttpApp({
  prefix: 'verity-http-operations-',
  engine: homeAndWorkspace('2026-02-19T15:05:00Z'),
  seed: async (engine, dir) => {
    await seedTwoEntities(engine);
    writeFileSync(join(dir, 'cal.ics'), ICS);
  },
  app: (dir) => ({
    token: ADMIN,
    tokens: alexAndReader(ALEX, READER),
    operations: {
      calendars: [{ location: join(dir, 'cal.ics'), entityId: 'user:alex' }],
      projection: { targets: [join(dir, 'HEARTBEAT.md')] },
    },
  }),
});

beforeAll(async () => {
  bare = createHttpApp(http.engine, { token: null });
});

function post(path: string, body: unknown, token = ADMIN, on: Hono = http.app): Promise<Response> {
  return Promise.resolve(
    on.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    }),
  );
}

describe('operations routes (CLI parity over HTTP)', () => {
  it('rebuilds and verifies the replay against live state', async () => {
    const response = await post('/api/rebuild', { verify: true });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { verified: boolean; hash: string; live_hash: string };
    expect(body.verified).toBe(true);
    expect(body.live_hash).toBe(body.hash);
  });

  it('forgets a field only when confirmed, and the field is gone afterwards', async () => {
    const target = { entity_id: 'family:smith', field: 'travel.status' };
    expect((await http.engine.getField('family:smith', 'travel.status')).value).toBe('in_progress');
    const unconfirmed = await post('/api/forget', target);
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.headers.get('content-type')).toContain('application/problem+json');
    expect((await http.engine.getField('family:smith', 'travel.status')).value).toBe('in_progress');

    const both = await post('/api/forget', { ...target, event_id: 'x', confirm: true });
    expect(both.status).toBe(400);
    expect(await both.text()).toContain('one of event_id');

    const forgotten = await post('/api/forget', { ...target, reason: 'asked', confirm: true });
    expect(forgotten.status).toBe(200);
    expect(await forgotten.json()).toMatchObject({ covered_events: 1 });
    expect((await http.engine.getField('family:smith', 'travel.status')).value).toBeNull();
    expect(
      ((await (await post('/api/rebuild', { verify: true })).json()) as { verified: boolean })
        .verified,
    ).toBe(true);
  });

  it('forgets a message named by its thread and message ids', async () => {
    const content = 'the alarm code is written inside the fuse box';
    await http.engine.ingest(
      toJsonl([messageRecord('garage', 'g9', 'user', content, '2026-02-19T15:00:00Z')]),
    );
    const half = await post('/api/forget', { thread_id: 'garage', confirm: true });
    expect(half.status).toBe(400);
    const forgotten = await post('/api/forget', {
      thread_id: 'garage',
      message_id: 'g9',
      confirm: true,
    });
    expect(forgotten.status).toBe(200);
    expect(await forgotten.json()).toMatchObject({ covered_events: 1, redacted: 1 });
    expect((await http.engine.search('fuse box')).hits).toEqual([]);
    const restricted = await post(
      '/api/forget',
      { thread_id: 'garage', message_id: 'g9', confirm: true },
      ALEX,
    );
    expect(restricted.status).toBe(403);
  });

  it('answers the replies erased and kept with a forgotten question, each member documented', async () => {
    await http.engine.ingest(allotmentCodesJsonl('2026-02-19T14:'));
    const forget = async (message_id: string) => {
      const response = await post('/api/forget', {
        thread_id: 'allotment',
        message_id,
        confirm: true,
      });
      expect(response.status).toBe(200);
      return (await response.json()) as Record<string, unknown>;
    };
    const answers = [await forget('q1'), await forget('q2')];
    expect(answers[0]).toMatchObject({ messages_erased: ['allotment/a1'], masks_kept: [] });
    expect(answers[1]).toMatchObject({ messages_erased: [], masks_kept: ['allotment/a2'] });
    type Documented = { schema?: { properties?: Record<string, unknown> } };
    const document = (await (await http.app.request('/api/openapi.json')).json()) as {
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content?: Record<string, Documented> }> }>
      >;
    };
    const ok = document.paths['/api/forget']?.['post']?.responses['200'];
    const schema = ok?.content?.['application/json']?.schema;
    const documented = Object.keys(schema?.properties ?? {});
    for (const answer of answers) {
      expect(Object.keys(answer).filter((k) => !documented.includes(k))).toEqual([]);
    }
  });

  it('forgets a captured message named by the session thread and entry ids', async () => {
    const line = (content: string, minute: number) =>
      JSON.stringify({ role: 'user', content, created_at: `2026-02-19T14:0${minute}:00Z` });
    await http.engine.observer.capture({
      text: [
        line('The spare bike lock key hangs by the door.', 1),
        line('Bins go out Monday.', 2),
      ].join('\n'),
      sessionId: 'porch',
      trigger: 'manual',
      observe: 'none',
    });
    const [hit] = (await http.engine.search('bike lock key', { mode: 'text' })).hits;
    expect(hit?.message_id).toMatch(/^h-/);
    const forgotten = await post('/api/forget', {
      thread_id: 'session:porch',
      message_id: hit?.message_id,
      confirm: true,
    });
    expect(forgotten.status).toBe(200);
    expect((await http.engine.search('bike lock key', { mode: 'text' })).hits).toEqual([]);
    expect((await http.engine.search('bins Monday', { mode: 'text' })).hits).not.toEqual([]);
  });

  it('keeps a restricted token to its own entities and off global operations', async () => {
    const other = await post('/api/forget', { entity_id: 'family:smith', confirm: true }, ALEX);
    expect(other.status).toBe(403);
    const byEvent = await post('/api/forget', { event_id: 'e', confirm: true }, ALEX);
    expect(byEvent.status).toBe(403);
    for (const path of ['/api/rebuild', '/api/project', '/api/poll', '/api/items/extract']) {
      const response = await post(path, {}, ALEX);
      expect(response.status, path).toBe(403);
      expect(await response.text(), path).toContain('limited to some entities');
    }
    const reader = await post(
      '/api/aliases',
      { alias: 'CITY POWER', target: 'financial.power' },
      READER,
    );
    expect(reader.status).toBe(403);
  });

  it("projects the server's configured files, dry run first", async () => {
    const heartbeat = join(http.dir, 'HEARTBEAT.md');
    const dry = await post('/api/project', { dry_run: true });
    expect(dry.status).toBe(200);
    expect(existsSync(heartbeat)).toBe(false);
    const written = await post('/api/project', {});
    expect(written.status).toBe(200);
    const report = (await written.json()) as { files: { path: string; written: boolean }[] };
    expect(report.files).toEqual([
      expect.objectContaining({ path: heartbeat, created: true, written: true }),
    ]);
    expect(readFileSync(heartbeat, 'utf8')).toContain('in_progress');
    expect(await (await post('/api/project', { targets: ['/etc/passwd'] })).text()).toContain(
      'targets',
    );
  });

  it('polls the configured calendars idempotently; 409 where none is configured', async () => {
    const first = await post('/api/poll', {});
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ calendars: [{ applied: 1, error: null }] });
    const second = await post('/api/poll', {});
    expect(await second.json()).toMatchObject({ calendars: [{ applied: 0, duplicate: 1 }] });
    const none = await post('/api/poll', {}, '', bare);
    expect(none.status).toBe(409);
    expect(await none.text()).toContain('no calendars configured');
  });

  it('extracts items from unread messages and confirms an alias', async () => {
    await http.engine.ingest(
      [
        messageRecord(
          'ops',
          'o1',
          'user',
          "Let's use ClickHouse for analytics instead of Postgres.",
          '2026-02-19T15:04:00Z',
        ),
      ],
      { waitForIndex: false },
    );
    const extracted = await post('/api/items/extract', { thread_id: 'ops' });
    expect(extracted.status).toBe(200);
    expect(await extracted.json()).toMatchObject({ threads: 1, runs: [expect.any(Object)] });
    const again = await post('/api/items/extract', { thread_id: 'ops' });
    expect(await again.json()).toEqual({ threads: 0, runs: [], stale: 0 });

    const alias = await post('/api/aliases', {
      alias: 'CITY POWER UTIL',
      target: 'financial.power_bill',
    });
    expect(alias.status).toBe(200);
    expect(await alias.json()).toEqual({
      alias: 'CITY POWER UTIL',
      target: 'financial.power_bill',
    });
    const bad = await post('/api/aliases', { alias: 'X', target: 'nowhere' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('<domain>.<item>');
  });

  it('is described in the OpenAPI document', async () => {
    const document = (await (await bare.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const path of [
      '/api/forget',
      '/api/rebuild',
      '/api/project',
      '/api/poll',
      '/api/items/extract',
      '/api/aliases',
    ]) {
      expect(document.paths[path]?.['post'], path).toBeDefined();
    }
  });
});
