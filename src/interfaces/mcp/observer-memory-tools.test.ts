import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toolText } from './__fixtures__/mcp-client.js';
import { CLAUDE_CODE_TRANSCRIPT, useObserverMcpSession } from './__fixtures__/observer-session.js';

const mcp = useObserverMcpSession('verity-mcp-memory-');
const call = mcp.call;
const memoryFile = () => readFileSync(join(mcp.dir, 'workspace', 'MEMORY.md'), 'utf8');

describe('reflect_memory and retire_memory over MCP', () => {
  it('reflects a captured session into proposals now, and a second call finds nothing new', async () => {
    const captured = await call('capture_session', {
      trigger: 'manual',
      transcript: CLAUDE_CODE_TRANSCRIPT,
      observe: 'sync',
    });
    expect(captured.isError, toolText(captured)).toBeFalsy();
    const first = await call('reflect_memory', {});
    expect(first.isError, toolText(first)).toBeFalsy();
    const report = first.structuredContent as {
      status: string;
      proposals: { proposal_id: string; text: string; status: string }[];
    };
    expect(report.status).toBe('proposed');
    expect(report.proposals.some((p) => p.text.includes('nginx -t'))).toBe(true);
    expect(report.proposals.every((p) => p.status === 'pending')).toBe(true);
    expect(toolText(first)).toMatch(/^proposed: \d+ proposal\(s\)/);
    expect(readFileSync(join(mcp.dir, 'workspace', 'REVIEW.md'), 'utf8')).toContain('nginx -t');

    const again = await call('reflect_memory', {});
    expect(again.structuredContent).toMatchObject({ status: 'nothing_new', proposals: [] });
  });

  it('retires an approved entry by its m- id: it leaves MEMORY.md, its history stays', async () => {
    const pending = await mcp.engine.observer.listProposals('pending');
    const rule = pending.find((p) => p.text.includes('nginx -t'));
    if (!rule) throw new Error('no nginx rule pending');
    await call('resolve_proposal', { proposal_id: rule.proposal_id, action: 'approve' });
    expect(memoryFile()).toContain('nginx -t');
    const entry = (await mcp.engine.observer.listMemory()).find((m) => m.text.includes('nginx -t'));
    if (!entry) throw new Error('no MEMORY.md entry');

    const retired = await call('retire_memory', {
      memory_id: entry.memory_id,
      reason: 'we moved to caddy',
    });
    expect(retired.isError, toolText(retired)).toBeFalsy();
    expect(retired.structuredContent).toMatchObject({
      entry: {
        memory_id: entry.memory_id,
        status: 'retired',
        retired_at: '2026-03-02T18:00:00.000Z',
      },
    });
    expect(memoryFile()).not.toContain('nginx -t');
    const all = await mcp.engine.observer.listMemory(true);
    expect(all.find((m) => m.memory_id === entry.memory_id)?.status).toBe('retired');
    const approved = await mcp.engine.observer.listProposals('approved');
    expect(approved.find((p) => p.proposal_id === rule.proposal_id)?.text).toContain('nginx -t');

    const twice = await call('retire_memory', { memory_id: entry.memory_id });
    expect(twice.isError).toBe(true);
    expect(toolText(twice)).toContain('already retired');
  });

  it('retires by the id of the memory promoted from an entry, and refuses an unknown id', async () => {
    const pending = await mcp.engine.observer.listProposals('pending');
    const next = pending[0];
    if (!next) throw new Error('no proposal left to approve');
    await call('resolve_proposal', { proposal_id: next.proposal_id, action: 'approve' });
    const entry = (await mcp.engine.observer.listMemory()).find(
      (m) => m.proposal_id === next.proposal_id,
    );
    if (!entry) throw new Error('approval made no entry');
    const promoted = (await mcp.engine.vault.listMemories()).find(
      (m) => m.source.kind === 'promotion' && m.source.ref === entry.memory_id,
    );
    if (!promoted) throw new Error('approval promoted no memory');
    expect(promoted.memory_id).not.toBe(entry.memory_id);

    const retired = await call('retire_memory', { memory_id: promoted.memory_id });
    expect(retired.structuredContent).toMatchObject({
      entry: { memory_id: entry.memory_id, status: 'retired' },
    });
    const unknown = await call('retire_memory', { memory_id: 'm-20990101-001' });
    expect(unknown.isError).toBe(true);
    expect(toolText(unknown)).toContain('m-20990101-001');
  });
});
