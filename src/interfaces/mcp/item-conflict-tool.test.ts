import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/index.js';
import { seedItemConflict } from '../../engine/__fixtures__/item-conflict.js';
import type { StateItemView } from '../../engine/index.js';
import { toolText, useMcpSession } from './__fixtures__/mcp-client.js';

const mcp = useMcpSession({
  prefix: 'verity-mcp-item-conflict-',
  engine: (dir) => ({
    home: dir,
    clock: fixedClock(Date.parse('2026-02-19T15:05:00Z')),
    embeddings: { model: null },
  }),
  seed: async (engine) => {
    await seedItemConflict(engine, 'db', 'user:primary');
    await seedItemConflict(engine, 'acme-db', 'team:acme');
  },
});

async function flagged(thread: string): Promise<string[]> {
  const { items } = await mcp.engine.listStateItems({ threadId: thread, status: 'all' });
  return items.filter((item) => item.conflict).map((item) => item.uid);
}

describe('resolve_item_conflict (MCP, in-memory transport)', () => {
  it('is a review tool that changes state without destroying anything', async () => {
    const { tools } = await mcp.client.listTools();
    const tool = tools.find((candidate) => candidate.name === 'resolve_item_conflict');
    expect(tool?.annotations).toEqual({ destructiveHint: false, openWorldHint: false });
    expect(tool?.inputSchema.required).toEqual(['uids', 'keep']);
  });

  it("keeps one item of the caller's entity and refuses another entity's items", async () => {
    const [a, b] = await flagged('db');
    if (a === undefined || b === undefined) throw new Error('expected a conflicting pair');
    const own = await mcp.call('resolve_item_conflict', { uids: [a, b], keep: a });
    // The same uids exist in team:acme's thread; only user:primary's (the default) is touched.
    expect(own.isError, toolText(own)).toBeFalsy();
    const result = own.structuredContent as { thread_id: string; items: StateItemView[] };
    expect(result.thread_id).toBe('db');
    expect(result.items.find((item) => item.uid === b)).toMatchObject({
      status: 'superseded',
      replaced_by: a,
    });
    expect(await flagged('acme-db')).toHaveLength(2);

    const missing = await mcp.call('resolve_item_conflict', {
      entity_id: 'user:nobody',
      uids: [a, b],
      keep: 'both',
    });
    expect(missing.isError).toBe(true);
    expect(toolText(missing)).toContain('NOT_FOUND');
    const unknown = await mcp.call('resolve_item_conflict', { uids: [a], keep: a, force: true });
    expect(unknown.isError).toBe(true);
  });
});
