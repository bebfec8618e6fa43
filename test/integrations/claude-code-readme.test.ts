import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/interfaces/cli/__fixtures__/run-cli.js';
import { PLUGIN } from './__fixtures__/claude-code-home.js';

const README = readFileSync(join(PLUGIN, 'README.md'), 'utf8');
const HOOK = readFileSync(join(PLUGIN, 'hooks', 'verity-hook.mjs'), 'utf8');
const HOOKS = readFileSync(join(PLUGIN, 'hooks', 'hooks.json'), 'utf8');

/** Every `verity …` command line the README shows: the command words, then its options. */
function commandLines(): { words: string[]; options: string[] }[] {
  const lines = [...README.matchAll(/`verity ((?:[a-z][a-z-]* ?)+)([^`]*)`/g)];
  return lines
    .filter((m) => !(m[1] ?? '').startsWith('capture failed'))
    .map((m) => ({
      words: (m[1] ?? '').trim().split(' '),
      options: [...(m[2] ?? '').matchAll(/--[a-z-]+/g)].map((o) => o[0]),
    }));
}

/** Issue #13 R: the plugin README names only what exists, and it behaves as written. */
describe('integrations/claude-code/README.md', () => {
  it.each(commandLines())('names a real command: verity $words', async ({ words, options }) => {
    const help = await runCli([...words, '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout.startsWith(`Usage: verity ${words.join(' ')} `)).toBe(true);
    for (const option of options) expect(help.stdout, option).toContain(option);
  });

  it('names the plugin files, hooks and environment variables that exist', () => {
    for (const file of ['.claude-plugin/plugin.json', '.mcp.json', 'hooks/hooks.json']) {
      expect(README).toContain(file);
      expect(existsSync(join(PLUGIN, file)), file).toBe(true);
    }
    for (const event of ['PreCompact', 'SessionEnd', 'UserPromptSubmit']) {
      expect(README).toContain(event);
      expect(HOOKS).toContain(`"${event}"`);
    }
    for (const variable of ['VERITY_BIN', 'VERITY_BIN_ARGS']) expect(HOOK).toContain(variable);
    // The context the README promises is the one the hook asks for.
    expect(README).toContain('verity context --md --budget 800 --query <prompt>');
    expect(HOOK).toMatch(/'context',\s*'--md',\s*'--budget',\s*'800',\s*'--query'/);
  });
});
