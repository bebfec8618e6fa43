import { chmodSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useCliHome } from './__fixtures__/cli-home.js';
import {
  type CliRun,
  canRunCliAs,
  messageFile,
  messageJsonl,
  spawnCli,
} from './__fixtures__/run-cli.js';

// Issue #12 item 6, with real file permissions. Root ignores them, so as root (CI) the commands
// run in a child process as the user nobody (65534 on Linux); as anyone else, in this process.
// The same store behaviour is tested through SQLite's readonly open flag in
// stores/sqlite/sqlite-read-only.test.ts and engine/read-only-store.test.ts.
const NOBODY = { uid: 65_534, gid: 65_534 };
const runningAsRoot = process.getuid?.() === 0;
// As root in a checkout nobody cannot read, the child cannot start: said, not failed.
const nobodyCannotRun = runningAsRoot && !canRunCliAs(NOBODY);
if (nobodyCannotRun) {
  console.warn('read-only-store: skipped, the user nobody cannot read this checkout');
}

describe.skipIf(nobodyCannotRun)('a store without write permission', () => {
  const cli = useCliHome('verity-cli-ro-', {
    scope: 'all',
    now: '2026-02-20T10:00:00Z',
    records: messageJsonl('1842', "We're in Tahoe now, back Monday."),
  });
  const verity = (args: readonly string[]): Promise<CliRun> =>
    runningAsRoot
      ? spawnCli(
          ['--home', cli.home, '--now', '2026-02-20T10:00:00Z', ...args],
          { HOME: cli.dir },
          NOBODY,
        )
      : cli.verity(args);
  // Registered after useCliHome's hooks: the folder is made read-only once the store holds a
  // message, and writable again before it is removed. Its parent (mkdtemp's, 0700) is opened
  // so that nobody can reach it.
  beforeAll(() => {
    chmodSync(join(cli.home, 'verity.db'), 0o444);
    chmodSync(cli.home, 0o555);
    chmodSync(cli.dir, 0o755);
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
    [['items', 'list'], 'no state items'],
    [['stats'], 'events'],
  ])('answers verity %j', async (args, expected) => {
    const run = await verity(args);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(expected);
  });

  it('refuses a writing command with a clear error and leaves the folder as it was', async () => {
    const before = readdirSync(cli.home).sort();
    const run = await verity(['ingest', messageFile(cli.dir, '1843', 'Now in Reno.')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/read-only \(no write permission on its file or folder\)/);
    expect(readdirSync(cli.home).sort()).toEqual(before);
  });
});
