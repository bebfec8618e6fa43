import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toJsonl, transcriptLine } from '../../testing/index.js';
import { homeAndWorkspace, useHttpApp } from './__fixtures__/temp-engine.js';
import { entityRecords, seedTwoEntities } from './__fixtures__/two-entities.js';
import { routeRegistryOf } from './platform.js';

const HEADERS = { 'content-type': 'application/json' };

const http = useHttpApp({
  prefix: 'verity-http-list-paging-',
  engine: homeAndWorkspace('2026-03-02T18:00:00Z'),
  seed: async (engine, dir) => {
    await seedTwoEntities(engine);
    await engine.ingest(toJsonl(entityRecords('user:casey', 300)));
    mkdirSync(join(dir, 'notes'));
    writeFileSync(join(dir, 'notes', 'project.md'), 'The deck is due Friday.\n');
    await engine.vault.addRoot(join(dir, 'notes'));
    await engine.vault.index();
  },
  app: { token: null },
});

const post = async (path: string, body: unknown) => {
  const response = await http.app.request(path, {
    method: 'POST',
    headers: HEADERS,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
};

/** Every list route with a request that lists ≥ 3 rows, and where the rows are in its answer. */
const LIST_ROUTES: readonly { readonly url: string; readonly key: string }[] = [
  { url: '/api/reviews', key: 'reviews' },
  { url: '/api/tasks', key: 'tasks' },
  { url: '/api/incidents', key: 'incidents' },
  { url: '/api/memories', key: '.' },
  { url: '/api/sessions', key: 'captures' },
  { url: '/api/dlq', key: 'dead_letters' },
  { url: '/api/items?all=true', key: 'items' },
  { url: '/api/task-proposals?all=true', key: 'proposals' },
];

beforeAll(async () => {
  for (const title of ['Send the deck', 'Book the ferry', 'Renew the passport']) {
    await post('/api/tasks', { title });
  }
  for (const detail of ['missed net-15', 'wrong seat', 'late deck']) {
    await post('/api/incidents', { type: 'WRONG_RECALL', detail });
  }
  for (const text of ['Deck due in [[project]]', 'Ferry on Saturday', 'Passport by March']) {
    await post('/api/memories', { text });
  }
  const say = (id: string, text: string) =>
    transcriptLine(id, 'user', text, '2026-03-02T09:00:00Z');
  for (const id of ['s1', 's2', 's3']) {
    await post('/api/sessions', {
      session_id: id,
      trigger: 'shutdown',
      transcript: say(id, 'Hi.'),
    });
  }
  await http.app.request('/api/ingest', {
    method: 'POST',
    headers: HEADERS,
    body: ['{"type":"observation"}', '{"type":"nope"}', '{"id":3}'].join('\n'),
  });
});

async function getJson(url: string): Promise<unknown> {
  const response = await http.app.request(url);
  const text = await response.text();
  expect(response.status, text).toBe(200);
  return JSON.parse(text) as unknown;
}

const rowsOf = (answer: unknown, key: string): unknown[] =>
  (key === '.' ? answer : (answer as Record<string, unknown>)[key]) as unknown[];

describe('every list route pages its rows', () => {
  it.each(LIST_ROUTES)(
    '$url in pages of 1 and 2 gives every row exactly once',
    async ({ url, key }) => {
      const whole = rowsOf(await getJson(url), key);
      expect(whole.length).toBeGreaterThanOrEqual(3);
      for (const limit of [1, 2]) {
        const seen: unknown[] = [];
        let cursor: string | null = null;
        let pages = 0;
        do {
          const query = `limit=${limit}${cursor === null ? '' : `&cursor=${cursor}`}`;
          const page = (await getJson(`${url}${url.includes('?') ? '&' : '?'}${query}`)) as Record<
            string,
            unknown
          > & {
            items: unknown[];
            next_cursor: string | null;
          };
          expect(page.items.length).toBeLessThanOrEqual(limit);
          if (key !== '.') expect(page[key]).toEqual(page.items);
          seen.push(...page.items);
          cursor = page.next_cursor;
          pages += 1;
        } while (cursor !== null && pages <= whole.length);
        expect(pages).toBe(Math.ceil(whole.length / limit));
        expect(seen).toEqual(whole);
      }
    },
  );

  it('refuses a limit out of bounds and a cursor it did not issue', async () => {
    for (const { url } of LIST_ROUTES) {
      const at = url.includes('?') ? '&' : '?';
      expect((await http.app.request(`${url}${at}limit=0`)).status).toBe(400);
      expect((await http.app.request(`${url}${at}limit=501`)).status).toBe(400);
      expect((await http.app.request(`${url}${at}cursor=bm9wZQ`)).status).toBe(400);
    }
  });
});

/** GET routes whose arrays are not a list of stored rows, and why. */
const NOT_LISTS: Readonly<Record<string, string>> = {
  '/api/state/:entity/explain': "one field's reasons and evidence",
  '/api/items/:uid': "one item's messages",
  '/api/state/:entity': "one entity's state",
  '/api/search': 'a ranked top-k, already bounded by limit',
  '/api/health': 'a status summary',
  '/api/snapshot': 'one consistent snapshot whose lists belong together',
  '/api/extract/metrics': 'one row per intent class, a fixed small set',
  '/api/context': 'a context already bounded by its token budget',
  // Known gap (issue #16): two queues in one answer; paging one would hide the other's size.
  '/api/task-reviews': 'stuck tasks and proposed patches, not paged yet',
};

/** Whether `schema` (a route's answer) holds an array at its top or in a member. */
function holdsArray(schema: z.ZodType | undefined): boolean {
  if (schema instanceof z.ZodArray) return true;
  if (schema instanceof z.ZodUnion) return schema.options.some((o) => holdsArray(o as z.ZodType));
  if (schema instanceof z.ZodObject) {
    return Object.values(schema.shape).some((member) => member instanceof z.ZodArray);
  }
  return false;
}

describe('no list route without pagination', () => {
  it('every GET route answering rows takes limit and cursor and answers next_cursor', () => {
    const unpaged = routeRegistryOf(http.app)
      .list()
      .filter((spec) => spec.method === 'get' && NOT_LISTS[spec.path] === undefined)
      .filter((spec) => holdsArray(spec.response) || spec.list !== undefined)
      .filter((spec) => {
        const query = spec.query?.shape ?? {};
        const documented = JSON.stringify(
          z.toJSONSchema(spec.response ?? z.null(), { io: 'output' }),
        );
        return !('limit' in query && 'cursor' in query && documented.includes('next_cursor'));
      })
      .map((spec) => spec.path);
    expect(unpaged).toEqual([]);
  });
});

describe('no list route without pagination, by its answer', () => {
  it('every GET route without path parameters that answers an array member is paged', async () => {
    const unpaged: string[] = [];
    for (const spec of routeRegistryOf(http.app).list()) {
      if (spec.method !== 'get' || spec.path.includes(':') || NOT_LISTS[spec.path] !== undefined)
        continue;
      if (spec.path === '/mcp' || spec.path === '/api/events') continue;
      const response = await http.app.request(spec.path);
      if (!(response.headers.get('content-type') ?? '').includes('application/json')) continue;
      const answer = (await response.json()) as unknown;
      const arrays = Array.isArray(answer)
        ? ['.']
        : Object.entries(answer as Record<string, unknown>)
            .filter(([, value]) => Array.isArray(value))
            .map(([key]) => key);
      const paged =
        spec.list !== undefined || (answer as Record<string, unknown>)['next_cursor'] !== undefined;
      if (arrays.length > 0 && !paged) unpaged.push(`${spec.path} ${arrays}`);
    }
    expect(unpaged).toEqual([]);
  });
});
