import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { afterAll, beforeAll } from 'vitest';
import { fixedClock } from '../../core/index.js';
import type { Store } from '../../stores/index.js';
import { createPostgresStore } from '../../stores/postgres/index.js';
import { createSqliteStore } from '../../stores/sqlite/index.js';
import { createManualClock, createSequentialIds } from '../../testing/index.js';
import { createEngine } from '../create-engine.js';
import type { Engine } from '../types.js';

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

/**
 * Opens an engine on `store` at `home` that only observes sessions (no embedding model, no state
 * extraction, MEMORY.md workspace at `<home>/workspace`) on a clock fixed at `at`, hands it to
 * `run`, and closes it whatever `run` does.
 */
export async function withObservingEngine<T>(
  store: Store,
  home: string,
  at: string,
  run: (engine: Engine) => Promise<T>,
): Promise<T> {
  const engine = await createEngine({
    home,
    store,
    clock: fixedClock(Date.parse(at)),
    embeddings: { model: null },
    extraction: null,
    observer: { workspace: join(home, 'workspace') },
  });
  try {
    return await run(engine);
  } finally {
    await engine.close();
  }
}

/**
 * An engine on schema `schema` of the PostgreSQL server at `url` (home `/tmp/<schema>`), on a
 * manual clock at 2026-04-05T12:00:00Z with sequential ids, without item extractor or embedding
 * model: what the tests that read a real server's bytes and rows write with.
 */
export async function openServerEngine(url: string, schema: string): Promise<Engine> {
  return createEngine({
    home: `/tmp/${schema}`,
    store: await createPostgresStore({ url, schema }),
    clock: createManualClock('2026-04-05T12:00:00Z'),
    ids: createSequentialIds(),
    items: { extractor: null },
    embeddings: { model: null },
  });
}
