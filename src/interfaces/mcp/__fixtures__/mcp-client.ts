// Test helpers: the real MCP SDK client connected to Verity's server in process.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { fixedClock } from '../../../core/index.js';
import { createEngine, type Engine, type EngineOptions } from '../../../engine/index.js';
import { resourceView, useSuiteResource } from '../../__fixtures__/suite-resource.js';
import { type CreateMcpServerOptions, createMcpServer } from '../index.js';

/** Serves `engine` over an in-memory transport and returns an SDK client connected to it. */
export async function connectMcpClient(
  engine: Engine,
  options?: CreateMcpServerOptions,
): Promise<Client> {
  const server = createMcpServer(engine, options);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'verity-test', version: '0.0.0' });
  await client.connect(clientSide);
  return client;
}

/** The text blocks of a tool result, joined by newlines. */
export function toolText(result: CallToolResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n');
}

/** Calls `name` through `client` and returns its result (tool errors included, not thrown). */
export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** Closes a test's client and engine and removes its temporary directory. */
export async function closeAll(client: Client, engine: Engine, dir: string): Promise<void> {
  await client.close();
  await engine.close();
  rmSync(dir, { recursive: true, force: true });
}

/** How `useMcpSession` opens its engine and client. */
export interface McpSessionSetup {
  /** Prefix of the temporary folder the test owns. */
  readonly prefix: string;
  /**
   * The engine's options, given the temporary folder (write any files there first). Without it,
   * the engine lives in the folder with its defaults (the bundled embedding model, for real).
   */
  readonly engine?: (dir: string) => EngineOptions | Promise<EngineOptions>;
  /** Pins the engine's clock at this ISO time, unless `engine` gives a clock of its own. */
  readonly now?: string;
  /** Fills the engine before the client connects. */
  readonly seed?: (engine: Engine, dir: string) => Promise<void>;
  /** Options of the MCP server the client connects to. */
  readonly server?: CreateMcpServerOptions;
}

/** An engine in a temporary folder and an SDK client connected to it, for one test file. */
export interface McpSession {
  readonly dir: string;
  readonly engine: Engine;
  readonly client: Client;
  /** Calls tool `name` and returns its result (tool errors included, not thrown). */
  call(name: string, args: Record<string, unknown>): Promise<CallToolResult>;
  /** `call` bound to the tool `name`, for a file that tests one tool. */
  tool(name: string): (args: Record<string, unknown>) => Promise<CallToolResult>;
}

/**
 * Registers `beforeAll`/`afterAll` hooks that open the session described by `setup` and close it
 * (client, engine, temporary folder). The returned object is usable inside the file's tests.
 */
export function useMcpSession(setup: McpSessionSetup): McpSession {
  const current = useSuiteResource(
    async () => {
      const dir = mkdtempSync(join(tmpdir(), setup.prefix));
      const clock = setup.now === undefined ? {} : { clock: fixedClock(Date.parse(setup.now)) };
      const engine = await createEngine({
        ...clock,
        ...(await (setup.engine?.(dir) ?? { home: dir })),
      });
      await setup.seed?.(engine, dir);
      return { dir, engine, client: await connectMcpClient(engine, setup.server) };
    },
    (opened) => closeAll(opened.client, opened.engine, opened.dir),
    'the MCP session is open only inside its tests',
  );
  return Object.assign(resourceView(current, ['dir', 'engine', 'client']), {
    call: (name: string, args: Record<string, unknown>) => callTool(current().client, name, args),
    tool: (name: string) => (args: Record<string, unknown>) =>
      callTool(current().client, name, args),
  });
}
