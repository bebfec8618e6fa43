import { describe, expect, it } from 'vitest';
import { createRuleExtractor } from '../../extract/index.js';
import { messageRecord, toJsonl } from '../../testing/index.js';
import { toolText as text, useMcpSession } from './__fixtures__/mcp-client.js';

// A household's shared thread asked for over MCP without an entity is shown as that thread, as
// `verity context --thread T` shows it: nothing of a member's private thread, no one's recall
// pack (second review of session 16: MCP defaulted the entity and showed the private DM).
const mcp = useMcpSession({
  prefix: 'verity-mcp-context-shared-',
  now: '2026-05-04T18:00:00Z',
  engine: (dir) => ({
    home: dir,
    embeddings: { model: null },
    extraction: {
      extractor: createRuleExtractor(),
      registry: {
        members: {},
        we: { 'user:primary': 'family:okoro', 'user:chidi': 'family:okoro' },
        aliases: {},
      },
    },
  }),
  seed: async (engine) => {
    const report = await engine.ingest(
      toJsonl([
        messageRecord(
          'ada-dm',
          'd1',
          'user',
          'Keep this between us: I am seeing a fertility specialist in Geneva next week.',
          '2026-05-03T08:00:00Z',
          { entity_id: 'user:primary' },
        ),
        messageRecord(
          'okoro-chat',
          'c1',
          'user',
          'The plumber comes on Thursday at nine.',
          '2026-05-03T09:00:00Z',
          { entity_id: 'user:primary' },
        ),
        messageRecord(
          'okoro-chat',
          'c2',
          'user',
          'I can be home Thursday morning to let him in.',
          '2026-05-03T09:10:00Z',
          { entity_id: 'user:chidi' },
        ),
      ]),
    );
    expect(report.rejected).toBe(0);
  },
});
const call = mcp.tool('get_context');

describe('get_context for a shared thread without an entity (MCP)', () => {
  it("shows the thread's own messages and nothing of a member's private thread", async () => {
    const result = await call({
      thread_id: 'okoro-chat',
      query: 'fertility specialist Geneva',
      pack: true,
    });
    expect(result.isError, text(result)).toBeFalsy();
    const structured = result.structuredContent as {
      markdown: string;
      recall_pack: unknown;
      hard_rules: { entries: unknown[] };
      context: { included: { message_ids: string[] } };
    };
    expect(structured.markdown).toContain('plumber');
    expect(structured.context.included.message_ids).toEqual(['c1', 'c2']);
    expect(structured.markdown).not.toMatch(/fertility|Geneva/);
    expect(structured.recall_pack).toBeNull();
    expect(structured.hard_rules.entries).toEqual([]);
  });

  it('still gives one person their own view when the entity is named', async () => {
    const result = await call({
      thread_id: 'okoro-chat',
      entity_id: 'user:primary',
      query: 'fertility specialist Geneva',
    });
    expect(result.isError, text(result)).toBeFalsy();
    expect((result.structuredContent as { entity_id: string }).entity_id).toBe('user:primary');
  });
});
