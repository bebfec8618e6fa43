import { describe, expect, it } from 'vitest';
import { alexAndReader } from './__fixtures__/grants.js';
import { useTwoEntitiesApp } from './__fixtures__/temp-engine.js';

// A write token limited to user:alex must not land a write on anyone else: the entity a write
// resolves to (after the user:primary default) is checked before anything is stored.
const ALEX = 'alex-token-0123456789';
const READER = 'reader-token-0123456789';
const ADMIN = 'admin-token-0123456789';
const asAlex = { Authorization: `Bearer ${ALEX}`, 'content-type': 'application/json' };

const http = useTwoEntitiesApp('verity-scoped-writes-', {
  token: ADMIN,
  tokens: alexAndReader(ALEX, READER),
});

const post = (path: string, body: unknown) =>
  http.app.request(path, {
    method: 'POST',
    headers: asAlex,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** Ledger events so far: a refused write must not add one. */
const events = async () => (await http.engine.stats()).events;

async function refusedWithoutWriting(path: string, body: unknown, status = 403): Promise<string> {
  const before = await events();
  const tasksBefore = (await http.engine.tasks.list({ state: 'all' })).length;
  const response = await post(path, body);
  expect(response.status).toBe(status);
  expect(await events()).toBe(before);
  expect((await http.engine.tasks.list({ state: 'all' })).length).toBe(tasksBefore);
  return ((await response.json()) as { detail?: string }).detail ?? '';
}

/** The JSON-RPC error a `tools/call` of `name` answers as the alex token; '' when it succeeds. */
async function mcpError(name: string, args: Record<string, unknown>): Promise<string> {
  const response = await http.app.request('/mcp', {
    method: 'POST',
    headers: { ...asAlex, accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name, arguments: args },
    }),
  });
  const body = (await response.json()) as {
    error?: { message: string };
    result?: { isError?: boolean; content?: unknown };
  };
  if (body.error !== undefined) return body.error.message;
  return body.result?.isError === true ? JSON.stringify(body.result.content) : '';
}

const message = (id: string, extra: Record<string, unknown> = {}) => ({
  message_id: id,
  role: 'user',
  content: 'We are in Lisbon now.',
  ...extra,
});

