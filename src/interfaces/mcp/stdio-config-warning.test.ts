import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  getDefaultEnvironment,
  StdioClientTransport,
} from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/** The stdio server started with a `members` entry that matches no one (rv-misc finding 10). */
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

let home: string;
let client: Client;
let stderr = '';

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'verity-mcp-warning-'));
  writeFileSync(
    join(home, 'config.json'),
    JSON.stringify({
      embeddings: { provider: 'none' },
      members: { 'family:ekdal': ['Hedda', 'USER:tove'] },
    }),
  );
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', 'src/interfaces/mcp/stdio-main.ts'],
    cwd: ROOT,
    env: { ...getDefaultEnvironment(), VERITY_HOME: home, VERITY_NOW: '2026-02-19T15:05:00Z' },
    stderr: 'pipe',
  });
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  client = new Client({ name: 'verity-test', version: '0.0.0' });
  await client.connect(transport);
});

afterAll(async () => {
  await client.close();
  rmSync(home, { recursive: true, force: true });
});

describe('verity mcp (stdio) with a mistyped member', () => {
  it('serves, and names the entry on stderr with the id it may have meant', async () => {
    const { tools } = await client.listTools();
    expect(tools.length).toBeGreaterThan(0);
    // stderr is a pipe of its own: wait for it rather than assume it came before the answer.
    await vi.waitFor(() => {
      expect(stderr).toContain('members["family:ekdal"][1] ("USER:tove") matches no one');
    });
    expect(stderr).toContain('did you mean "user:tove"?');
  });
});
