import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock, createSequentialIds, toJsonl } from '../testing/index.js';
import { createEngine } from './index.js';

// A read-only command opens an engine with the configured policy. When that policy is already in
// force, opening must not need the write lock, so it is not held up by another process writing.

let home: string;

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'verity-open-under-writer-'));
});

afterEach(() => {
  rmSync(home, { recursive: true, force: true });
});

const POLICY = { commitUncontested: true } as const;

async function openEngine() {
  return createEngine({
    home,
    clock: createManualClock('2026-02-19T15:05:00Z'),
    ids: createSequentialIds(),
    policy: POLICY,
  });
}

describe('opening an engine while another process holds the write lock', () => {
  it('reads state without waiting when the configured policy is already stored', async () => {
    const first = await openEngine();
    await first.ingest(
      toJsonl([
        {
          type: 'message',
          id: 'm1',
          entity_id: 'user:primary',
          role: 'user',
          text: 'We are in Tahoe now.',
          created_at: '2026-02-19T15:00:00Z',
        },
      ]),
    );
    const before = await first.getField('user:primary', 'travel.status');
    await first.close();

    const writer = new Database(join(home, 'verity.db'));
    try {
      writer.exec('BEGIN IMMEDIATE');
      // A liveness check, not a timing: before the fix the open never settled while the lock was held.
      const read = (async () => {
        const engine = await openEngine();
        try {
          return await engine.getField('user:primary', 'travel.status');
        } finally {
          await engine.close();
        }
      })();
      const stuck = Symbol('stuck');
      const outcome = await Promise.race([
        read,
        new Promise<typeof stuck>((resolve) => setTimeout(() => resolve(stuck), 15_000)),
      ]);
      expect(outcome).not.toBe(stuck);
      expect(outcome).toEqual(before);
    } finally {
      writer.exec('ROLLBACK');
      writer.close();
    }
  }, 30_000);
});
