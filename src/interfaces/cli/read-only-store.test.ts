import { chmodSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useCliHome } from './__fixtures__/cli-home.js';
import { messageFile, messageJsonl } from './__fixtures__/run-cli.js';

// Issue #12 item 6, with real file permissions. Root ignores them, so this runs only as another
// user; the same store behaviour is tested as root through SQLite's readonly open flag
// (stores/sqlite/sqlite-read-only.test.ts, engine/read-only-store.test.ts).
const runningAsRoot = process.getuid?.() === 0;

describe.skipIf(runningAsRoot)('a store without write permission', () => {
  const cli = useCliHome('verity-cli-ro-', {
    scope: 'all',
    now: '2026-02-20T10:00:00Z',
    records: messageJsonl('1842', "We're in Tahoe now, back Monday."),
  });
  // Registered after useCliHome's hooks: the folder is made read-only once the store holds a
  // message, and writable again before it is removed.
  beforeAll(() => {
    chmodSync(join(cli.home, 'verity.db'), 0o444);
    chmodSync(cli.home, 0o555);
  });
  afterAll(() => {
    chmodSync(cli.home, 0o755);
  });

  it.each([
    [['state', 'get', 'user:primary'], 'Tahoe'],
    [['state', 'explain', 'user:primary', 'travel.location'], 'Tahoe'],
    [['state', 'history', 'user:primary'], 'travel.location'],
    [['search', 'Tahoe'], 'Tahoe now'],
    [['context', '--thread', 'tahoe'], 'Tahoe'],
    [['stats'], 'events'],
  ])('answers verity %j', async (args, expected) => {
    const run = await cli.verity(args);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(expected);
  });

  it('refuses a writing command with a clear error and leaves the folder as it was', async () => {
    const before = readdirSync(cli.home).sort();
    const run = await cli.verity(['ingest', messageFile(cli.dir, '1843', 'Now in Reno.')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/read-only \(no write permission on its file or folder\)/);
    expect(readdirSync(cli.home).sort()).toEqual(before);
  });
});
