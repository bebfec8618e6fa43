import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toolText } from './__fixtures__/mcp-client.js';
import { CLAUDE_CODE_TRANSCRIPT, useObserverMcpSession } from './__fixtures__/observer-session.js';

const mcp = useObserverMcpSession('verity-mcp-resolve-proposal-');
const call = mcp.call;

/** The pending proposals of the recorded session, captured and reflected once. */
async function pending(): Promise<{ proposal_id: string; text: string; section: string }[]> {
  await call('capture_session', {
    trigger: 'shutdown',
    transcript: CLAUDE_CODE_TRANSCRIPT,
    observe: 'sync',
  });
  await mcp.engine.observer.reflect();
  const listed = await call('list_proposals', {});
  return (
    listed.structuredContent as {
      proposals: { proposal_id: string; text: string; section: string }[];
    }
  ).proposals;
}

/** Resolves the first pending proposal with `args` (action, text, reason); it and the tool's answer. */
async function resolveFirst(args: Record<string, unknown>) {
  const [first] = await pending();
  if (first === undefined) throw new Error('expected a pending proposal');
  const answer = await call('resolve_proposal', { proposal_id: first.proposal_id, ...args });
  return { first, answer };
}

describe('resolve_proposal and capture_session wording', () => {
  it('approves the text it is given, as an edit and then an approval', async () => {
    const { first, answer: resolved } = await resolveFirst({
      action: 'approve',
      text: 'Reload nginx only after nginx -t passes on the staging box',
    });
    expect(resolved.isError, toolText(resolved)).toBeFalsy();
    expect(resolved.structuredContent).toMatchObject({
      proposal: {
        status: 'approved',
        text: 'Reload nginx only after nginx -t passes on the staging box',
      },
    });
    const memory = readFileSync(join(mcp.dir, 'workspace', 'MEMORY.md'), 'utf8');
    expect(memory).toContain('Reload nginx only after nginx -t passes on the staging box');
    expect(memory).not.toContain(first.text);
  });

  it('refuses a reject carrying an edit, and leaves the proposal pending', async () => {
    const { first, answer: refused } = await resolveFirst({
      action: 'reject',
      text: 'something else',
    });
    expect(refused.isError).toBe(true);
    expect(toolText(refused)).toContain('a reject takes only a reason');
    expect((await pending()).map((p) => p.proposal_id)).toContain(first.proposal_id);
  });

  it('says a missing trigger is missing, and a wrong one is not an option', async () => {
    const missing = await call('capture_session', { transcript: CLAUDE_CODE_TRANSCRIPT });
    expect(missing.isError).toBe(true);
    expect(toolText(missing)).toContain(
      'trigger is missing: give one of compaction, shutdown, manual',
    );
    const wrong = await call('capture_session', {
      trigger: 'exit',
      transcript: CLAUDE_CODE_TRANSCRIPT,
    });
    expect(wrong.isError).toBe(true);
    expect(toolText(wrong)).not.toContain('missing');
    expect(toolText(wrong)).toContain('compaction');
  });
});
