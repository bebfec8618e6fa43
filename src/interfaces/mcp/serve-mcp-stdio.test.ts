import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../engine/__fixtures__/background-jobs.js';
import { SEED_OBSERVATION } from '../../testing/index.js';
import { callTool, toolText as text } from './__fixtures__/mcp-client.js';
import { useStdioChild } from './__fixtures__/stdio-child.js';
import { TOOL_NAMES } from './__fixtures__/tool-names.js';

/** The stdio server as hosts run it: a child process spoken to by the SDK's own client. */
const SEED = SEED_OBSERVATION;

const child = useStdioChild('verity-mcp-stdio-', {
  env: (home) => ({
    VERITY_WORKSPACE: join(home, 'workspace'),
    VERITY_NOW: '2026-02-19T15:05:00Z',
  }),
});

const call = (name: string, args: Record<string, unknown>): Promise<CallToolResult> =>
  callTool(child.client, name, args);

describe('verity mcp (stdio child process)', () => {
  it('lists every tool with its annotations and no output schema (issue #12: tools/list ≤ 12 KB)', async () => {
    const { tools } = await child.client.listTools();
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect([...byName.keys()].sort()).toEqual(TOOL_NAMES);
    for (const tool of tools) {
      expect(tool.description, tool.name).toMatch(/Call /);
      expect(tool.outputSchema, tool.name).toBeUndefined();
      expect(tool.inputSchema.properties, tool.name).toHaveProperty('entity_id');
      expect(tool.annotations?.openWorldHint, tool.name).toBe(false);
    }
    for (const name of ['get_state', 'explain_state', 'list_pending_reviews', 'search_memory']) {
      expect(byName.get(name)?.annotations).toEqual({ readOnlyHint: true, openWorldHint: false });
    }
    // Hints are given only where they differ from the MCP defaults (readOnlyHint false,
    // destructiveHint true, idempotentHint false, openWorldHint true).
    expect(byName.get('record_observation')?.annotations).toEqual({
      destructiveHint: false,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(byName.get('resolve_review')?.annotations).toEqual({
      destructiveHint: false,
      openWorldHint: false,
    });
    expect(byName.get('forget_memory')?.annotations).toEqual({ openWorldHint: false });
  });

  it('records conversation messages and refuses unknown arguments', async () => {
    const args = {
      thread_id: 'stdio',
      messages: [{ message_id: 'm1', role: 'user', content: 'hello from stdio' }],
    };
    const first = await call('record_messages', args);
    expect(first.isError, `${text(first)}\n${child.stderr}`).toBeFalsy();
    expect(first.structuredContent).toMatchObject({ applied: 1, duplicate: 0 });
    expect((await call('record_messages', args)).structuredContent).toMatchObject({ duplicate: 1 });
    const unknown = await call('get_state', { entityId: 'user:primary' });
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toMatch(/entityId/);
  });

  it('auto-commits the seed observation corroborated by the calendar', async () => {
    const result = await call('record_observation', SEED);
    expect(result.isError, `${text(result)}\n${child.stderr}`).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      event_id: SEED.event_id,
      status: 'applied',
      decision: 'auto_commit',
      prompt_id: null,
      issues: [],
    });
  });

  it('reads the committed value back with get_state', async () => {
    const result = await call('get_state', { entity_id: 'user:primary', field: 'travel.status' });
    expect(result.isError, text(result)).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      entity_id: 'user:primary',
      state: {
        'travel.status': { value: 'in_progress', status: 'committed', event_id: SEED.event_id },
      },
    });
  });

  it('explains the value by its winning event', async () => {
    const result = await call('explain_state', {
      entity_id: 'user:primary',
      field: 'travel.status',
    });
    expect(result.isError, text(result)).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      winning_event: { event_id: SEED.event_id },
      current: { value: 'in_progress' },
    });
    expect(JSON.stringify(result.structuredContent)).toContain(SEED.event_id);
  });

  it('rejects a malformed entity_id with an error naming the field', async () => {
    const result = await call('get_state', { entity_id: 'User Primary' });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain('entity_id');
  });

  it('observes a queued capture_session with the durable observer job while it serves', async () => {
    const transcript = readFileSync(
      new URL('../../observer/__fixtures__/claude-code-session.jsonl', import.meta.url),
      'utf8',
    );
    const result = await call('capture_session', { trigger: 'shutdown', transcript });
    expect(result.isError, `${text(result)}\n${child.stderr}`).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ status: 'captured', observed: null });
    const memory = join(child.home, 'workspace', 'memory');
    await waitFor('the daily log', async () =>
      existsSync(memory) && readdirSync(memory).length > 0 ? true : null,
    );
    expect(readdirSync(memory)).toHaveLength(1);
  });

  it('logs nothing to stderr while serving valid calls', () => {
    expect(child.stderr).toBe('');
  });
});
