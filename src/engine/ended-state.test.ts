import { describe, expect, it } from 'vitest';
import { useTestEngine } from './__fixtures__/test-engine.js';

const t = useTestEngine('verity-ended-state-', '2026-03-06T12:00:00Z', {
  embeddings: { model: null },
});

let next = 0;
const observation = (field: string, value: string, at: string) => {
  next += 1;
  return {
    type: 'observation',
    event_id: `0190a5f2-0000-7000-8000-${String(next).padStart(12, '0')}`,
    event_ts: at,
    domain: 'travel',
    entity_id: 'user:primary',
    field,
    candidate_value: value,
    intent: 'assertive',
    source: { type: 'user_statement', ref: `thread:t:msg:${next}` },
  };
};

/** A trip under way in Berlin on 2026-03-06, returning 2026-03-08. */
async function tripUnderWay(): Promise<void> {
  await t().engine.ingest([
    observation('travel.return_date', '2026-03-08', '2026-03-06T10:00:00Z'),
    observation('travel.status', 'in_progress', '2026-03-06T10:00:00Z'),
    observation('travel.location', 'Berlin', '2026-03-06T10:00:00Z'),
  ]);
}

const staleAt = async (at: string, field: string): Promise<boolean> => {
  t().clock.set(at);
  return (await t().engine.getField('user:primary', field)).stale;
};

describe('state ended by a date that has passed', () => {
  it('reads a trip under way as stale once its return date is over, within the TTL', async () => {
    await tripUnderWay();
    // On the return day itself the trip may still be under way.
    expect(await staleAt('2026-03-08T22:00:00Z', 'travel.status')).toBe(false);
    expect(await staleAt('2026-03-09T00:00:00Z', 'travel.status')).toBe(true);
    expect(await staleAt('2026-03-10T12:00:00Z', 'travel.location')).toBe(true);
    // The return date itself is what it was: stale only by its own TTL (7 days).
    expect(await staleAt('2026-03-10T12:00:00Z', 'travel.return_date')).toBe(false);
  });

  it('keeps a value fresh when evidence for it came after the end date', async () => {
    await tripUnderWay();
    t().clock.set('2026-03-09T12:00:00Z');
    // "Still in Berlin, the flight home was cancelled."
    await t().engine.ingest([observation('travel.location', 'Berlin', '2026-03-09T11:00:00Z')]);
    expect(await staleAt('2026-03-10T12:00:00Z', 'travel.location')).toBe(false);
    expect(await staleAt('2026-03-10T12:00:00Z', 'travel.status')).toBe(true);
  });
});
