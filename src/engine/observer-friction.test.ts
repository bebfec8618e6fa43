import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { type ManualClock, transcriptLine } from '../testing/index.js';
import { observerOnly, useTestEngine } from './__fixtures__/test-engine.js';
import type { Engine } from './types.js';

const DAY = 86_400_000;

describe('engine.observer friction fixes', () => {
  const opened = useTestEngine(
    'verity-observer-friction-',
    '2026-06-10T18:00:00Z',
    observerOnly({ frictionMinHistoryDays: 0 }),
  );
  let dir: string;
  let clock: ManualClock;
  let engine: Engine;

  beforeEach(async () => {
    ({ dir, clock, engine } = opened());
    await crashSession('w1', '2026-06-02T10:00:00Z');
    await crashSession('w2', '2026-06-05T10:00:00Z');
  });

  /** A session in which the indexer crashes again and the heap setting fixes it. */
  async function crashSession(id: string, at: string): Promise<void> {
    await engine.observer.capture({
      text: [
        transcriptLine(
          'a',
          'user',
          'The search indexer crashes with an out of memory error again.',
          at,
        ),
        transcriptLine('b', 'user', 'Set INDEXER_HEAP_MB=2048 in the worker env.', at),
        transcriptLine('c', 'user', 'Fixed.', at),
      ].join('\n'),
      sessionId: id,
      trigger: 'shutdown',
      observe: 'sync',
    });
  }

  const review = () => readFileSync(join(dir, 'workspace', 'REVIEW.md'), 'utf8');

  async function onlyFix(): Promise<string> {
    const report = await engine.observer.analyzeFriction();
    expect(report.fixes).toHaveLength(1);
    return report.fixes[0]?.fix_id ?? '';
  }

  it('keeps a fix id when the next day finds the same cluster again', async () => {
    const first = await onlyFix();
    clock.advance(DAY);
    expect(await onlyFix()).toBe(first);
    expect(review()).toContain(`\`${first}\``);
  });

  it('approves a friction fix into MEMORY.md by its id, and takes it off REVIEW.md', async () => {
    const id = await onlyFix();
    const view = await engine.observer.resolveProposal(id, 'approve');
    expect(view).toMatchObject({ status: 'approved', section: 'Patterns' });
    expect(view.text).toContain('INDEXER_HEAP_MB=2048');
    expect(readFileSync(join(dir, 'workspace', 'MEMORY.md'), 'utf8')).toContain(
      'INDEXER_HEAP_MB=2048',
    );
    expect(review()).not.toContain(id);
    clock.advance(DAY);
    await engine.observer.analyzeFriction();
    expect(review()).not.toContain('## Friction Fixes');
    await expect(engine.observer.resolveProposal(id, 'approve')).rejects.toMatchObject({
      code: 'CONFLICT',
    });
  });

  it('does not list an approved fix again when the problem recurs', async () => {
    const id = await onlyFix();
    await engine.observer.resolveProposal(id, 'approve');
    clock.advance(DAY);
    await crashSession('w3', '2026-06-11T09:00:00Z');
    expect(await onlyFix()).toBe(id);
    expect(review()).not.toContain(id);
    await expect(engine.observer.resolveProposal(id, 'approve')).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    const memory = readFileSync(join(dir, 'workspace', 'MEMORY.md'), 'utf8');
    expect(memory.split('INDEXER_HEAP_MB=2048').length - 1).toBe(1);
  });

  it('approves a friction fix ticked in REVIEW.md', async () => {
    const id = await onlyFix();
    writeFileSync(
      join(dir, 'workspace', 'REVIEW.md'),
      review().replace(`- [ ] \`${id}\``, `- [x] \`${id}\``),
    );
    expect(await engine.observer.syncReview()).toEqual([id]);
    expect(readFileSync(join(dir, 'workspace', 'MEMORY.md'), 'utf8')).toContain(
      'INDEXER_HEAP_MB=2048',
    );
  });
});
