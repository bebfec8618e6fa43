// Test helper: a temporary folder with a store made by `verity init`, and `verity` bound to it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { type CliRun, runCli } from './run-cli.js';

/** Options of `useCliHome`. */
export interface CliHomeOptions {
  /** `each` (default): a fresh folder for every test; `all`: one for the enclosing suite. */
  readonly scope?: 'each' | 'all';
  /** The `--now` every `verity` call passes unless it names its own. */
  readonly now?: string;
  /** Run `verity init` in the folder (default true); false for tests of a missing store. */
  readonly init?: boolean;
  /** The store is the temporary folder itself rather than `<dir>/home`. */
  readonly homeIsDir?: boolean;
  /** A `config.json` to write into the store folder before `init`, given the temporary folder. */
  readonly config?: (dir: string) => Record<string, unknown>;
  /** JSONL records to `verity ingest` (as `records.jsonl`) after `init`; the ingest must pass. */
  readonly records?: string;
}

/** The folder of one test (or suite) and the CLI pointed at its store. */
export interface CliHome {
  /** The temporary folder; removed after the test (or suite). */
  readonly dir: string;
  /** The store folder given to `--home`. */
  readonly home: string;
  /** `verity --home HOME [--now NOW] ARGS`, in process; `stdin` is what `-` reads. */
  verity(
    args: readonly string[],
    options?: { readonly now?: string; readonly stdin?: string },
  ): Promise<CliRun>;
  /** `verity ARGS` (at `now` when given), which must exit 0, else the test fails; what it printed. */
  ok(args: readonly string[], now?: string): Promise<string>;
}

/**
 * Registers hooks that make a temporary folder (prefix `prefix`) before each test, or once for
 * the suite, run `verity init` there (then ingest `records`, if given), and remove it afterwards.
 * Call it inside `describe` (or at the top of a file); read `dir` and `home` only inside tests and
 * hooks.
 */
export function useCliHome(prefix: string, options: CliHomeOptions = {}): CliHome {
  let dir = '';
  const home = (): string => (options.homeIsDir === true ? dir : join(dir, 'home'));
  const cli: CliHome = {
    get dir() {
      return dir;
    },
    get home() {
      return home();
    },
    verity: (args, { now = options.now, stdin } = {}) =>
      runCli(['--home', home(), ...(now === undefined ? [] : ['--now', now]), ...args], stdin),
    ok: async (args, now) => {
      const run = await cli.verity(args, now === undefined ? {} : { now });
      expect(run.code, run.stderr).toBe(0);
      return run.stdout;
    },
  };
  const [before, after] = options.scope === 'all' ? [beforeAll, afterAll] : [beforeEach, afterEach];
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), prefix));
    if (options.config !== undefined) {
      mkdirSync(home(), { recursive: true });
      writeFileSync(join(home(), 'config.json'), JSON.stringify(options.config(dir)));
    }
    if (options.init === false) return;
    // Only init creates a store; every other command refuses a missing one.
    const init = await runCli(['--home', home(), 'init']);
    expect(init.code, init.stderr).toBe(0);
    if (options.records === undefined) return;
    const file = join(dir, 'records.jsonl');
    writeFileSync(file, options.records);
    const ingested = await cli.verity(['ingest', file]);
    expect(ingested.code, ingested.stderr).toBe(0);
  });
  after(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  return cli;
}

/** `verity context ARGS --md` on `cli`'s store, which must exit 0; the markdown it printed. */
export async function contextMarkdown(cli: CliHome, ...args: string[]): Promise<string> {
  const result = await cli.verity(['context', ...args, '--md']);
  expect(result.code, result.stderr).toBe(0);
  return result.stdout;
}
