import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcpClient } from '../interfaces/mcp/__fixtures__/mcp-client.js';
import { createManualClock, type ManualClock } from '../testing/index.js';
import { createEngine, type Engine } from './index.js';

let dir: string;
let engine: Engine;
let clock: ManualClock;

function observation(n: number, value: string, eventTs: string) {
  return {
    type: 'observation',
    event_id: `0190a5f2-0000-7000-8000-0000000000${String(n).padStart(2, '0')}`,
    event_ts: eventTs,
    domain: 'travel',
    entity_id: 'user:primary',
    field: 'travel.location',
    candidate_value: value,
    intent: 'assertive',
    source: { type: 'user_statement', ref: `thread:1:msg:${n}` },
  };
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'verity-valid-time-'));
  clock = createManualClock('2026-03-01T09:00:00Z');
  engine = await createEngine({ home: dir, clock, embeddings: { model: null } });
  await engine.ingest([observation(1, 'Home', '2026-03-01T09:00:00Z')]);
  // On March 10 the user mentions, late, where they were from March 4 to March 6.
  clock.set('2026-03-10T09:00:00Z');
  await engine.ingest([
    observation(2, 'Lisbon', '2026-03-04T12:00:00Z'),
    observation(3, 'Home', '2026-03-06T20:00:00Z'),
  ]);
});

afterAll(async () => {
  await engine.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('valid-time reads (as_of) beside belief-time reads (at)', () => {
  it('answers what was true then from everything known now, where belief time cannot', async () => {
    const believed = await engine.getField('user:primary', 'travel.location', {
      at: '2026-03-05T12:00:00Z',
    });
    expect(believed.value).toBe('Home');
    const valid = await engine.getField('user:primary', 'travel.location', {
      asOf: '2026-03-05T12:00:00Z',
    });
    expect(valid).toMatchObject({
      value: 'Lisbon',
      status: 'committed',
      valid_from: '2026-03-04T12:00:00.000Z',
    });
    expect(
      (await engine.getField('user:primary', 'travel.location', { asOf: '2026-03-07T00:00:00Z' }))
        .value,
    ).toBe('Home');
    expect(
      (await engine.getField('user:primary', 'travel.location', { asOf: '2026-02-01T00:00:00Z' }))
        .status,
    ).toBe('none');
    const entity = await engine.getEntity('user:primary', { asOf: '2026-03-05T12:00:00Z' });
    expect(entity.state['travel.location']?.value).toBe('Lisbon');
  });

  it('refuses a malformed time, and both times at once', async () => {
    await expect(
      engine.getField('user:primary', 'travel.location', { asOf: 'March 5' }),
    ).rejects.toThrow(/as_of must be an RFC 3339/);
    await expect(
      engine.getEntity('user:primary', {
        at: '2026-03-05T00:00:00Z',
        asOf: '2026-03-05T00:00:00Z',
      }),
    ).rejects.toThrow(/not both/);
  });

  it('is offered by get_state over MCP as as_of', async () => {
    const client = await connectMcpClient(engine);
    const result = await client.callTool({
      name: 'get_state',
      arguments: { field: 'travel.location', as_of: '2026-03-05T12:00:00Z' },
    });
    expect(result.structuredContent).toMatchObject({
      as_of: '2026-03-05T12:00:00Z',
      state: { 'travel.location': { value: 'Lisbon' } },
    });
    await client.close();
  });
});
