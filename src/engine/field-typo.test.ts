import { describe, expect, it } from 'vitest';
import { useTestEngine } from './__fixtures__/test-engine.js';

const t = useTestEngine('verity-field-typo-', '2026-03-05T12:00:00Z', {
  embeddings: { model: null },
});

const observation = (id: number, field: string, extra: Record<string, unknown> = {}) => ({
  event_id: `0190a5f2-0000-7000-8000-00000000000${id}`,
  event_ts: '2026-03-05T10:00:00Z',
  domain: field.split('.')[0],
  entity_id: 'user:primary',
  field,
  candidate_value: 'x',
  intent: 'assertive',
  source: { type: 'user_statement', ref: 'thread:t:msg:1' },
  ...extra,
});

describe('a misspelt field', () => {
  it('is refused by recordObservation, naming the field meant, and nothing is recorded', async () => {
    const result = await t().engine.recordObservation(observation(1, 'travel.sttus'));
    expect(result.status).toBe('rejected');
    expect(result.issues).toEqual([
      expect.objectContaining({
        path: '/field',
        rule: 'field_typo',
        message: expect.stringContaining('"travel.status"'),
      }),
    ]);
    expect(await t().engine.history('user:primary')).toEqual([]);
  });

  it('is dead-lettered by ingest while an open field beside it applies', async () => {
    const report = await t().engine.ingest([
      { type: 'observation', ...observation(2, 'travel.destnation') },
      { type: 'observation', ...observation(3, 'travel.hotel') },
    ]);
    expect(report).toMatchObject({ applied: 1, rejected: 1 });
    const [letter] = await t().engine.listDlq();
    expect(letter?.errors.map((e) => e.message)).toEqual([
      expect.stringContaining('"travel.destination"'),
    ]);
    expect((await t().engine.getField('user:primary', 'travel.hotel')).value).toBe('x');
  });

  it('may still be retracted, so a slot committed before the check can be withdrawn', async () => {
    const retraction = observation(4, 'travel.sttus', { candidate_value: null, intent: 'retract' });
    expect((await t().engine.recordObservation(retraction)).status).not.toBe('rejected');
  });
});