describe('writes by a token limited to user:alex', () => {
  it('refuses the task reconciler, which passes over every entity, on both surfaces', async () => {
    expect(await refusedWithoutWriting('/api/reconcile', {})).not.toBe('');
    expect(await mcpError('reconcile_tasks', { entity_id: 'user:alex' })).toContain(
      'whole workspace',
    );
  });

  it('refuses messages that default to user:primary, before storing any', async () => {
    expect(
      await refusedWithoutWriting('/api/messages', { thread_id: 'aw', messages: [message('1')] }),
    ).toContain('user:primary');
    // The call names alex but one message names primary.
    await refusedWithoutWriting('/api/messages', {
      thread_id: 'aw',
      entity_id: 'user:alex',
      messages: [message('2', { entity_id: 'user:primary' })],
    });
    // No call entity, but every message names alex: nothing lands on primary.
    const own = await post('/api/messages', {
      thread_id: 'aw',
      messages: [message('3', { entity_id: 'user:alex' })],
    });
    expect(own.status).toBe(200);
    const named = await post('/api/messages', {
      thread_id: 'aw',
      entity_id: 'user:alex',
      messages: [message('4')],
    });
    expect(named.status).toBe(200);
  });

  it('refuses an ingest body when any line lands outside the token, storing none of it', async () => {
    const mine = {
      type: 'message',
      thread_id: 'aw2',
      message_id: '1',
      role: 'user',
      entity_id: 'user:alex',
      content: 'I am in Porto now.',
      created_at: '2026-02-19T15:00:00Z',
    };
    const { entity_id: _dropped, ...unnamed } = { ...mine, message_id: '2' };
    const lines = [JSON.stringify(mine), JSON.stringify(unnamed)].join('\n');
    expect(await refusedWithoutWriting('/api/ingest', lines)).toContain('line 2');
    const note = {
      type: 'note',
      path: 'alex.md',
      content: 'Seat: aisle',
      updated_at: '2026-02-19T15:00:00Z',
    };
    await refusedWithoutWriting('/api/ingest', JSON.stringify(note));
    const own = await post('/api/ingest', JSON.stringify(mine));
    expect(own.status).toBe(200);
  });

  it('refuses a session capture without an entity (it belongs to user:primary)', async () => {
    const transcript = JSON.stringify({
      message_id: '1',
      role: 'user',
      content: 'From now on always use tabs.',
      created_at: '2026-02-19T15:00:00Z',
    });
    await refusedWithoutWriting('/api/sessions', {
      transcript,
      trigger: 'manual',
      observe: 'none',
    });
    const own = await post('/api/sessions', {
      session_id: 'alex-s',
      transcript,
      trigger: 'manual',
      observe: 'none',
      entity_id: 'user:alex',
    });
    expect(own.status).toBe(201);
  });

  it('refuses tasks and memories for user:primary before creating them', async () => {
    await refusedWithoutWriting('/api/tasks', { title: 'alex task, default entity' });
    await refusedWithoutWriting('/api/tasks', { title: 'for primary', entity_id: 'user:primary' });
    const memoriesBefore = (await http.engine.vault.listMemories({})).length;
    await refusedWithoutWriting('/api/memories', { text: 'alex memory' });
    expect((await http.engine.vault.listMemories({})).length).toBe(memoriesBefore);
    const own = await post('/api/tasks', { title: 'alex task', entity_id: 'user:alex' });
    expect(own.status).toBe(201);
  });

  it('refuses an entity id that is not canonical (400), on every write', async () => {
    const detail = await refusedWithoutWriting(
      '/api/tasks',
      { title: 'for Bob', entity_id: 'Bob' },
      400,
    );
    expect(detail).toContain('entity_id');
    await refusedWithoutWriting(
      '/api/messages',
      { thread_id: 'aw', messages: [message('5', { entity_id: 'User:Alex' })] },
      400,
    );
    await refusedWithoutWriting('/api/tasks', { title: 'numeric', entity_id: 5 }, 400);
  });

  it('refuses MCP add_task without an entity before the task exists', async () => {
    const before = (await http.engine.tasks.list({ state: 'all' })).length;
    expect(await mcpError('add_task', { title: 'mcp alex task' })).toContain('user:primary');
    expect((await http.engine.tasks.list({ state: 'all' })).length).toBe(before);
    expect(await mcpError('add_task', { title: 'mcp alex task', entity_id: 'user:alex' })).toBe('');
    expect((await http.engine.tasks.list({ state: 'all' })).length).toBe(before + 1);
  });

  it('refuses MCP record_messages whose messages default to user:primary', async () => {
    const eventsBefore = await events();
    const refused = await mcpError('record_messages', {
      thread_id: 'm1',
      messages: [message('1', { entity_id: 'user:alex' }), message('2')],
    });
    expect(refused).toContain('user:primary');
    expect(await events()).toBe(eventsBefore);
    const own = await mcpError('record_messages', {
      thread_id: 'm1',
      entity_id: 'user:alex',
      messages: [message('3')],
    });
    expect(own).toBe('');
  });

  it("refuses MCP move_task on user:primary's task even when entity_id says user:alex", async () => {
    const theirs = await http.engine.tasks.add({
      title: 'primary task',
      entity_id: 'user:primary',
    });
    const refused = await mcpError('move_task', {
      entity_id: 'user:alex',
      task_id: theirs.id,
      to: 'CANCELLED',
    });
    expect(refused).toContain('user:primary');
    expect((await http.engine.tasks.show(theirs.id)).state).toBe('CAPTURED');
  });

  it('lets a full-access token write user:primary by default (near miss)', async () => {
    const response = await http.app.request('/api/tasks', {
      method: 'POST',
      headers: { Authorization: `Bearer ${ADMIN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'admin task' }),
    });
    expect(response.status).toBe(201);
  });
});
