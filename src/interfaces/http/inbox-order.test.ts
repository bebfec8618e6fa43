import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../testing/index.js';
import { useHttpApp } from './__fixtures__/temp-engine.js';

const TOKEN = 'test-token-inbox-order-01';
const AUTH = { Authorization: `Bearer ${TOKEN}` };
const clock = createManualClock('2026-05-04T08:00:00Z');

const http = useHttpApp({
  prefix: 'verity-inbox-order-',
  engine: (dir) => ({ home: dir, clock, embeddings: { model: null } }),
  app: { token: TOKEN },
});

function seatObservation(id: string, value: string, at: string): string {
  return JSON.stringify({
    type: 'observation',
    event_id: `0190a5f2-7b1c-7c3e-9a4b-00000000000${id}`,
    event_ts: at,
    domain: 'profile',
    entity_id: 'user:ines',
    field: 'profile.preference.seat',
    candidate_value: value,
    intent: 'assertive',
    source: { type: 'user_statement', ref: `thread:9:msg:${id}` },
  });
}

describe('the inbox', () => {
  it("lists the reviewer's questions before dead letters, even older dead letters", async () => {
    // A dead letter first (an observation with no field), then, an hour later, a review prompt.
    await http.engine.ingest('{"type":"observation","domain":"profile","entity_id":"user:ines"}');
    clock.advance(3_600_000);
    await http.engine.ingest(
      [
        seatObservation('1', 'aisle', '2026-05-04T08:59:00Z'),
        seatObservation('2', 'window', '2026-05-04T09:00:00Z'),
      ].join('\n'),
    );
    const response = await http.app.request('/api/inbox', { headers: AUTH });
    const { items } = (await response.json()) as { items: { kind: string }[] };
    expect(items.map((item) => item.kind)).toEqual(['state_review', 'dead_letter']);
  });
});
