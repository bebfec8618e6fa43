import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/index.js';
import { toolText, useMcpSession } from './__fixtures__/mcp-client.js';

const NOW = Date.parse('2026-03-01T12:00:00Z');

const call = (args: Record<string, unknown>): Promise<CallToolResult> =>
  mcp.call('search_memory', args);

const text = toolText;

const mcp = useMcpSession({
  prefix: 'verity-mcp-search-',
  engine: (dir) => {
    // The engine's default embedding model: the bundled one, for real.
    return { home: dir, clock: fixedClock(NOW) };
  },
  seed: async (engine) => {
    const lines = [
      ['lease', 'm1', 'Sam says the landlord wants to renew the lease for two more years.'],
      ['lease', 'm2', 'I would rather sign for one year only.'],
      ['garden', 'm1', 'The roses need pruning before the frost.'],
    ].map(([thread, id, content], index) =>
      JSON.stringify({
        type: 'message',
        thread_id: thread,
        message_id: id,
        role: 'user',
        content,
        created_at: `2026-02-0${index + 1}T10:00:00Z`,
      }),
    );
    lines.push(
      JSON.stringify({
        type: 'message',
        thread_id: 'team-chat',
        message_id: 'm1',
        role: 'user',
        content: 'The lease of the office ends in June.',
        created_at: '2026-02-05T10:00:00Z',
        entity_id: 'team:acme',
      }),
    );
    expect((await engine.ingest(lines.join('\n'))).applied).toBe(4);
  },
});

describe('search_memory (MCP, in-memory transport)', () => {
  it('finds messages by words and meaning within the entity, best first', async () => {
    const result = await call({ query: 'what did Sam say about renewing the lease?', k: 2 });
    expect(result.isError, text(result)).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      entity_id: 'user:primary',
      pending_vectors: 0,
      vector_search: 'used',
      hits: [
        {
          kind: 'message',
          id: 'm1',
          thread_id: 'lease',
          message_id: 'm1',
          scores: { bm25: expect.any(Number), vector: expect.any(Number) },
          created_at: '2026-02-01T10:00:00.000Z',
          text: 'Sam says the landlord wants to renew the lease for two more years.',
        },
        { thread_id: 'lease', id: 'm2' },
      ],
    });
    expect(text(result)).toMatch(/^2 match\(es\) for/);
  });

  it('keeps to the entity and thread it is given', async () => {
    const team = await call({ query: 'lease', entity_id: 'team:acme' });
    const hits = (team.structuredContent?.['hits'] ?? []) as { thread_id: string }[];
    expect(hits.map((hit) => hit.thread_id)).toEqual(['team-chat']);
    const garden = await call({ query: 'flowers', thread_id: 'garden' });
    expect(garden.structuredContent).toMatchObject({ hits: [{ thread_id: 'garden', id: 'm1' }] });
  });

  it('rejects a since that is not RFC 3339 as the caller’s fault', async () => {
    const result = await call({ query: 'lease', since: 'last week' });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/^VALIDATION_FAILED: since must be an RFC 3339 timestamp/);
  });
});
