import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useCliHome } from './__fixtures__/cli-home.js';
import { spawnCli } from './__fixtures__/run-cli.js';

// One temporary folder for the file; no store in it (each test names its own home).
const folder = useCliHome('verity-home-', { scope: 'all', init: false });

describe('--home pointing at no store', () => {
  it('fails with a hint to run verity init and creates nothing (as a child process)', async () => {
    const typo = join(folder.dir, 'hoem');
    const run = await spawnCli(['--home', typo, 'state', 'get', 'user:primary'], {});
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('run `verity init`');
    expect(existsSync(typo)).toBe(false);
  });

  it('is created by verity init, after which commands read it', async () => {
    const home = join(folder.dir, 'home');
    expect((await spawnCli(['--home', home, 'init'], {})).code).toBe(0);
    const run = await spawnCli(['--home', home, 'state', 'get', 'user:primary'], {});
    expect(run.code).toBe(0);
  });
});
