// Test helper: the stdio server as hosts run it, a child process spoken to by the SDK's own client.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  getDefaultEnvironment,
  StdioClientTransport,
} from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../..', import.meta.url));

/** Options of `useStdioChild`. */
export interface StdioChildOptions {
  /** A `config.json` to write into the home before the server starts. */
  readonly config?: Record<string, unknown>;
  /** Variables the child gets besides the SDK's defaults and `VERITY_HOME`, given the home. */
  readonly env?: (home: string) => Record<string, string>;
}

/** The child's temporary home, the client connected to it and what it wrote to stderr so far. */
export interface StdioChild {
  readonly home: string;
  readonly client: Client;
  readonly stderr: string;
}

/**
 * Registers hooks that make a temporary home (prefix `prefix`), start `stdio-main.ts` on it as a
 * child process and connect a client, once for the file or the enclosing suite; then close the
 * client and remove the home. Read the fields only inside tests and hooks.
 */
export function useStdioChild(prefix: string, options: StdioChildOptions = {}): StdioChild {
  let home = '';
  let client: Client | undefined;
  let stderr = '';
  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), prefix));
    if (options.config !== undefined) {
      writeFileSync(join(home, 'config.json'), JSON.stringify(options.config));
    }
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', 'tsx', 'src/interfaces/mcp/stdio-main.ts'],
      cwd: ROOT,
      env: { ...getDefaultEnvironment(), VERITY_HOME: home, ...options.env?.(home) },
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    client = new Client({ name: 'verity-test', version: '0.0.0' });
    await client.connect(transport);
  });
  afterAll(async () => {
    await client?.close();
    rmSync(home, { recursive: true, force: true });
  });
  return {
    get home() {
      return home;
    },
    get client() {
      if (client === undefined) throw new Error('the stdio child is read before it started');
      return client;
    },
    get stderr() {
      return stderr;
    },
  };
}
