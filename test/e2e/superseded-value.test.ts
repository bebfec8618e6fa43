// Issue #13, a user's report: a Claude Code session says the staging DB is on port 5433, a later
// one that it moved to 6432. The newer value must lead everywhere, the older one marked, and the
// reflector must propose the change once (updating MEMORY.md, never adding a second entry).
// Through the CLI as a child process and the MCP stdio server through the SDK's own client.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  getDefaultEnvironment,
  StdioClientTransport,
} from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnCli } from '../../src/interfaces/cli/__fixtures__/run-cli.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A Claude Code transcript line. */
function line(session: string, id: string, role: 'user' | 'assistant', text: string, at: string) {
  const message =
    role === 'user' ? { role, content: text } : { role, content: [{ type: 'text', text }] };
  return JSON.stringify({ type: role, sessionId: session, uuid: id, timestamp: at, message });
}

const FIRST = [
  line('cc-1', 'u1', 'user', 'The staging DB is on port 5433.', '2026-11-20T10:00:00Z'),
  line('cc-1', 'a1', 'assistant', 'Noted: the staging DB is on port 5433.', '2026-11-20T10:00:05Z'),
  line('cc-1', 'u2', 'user', 'Please run the migrations against it.', '2026-11-20T10:01:00Z'),
].join('\n');
const LATER = [
  line('cc-2', 'u3', 'user', 'Actually staging DB moved to port 6432.', '2026-11-22T09:00:00Z'),
  line(
    'cc-2',
    'a3',
    'assistant',
    'Got it, staging DB is now on port 6432.',
    '2026-11-22T09:00:05Z',
  ),
].join('\n');

/** Every line that names the old port says it was replaced, or is marked superseded. */
function oldPortMarked(text: string): boolean {
  return text
    .split('\n')
    .filter((l) => l.includes('5433'))
    .every((l) => l.includes('6432 replaced 5433'));
}

/** The first line of `text` naming either port. */
const firstPortLine = (text: string) =>
  text.split('\n').find((l) => l.includes('5433') || l.includes('6432')) ?? '';

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'verity-superseded-'));
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('a value that moved (CLI child process)', () => {
  it('leads with the new port in ask and context, and updates MEMORY.md instead of adding to it', async () => {
    const home = join(dir, 'cli');
    const workspace = join(home, 'workspace');
    mkdirSync(workspace, { recursive: true });
    const env = (now: string) => ({
      VERITY_HOME: home,
      VERITY_WORKSPACE: workspace,
      VERITY_NOW: now,
    });
    const first = join(dir, 'first.jsonl');
    const later = join(dir, 'later.jsonl');
    await import('node:fs').then((fs) => {
      fs.writeFileSync(first, `${FIRST}\n`);
      fs.writeFileSync(later, `${LATER}\n`);
    });
    const day1 = env('2026-11-20T12:00:00Z');
    const day3 = env('2026-11-22T12:00:00Z');
    expect((await spawnCli(['init'], day1)).code).toBe(0);
    expect((await spawnCli(['capture', first, '--trigger', 'shutdown', '--sync'], day1)).code).toBe(
      0,
    );
    expect((await spawnCli(['reflect'], day1)).code).toBe(0);
    const approved = await spawnCli(['proposals', 'approve', 'p-20261120-001'], day1);
    expect(approved.stdout).toContain('port 5433');

    expect((await spawnCli(['capture', later, '--trigger', 'shutdown', '--sync'], day3)).code).toBe(
      0,
    );
    const asked = await spawnCli(['ask', 'which port is the staging DB on?'], day3);
    expect(firstPortLine(asked.stdout)).toContain('6432');
    expect(oldPortMarked(asked.stdout)).toBe(true);
    const context = await spawnCli(['context', '--query', 'staging db port', '--md'], day3);
    expect(firstPortLine(context.stdout)).toContain('Actually staging DB moved to port 6432');
    expect(oldPortMarked(context.stdout)).toBe(true);

    const reflected = await spawnCli(['reflect', '--json'], day3);
    const proposals = (
      JSON.parse(reflected.stdout) as { proposals: { text: string; retire_memory_ids: string[] }[] }
    ).proposals;
    expect(proposals.map((p) => p.text)).toEqual([
      'Actually staging DB moved to port 6432 (6432 replaced 5433)',
    ]);
    expect(proposals[0]?.retire_memory_ids).toEqual(['m-20261120-001']);
    await spawnCli(['proposals', 'approve', 'p-20261122-001'], day3);
    const memory = readFileSync(join(workspace, 'MEMORY.md'), 'utf8');
    expect(memory).toContain('6432');
    expect(oldPortMarked(memory)).toBe(true);
  });
});

describe('a value that moved (MCP stdio, SDK client)', () => {
  let client: Client;
  let home: string;
  const call = async (name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;
  const text = (result: CallToolResult) =>
    result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');

  beforeAll(async () => {
    home = join(dir, 'mcp');
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', 'src/interfaces/mcp/stdio-main.ts'],
      cwd: ROOT,
      env: {
        ...getDefaultEnvironment(),
        VERITY_HOME: home,
        VERITY_WORKSPACE: join(home, 'workspace'),
        VERITY_NOW: '2026-11-22T12:00:00Z',
      },
      stderr: 'pipe',
    });
    client = new Client({ name: 'verity-test', version: '0.0.0' });
    await client.connect(transport);
  });

  afterAll(async () => {
    await client.close();
  });

  it('answers get_context and ask_memory with the new port first and proposes the change once', async () => {
    for (const transcript of [FIRST, LATER]) {
      const captured = await call('capture_session', {
        trigger: 'shutdown',
        transcript,
        observe: 'sync',
      });
      expect(captured.isError).toBeFalsy();
    }
    const context = await call('get_context', { query: 'staging db port' });
    const markdown = (context.structuredContent as { markdown: string }).markdown;
    expect(firstPortLine(markdown)).toContain('6432');
    expect(oldPortMarked(markdown)).toBe(true);
    const answer = text(await call('ask_memory', { question: 'which port is the staging DB on?' }));
    expect(firstPortLine(answer)).toContain('6432');
    expect(oldPortMarked(answer)).toBe(true);

    const reflected = await call('reflect_memory', {});
    const proposals = (reflected.structuredContent as { proposals: { text: string }[] }).proposals;
    expect(proposals.map((p) => p.text)).toEqual([
      'Actually staging DB moved to port 6432 (6432 replaced 5433)',
    ]);
  });
});
