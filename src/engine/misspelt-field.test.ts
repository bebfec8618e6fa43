import { describe, expect, it } from 'vitest';
import { SEED_OBSERVATION, testUuid } from '../testing/index.js';
import { useTestEngine } from './__fixtures__/test-engine.js';

const t = useTestEngine('verity-misspelt-field-', '2026-02-20T09:00:00Z', {
  embeddings: { model: null },
});

const observing = (field: string, n: number) =>
  JSON.stringify({ type: 'observation', ...SEED_OBSERVATION, event_id: testUuid(n), field });

describe('a field that looks like a misspelt vocabulary field', () => {
  it('is asked about, naming the field it looks like, and committed once confirmed', async () => {
    const { engine } = t();
    const report = await engine.ingest(observing('travel.sttus', 1));
    expect(report).toMatchObject({ applied: 1, rejected: 0, decisions: { ask_user: 1 } });
    expect((await engine.getEntity('user:primary')).state['travel.sttus']?.status).not.toBe(
      'committed',
    );
    const [prompt] = await engine.listReviews();
    expect(prompt?.field).toBe('travel.sttus');
    expect(prompt?.reason_summary.join(' ')).toContain('did you mean "travel.status"');
    await engine.answerReview(prompt?.prompt_id ?? '', 'confirm');
    expect((await engine.getEntity('user:primary')).state['travel.sttus']).toMatchObject({
      value: 'in_progress',
      status: 'committed',
    });
  });

  it('commits an open field or a vocabulary field as before', async () => {
    const { engine } = t();
    const report = await engine.ingest(
      [observing('travel.hotel_name', 1), observing('travel.status', 2)].join('\n'),
    );
    expect(report).toMatchObject({ applied: 2, decisions: { auto_commit: 2 } });
    expect(await engine.listReviews()).toEqual([]);
  });
});
