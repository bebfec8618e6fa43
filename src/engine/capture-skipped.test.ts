import { beforeEach, describe, expect, it } from 'vitest';
import { EngineError } from '../core/index.js';
import { claudeCodeLine } from '../observer/__fixtures__/claude-code-line.js';
import { observerOnly, useTestEngine } from './__fixtures__/test-engine.js';
import { MAX_SKIPPED_REPORTED } from './observer/types.js';
import type { Engine } from './types.js';

function claudeLine(uuid: string, content: string): string {
  return claudeCodeLine(uuid, content, 'broken-lines');
}

/** Issue #13 M4: what a capture could not read is in its answer, and nothing is stored for a file with no entry. */
describe('engine.observer.capture of a transcript with broken lines', () => {
  const opened = useTestEngine('verity-capture-skipped-', '2026-05-04T15:00:00Z', observerOnly());
  let engine: Engine;

  beforeEach(() => {
    ({ engine } = opened());
  });

  it('captures the valid entries and counts every skipped line, listing the first ones', async () => {
    const broken = Array.from({ length: MAX_SKIPPED_REPORTED + 5 }, (_, i) => `not json ${i}`);
    const result = await engine.observer.capture({
      text: [claudeLine('u1', 'We decided to keep the invoices in Postgres 16.'), ...broken].join(
        '\n',
      ),
      trigger: 'manual',
      observe: 'none',
    });
    expect(result).toMatchObject({ status: 'captured', entries: 1 });
    expect(result.skipped_lines).toBe(MAX_SKIPPED_REPORTED + 5);
    expect(result.skipped).toHaveLength(MAX_SKIPPED_REPORTED);
    expect(result.skipped[0]).toEqual({ line: 2, reason: 'not JSON' });
    expect(await engine.observer.listCaptures()).toHaveLength(1);
  });

  it('answers a clean transcript with no skipped lines', async () => {
    const result = await engine.observer.capture({
      text: claudeLine('u1', 'The export job must run at 02:00 UTC.'),
      trigger: 'manual',
      observe: 'none',
    });
    expect(result).toMatchObject({ skipped_lines: 0, skipped: [] });
  });

  it('refuses a transcript with no readable entry, says which lines it skipped, and stores nothing', async () => {
    const text = [
      claudeLine('u1', ''),
      '{"type":"user","message":{"role":"user","content":"torn',
      '{"no_type":true}',
    ].join('\n');
    const refused = await engine.observer
      .capture({ text, trigger: 'shutdown', observe: 'none' })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(refused).toBeInstanceOf(EngineError);
    expect(refused).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { skipped_lines: 2 },
    });
    expect((refused as EngineError).message).toContain(
      'line 2 (not JSON), line 3 (no known entry shape (no "type"))',
    );
    expect(await engine.observer.listCaptures()).toHaveLength(0);
  });
});
