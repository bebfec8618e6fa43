import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngine } from '../engine/index.js';
import type { Engine } from '../engine/types.js';
import { createManualClock, createSequentialIds, messageRecord } from '../testing/index.js';

const open: { engine: Engine; dir: string }[] = [];
afterEach(async () => {
  for (const { engine, dir } of open.splice(0)) {
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('a message with no text', () => {
  it('is dead-lettered, empty or only whitespace, while a worded one is applied', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'verity-empty-'));
    const engine = await createEngine({
      home: join(dir, 'home'),
      clock: createManualClock('2026-06-01T09:01:00Z'),
      ids: createSequentialIds(),
      embeddings: { model: null },
    });
    open.push({ engine, dir });
    const at = '2026-06-01T09:00:00Z';
    const report = await engine.ingest([
      messageRecord('t1', 'm1', 'user', '', at),
      messageRecord('t1', 'm2', 'user', ' \n\t ', at),
      messageRecord('t1', 'm3', 'user', 'ok', at),
    ]);
    expect([report.applied, report.rejected]).toEqual([1, 2]);
    expect(report.rejections.map((r) => [r.line, r.issues.map((i) => i.path)])).toEqual([
      [1, ['/content']],
      [2, ['/content']],
    ]);
  });
});
