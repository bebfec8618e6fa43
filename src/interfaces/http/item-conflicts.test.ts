import { beforeAll, describe, expect, it } from 'vitest';
import { seedItemConflict } from '../../engine/__fixtures__/item-conflict.js';
import type { StateItemView } from '../../engine/index.js';
import { grant } from './__fixtures__/grants.js';
import { atInstant, useHttpApp } from './__fixtures__/temp-engine.js';
import type { InboxItem } from './inbox.js';

const ADMIN = 'admin-token-item-conflicts';
const SMITH = 'smith-token-item-conflicts';

const http = useHttpApp({
  prefix: 'verity-http-item-conflicts-',
  engine: (dir) => atInstant(dir, '2026-02-19T15:05:00Z'),
  app: {
    token: ADMIN,
    tokens: [grant('smith', SMITH, ['read', 'write', 'review'], ['family:smith'])],
  },
});

let api: readonly [string, string];
let inbox: readonly [string, string];

beforeAll(async () => {
  api = await seedItemConflict(http.engine, 'thread-api');
  inbox = await seedItemConflict(http.engine, 'thread-inbox');
});

async function post(path: string, body: unknown, token = ADMIN): Promise<Response> {
  return http.app.request(path, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function items(thread: string): Promise<StateItemView[]> {
  const response = await http.app.request(`/api/items?thread_id=${thread}&all=true`, {
    headers: { Authorization: `Bearer ${ADMIN}` },
  });
  return ((await response.json()) as { items: StateItemView[] }).items;
}

describe('POST /api/items/conflicts/resolve', () => {
  it('refuses another entity’s items to a scoped token, and malformed answers, changing nothing', async () => {
    const [a, b] = api;
    const foreign = await post('/api/items/conflicts/resolve', { uids: [a, b], keep: a }, SMITH);
    expect(foreign.status).toBe(404);
    const unknown = await post('/api/items/conflicts/resolve', { uids: [a, b], keep: 'x' });
    expect(unknown.status).toBe(400);
    const extra = await post('/api/items/conflicts/resolve', { uids: [a], keep: a, force: true });
    expect(extra.status).toBe(400);
    expect((await extra.json()) as { detail: string }).toMatchObject({
      detail: expect.stringContaining('force'),
    });
    expect((await items('thread-api')).every((item) => item.conflict)).toBe(true);
  });

  it('keeps one item with a note: the other is superseded by it', async () => {
    const [a, b] = api;
    const answer = { uids: [a, b], keep: a, thread_id: 'thread-api', note: 'the team chose it' };
    const response = await post('/api/items/conflicts/resolve', answer);
    expect(response.status).toBe(200);
    const { uids: _uids, ...echoed } = answer;
    expect(await response.json()).toMatchObject({ ...echoed, entity_id: 'user:alex' });
    const after = await items('thread-api');
    expect(after.find((item) => item.uid === b)).toMatchObject({
      status: 'superseded',
      replaced_by: a,
      conflict: false,
    });
    const again = await post('/api/items/conflicts/resolve', {
      uids: [a, b],
      keep: 'both',
      thread_id: 'thread-api',
    });
    expect(again.status).toBe(409);
  });
});

describe('item conflicts in the inbox', () => {
  it('lists an open pair once, answers keep_both, and the pair leaves the inbox', async () => {
    const list = async () => {
      const response = await http.app.request('/api/inbox?kind=item_conflict', {
        headers: { Authorization: `Bearer ${ADMIN}` },
      });
      return ((await response.json()) as { items: InboxItem[] }).items;
    };
    const rows = await list();
    expect(rows.map((row) => [row.id, row.actions, row.link])).toEqual([
      [
        `${inbox.join('+')}@thread-inbox`,
        ['keep_first', 'keep_second', 'keep_both'],
        '#/thread/thread-inbox',
      ],
    ]);
    const id = encodeURIComponent(rows[0]?.id ?? '');
    const wrong = await post(`/api/inbox/item_conflict/${id}`, { action: 'confirm' });
    expect(wrong.status).toBe(400);
    const answered = await post(`/api/inbox/item_conflict/${id}`, { action: 'keep_both' });
    expect(answered.status).toBe(200);
    expect(await list()).toEqual([]);
    const after = await items('thread-inbox');
    expect(after.map((item) => [item.status, item.conflict])).toEqual([
      ['active', false],
      ['active', false],
    ]);
  });
});
