import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/index.js';
import { morningAt } from '../../engine/__fixtures__/thread-messages.js';
import type { StateItemView } from '../../engine/index.js';
import { messageRecord } from '../../testing/index.js';
import { toolText, useMcpSession } from './__fixtures__/mcp-client.js';

const NOW = Date.parse('2026-03-01T12:00:00Z');

const text = toolText;

function message(thread: string, id: string, content: string, minute: number, entity?: string) {
  return JSON.stringify(
    messageRecord(
      thread,
      id,
      'user',
      content,
      morningAt(minute),
      entity === undefined ? {} : { entity_id: entity },
    ),
  );
}

const mcp = useMcpSession({
  prefix: 'verity-mcp-items-',
  engine: (dir) => ({
    home: dir,
    clock: fixedClock(NOW),
    embeddings: { model: null },
  }),
  seed: async (engine) => {
    await engine.ingest(
      [
        message('db', 'm1', "Let's use Postgres for analytics.", 0),
        message('db', 'm2', 'We need to set up connection pooling.', 1),
        message('office', 'o1', "Let's use Slack for support.", 0, 'team:acme'),
      ].join('\n'),
    );
    await engine.ingest(
      message('db', 'm3', 'We switched to ClickHouse instead of Postgres for analytics.', 5),
    );
  },
});
const call = mcp.call;

describe('list_state_items and expand_state_item (MCP, in-memory transport)', () => {
  it('are listed as read-only tools with an entity scope', async () => {
    const { tools } = await mcp.client.listTools();
    for (const name of ['list_state_items', 'expand_state_item']) {
      const tool = tools.find((candidate) => candidate.name === name);
      expect(tool?.description, name).toMatch(/^Call /);
      expect(tool?.annotations, name).toEqual({ readOnlyHint: true, openWorldHint: false });
      expect(tool?.inputSchema.properties, name).toHaveProperty('entity_id');
    }
  });

  it("lists the entity's open items with the compact section as text", async () => {
    const result = await call('list_state_items', { thread_id: 'db' });
    expect(result.isError, text(result)).toBeFalsy();
    const structured = result.structuredContent as { entity_id: string; items: StateItemView[] };
    expect(structured.entity_id).toBe('user:primary');
    expect(structured.items.map((item) => [item.type, item.text])).toEqual([
      ['decision', 'Use ClickHouse for analytics instead of Postgres'],
      ['action', 'Set up connection pooling'],
    ]);
    expect(text(result)).toMatch(/^State \(updated: .+, items: 2\)\n\[d_[0-9a-f]{12}\] DECISION/);
  });

  it('includes superseded items on request and keeps other entities out', async () => {
    const all = await call('list_state_items', { include_closed: true });
    const items = (all.structuredContent as { items: StateItemView[] }).items;
    expect(items.map((item) => item.status).sort()).toEqual(['active', 'open', 'superseded']);
    expect(text(all)).toContain('(superseded -> d_');

    const team = await call('list_state_items', { entity_id: 'team:acme' });
    const teamItems = (team.structuredContent as { items: StateItemView[] }).items;
    expect(teamItems.map((item) => item.text)).toEqual(['Use Slack for support']);
  });

  it('expands an item to its source messages', async () => {
    const listed = await call('list_state_items', { include_closed: true });
    const old = (listed.structuredContent as { items: StateItemView[] }).items.find(
      (item) => item.status === 'superseded',
    );
    const result = await call('expand_state_item', { uid: old?.uid });
    expect(result.isError, text(result)).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      entity_id: 'user:primary',
      item: { uid: old?.uid, text: 'Use Postgres for analytics' },
      messages: [{ message_id: 'm1', role: 'user', content: "Let's use Postgres for analytics." }],
      missing: [],
    });
    expect(text(result)).toContain("[m1] user 2026-03-01T09:00:00.000Z: Let's use Postgres");
  });

  it("reports another entity's item as not found", async () => {
    const team = await call('list_state_items', { entity_id: 'team:acme' });
    const [slack] = (team.structuredContent as { items: StateItemView[] }).items;
    const result = await call('expand_state_item', { uid: slack?.uid });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain(`no state item ${slack?.uid}`);
    const own = await call('expand_state_item', { entity_id: 'team:acme', uid: slack?.uid });
    expect(own.isError, text(own)).toBeFalsy();
  });

  it('rejects a malformed uid before reaching the engine', async () => {
    const result = await call('expand_state_item', { uid: 'not-a-uid' });
    expect(result.isError).toBe(true);
  });
});
