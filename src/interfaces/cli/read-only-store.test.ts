import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageFile, runCli } from './__fixtures__/run-cli.js';

// Issue #12 item 6, with real file permissions. Root ignores them, so this runs only as another
// user; the same store behaviour is tested as root through SQLite's readonly open flag
// (stores/sqlite/sqlite-read-only.test.ts, engine/read-only-store.test.ts).
const runningAsRoot = process.getuid?.() === 0;
const NOW = ['--now', '2026-02-20T10:00:00Z'];

let dir: string;
let home: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'verity-cli-ro-'));
  home = join(dir, 'home');
  if (runningAsRoot) return;
  expect((await runCli(['--home', home, ...NOW, 'init'])).code).toBe(0);
  const first = messageFile(dir, '1842', "We're in Tahoe now, back Monday.");
  expect((await runCli(['--home', home, ...NOW, 'ingest', first])).code).toBe(0);
  chmodSync(join(home, 'verity.db'), 0o444);
  chmodSync(home, 0o555);
});

afterAll(() => {
  chmodSync(home, 0o755);
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(runningAsRoot)('a store without write permission', () => {
  it.each([
    [['state', 'get', 'user:primary'], 'Tahoe'],
    [['state', 'explain', 'user:primary', 'travel.location'], 'Tahoe'],
    [['state', 'history', 'user:primary'], 'travel.location'],
    [['search', 'Tahoe'], 'Tahoe now'],
    [['context', '--thread', 'tahoe'], 'Tahoe'],
    [['stats'], 'events'],
  ])('answers verity %j', async (args, expected) => {
    const run = await runCli(['--home', home, ...NOW, ...args]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(expected);
  });

  it('refuses a writing command with a clear error and leaves the folder as it was', async () => {
    const before = readdirSync(home).sort();
    const run = await runCli([
      '--home',
      home,
      ...NOW,
      'ingest',
      messageFile(dir, '1843', 'Now in Reno.'),
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/read-only \(no write permission on its file or folder\)/);
    expect(readdirSync(home).sort()).toEqual(before);
  });
});
