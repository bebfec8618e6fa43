import { describe, expect, it } from 'vitest';
import { transcriptLine } from '../../testing/index.js';
import { allotmentCodesJsonl } from '../__fixtures__/allotment-codes.js';
import { toolText } from './__fixtures__/mcp-client.js';
import { useObserverMcpSession } from './__fixtures__/observer-session.js';
import { forgetMessage } from './tools/forget-message.js';

const mcp = useObserverMcpSession('verity-mcp-forget-captured-');
const call = mcp.call;

/** A Verity transcript line with a message id of its own, `minute` minutes past 17:00 on 2 March. */
const turn = (id: string, role: string, content: string, minute: number): string =>
  transcriptLine(id, role, content, `2026-03-02T17:${String(minute).padStart(2, '0')}:00Z`);

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

  it('answers the replies erased and kept with a forgotten question, in its own output shape', async () => {
    await mcp.engine.ingest(allotmentCodesJsonl('2026-03-02T17:'));
    const first = await call('forget_message', { thread_id: 'allotment', message_id: 'q1' });
    expect(first.isError, toolText(first)).toBeFalsy();
    const second = await call('forget_message', { thread_id: 'allotment', message_id: 'q2' });
    expect(second.isError, toolText(second)).toBeFalsy();
    const answers = [first.structuredContent, second.structuredContent] as Record<
      string,
      unknown
    >[];
    expect(answers[0]).toMatchObject({ messages_erased: ['allotment/a1'], masks_kept: [] });
    expect(answers[1]).toMatchObject({ messages_erased: [], masks_kept: ['allotment/a2'] });
    // Every member answered is one the tool's output shape names (and so documents).
    const named = Object.keys(forgetMessage.output);
    for (const answer of answers) {
      expect(Object.keys(answer).filter((k) => !named.includes(k))).toEqual([]);
    }
  });
});
