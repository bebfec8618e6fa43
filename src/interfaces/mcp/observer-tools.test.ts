import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../engine/__fixtures__/background-jobs.js';
import {
  type BillingAnswer,
  expectCurrentBillingFirst,
  seedRetiredBilling,
} from '../../engine/__fixtures__/retired-memory.js';
import { whileServing } from '../__fixtures__/serving.js';
import { toolText } from './__fixtures__/mcp-client.js';
import { CLAUDE_CODE_TRANSCRIPT, useObserverMcpSession } from './__fixtures__/observer-session.js';

const mcp = useObserverMcpSession('verity-mcp-observer-');
const call = mcp.call;

describe('observer MCP tools', () => {
  it('captures a Claude Code transcript once, observes it on the queue, and answers from it', async () => {
    const first = await call('capture_session', {
      trigger: 'compaction',
      transcript: CLAUDE_CODE_TRANSCRIPT,
    });
    expect(first.isError).toBeFalsy();
    expect(first.structuredContent).toMatchObject({
      status: 'captured',
      format: 'claude-code',
      session_id: '3f6b2a10-7c1e-4d2a-9a51-0b9e2c7d4e11',
    });
    const again = await call('capture_session', {
      trigger: 'compaction',
      transcript: CLAUDE_CODE_TRANSCRIPT,
    });
    expect(again.structuredContent).toMatchObject({ status: 'duplicate', job_id: null });
    expect(await mcp.engine.observer.drainQueue()).toBe(1);

    const answer = await call('ask_memory', { question: 'which port does the app use since TLS?' });
    expect(answer.structuredContent).toMatchObject({ mode: 'extractive' });
    expect(toolText(answer)).toContain('8443');
  });

  it('never gives a retired MEMORY.md entry as the current answer of ask_memory', async () => {
    await seedRetiredBilling(mcp.engine, ['2026-03-01', '2026-03-02']);
    const result = await call('ask_memory', { question: 'What do we use for billing?' });
    expectCurrentBillingFirst(result.structuredContent as BillingAnswer);
  });

  it('has its queued capture observed by the durable job verity serve runs', async () => {
    await whileServing(mcp.engine, async () => {
      const captured = await call('capture_session', {
        session_id: 'served-session',
        trigger: 'manual',
        transcript: CLAUDE_CODE_TRANSCRIPT,
      });
      expect(captured.structuredContent).toMatchObject({ status: 'captured', observed: null });
      const queue = await mcp.engine.jobs();
      const jobId = (captured.structuredContent as { job_id: string }).job_id;
      const state = async () =>
        (await queue.listJobs({ queue: 'observer.observe' })).find((j) => j.id === jobId)?.state ??
        'missing';
      await waitFor('the observe job to complete', async () =>
        (await state()) === 'completed' ? true : null,
      );
      const captures = await mcp.engine.observer.listCaptures();
      expect(captures.find((c) => c.session_id === 'served-session')?.observed).toBe(true);
    });
  });

  it('observes at once when asked to, as the CLI --sync and HTTP observe do', async () => {
    const result = await call('capture_session', {
      session_id: 'sync-session',
      trigger: 'manual',
      transcript: CLAUDE_CODE_TRANSCRIPT,
      observe: 'sync',
    });
    expect(result.structuredContent).toMatchObject({
      status: 'captured',
      job_id: null,
      observed: { status: 'observed', session_id: 'sync-session' },
    });
    const captures = await mcp.engine.observer.listCaptures();
    expect(captures.find((c) => c.session_id === 'sync-session')?.observed).toBe(true);
  });

  it('lists proposals and resolves one into MEMORY.md', async () => {
    await mcp.engine.observer.reflect();
    const listed = await call('list_proposals', {});
    const proposals = (
      listed.structuredContent as { proposals: { proposal_id: string; text: string }[] }
    ).proposals;
    const rule = proposals.find((p) => p.text.includes('nginx -t'));
    if (!rule) throw new Error(`no nginx rule in ${toolText(listed)}`);
    const resolved = await call('resolve_proposal', {
      proposal_id: rule.proposal_id,
      action: 'approve',
    });
    expect(resolved.structuredContent).toMatchObject({ proposal: { status: 'approved' } });
    expect(readFileSync(join(mcp.dir, 'workspace', 'MEMORY.md'), 'utf8')).toContain('nginx -t');
    const twice = await call('resolve_proposal', {
      proposal_id: rule.proposal_id,
      action: 'reject',
    });
    expect(twice.isError).toBe(true);
    expect(toolText(twice)).toContain('already approved');
  });

  it('forgets a promoted MEMORY.md entry by the id `verity memory list` shows', async () => {
    const nginx = async () =>
      (await mcp.engine.observer.listMemory()).find((m) => m.text.includes('nginx -t'));
    if ((await nginx()) === undefined) {
      await mcp.engine.observer.reflect();
      const proposals = await mcp.engine.observer.listProposals('pending');
      const rule = proposals.find((p) => p.text.includes('nginx -t'));
      if (!rule) throw new Error('no nginx rule proposed');
      await mcp.engine.observer.resolveProposal(rule.proposal_id, 'approve');
    }
    const entry = await nginx();
    if (!entry) throw new Error('no MEMORY.md entry');
    expect(entry.memory_id).toMatch(/^m-/);
    const forgotten = await call('forget_memory', { memory_id: entry.memory_id });
    expect(forgotten.isError, toolText(forgotten)).toBeFalsy();
    expect(await nginx()).toBeUndefined();
    expect(readFileSync(join(mcp.dir, 'workspace', 'MEMORY.md'), 'utf8')).not.toContain('nginx -t');
  });

  it('refuses a malformed proposal id', async () => {
    const bad = await call('resolve_proposal', { proposal_id: 'p-1', action: 'approve' });
    expect(bad.isError).toBe(true);
  });
});
