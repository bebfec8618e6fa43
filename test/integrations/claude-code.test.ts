import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');
const PLUGIN = join(ROOT, 'integrations', 'claude-code');
const HOOK = join(PLUGIN, 'hooks', 'verity-hook.mjs');
const TRANSCRIPT = join(ROOT, 'src', 'observer', '__fixtures__', 'claude-code-session.jsonl');

let dir: string;
let env: NodeJS.ProcessEnv;

function payload(name: string): string {
  const text = readFileSync(
    join(import.meta.dirname, '__fixtures__', 'claude-code', `${name}.json`),
    'utf8',
  );
  return text.replace('__TRANSCRIPT__', TRANSCRIPT.replace(/\\/g, '\\\\'));
}

function hook(event: string, stdin: string) {
  const run = spawnSync(process.execPath, [HOOK, event], {
    cwd: ROOT,
    env,
    input: stdin,
    encoding: 'utf8',
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'verity-claude-code-'));
  const home = join(dir, 'home');
  mkdirSync(home, { recursive: true });
  writeFileSync(join(home, 'config.json'), JSON.stringify({ embeddings: { provider: 'none' } }));
  env = {
    PATH: process.env['PATH'],
    VERITY_BIN: process.execPath,
    VERITY_BIN_ARGS: JSON.stringify([
      '--import',
      'tsx',
      join(ROOT, 'src', 'interfaces', 'cli', 'main.ts'),
    ]),
    VERITY_HOME: home,
    VERITY_WORKSPACE: join(dir, 'workspace'),
    VERITY_NOW: '2026-03-02T18:00:00Z',
  };
  // Commands other than init no longer create a store (surface #12): the user runs it once.
  const init = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'src', 'interfaces', 'cli', 'main.ts'), 'init'],
    { env: { ...process.env, ...env }, encoding: 'utf8' },
  );
  expect(init.status, init.stderr).toBe(0);
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** The plugin's hooks, run as Claude Code runs them, on recorded hook payloads. */
describe('Claude Code plugin', () => {
  it('declares the MCP server and the three hooks', () => {
    const mcp = JSON.parse(readFileSync(join(PLUGIN, '.mcp.json'), 'utf8'));
    expect(mcp.mcpServers.verity).toEqual({ command: 'verity', args: ['mcp'] });
    const hooks = JSON.parse(readFileSync(join(PLUGIN, 'hooks', 'hooks.json'), 'utf8')).hooks;
    expect(Object.keys(hooks).sort()).toEqual(['PreCompact', 'SessionEnd', 'UserPromptSubmit']);
    expect(
      JSON.parse(readFileSync(join(PLUGIN, '.claude-plugin', 'plugin.json'), 'utf8')).name,
    ).toBe('verity');
  });

  it('captures on PreCompact once, again on SessionEnd, and writes the daily log', () => {
    const first = hook('pre-compact', payload('pre-compact'));
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({
      status: 'captured',
      trigger: 'compaction',
      format: 'claude-code',
    });
    const again = hook('pre-compact', payload('pre-compact'));
    expect(JSON.parse(again.stdout)).toMatchObject({ status: 'duplicate' });
    const end = hook('session-end', payload('session-end'));
    expect(JSON.parse(end.stdout)).toMatchObject({ status: 'captured', trigger: 'shutdown' });
    const log = readFileSync(join(dir, 'workspace', 'memory', '2026-03-02.md'), 'utf8');
    expect(log).toContain('always run `nginx -t` before a reload');
    expect(log).not.toContain('Connection refused');
  });

  it('adds Verity context to the prompt on UserPromptSubmit', () => {
    const run = hook('user-prompt', payload('user-prompt-submit'));
    expect(run.code, run.stderr).toBe(0);
    const output = JSON.parse(run.stdout);
    expect(output.hookSpecificOutput.hookEventName).toBe('UserPromptSubmit');
    expect(output.hookSpecificOutput.additionalContext).toContain('8443');
  });

  it('never fails the session on a bad payload', () => {
    const run = hook('pre-compact', 'not json');
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('not JSON');
    expect(existsSync(join(dir, 'workspace', 'memory', '2026-03-03.md'))).toBe(false);
  });
});
