import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestEngine } from './__fixtures__/test-engine.js';

const t = useTestEngine('verity-vault-index-drift-', '2026-03-02T18:00:00Z', {
  embeddings: { model: null },
  extraction: null,
});

describe('engine.vault.index', () => {
  it('records drift for a memory whose cited note changed, before anything reads the memory', async () => {
    const notes = join(t().dir, 'notes');
    mkdirSync(notes, { recursive: true });
    writeFileSync(join(notes, 'queue.md'), '# Queue\n\nJobs run on RabbitMQ 3.12.\n');
    writeFileSync(join(notes, 'other.md'), '# Other\n\nThe office plant needs water.\n');
    await t().engine.vault.addRoot(notes);
    await t().engine.vault.index();
    const { memory } = await t().engine.vault.recordMemory({
      text: 'Jobs run on RabbitMQ 3.12 per [[queue]]',
    });
    const unrelated = await t().engine.vault.recordMemory({
      text: 'Water the plant per [[other]]',
    });
    expect(await t().engine.vault.listPredictionErrors({ unresolved: true })).toEqual([]);

    t().clock.advance(60_000);
    writeFileSync(join(notes, 'queue.md'), '# Queue\n\nJobs moved to NATS 2.10.\n');
    await t().engine.vault.index();

    const rows = await t().engine.vault.listPredictionErrors({ unresolved: true });
    expect(rows.map((r) => [r.memory_id, r.error_type])).toEqual([
      [memory.memory_id, 'memory_source_changed'],
    ]);
    expect(rows.some((r) => r.memory_id === unrelated.memory.memory_id)).toBe(false);
  });

  it('records nothing when no cited note changed', async () => {
    const notes = join(t().dir, 'notes');
    mkdirSync(notes, { recursive: true });
    writeFileSync(join(notes, 'queue.md'), '# Queue\n\nJobs run on RabbitMQ 3.12.\n');
    await t().engine.vault.addRoot(notes);
    await t().engine.vault.index();
    await t().engine.vault.recordMemory({ text: 'Jobs run on RabbitMQ 3.12 per [[queue]]' });
    writeFileSync(join(notes, 'new.md'), '# New\n\nA note nobody cites.\n');
    t().clock.advance(60_000);
    expect((await t().engine.vault.index()).indexed).toBe(1);
    expect(await t().engine.vault.listPredictionErrors({ unresolved: true })).toEqual([]);
  });
});
