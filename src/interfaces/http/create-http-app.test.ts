import type { Hono } from 'hono';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/index.js';
import { observation, toJsonl } from '../../testing/index.js';
import { useHttpApp } from './__fixtures__/temp-engine.js';
import { createHttpApp } from './index.js';

const NOW = '2026-02-19T15:05:00Z';
const TOKEN = 'test-token-0123456789';
const AUTH = { Authorization: `Bearer ${TOKEN}` };
const STATUS_EVENT = '0190a5f2-7b1c-7c3e-9a4b-2f6d8e1c3a5b';
const DESTINATION_EVENT = '0190a5f2-7b1c-7c3e-9a4b-000000000001';
const SEAT_EVENT = '0190a5f2-7b1c-7c3e-9a4b-000000000002';
const SEAT_CHANGE_EVENT = '0190a5f2-7b1c-7c3e-9a4b-000000000003';
/** The message every observation here cites. */
const REF = 'thread:646:msg:1842';

/** Posts `lines` to /api/ingest as JSON lines, with the token. */
function postIngest(lines: readonly unknown[]): Promise<Response> {
  return Promise.resolve(
    http.app.request('/api/ingest', { method: 'POST', headers: AUTH, body: toJsonl(lines) }),
  );
}

/** Posts `body` as the answer to review prompt `promptId`, with the token. */
function postReviewAnswer(promptId: string | undefined, body: string): Promise<Response> {
  return Promise.resolve(
    http.app.request(`/api/reviews/${promptId}`, {
      method: 'POST',
      headers: { ...AUTH, 'content-type': 'application/json' },
      body,
    }),
  );
}

let open: Hono;

const http = useHttpApp({
  prefix: 'verity-http-app-',
  engine: (dir) => ({ home: dir, clock: fixedClock(Date.parse(NOW)) }),
  app: { token: TOKEN },
});

beforeAll(async () => {
  open = createHttpApp(http.engine, { token: null, allowedHosts: ['localhost', '127.0.0.1'] });
  const ingested = await postIngest([
    observation({
      id: STATUS_EVENT,
      ref: REF,
      field: 'travel.status',
      value: 'in_progress',
      extra: { corroborators: [{ type: 'calendar', ref: 'event:abc123' }] },
    }),
  ]);
  expect(ingested.status, await ingested.clone().text()).toBe(200);
});

