import { describe, expect, it } from 'vitest';
import { ACCESS, MCP_TOOLS } from '../mcp/index.js';
import { grant } from './__fixtures__/grants.js';
import { homeAndWorkspace, useHttpApp } from './__fixtures__/temp-engine.js';
import { seedTwoEntities } from './__fixtures__/two-entities.js';
import { routeRegistryOf } from './platform.js';

// One table (`ACCESS`) says what each scope may do; a REST route and an MCP tool doing the same
// thing must ask the same of a token, and answer it the same way.
const REVIEWER = 'reviewer-token-0123456789';
const ALEX_RO = 'alex-ro-token-0123456789';
const ADMIN = 'admin-token-0123456789';

const http = useHttpApp({
  prefix: 'verity-access-table-',
  engine: homeAndWorkspace('2026-02-19T15:05:00Z'),
  seed: seedTwoEntities,
  app: {
    token: ADMIN,
    tokens: [
      grant('reviewer', REVIEWER, ['read', 'review']),
      grant('alex-ro', ALEX_RO, ['read'], ['user:alex']),
    ],
  },
});

/** The same operation on both surfaces. */
const PAIRS: readonly (readonly [string, string, string])[] = [
  ['get', '/api/proposals', 'list_proposals'],
  ['post', '/api/proposals/:id', 'resolve_proposal'],
  ['post', '/api/ask', 'ask_memory'],
  ['post', '/api/memory/:id/retire', 'retire_memory'],
  ['post', '/api/reflect', 'reflect_memory'],
];

function call(token: string, method: string, path: string, body?: unknown) {
  return http.app.request(path, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** The JSON-RPC error message of a `tools/call` (the HTTP transport's own check), or ''. */
async function mcpRefusal(token: string, name: string, args: Record<string, unknown>) {
  const response = await http.app.request('/mcp', {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name, arguments: args },
    }),
  });
  return ((await response.json()) as { error?: { message: string } }).error?.message ?? '';
}

describe('the access table', () => {
  it('gives a REST route and the MCP tool doing the same thing the same scope and reach', () => {
    const routes = routeRegistryOf(http.app).list();
    for (const [method, path, name] of PAIRS) {
      const spec = routes.find((r) => r.method === method && r.path === path);
      const tool = MCP_TOOLS.find((t) => t.name === name);
      expect({ path, scope: spec?.scope, all: spec?.allEntities === true }).toEqual({
        path,
        scope: tool?.scope,
        all: tool?.allEntities === true,
      });
    }
  });

  it('asks review (not write) to decide on MEMORY.md proposals, on both surfaces', async () => {
    expect(ACCESS.memory_file_decide.scope).toBe('review');
    const rest = await call(REVIEWER, 'POST', '/api/proposals/p-20260219-001', {
      action: 'reject',
    });
    expect(rest.status).not.toBe(403);
    expect(
      await mcpRefusal(REVIEWER, 'resolve_proposal', {
        proposal_id: 'p-20260219-001',
        action: 'reject',
      }),
    ).not.toContain('scope');
    // Near miss: review does not stretch to recording.
    expect((await call(REVIEWER, 'POST', '/api/tasks', { title: 'x' })).status).toBe(403);
  });

  it('refuses a token limited to some entities everything that reaches the whole workspace', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/proposals'],
      ['GET', '/api/memory'],
      ['GET', '/api/stats'],
      ['GET', '/api/health'],
      ['POST', '/api/ask', { question: 'which ferry?', entity_id: 'user:alex' }],
    ] as const) {
      const response = await call(ALEX_RO, method, path, body);
      expect({ path, status: response.status }).toEqual({ path, status: 403 });
    }
    for (const name of ['list_proposals', 'ask_memory']) {
      const args = name === 'ask_memory' ? { question: 'which ferry?' } : {};
      expect(await mcpRefusal(ALEX_RO, name, args)).toContain('whole workspace');
    }
    // Near misses: its own entity still reads, and an unlimited reader reads the workspace.
    expect((await call(ALEX_RO, 'GET', '/api/state/user:alex')).status).toBe(200);
    expect((await call(REVIEWER, 'GET', '/api/proposals')).status).toBe(200);
    expect((await call(REVIEWER, 'GET', '/api/stats')).status).toBe(200);
  });
});
