import { describe, expect, it } from 'vitest';
import { CONTEXT_SECTIONS } from '../../context/index.js';
import { messageRecord, toJsonl } from '../../testing/index.js';
import { toolText as text, useMcpSession } from './__fixtures__/mcp-client.js';

// The engine's default embedding model: the bundled one, for real.
const mcp = useMcpSession({
  prefix: 'verity-mcp-context-',
  now: '2026-03-02T09:00:00Z',
  seed: async (engine) => {
    const records = [
      messageRecord(
        'trip',
        'm1',
        'user',
        'We are planning a trip to Lisbon in March.',
        '2026-03-01T10:00:00Z',
      ),
      messageRecord(
        'trip',
        'm2',
        'user',
        'Which hotel did the Silvas recommend?',
        '2026-03-01T10:02:00Z',
      ),
      messageRecord(
        'lunch',
        'm1',
        'user',
        'The Silvas recommended the Hotel Avenida by the river.',
        '2026-01-10T12:00:00Z',
      ),
      messageRecord(
        'office',
        'm1',
        'user',
        'The Silvas hotel booking for the offsite is confirmed.',
        '2026-02-01T10:00:00Z',
        { entity_id: 'team:acme' },
      ),
    ];
    const report = await engine.ingest(toJsonl(records));
    expect(report.applied).toBe(4);
    await engine.recordObservation({
      event_id: '0190a5f2-7b1c-7c3e-9a4b-000000000001',
      event_ts: '2026-03-01T10:00:00Z',
      domain: 'travel',
      entity_id: 'user:primary',
      field: 'travel.destination',
      candidate_value: 'Lisbon',
      intent: 'assertive',
      source: { type: 'user_statement', ref: 'thread:trip:msg:m1' },
    });
  },
});
const call = mcp.tool('get_context');

describe('get_context (MCP, in-memory transport)', () => {
  it('is listed as a read-only tool', async () => {
    const { tools } = await mcp.client.listTools();
    const tool = tools.find((candidate) => candidate.name === 'get_context');
    expect(tool?.description).toMatch(/^Call at the start of a turn/);
    expect(tool?.annotations).toEqual({ readOnlyHint: true, openWorldHint: false });
    expect(tool?.inputSchema.properties).toHaveProperty('entity_id');
  });

  it("returns the thread's context as markdown and structured content", async () => {
    const result = await call({ thread_id: 'trip', query: 'hotel the Silvas recommended' });
    expect(result.isError, text(result)).toBeFalsy();
    const structured = result.structuredContent as {
      markdown: string;
      total: number;
      sections: { name: string }[];
      included: { memory_ids: string[]; message_ids: string[] };
    };
    expect(structured).toMatchObject({
      entity_id: 'user:primary',
      thread_id: 'trip',
      query: 'hotel the Silvas recommended',
      mode: 'full',
      budget: 2000,
      now: '2026-03-02T09:00:00.000Z',
    });
    expect(text(result)).toBe(structured.markdown);
    expect(structured.markdown).toContain('- travel.destination: Lisbon');
    expect(structured.markdown).toContain('Hotel Avenida');
    expect(structured.total).toBeLessThanOrEqual(2000);
    expect(structured.sections.map((section) => section.name)).toEqual([...CONTEXT_SECTIONS]);
    expect(structured.included.memory_ids).toEqual(['message:lunch/m1']);
    expect(structured.included.message_ids).toEqual(['m1', 'm2']);
  });

  it('retrieves memories of the entity in scope only', async () => {
    const result = await call({ query: 'Silvas hotel booking', entity_id: 'team:acme' });
    expect(result.isError, text(result)).toBeFalsy();
    const structured = result.structuredContent as { included: { memory_ids: string[] } };
    expect(structured.included.memory_ids).toEqual(['message:office/m1']);
    expect(text(result)).not.toContain('Lisbon');
  });

  it('keeps within a small budget in minimal mode', async () => {
    const result = await call({ thread_id: 'trip', budget: 90, mode: 'minimal' });
    expect(result.isError, text(result)).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ budget: 90, mode: 'minimal' });
    expect((result.structuredContent as { total: number }).total).toBeLessThanOrEqual(90);
  });

  it('rejects a malformed entity id as the caller’s fault', async () => {
    const result = await call({ entity_id: 'Bob' });
    expect(result.isError).toBe(true);
  });
});
