import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { useCliHome } from './__fixtures__/cli-home.js';
import { messageFile, messageJsonl } from './__fixtures__/run-cli.js';

// Another process holds the store's write lock (a capture, an ingest, a server writing): a read
// answers at once, and a write says it waits and, with VERITY_BUSY_WAIT_S, gives up with exit 4.
describe('a store another process is writing to', () => {
  const cli = useCliHome('verity-cli-busy-', {
    scope: 'all',
    now: '2026-02-20T10:00:00Z',
    records: messageJsonl('m1', "We're in Tahoe now, back Monday."),
  });

  it('answers a read at once and refuses a write after VERITY_BUSY_WAIT_S with exit 4', async () => {
    const writer = new Database(join(cli.home, 'verity.db'));
    const saved = process.env['VERITY_BUSY_WAIT_S'];
    try {
      writer.exec('BEGIN IMMEDIATE');
      const read = await cli.verity(['state', 'get', 'user:primary']);
      expect(read.code).toBe(0);
      expect(read.stdout).toContain('Tahoe');
      expect(read.stderr).not.toContain('busy');

      process.env['VERITY_BUSY_WAIT_S'] = '1.5';
      const write = await cli.verity(['ingest', messageFile(cli.dir, 'm2', 'Back home now.')]);
      expect(write.code).toBe(4);
      expect(write.stderr).toContain(
        'the store is busy (another process is writing); waiting up to 1.5 s',
      );
      expect(write.stderr).toMatch(/busy: another process has held its write lock/);
    } finally {
      if (saved === undefined) delete process.env['VERITY_BUSY_WAIT_S'];
      else process.env['VERITY_BUSY_WAIT_S'] = saved;
      writer.exec('ROLLBACK');
      writer.close();
    }
    // Nothing was lost: once the lock is gone the same write goes through.
    const retried = await cli.verity(['ingest', join(cli.dir, 'm2.jsonl')]);
    expect(retried.code).toBe(0);
  }, 60_000);

  it('refuses a VERITY_BUSY_WAIT_S that is not a positive number of seconds', async () => {
    const saved = process.env['VERITY_BUSY_WAIT_S'];
    process.env['VERITY_BUSY_WAIT_S'] = 'soon';
    try {
      const run = await cli.verity(['stats']);
      expect(run.code).not.toBe(0);
      expect(run.stderr).toContain(
        'VERITY_BUSY_WAIT_S must be a number of seconds above 0 (got "soon")',
      );
    } finally {
      if (saved === undefined) delete process.env['VERITY_BUSY_WAIT_S'];
      else process.env['VERITY_BUSY_WAIT_S'] = saved;
    }
  });
});
