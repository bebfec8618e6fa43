import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { transcriptLine } from '../testing/index.js';
import { observerOnly, useTestEngine } from './__fixtures__/test-engine.js';
import type { Engine } from './types.js';

// One session of my own: a decision before the compaction, another after it.
const BEFORE = [
  transcriptLine(
    'm1',
    'user',
    'We decided to keep the invoices in Postgres 16.',
    '2026-05-04T14:00:00Z',
  ),
  transcriptLine(
    'm2',
    'assistant',
    'Understood, Postgres 16 for invoices.',
    '2026-05-04T14:01:00Z',
  ),
  transcriptLine('m3', 'user', 'The export job must run at 02:00 UTC.', '2026-05-04T14:05:00Z'),
];
const AFTER = [
  transcriptLine(
    'm4',
    'user',
    'We decided to send receipts from billing@example.org.',
    '2026-05-04T14:20:00Z',
  ),
  transcriptLine(
    'm5',
    'assistant',
    'Noted: receipts come from billing@example.org.',
    '2026-05-04T14:21:00Z',
  ),
];

function occurrences(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

describe('engine.observer captures of one session', () => {
  const opened = useTestEngine('verity-observer-sessions-', '2026-05-04T15:00:00Z', observerOnly());
  let dir: string;
  let engine: Engine;

  beforeEach(() => {
    ({ dir, engine } = opened());
  });

  const capture = (trigger: string, lines: readonly string[]) =>
    engine.observer.capture({
      text: lines.join('\n'),
      sessionId: 'invoices',
      trigger,
      observe: 'sync',
    });

  it('observes at shutdown only the messages after the compaction capture', async () => {
    const compaction = await capture('compaction', BEFORE);
    const shutdown = await capture('shutdown', [...BEFORE, ...AFTER]);
    expect(compaction.status).toBe('captured');
    expect(shutdown.status).toBe('captured');
    expect(shutdown.entries).toBe(5);

    const log = readFileSync(join(dir, 'workspace', 'memory', '2026-05-04.md'), 'utf8');
    expect(occurrences(log, '### 🔭 Observations (session: invoices')).toBe(2);
    expect(occurrences(log, '**Messages**: 3')).toBe(1);
    expect(occurrences(log, '**Messages**: 2')).toBe(1);
    expect(occurrences(log, 'Postgres 16')).toBeGreaterThan(0);
    // Each message is observed once: the compaction section's lines are not repeated.
    const [first, second] = log.split('**Trigger**: shutdown');
    expect(occurrences(second ?? '', 'Postgres 16')).toBe(0);
    expect(occurrences(first ?? '', 'billing@example.org')).toBe(0);
    expect(occurrences(second ?? '', 'billing@example.org')).toBeGreaterThan(0);
  });

  it('leaves the daily log alone when the later capture adds no message', async () => {
    await capture('compaction', BEFORE);
    const before = readFileSync(join(dir, 'workspace', 'memory', '2026-05-04.md'), 'utf8');
    const shutdown = await capture('shutdown', BEFORE);
    expect(shutdown.observed).toMatchObject({ status: 'observed', segments: 0, daily_log: null });
    expect(readFileSync(join(dir, 'workspace', 'memory', '2026-05-04.md'), 'utf8')).toBe(before);
  });

  it('captures a second compaction of a growing transcript, and still ignores a redelivery', async () => {
    const first = await capture('compaction', BEFORE);
    const second = await capture('compaction', [...BEFORE, ...AFTER]);
    expect(second.status).toBe('captured');
    expect(second.capture_key).not.toBe(first.capture_key);
    expect(second.observed).toMatchObject({ status: 'observed' });
    const log = readFileSync(join(dir, 'workspace', 'memory', '2026-05-04.md'), 'utf8');
    expect(occurrences(log, 'billing@example.org')).toBeGreaterThan(0);
    for (const lines of [BEFORE, [...BEFORE, ...AFTER]]) {
      const again = await capture('compaction', lines);
      expect(again).toMatchObject({ status: 'duplicate', capture_key: first.capture_key });
    }
    expect(await engine.observer.listCaptures()).toHaveLength(2);
  });
});
