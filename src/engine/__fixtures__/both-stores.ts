import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { afterAll, beforeAll } from 'vitest';
import type { Store } from '../../stores/index.js';
import { createPostgresStore } from '../../stores/postgres/index.js';
import { createSqliteStore } from '../../stores/sqlite/index.js';

/** What one scenario gave on each store. */
export interface OnBothStores<T> {
  readonly sqlite: T;
  readonly postgres: T;
}

/**
 * Registers, for the calling test file, a temporary folder (named with `prefix`) and one PGlite
 * with pgvector, both removed after the file. The returned function runs `scenario` on a SQLite
 * file store, then on a PGlite schema `<name>_pg`, each with a home of its own in the folder, and
 * returns both results for the test to compare.
 */
export function useBothStores(
  prefix: string,
): <T>(
  name: string,
  scenario: (store: Store, home: string) => Promise<T>,
) => Promise<OnBothStores<T>> {
  let dir: string;
  let pglite: PGlite;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), prefix));
    pglite = await PGlite.create({ extensions: { vector } });
  });
  afterAll(async () => {
    await pglite.close();
    rmSync(dir, { recursive: true, force: true });
  });
  return async (name, scenario) => {
    const sqlite = await scenario(
      await createSqliteStore({ path: join(dir, `${name}.db`) }),
      join(dir, 'sqlite'),
    );
    const postgres = await scenario(
      await createPostgresStore({ pglite, schema: `${name}_pg` }),
      join(dir, 'postgres'),
    );
    return { sqlite, postgres };
  };
}
