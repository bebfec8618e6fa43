import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupFile, readTextFile, writeTextFile } from './workspace-files.js';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'verity-workspace-files-'));
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('workspace files', () => {
  it('reads a missing file as null and writes through a temporary file into new folders', async () => {
    const path = join(dir, 'memory', 'MEMORY.md');
    expect(await readTextFile(path)).toBeNull();
    await writeTextFile(path, '# Memory\n');
    expect(await readTextFile(path)).toBe('# Memory\n');
    expect(readdirSync(join(dir, 'memory'))).toEqual(['MEMORY.md']);
  });

  it('backs a file up beside itself under the stamp', async () => {
    const path = join(dir, 'HEARTBEAT.md');
    await writeTextFile(path, 'before');
    const backup = await backupFile(path, '20260301T090000Z');
    expect(backup).toBe(`${path}.20260301T090000Z.bak`);
    expect(readFileSync(backup, 'utf8')).toBe('before');
  });

  it('reports other failures as STORE_FAILED naming the file', async () => {
    await expect(readTextFile(dir)).rejects.toMatchObject({
      code: 'STORE_FAILED',
      message: `cannot read ${dir}`,
    });
    await expect(backupFile(join(dir, 'missing.md'), 'x')).rejects.toMatchObject({
      code: 'STORE_FAILED',
      message: expect.stringContaining('cannot back up'),
    });
  });
});
