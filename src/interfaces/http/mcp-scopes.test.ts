import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/index.js';
import type { Engine } from '../../engine/index.js';
import { createEngine } from '../../engine/index.js';
import { alexAndReader, grant } from './__fixtures__/grants.js';
import { seedTwoEntities } from './__fixtures__/two-entities.js';
import type { RunningHttpServer } from './index.js';
import { startHttpServer } from './index.js';

const ALEX = 'alex-token-0123456789';
const READER = 'reader-token-0123456789';
/** Read and review on user:alex only: an agent that may read and answer questions, never write. */
const ALEX_READ = 'alex-read-token-0123456789';

let dir: string;
let engine: Engine;
let server: RunningHttpServer;
const clients: Client[] = [];

async function connect(token: string): Promise<Client> {
  const client = new Client({ name: 'verity-scope-test', version: '0.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  clients.push(client);
  return client;
}

async function callError(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<string> {
  try {
    const result = await client.callTool({ name, arguments: args });
    return result.isError === true ? JSON.stringify(result.content) : '';
  } catch (error: unknown) {
    return error instanceof Error ? error.message : String(error);
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'verity-mcp-scopes-'));
  engine = await createEngine({ home: dir, clock: fixedClock(Date.parse('2026-02-19T15:05:00Z')) });
  await seedTwoEntities(engine);
  server = await startHttpServer(engine, {
    port: 0,
    host: '127.0.0.1',
    token: null,
    tokens: [
      ...alexAndReader(ALEX, READER),
      grant('alex-read', ALEX_READ, ['read', 'review'], ['user:alex']),
    ],
  });
});

afterAll(async () => {
  for (const client of clients) await client.close();
  await server.close();
  await engine.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('MCP over HTTP with scoped tokens (SDK client, real listener)', () => {
  it("reads its own entity's state", async () => {
    const client = await connect(ALEX);
    const result = await client.callTool({
      name: 'get_state',
      arguments: { entity_id: 'user:alex' },
    });
    expect(result.isError).not.toBe(true);
    expect((result.structuredContent as { entity_id: string }).entity_id).toBe('user:alex');
  });

  it('cannot read, search, list, resolve or build context for another entity', async () => {
    const client = await connect(ALEX);
    expect(await callError(client, 'get_state', { entity_id: 'family:smith' })).toContain(
      'may not access family:smith',
    );
    expect(await callError(client, 'get_context', { entity_id: 'family:smith' })).toContain(
      'family:smith',
    );
    expect(
      await callError(client, 'list_pending_reviews', { entity_id: 'family:smith' }),
    ).toContain('family:smith');
    const smithPrompt = (
      await engine.listReviews({ status: ['open'], entityId: 'family:smith' })
    )[0]?.prompt_id;
    expect(smithPrompt).toBeDefined();
    expect(
      await callError(client, 'resolve_review', { prompt_id: smithPrompt, action: 'confirm' }),
    ).toContain('family:smith');
    expect(
      (await engine.listReviews({ status: ['open'], entityId: 'family:smith' }))[0]?.prompt_id,
    ).toBe(smithPrompt);
    expect(
      await callError(client, 'search_memory', { query: 'ferry', entity_id: 'family:smith' }),
    ).toContain('family:smith');
    // Without entity_id the tool would read the primary user: refused before it runs.
    expect(await callError(client, 'search_memory', { query: 'lighthouse ferry' })).toContain(
      'pass entity_id',
    );
  });

  it("cannot reflect or retire the workspace's MEMORY.md entries with an entity-limited token", async () => {
    const client = await connect(ALEX);
    const before = await engine.lastSequence();
    expect(await callError(client, 'reflect_memory', { entity_id: 'user:alex' })).toContain(
      'acts on the whole workspace',
    );
    expect(
      await callError(client, 'retire_memory', {
        entity_id: 'user:alex',
        memory_id: 'm-20260219-001',
      }),
    ).toContain('acts on the whole workspace');
    expect(await engine.lastSequence()).toBe(before);
  });

  it('cannot record an observation about another entity', async () => {
    const client = await connect(ALEX);
    const before = await engine.lastSequence();
    const message = await callError(client, 'record_observation', {
      event_id: '00000000-0000-4000-8000-00000000abcd',
      event_ts: '2026-02-19T15:03:00Z',
      domain: 'travel',
      entity_id: 'family:smith',
      field: 'travel.destination',
      candidate_value: 'Rome',
      intent: 'assertive',
      source: { type: 'user_statement', ref: 'test:mcp' },
    });
    expect(message).toContain('family:smith');
    expect(await engine.lastSequence()).toBe(before);
  });

  it('needs the write scope to record', async () => {
    const client = await connect(READER);
    expect(
      await callError(client, 'record_observation', {
        event_id: '00000000-0000-4000-8000-00000000abce',
        event_ts: '2026-02-19T15:03:00Z',
        domain: 'travel',
        entity_id: 'user:alex',
        field: 'travel.destination',
        candidate_value: 'Rome',
        intent: 'assertive',
        source: { type: 'user_statement', ref: 'test:mcp' },
      }),
    ).toContain('write scope');
  });

  it('searches with the read scope, naming its entity, and asks with an unlimited read token, on MCP and REST alike', async () => {
    const client = await connect(ALEX_READ);
    const asked = await (await connect(READER)).callTool({
      name: 'ask_memory',
      arguments: { entity_id: 'user:alex', question: 'which ferry was booked?' },
    });
    expect(asked.isError).not.toBe(true);
    const searched = await client.callTool({
      name: 'search_memory',
      arguments: { entity_id: 'user:alex', query: 'lighthouse ferry' },
    });
    const answer = searched.structuredContent as { entity_id: string; hits: unknown[] };
    expect(answer.entity_id).toBe('user:alex');
    expect(answer.hits.length).toBeGreaterThan(0);

    const rest = (path: string, init: RequestInit = {}) =>
      fetch(`${server.url}${path}`, {
        ...init,
        headers: { Authorization: `Bearer ${ALEX_READ}`, 'content-type': 'application/json' },
      });
    const ask = await fetch(`${server.url}/api/ask`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${READER}`, 'content-type': 'application/json' },
      body: JSON.stringify({ question: 'which ferry was booked?', entity_id: 'user:alex' }),
    });
    expect(ask.status).toBe(200);
    const search = await rest('/api/search?query=lighthouse%20ferry&entity_id=user:alex');
    expect(search.status).toBe(200);
    const found = (await search.json()) as { hits: { entity_id: string }[] };
    expect(found.hits.length).toBeGreaterThan(0);
    expect(found.hits.every((hit) => hit.entity_id === 'user:alex')).toBe(true);
  });

  it('refuses an entity-limited token ask (it reads workspace memory) and search without entity_id, on MCP and REST alike', async () => {
    const client = await connect(ALEX_READ);
    for (const args of [
      { question: 'which ferry?' },
      { question: 'which ferry?', entity_id: 'user:alex' },
    ]) {
      expect(await callError(client, 'ask_memory', args)).toContain('acts on the whole workspace');
    }
    expect(await callError(client, 'search_memory', { query: 'ferry' })).toContain(
      'pass entity_id',
    );
    const headers = { Authorization: `Bearer ${ALEX_READ}`, 'content-type': 'application/json' };
    for (const body of [
      { question: 'which ferry?' },
      { question: 'which ferry?', entity_id: 'user:alex' },
    ]) {
      const ask = await fetch(`${server.url}/api/ask`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      expect(ask.status).toBe(403);
      expect(JSON.stringify(await ask.json())).toContain('reaches every entity');
    }
    const search = await fetch(`${server.url}/api/search?query=ferry`, { headers });
    expect(search.status).toBe(403);
    expect(JSON.stringify(await search.json())).toContain('pass entity_id');
  });
});
