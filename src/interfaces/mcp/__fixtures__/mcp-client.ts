// Test helpers: the real MCP SDK client connected to Verity's server in process.
import { rmSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Engine } from '../../../engine/index.js';
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
