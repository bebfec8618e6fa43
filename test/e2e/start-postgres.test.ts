import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SCRIPT = new URL('../../scripts/ci/start-postgres.sh', import.meta.url).pathname;

/**
 * Runs only where the script would install nothing (root, PostgreSQL 15 and pgvector present), so
 * the test never reaches apt; the case it checks stops before any server starts.
 */
const ready =
  process.getuid?.() === 0 &&
  existsSync('/usr/lib/postgresql/15/bin/postgres') &&
  existsSync('/usr/share/postgresql/15/extension/vector.control') &&
  spawnSync('id', ['postgres']).status === 0;

describe.skipIf(!ready)('scripts/ci/start-postgres.sh', () => {
  it('names the private folder above WORK the postgres user cannot enter, and how to open it', () => {
    const parent = mkdtempSync(join(tmpdir(), 'verity-start-pg-'));
    try {
      expect(statSync(parent).mode & 0o777).toBe(0o700);
      const work = join(parent, 'pgwork');
      const run = spawnSync('bash', [SCRIPT], {
        env: { ...process.env, WORK: work, PGPORT: '55599' },
        encoding: 'utf8',
      });
      expect(run.status).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain(`the postgres user cannot enter ${parent}`);
      expect(run.stderr).toContain(`chmod o+x '${parent}'`);
      expect(existsSync(join(work, 'pg'))).toBe(false);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
