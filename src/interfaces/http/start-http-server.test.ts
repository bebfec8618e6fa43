import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/index.js';
import type { Engine } from '../../engine/index.js';
import { createEngine } from '../../engine/index.js';
import { SEED_OBSERVATION } from '../../testing/index.js';
import { TOOL_NAMES } from '../mcp/__fixtures__/tool-names.js';
import type { RunningHttpServer } from './index.js';
import { startHttpServer } from './index.js';

const TOKEN = 'test-token-0123456789';
const SEED = SEED_OBSERVATION;

let dir: string;
let engine: Engine;
let server: RunningHttpServer;
let client: Client;

async function call(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

function text(result: CallToolResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'verity-http-server-'));
  engine = await createEngine({ home: dir, clock: fixedClock(Date.parse('2026-02-19T15:05:00Z')) });
  server = await startHttpServer(engine, { port: 0, host: '127.0.0.1', token: TOKEN });
  client = new Client({ name: 'verity-test', version: '0.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } },
    }),
  );
});

afterAll(async () => {
  await client.close();
  await server.close();
  await engine.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('startHttpServer (real port, SDK client over Streamable HTTP)', () => {
  it('binds loopback on the port it was given', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('lists every tool', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(TOOL_NAMES);
  });

  it('records the seed observation, then reads and explains it', async () => {
    const recorded = await call('record_observation', SEED);
    expect(recorded.isError, text(recorded)).toBeFalsy();
    expect(recorded.structuredContent).toMatchObject({
      status: 'applied',
      decision: 'auto_commit',
    });

    const state = await call('get_state', { field: 'travel.status' });
    expect(state.structuredContent).toMatchObject({
      state: { 'travel.status': { value: 'in_progress', status: 'committed' } },
    });

    const explained = await call('explain_state', { field: 'travel.status' });
    expect(explained.structuredContent).toMatchObject({
      winning_event: { event_id: SEED.event_id },
    });
  });

  it('keeps state between requests although each gets a fresh MCP server', async () => {
    const reviews = await call('list_pending_reviews', {});
    expect(reviews.structuredContent).toEqual({
      entity_id: 'user:primary',
      prompts: [],
      tasks: [],
      patches: [],
    });
    const state = await call('get_state', {});
    expect(state.structuredContent).toMatchObject({
      state: { 'travel.status': { value: 'in_progress' } },
    });
  });

  it('returns isError naming entity_id for a malformed entity', async () => {
    const result = await call('explain_state', { entity_id: 'nobody', field: 'travel.status' });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('entity_id');
  });

  it('answers /health without a token and /mcp only with one', async () => {
    const health = await fetch(`${server.url}/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });

    const anonymous = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('refuses to bind a non-loopback host without a token', async () => {
    await expect(
      startHttpServer(engine, { port: 0, host: '0.0.0.0', token: null }),
    ).rejects.toMatchObject({ code: 'CONFIG_INVALID' });
  });

  it('reports a port in use as CONFIG_INVALID', async () => {
    const port = Number(new URL(server.url).port);
    await expect(startHttpServer(engine, { port, token: null })).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
    });
  });
});
