import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/index.js';
import { toolText, useMcpSession } from './__fixtures__/mcp-client.js';

const NOW = '2026-02-19T15:05:00Z';

const mcp = useMcpSession({
  prefix: 'verity-mcp-messages-',
  engine: (dir) => ({ home: dir, clock: fixedClock(Date.parse(NOW)), embeddings: { model: null } }),
});
const call = mcp.call;

describe('record_messages (MCP, in-memory SDK client)', () => {
  it('records a conversation, extracts state from it, and makes it searchable', async () => {
    const result = await call('record_messages', {
      thread_id: 'tahoe',
      messages: [
        {
          message_id: 'm1',
          role: 'user',
          content: "We're in Tahoe now.",
          created_at: '2026-02-19T15:00:00Z',
        },
        { message_id: 'm2', role: 'assistant', content: 'Enjoy the snow!' },
      ],
    });
    expect(result.isError, toolText(result)).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      applied: 2,
      duplicate: 0,
      rejected: 0,
      messages: [
        { thread_id: 'tahoe', message_id: 'm1', status: 'applied', event_id: expect.any(String) },
        { thread_id: 'tahoe', message_id: 'm2', status: 'applied' },
      ],
    });
    const state = await mcp.engine.getField('user:primary', 'travel.location');
    expect(state.value).toBe('Tahoe');
    const hits = await mcp.engine.search('snow', { mode: 'text' });
    expect(hits.hits.map((h) => h.message_id)).toContain('m2');
  });

  it('is idempotent by thread and message id', async () => {
    const again = await call('record_messages', {
      thread_id: 'tahoe',
      messages: [{ message_id: 'm2', role: 'assistant', content: 'Enjoy the snow!' }],
    });
    expect(again.structuredContent).toMatchObject({ applied: 0, duplicate: 1 });
  });

  it('takes the entity per call or per message, and reports invalid messages one by one', async () => {
    const result = await call('record_messages', {
      entity_id: 'user:sam',
      messages: [
        { thread_id: 't2', message_id: 'a', role: 'user', content: 'hello' },
        { thread_id: 't2', message_id: 'b', role: 'user', content: 'hi', created_at: 'yesterday' },
      ],
    });
    expect(result.isError).toBeFalsy();
    const content = result.structuredContent as {
      messages: { status: string; issues: { path: string }[] }[];
    };
    expect(content.messages.map((m) => m.status)).toEqual(['applied', 'rejected']);
    expect(content.messages[1]?.issues[0]?.path).toBe('/created_at');
    expect(toolText(result)).toMatch(/b: .*created_at/);
  });

  it('refuses a message without a thread, and arguments the tool does not know', async () => {
    const noThread = await call('record_messages', {
      messages: [{ message_id: 'x', role: 'user', content: 'hi' }],
    });
    expect(noThread.isError).toBe(true);
    expect(toolText(noThread)).toMatch(/thread_id/);
    const unknown = await call('record_messages', {
      threadId: 't',
      messages: [{ message_id: 'x', role: 'user', content: 'hi' }],
    });
    expect(unknown.isError).toBe(true);
    expect(toolText(unknown)).toMatch(/threadId/);
  });

  it('records who said what in a thread with several speakers, as docs/FORMATS.md shows', async () => {
    const formats = readFileSync(new URL('../../../docs/FORMATS.md', import.meta.url), 'utf8');
    const section = formats.slice(formats.indexOf('### A thread with several speakers'));
    const example = /```json\n([\s\S]*?)\n```/.exec(section)?.[1];
    expect(example).toBeDefined();
    const result = await call('record_messages', JSON.parse(example ?? '{}'));
    expect(result.isError, toolText(result)).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ applied: 3, rejected: 0 });
    const value = async (entity: string, field: string) =>
      (await mcp.engine.getField(entity, field)).value;
    expect(await value('user:priya', 'travel.destination')).toBe('Lisbon');
    expect(await value('user:omar', 'profile.preference.seat')).toBe('aisle');
    expect(await value('user:primary', 'travel.location')).toBe('Denver');
    expect(await value('user:primary', 'travel.destination')).toBeNull();
    expect(await value('user:primary', 'profile.preference.seat')).toBeNull();

    const authored = await call('record_messages', {
      thread_id: 'team-eng',
      messages: [{ message_id: 't4', role: 'user', author: 'user:priya', content: 'Hi all.' }],
    });
    expect(toolText(authored)).toContain('author');
  });
});

describe('forget_message (MCP)', () => {
  it('erases a message named by the ids search cites, and the state read from it', async () => {
    await call('record_messages', {
      thread_id: 'chores',
      entity_id: 'user:kemi',
      messages: [
        {
          message_id: 'c1',
          role: 'user',
          content: "We're in Porto now.",
          created_at: '2026-02-19T15:01:00Z',
        },
      ],
    });
    expect((await mcp.engine.getField('user:kemi', 'travel.location')).value).toBe('Porto');
    const forgotten = await call('forget_message', { thread_id: 'chores', message_id: 'c1' });
    expect(forgotten.isError, toolText(forgotten)).toBeFalsy();
    // The message and the observations read from it.
    const { covered_events, redacted } = forgotten.structuredContent as Record<string, number>;
    expect(covered_events).toBeGreaterThan(1);
    expect(redacted).toBe(covered_events);
    expect((await mcp.engine.getField('user:kemi', 'travel.location')).value).toBeNull();
    expect((await mcp.engine.search('Porto', { mode: 'text' })).hits).toEqual([]);
    const again = await call('forget_message', { thread_id: 'chores', message_id: 'c1' });
    expect(again.isError).toBe(true);
  });
});
