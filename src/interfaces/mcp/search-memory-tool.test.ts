import { describe, expect, it } from 'vitest';
import { messageRecord, toJsonl } from '../../testing/index.js';
import { toolText as text, useMcpSession } from './__fixtures__/mcp-client.js';

// The engine's default embedding model: the bundled one, for real.
const mcp = useMcpSession({
  prefix: 'verity-mcp-search-',
  now: '2026-03-01T12:00:00Z',
  seed: async (engine) => {
    const records = [
      ['lease', 'm1', 'Sam says the landlord wants to renew the lease for two more years.'],
      ['lease', 'm2', 'I would rather sign for one year only.'],
      ['garden', 'm1', 'The roses need pruning before the frost.'],
    ].map(([thread, id, content], index) =>
      messageRecord(
        thread ?? '',
        id ?? '',
        'user',
        content ?? '',
        `2026-02-0${index + 1}T10:00:00Z`,
      ),
    );
    records.push(
      messageRecord(
        'team-chat',
        'm1',
        'user',
        'The lease of the office ends in June.',
        '2026-02-05T10:00:00Z',
        { entity_id: 'team:acme' },
      ),
    );
    expect((await engine.ingest(toJsonl(records))).applied).toBe(4);
  },
});
const call = mcp.tool('search_memory');

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
