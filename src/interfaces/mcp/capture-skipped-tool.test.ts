import { describe, expect, it } from 'vitest';
import { toolText } from './__fixtures__/mcp-client.js';
import { CLAUDE_CODE_TRANSCRIPT, useObserverMcpSession } from './__fixtures__/observer-session.js';

const mcp = useObserverMcpSession('verity-mcp-capture-skipped-');

/** Issue #13 M4: `capture_session` answers with the lines it could not read. */
describe('capture_session with broken transcript lines', () => {
  it('captures the rest and names each skipped line in the structured and text answers', async () => {
    const result = await mcp.call('capture_session', {
      trigger: 'compaction',
      transcript: `${CLAUDE_CODE_TRANSCRIPT.trimEnd()}\n[1,2]\n{"type":"assistant","uuid":"x"}\n`,
      observe: 'none',
    });
    expect(result.isError).toBeFalsy();
    const lines = CLAUDE_CODE_TRANSCRIPT.trimEnd().split('\n').length;
    expect(result.structuredContent).toMatchObject({
      status: 'captured',
      skipped_lines: 2,
      skipped: [
        { line: lines + 1, reason: 'not a JSON object' },
        { line: lines + 2, reason: 'a "assistant" line without a message object' },
      ],
    });
    expect(toolText(result)).toContain(`2 line(s) skipped (line ${lines + 1}: not a JSON object`);
  });
});
