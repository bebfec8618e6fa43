// Test helpers: an engine in a temporary directory at a fixed instant, and its clean-up.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixedClock } from '../../../core/index.js';
import { createEngine, type Engine } from '../../../engine/index.js';

/** A fresh engine (no embedding model) whose home is a new temporary directory, at `now`. */
export async function tempEngine(
  prefix: string,
  now: string,
): Promise<{ readonly dir: string; readonly engine: Engine }> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const engine = await createEngine({
    home: dir,
    clock: fixedClock(Date.parse(now)),
    embeddings: { model: null },
  });
  return { dir, engine };
}

/** Closes `engine` and removes its temporary directory. */
export async function closeEngine(engine: Engine, dir: string): Promise<void> {
  await engine.close();
  rmSync(dir, { recursive: true, force: true });
}
