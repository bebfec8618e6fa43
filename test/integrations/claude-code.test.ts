import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PLUGIN, useClaudeCodeHome } from './__fixtures__/claude-code-home.js';

const home = useClaudeCodeHome('verity-claude-code-');
const { hook, payload } = home;

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
    const log = readFileSync(join(home.dir, 'workspace', 'memory', '2026-03-02.md'), 'utf8');
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
    expect(existsSync(join(home.dir, 'workspace', 'memory', '2026-03-03.md'))).toBe(false);
  });
});
