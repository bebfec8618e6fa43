// Test helpers: an engine in a temporary directory at a fixed instant, and its clean-up.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { afterAll, beforeAll } from 'vitest';
import { fixedClock } from '../../../core/index.js';
import { createEngine, type Engine, type EngineOptions } from '../../../engine/index.js';
import { createHttpApp, type HttpAppOptions } from '../index.js';
import { seedTwoEntities } from './two-entities.js';

/** A fresh engine (no embedding model) whose home is a new temporary directory, at `now`. */
export async function tempEngine(
  prefix: string,
  now: string,
): Promise<{ readonly dir: string; readonly engine: Engine }> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const engine = await createEngine(atInstant(dir, now));
  return { dir, engine };
}

/** The options `tempEngine` opens with: home `dir`, a fixed clock at `now`, no embedding model. */
export function atInstant(dir: string, now: string): EngineOptions {
  return { home: dir, clock: fixedClock(Date.parse(now)), embeddings: { model: null } };
}

/**
 * The engine options of a test app whose temporary folder holds the home (`home/`) and the
 * observer's workspace (`workspace/`), at `now`, with no embedding model unless `extra` sets one.
 */
export function homeAndWorkspace(
  now: string,
  extra: Partial<EngineOptions> = {},
): (dir: string) => EngineOptions {
  return (dir) => ({
    ...atInstant(join(dir, 'home'), now),
    observer: { workspace: join(dir, 'workspace') },
    ...extra,
  });
}

/** Closes `engine` and removes its temporary directory. */
export async function closeEngine(engine: Engine, dir: string): Promise<void> {
  await engine.close();
  rmSync(dir, { recursive: true, force: true });
}

/** How `useHttpApp` opens its engine and app. */
export interface HttpAppSetup {
  /** Prefix of the temporary folder the test owns. */
  readonly prefix: string;
  /** The engine's options, given the temporary folder. */
  readonly engine: (dir: string) => EngineOptions;
  /** Fills the engine before the app is built. */
  readonly seed?: (engine: Engine, dir: string) => Promise<void>;
  /** Options of the app under test (given the temporary folder when a function). */
  readonly app: HttpAppOptions | ((dir: string) => HttpAppOptions);
}

/** An engine in a temporary folder and the HTTP app over it, for one test file. */
export interface HttpTestApp {
  readonly dir: string;
  readonly engine: Engine;
  readonly app: Hono;
}

/**
 * Registers `beforeAll`/`afterAll` hooks that open what `setup` describes and close it (engine
 * and temporary folder). The returned object is usable inside the file's tests and later hooks.
 */
export function useHttpApp(setup: HttpAppSetup): HttpTestApp {
  let opened: HttpTestApp | undefined;
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), setup.prefix));
    const engine = await createEngine(setup.engine(dir));
    await setup.seed?.(engine, dir);
    const options = typeof setup.app === 'function' ? setup.app(dir) : setup.app;
    opened = { dir, engine, app: createHttpApp(engine, options) };
  });
  afterAll(async () => {
    if (opened !== undefined) await closeEngine(opened.engine, opened.dir);
  });
  const current = () => {
    if (opened === undefined) throw new Error('the HTTP app is open only inside its tests');
    return opened;
  };
  return {
    get dir() {
      return current().dir;
    },
    get engine() {
      return current().engine;
    },
    get app() {
      return current().app;
    },
  };
}

/**
 * `useHttpApp` over an engine at 2026-02-19 15:05 UTC (home: the temporary folder) filled by
 * `seedTwoEntities`, with the app options `app`.
 */
export function useTwoEntitiesApp(prefix: string, app: HttpAppSetup['app']): HttpTestApp {
  return useHttpApp({
    prefix,
    engine: (dir) => ({ home: dir, clock: fixedClock(Date.parse('2026-02-19T15:05:00Z')) }),
    seed: seedTwoEntities,
    app,
  });
}
