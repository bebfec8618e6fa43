import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../testing/index.js';
import { toolText, useMcpSession } from './__fixtures__/mcp-client.js';

const clock = createManualClock('2026-03-01T09:00:00Z');

const mcp = useMcpSession({
  prefix: 'verity-mcp-memories-',
  engine: (dir) => {
    mkdirSync(join(dir, 'notes', 'work'), { recursive: true });
    writeFileSync(join(dir, 'notes', 'work', 'test-project.md'), '## Status\n\nX is a blocker.\n');
    return { home: join(dir, 'home'), clock, embeddings: { model: null } };
  },
  seed: async (engine, dir) => {
    await engine.vault.addRoot(join(dir, 'notes'));
    await engine.vault.index();
  },
});
const call = mcp.call;

describe('memory tools (MCP, in-memory transport)', () => {
  it('records, flags, lists, updates and forgets a memory within its entity', async () => {
    const recorded = await call('record_memory', {
      text: 'X is a blocker in [[test-project]]',
      tags: ['work'],
    });
    expect(recorded.isError, toolText(recorded)).toBeFalsy();
    const id = (recorded.structuredContent as { memory: { memory_id: string; cites: string[] } })
      .memory.memory_id;
    expect((recorded.structuredContent as { memory: { cites: string[] } }).memory.cites).toEqual([
      'work/test-project.md',
    ]);

    writeFileSync(
      join(mcp.dir, 'notes', 'work', 'test-project.md'),
      '## Status\n\nX was resolved.\n',
    );
    clock.advance(60_000);
    await mcp.engine.vault.index();
    await mcp.engine.vault.checkDrift([id]);

    const listed = await call('list_prediction_errors', { error_type: 'memory_source_changed' });
    const errors = (listed.structuredContent as { errors: Record<string, unknown>[] }).errors;
    expect(errors).toEqual([
      expect.objectContaining({
        memory_id: id,
        memory_text: 'X is a blocker in [[test-project]]',
        passage_then: 'X is a blocker.',
        passage_now: 'X was resolved.',
      }),
    ]);
    // Past the debounce window, a repeat detection updates the open row in place.
    clock.advance(25 * 3_600_000);
    await mcp.engine.vault.checkDrift([id]);
    const repeated = await mcp.engine.vault.listPredictionErrors({ memoryId: id });
    expect(repeated).toHaveLength(1);
    expect(repeated[0]).toMatchObject({
      error_id: errors[0]?.['error_id'],
      detected_at: errors[0]?.['detected_at'],
      last_seen_at: '2026-03-02T10:01:00.000Z',
    });

    const otherEntity = await call('list_prediction_errors', { entity_id: 'team:acme' });
    expect((otherEntity.structuredContent as { errors: unknown[] }).errors).toEqual([]);
    const hidden = await call('update_memory', {
      entity_id: 'team:acme',
      memory_id: id,
      text: 'nope',
    });
    expect(hidden.isError).toBe(true);

    const signal = await call('record_memory_signal', {
      memory_id: id,
      detail: 'ticket X-1 closed',
      source: 'tracker',
    });
    expect(signal.structuredContent).toMatchObject({
      error: { error_type: 'memory_external_signal', query: 'signal:tracker' },
    });

    const updated = await call('update_memory', { memory_id: id, text: 'X was resolved.' });
    expect(updated.structuredContent).toMatchObject({ memory: { revision: 2, drift: [] } });
    const open = await call('list_prediction_errors', {});
    expect((open.structuredContent as { errors: unknown[] }).errors).toEqual([]);

    const forgotten = await call('forget_memory', { memory_id: id });
    expect(forgotten.structuredContent).toEqual({ memory_id: id, forgotten: true, redacted: 2 });
    const all = await call('list_prediction_errors', { unresolved: false });
    expect((all.structuredContent as { errors: unknown[] }).errors).toEqual([]);
  });
});
