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
