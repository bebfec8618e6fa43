import { describe, expect, it } from 'vitest';
import { toolText } from './__fixtures__/mcp-client.js';
import { useObserverMcpSession } from './__fixtures__/observer-session.js';

const mcp = useObserverMcpSession('verity-mcp-forget-captured-');
const call = mcp.call;

/** A Verity transcript line with a message id of its own. */
const turn = (id: string, role: string, content: string, minute: number): string =>
  JSON.stringify({
    message_id: id,
    role,
    content,
    created_at: `2026-03-02T17:${String(minute).padStart(2, '0')}:00Z`,
  });

const TRANSCRIPT = [
  turn('t1', 'user', 'The release branch is cut every second Thursday.', 1),
  turn('t2', 'user', 'My landlord Ysolde raised the rent by forty euros.', 2),
  turn('t3', 'assistant', 'Understood, the branch is cut every second Thursday.', 3),
].join('\n');

describe('forget_message (MCP) on a captured session', () => {
  it('erases the entry search cites, keeps the rest, and a re-sent transcript adds nothing', async () => {
    const captured = await call('capture_session', {
      session_id: 'chat-7',
      trigger: 'manual',
      transcript: TRANSCRIPT,
    });
    expect(captured.isError, toolText(captured)).toBeFalsy();
    expect(await mcp.engine.observer.drainQueue()).toBe(1);
    const found = await call('search_memory', { query: 'Ysolde rent' });
    expect(toolText(found)).toContain('Ysolde');
    const structured = JSON.stringify(found.structuredContent);
    expect(structured).toContain('"thread_id":"session:chat-7"');
    expect(structured).toContain('"message_id":"t2"');

    const forgotten = await call('forget_message', {
      thread_id: 'session:chat-7',
      message_id: 't2',
    });
    expect(forgotten.isError, toolText(forgotten)).toBeFalsy();
    expect((forgotten.structuredContent as { redacted: number }).redacted).toBeGreaterThan(0);

    const after = await call('search_memory', { query: 'Ysolde rent landlord' });
    expect(JSON.stringify(after.structuredContent)).not.toContain('Ysolde');
    const answer = await call('ask_memory', { question: 'how much did the rent go up?' });
    expect(JSON.stringify(answer)).not.toContain('Ysolde');
    expect(toolText(await call('search_memory', { query: 'release branch Thursday' }))).toContain(
      'second Thursday',
    );

    const again = await call('capture_session', {
      session_id: 'chat-7',
      trigger: 'manual',
      transcript: TRANSCRIPT,
    });
    expect(again.structuredContent).toMatchObject({ status: 'duplicate' });
    expect(JSON.stringify(await mcp.engine.readLedger(0, 500))).not.toContain('Ysolde');
    const twice = await call('forget_message', { thread_id: 'session:chat-7', message_id: 't2' });
    expect(twice.isError).toBe(true);
  });
});
