// Test helper: the Claude Code plugin's hooks run as Claude Code runs them, against a fresh store.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..', '..');
/** The plugin folder, as `claude --plugin-dir` loads it. */
export const PLUGIN = join(ROOT, 'integrations', 'claude-code');
const HOOK = join(PLUGIN, 'hooks', 'verity-hook.mjs');
const CLI = ['--import', 'tsx', join(ROOT, 'src', 'interfaces', 'cli', 'main.ts')];
/** The recorded Claude Code transcript the payloads point at by default. */
export const TRANSCRIPT = join(
  ROOT,
  'src',
  'observer',
  '__fixtures__',
  'claude-code-session.jsonl',
);

/** What one process printed and returned. */
export interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A temporary Verity home and workspace the hooks and the CLI share. */
export interface ClaudeCodeHome {
  /** The temporary folder (workspace at `<dir>/workspace`). */
  readonly dir: string;
  /** A recorded hook payload (`__fixtures__/claude-code/<name>.json`) naming `transcript`. */
  payload(name: string, transcript?: string): string;
  /** `node verity-hook.mjs <event>` with `stdin`, as Claude Code runs it. */
  hook(event: string, stdin: string): Run;
  /** `verity ARGS` in the same environment. */
  verity(args: readonly string[]): Run;
}

/**
 * Registers hooks that make a temporary home (no embedding model) and workspace for the suite,
 * run `verity init` there (the user runs it once), and remove it afterwards; the hooks reach the
 * CLI through `VERITY_BIN` and `VERITY_BIN_ARGS`, the clock is pinned with `VERITY_NOW`.
 */
export function useClaudeCodeHome(prefix: string, now = '2026-03-02T18:00:00Z'): ClaudeCodeHome {
  let dir = '';
  let env: NodeJS.ProcessEnv = {};
  const run = (args: readonly string[], input = ''): Run => {
    const result = spawnSync(process.execPath, args, { cwd: ROOT, env, input, encoding: 'utf8' });
    return { code: result.status, stdout: result.stdout, stderr: result.stderr };
  };
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), prefix));
    const home = join(dir, 'home');
    mkdirSync(home, { recursive: true });
    writeFileSync(join(home, 'config.json'), JSON.stringify({ embeddings: { provider: 'none' } }));
    env = {
      PATH: process.env['PATH'],
      VERITY_BIN: process.execPath,
      VERITY_BIN_ARGS: JSON.stringify(CLI),
      VERITY_HOME: home,
      VERITY_WORKSPACE: join(dir, 'workspace'),
      VERITY_NOW: now,
    };
    const init = run([...CLI, 'init']);
    expect(init.code, init.stderr).toBe(0);
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    get dir() {
      return dir;
    },
    payload(name, transcript = TRANSCRIPT) {
      const text = readFileSync(join(import.meta.dirname, 'claude-code', `${name}.json`), 'utf8');
      return text.replace('__TRANSCRIPT__', transcript.replace(/\\/g, '\\\\'));
    },
    hook: (event, stdin) => run([HOOK, event], stdin),
    verity: (args) => run([...CLI, ...args]),
  };
}
