import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../engine/index.js';
import type { Engine } from '../engine/types.js';
import { createManualClock, createSequentialIds } from '../testing/index.js';

const open: { engine: Engine; dir: string }[] = [];
afterEach(async () => {
  for (const { engine, dir } of open.splice(0)) {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('editing a dead letter that is not JSON', () => {
  it('keeps a replacement that is still not JSON never retried, with its own errors', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verity-dlq-edit-'));
    const clock = createManualClock('2026-06-01T09:00:00Z');
    const engine = await createEngine({
      home: join(dir, 'home'),
      clock,
      ids: createSequentialIds(),
      embeddings: { model: null },
    });
    open.push({ engine, dir });
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
