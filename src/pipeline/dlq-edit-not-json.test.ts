import { describe, expect, it } from 'vitest';
import { useTestEngine } from '../engine/__fixtures__/test-engine.js';

const t = useTestEngine('verity-dlq-edit-', '2026-06-01T09:00:00Z', {
  embeddings: { model: null },
});

describe('editing a dead letter that is not JSON', () => {
  it('keeps a replacement that is still not JSON never retried, with its own errors', async () => {
    const { engine, clock } = t();
    const report = await engine.ingest('this line is plain prose\n');
    const dlqId = report.rejections[0]?.dlq_id ?? '';
    expect((await engine.listDlq())[0]).toMatchObject({
      status: 'permanently_failed',
      nextRetryAt: null,
    });
    const edited = await engine.editDlq(dlqId, 'still plain prose');
    expect(edited).toMatchObject({ retried: 1, resolved: 0, permanently_failed: 1 });
    const [item] = await engine.listDlq();
    expect(item).toMatchObject({
      status: 'permanently_failed',
      nextRetryAt: null,
      raw: 'still plain prose',
      schemaName: 'json',
    });
    clock.advance(60 * 60_000);
    expect((await engine.retryDlq()).retried).toBe(0);
  });
});

describe('editing a settled dead letter', () => {
  const fixed = JSON.stringify({
    type: 'observation',
    event_id: '0190a5f2-0000-7000-8000-0000000000f1',
    event_ts: '2026-06-01T08:00:00Z',
    domain: 'travel',
    entity_id: 'user:primary',
    field: 'travel.hotel_name',
    candidate_value: 'Lakeside Inn',
    intent: 'assertive',
    source: { type: 'user_statement', ref: 'fix' },
  });

  it('refuses to edit a resolved or discarded letter (CONFLICT) and leaves it settled', async () => {
    const { engine } = t();
    const report = await engine.ingest('{"type":"observation"}\n{"type":"observation","x":1}\n');
    const [first, second] = report.rejections.map((r) => r.dlq_id ?? '');
    // A pending letter can be edited, even to a line that still fails.
    expect(await engine.editDlq(first ?? '', '{"type":"observation"}')).toMatchObject({
      resolved: 0,
    });
    expect(await engine.editDlq(first ?? '', fixed)).toMatchObject({ resolved: 1 });
    await expect(engine.editDlq(first ?? '', '{}')).rejects.toMatchObject({ code: 'CONFLICT' });
    await engine.discardDlq(second ?? '');
    await expect(engine.editDlq(second ?? '', fixed)).rejects.toMatchObject({ code: 'CONFLICT' });
    const items = await engine.listDlq();
    expect(items.find((d) => d.dlqId === first)).toMatchObject({
      status: 'resolved',
      needsReview: false,
    });
    expect(items.find((d) => d.dlqId === second)).toMatchObject({ status: 'discarded' });
  });
});
