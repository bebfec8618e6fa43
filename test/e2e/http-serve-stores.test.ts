import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/core/index.js';
import {
  itemConflictLines,
  seedItemConflict,
} from '../../src/engine/__fixtures__/item-conflict.js';
import type { Engine } from '../../src/engine/index.js';
import { TRIP_ICS as ICS } from '../../src/interfaces/http/__fixtures__/trip-calendar.js';
import { seedTwoEntities } from '../../src/interfaces/http/__fixtures__/two-entities.js';
import type { RunningHttpServer } from '../../src/interfaces/http/index.js';
import { startHttpServer } from '../../src/interfaces/http/index.js';
import { openTargetEngine, storeTargets } from './__fixtures__/dashboard-server.js';

// The HTTP API through a real `startHttpServer` (what `verity serve` runs) on loopback, on SQLite
// and on PostgreSQL (the CI server, else PGlite in process): the reads, the review inbox, the item
// conflict answer, the CLI-parity operations and the health page's data.
const TOKEN = 'serve-stores-token-0123456789';

describe.each(storeTargets(process.env['VERITY_TEST_PG_URL']))(
  'verity serve over HTTP on %s',
  (_name, target) => {
    let dir: string;
    let engine: Engine;
    let dispose: () => Promise<void>;
    let server: RunningHttpServer;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'verity-serve-stores-'));
      writeFileSync(join(dir, 'cal.ics'), ICS);
      ({ engine, dispose } = await openTargetEngine(join(dir, 'home'), target, {
        clock: fixedClock(Date.parse('2026-02-19T15:05:00Z')),
        embeddings: { model: null },
      }));
      await seedTwoEntities(engine);
      server = await startHttpServer(engine, {
        port: 0,
        host: '127.0.0.1',
        token: TOKEN,
        operations: {
          calendars: [{ location: join(dir, 'cal.ics'), entityId: 'user:alex' }],
          projection: { targets: [join(dir, 'HEARTBEAT.md')] },
        },
      });
    });

    afterAll(async () => {
      await server?.close();
      await engine?.close();
      await dispose?.();
      rmSync(dir, { recursive: true, force: true });
    });

    // The answers are read loosely: their shapes are checked by the route tests and OpenAPI.
    type Row = Record<string, unknown>;
    type Answer = Row & {
      readonly state: Record<string, Row>;
      readonly hits: Row[];
      readonly items: Row[];
      readonly extraction_stalls: Row;
    };
    async function call(path: string, body?: unknown): Promise<{ status: number; json: Answer }> {
      const response = await fetch(`${server.url}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          authorization: `Bearer ${TOKEN}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, json: (await response.json()) as Answer };
    }

    it('reads state, search, context and items, and refuses a request without a token', async () => {
      const state = await call('/api/state/user:alex');
      expect(state.status).toBe(200);
      expect(state.json.state['travel.status']).toMatchObject({ value: 'in_progress' });
      const search = await call('/api/search?query=lighthouse%20ferry&entity_id=user:alex');
      expect(search.status).toBe(200);
      expect(search.json.hits.length).toBeGreaterThan(0);
      const context = await call('/api/context?entity=user:alex');
      expect(context.status).toBe(200);
      const items = await call('/api/items?entity_id=user:alex');
      expect(items.status).toBe(200);
      expect((await fetch(`${server.url}/api/state/user:alex`)).status).toBe(401);
    });

    it('answers a state review prompt through the inbox and the state changes', async () => {
      const inbox = await call('/api/inbox?kind=state_review');
      const row = inbox.json.items.find(
        (item) =>
          item['entity_id'] === 'user:alex' &&
          String(item['title']).includes('profile.preference.seat'),
      );
      expect(row).toBeDefined();
      const answered = await call(
        `/api/inbox/state_review/${encodeURIComponent(String(row?.['id']))}`,
        {
          action: 'confirm',
        },
      );
      expect(answered.status).toBe(200);
      expect((await engine.getField('user:alex', 'profile.preference.seat')).value).toBe('window');
    });

    it('resolves an item conflict and the thread shows the supersession', async () => {
      const [first, second] = await seedItemConflict(engine, 'thread-serve');
      const resolved = await call('/api/items/conflicts/resolve', {
        uids: [first, second],
        keep: first,
        note: 'decided in the meeting',
      });
      expect(resolved.status).toBe(200);
      const thread = await call('/api/items?thread_id=thread-serve&all=true');
      const dropped = thread.json.items.find((item) => item['uid'] === second);
      expect(dropped).toMatchObject({ status: 'superseded', replaced_by: first, conflict: false });
    });

    it('runs the CLI-parity operations: extract, poll, project, alias, forget, rebuild', async () => {
      await engine.ingest(itemConflictLines('ops'), { waitForIndex: false });
      const waiting = await call('/api/health');
      expect(waiting.status).toBe(200);
      expect(waiting.json.extraction_stalls).toMatchObject({ threads_pending: 1 });
      const extracted = await call('/api/items/extract', { thread_id: 'ops' });
      expect(extracted.json).toMatchObject({ threads: 1 });
      expect((await call('/api/health')).json.extraction_stalls['threads_pending']).toBe(0);

      expect((await call('/api/poll', {})).json).toMatchObject({
        calendars: [{ applied: 1, error: null }],
      });
      const heartbeat = join(dir, 'HEARTBEAT.md');
      expect((await call('/api/project', {})).status).toBe(200);
      expect(existsSync(heartbeat) && readFileSync(heartbeat, 'utf8')).toContain('in_progress');
      const alias = await call('/api/aliases', { alias: 'CITY POWER', target: 'financial.power' });
      expect(alias.status).toBe(200);

      const forgotten = await call('/api/forget', {
        entity_id: 'family:smith',
        field: 'travel.status',
        confirm: true,
      });
      expect(forgotten.status).toBe(200);
      expect((await engine.getField('family:smith', 'travel.status')).value).toBeNull();
      const rebuilt = await call('/api/rebuild', { verify: true });
      expect(rebuilt.status).toBe(200);
      expect(rebuilt.json['verified']).toBe(true);
    });
  },
);