describe('createHttpApp', () => {
  it('answers /health without a token', async () => {
    const response = await http.app.request('/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', events: expect.any(Number) });
  });

  it.each([
    ['no header', {}],
    ['a wrong token', { Authorization: 'Bearer wrong-token' }],
  ])('refuses the API with %s', async (_label, headers) => {
    const response = await http.app.request('/api/stats', { headers });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
  });

  it('refuses /mcp without a token', async () => {
    const response = await http.app.request('/mcp', { method: 'POST', body: '{}' });
    expect(response.status).toBe(401);
  });

  it('reads one field, and the whole entity', async () => {
    const field = await http.app.request('/api/state/user:primary?field=travel.status', {
      headers: AUTH,
    });
    expect(field.status).toBe(200);
    expect(await field.json()).toMatchObject({
      entity_id: 'user:primary',
      field: 'travel.status',
      value: 'in_progress',
      status: 'committed',
      event_id: STATUS_EVENT,
    });
    const entity = await http.app.request('/api/state/user:primary', { headers: AUTH });
    expect(await entity.json()).toMatchObject({
      state: { 'travel.status': { value: 'in_progress' } },
    });
  });

  it('reads the value believed before it was recorded', async () => {
    const response = await http.app.request(
      '/api/state/user:primary?field=travel.status&at=2026-01-01T00:00:00Z',
      { headers: AUTH },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ value: null, status: 'none' });
  });

  it.each([
    ['a malformed entity', '/api/state/User%20Primary', 'entity'],
    ['a malformed at', '/api/state/user:primary?at=yesterday', 'at'],
    ['explain without a field', '/api/state/user:primary/explain', 'field'],
    ['an unknown review status', '/api/reviews?status=open,maybe', 'status'],
  ])('answers 400 VALIDATION_FAILED for %s', async (_label, path, field) => {
    const response = await http.app.request(path, { headers: AUTH });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', details: { field } },
    });
  });

  it('explains a value by its winning event', async () => {
    const response = await http.app.request('/api/state/user:primary/explain?field=travel.status', {
      headers: AUTH,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      winning_event: { event_id: STATUS_EVENT },
      text: expect.any(String),
    });
  });

  it('lists reviews, filtered by entity', async () => {
    const response = await http.app.request('/api/reviews?entity=family:smith', { headers: AUTH });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ reviews: [], items: [], next_cursor: null });
  });

  it('confirms a review prompt once, then answers 409', async () => {
    // A profile preference the user changes waits for a confirmation.
    const ingested = await postIngest([
      observation({ id: SEAT_EVENT, ref: REF, field: 'profile.preference.seat', value: 'aisle' }),
      observation({
        id: SEAT_CHANGE_EVENT,
        ref: REF,
        field: 'profile.preference.seat',
        value: 'Reno',
        at: '2026-02-19T15:01:00Z',
      }),
    ]);
    expect(ingested.status).toBe(200);
    const listed = (await (
      await http.app.request('/api/reviews?entity=user:primary&status=open', { headers: AUTH })
    ).json()) as { reviews: { prompt_id: string; field: string }[] };
    const prompt = listed.reviews.find((review) => review.field === 'profile.preference.seat');
    expect(prompt).toBeDefined();
    const answer = (): Promise<Response> =>
      postReviewAnswer(prompt?.prompt_id, JSON.stringify({ action: 'confirm' }));
    const first = await answer();
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({
      status: 'confirmed',
      field: { field: 'profile.preference.seat', value: 'Reno' },
    });
    const second = await answer();
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ error: { code: 'CONFLICT' } });
  });

  it('answers 404 for an unknown review prompt', async () => {
    const response = await postReviewAnswer(
      'no-such-prompt',
      JSON.stringify({ action: 'confirm' }),
    );
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it.each([
    ['a body that is not JSON', 'confirm'],
    ['an unknown action', JSON.stringify({ action: 'accept' })],
    ['edit without edited_value', JSON.stringify({ action: 'edit' })],
    ['edited_value with confirm', JSON.stringify({ action: 'confirm', edited_value: 'x' })],
  ])('answers 400 to a review answer with %s', async (_label, body) => {
    const response = await postReviewAnswer('p-1', body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });

  it('applies the valid lines of an ingest and answers 422 when one was rejected', async () => {
    const response = await postIngest([
      observation({ id: DESTINATION_EVENT, ref: REF, field: 'travel.destination', value: 'Tahoe' }),
      observation({ id: 'not-a-uuid', ref: REF, field: 'travel.destination', value: 'X' }),
    ]);
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      applied: 1,
      rejected: 1,
      rejections: [{ line: 2 }],
    });
  });

  it('reports stats', async () => {
    const response = await http.app.request('/api/stats', { headers: AUTH });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ events: expect.any(Number) });
  });

  it('answers 405 to GET and DELETE on the stateless /mcp', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await http.app.request('/mcp', { method, headers: AUTH });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
  });

  it('answers unknown routes with a JSON 404', async () => {
    const response = await http.app.request('/api/nothing', { headers: AUTH });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('leaves the API open when no token is configured', async () => {
    const response = await open.request('http://localhost/api/stats');
    expect(response.status).toBe(200);
  });

  it.each([
    ['a foreign Host', 'http://evil.example/health', {}],
    ['a foreign Origin', 'http://localhost/health', { Origin: 'http://evil.example' }],
  ])('forbids %s on a loopback server (DNS rebinding)', async (_label, url, headers) => {
    const response = await open.request(url, { headers });
    expect(response.status).toBe(403);
  });
});
