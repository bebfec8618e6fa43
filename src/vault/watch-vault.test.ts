import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { watchVault } from './watch-vault.js';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'verity-watch-vault-'));
  mkdirSync(join(dir, 'sub'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('watchVault', () => {
  it('indexes at start and again after a markdown change settles in a subfolder', async () => {
    let runs = 0;
    let changed: () => void = () => {};
    const second = new Promise<void>((resolve) => {
      changed = resolve;
    });
    const watching = watchVault({
      roots: [dir],
      debounceMs: 20,
      onError: () => {},
      index: async () => {
        runs += 1;
        if (runs === 2) changed();
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runs).toBe(1);
    writeFileSync(join(dir, 'sub', 'note.md'), 'changed');
    await second;
    await watching.stop();
    expect(runs).toBe(2);
  });
});
