import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCli } from './__fixtures__/run-cli.js';

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'verity-home-'));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('--home pointing at no store', () => {
  it('fails with a hint to run verity init and creates nothing (as a child process)', async () => {
    const typo = join(dir, 'hoem');
    const run = await spawnCli(['--home', typo, 'state', 'get', 'user:primary'], {});
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('run `verity init`');
    expect(existsSync(typo)).toBe(false);
  });

  it('is created by verity init, after which commands read it', async () => {
    const home = join(dir, 'home');
    expect((await spawnCli(['--home', home, 'init'], {})).code).toBe(0);
    const run = await spawnCli(['--home', home, 'state', 'get', 'user:primary'], {});
    expect(run.code).toBe(0);
  });
});
