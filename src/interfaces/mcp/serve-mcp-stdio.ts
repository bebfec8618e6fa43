import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Engine } from '../../engine/index.js';
import type { CreateMcpServerOptions } from './create-mcp-server.js';
import { createMcpServer } from './create-mcp-server.js';

/** Options of `serveMcpStdio`. */
export interface ServeMcpStdioOptions extends CreateMcpServerOptions {
  /** Where requests arrive; defaults to `process.stdin`. */
  readonly stdin?: Readable;
  /** Where the protocol is written, and nothing else; defaults to `process.stdout`. */
  readonly stdout?: Writable;
  /** Stops serving when aborted. */
  readonly signal?: AbortSignal;
}

/**
 * Serves Verity's MCP tools over stdio until the client disconnects (stdin ends) or `signal`
 * aborts. Writes nothing to stdout but the protocol. Leaves `engine` open.
 */
export async function serveMcpStdio(
  engine: Engine,
  options: ServeMcpStdioOptions = {},
): Promise<void> {
  const stdin = options.stdin ?? process.stdin;
  const stdout = options.stdout ?? process.stdout;
  const server = createMcpServer(engine, options);
  const transport = new StdioServerTransport(stdin, stdout);
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = resolve;
  });
  const stop = (): void => {
    void server.close();
  };
  await server.connect(transport);
  // The SDK transport ignores end of input; without this a closed pipe would never end the serve.
  stdin.once('end', stop);
  stdin.once('close', stop);
  options.signal?.addEventListener('abort', stop, { once: true });
  if (options.signal?.aborted === true) stop();
  try {
    await closed;
  } finally {
    stdin.off('end', stop);
    stdin.off('close', stop);
    options.signal?.removeEventListener('abort', stop);
  }
}

function logToStderr(error: unknown, tool: string): void {
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`verity mcp: ${tool} failed: ${text}\n`);
}

/**
 * What `verity mcp` runs: serves MCP over this process's stdio until the client disconnects or
 * SIGINT/SIGTERM arrives, logging internal failures to stderr, and works the durable observer
 * queues meanwhile. The caller, which opened `engine`,
 * closes it afterwards.
 */
export async function runMcpStdio(engine: Engine): Promise<void> {
  const controller = new AbortController();
  const abort = (): void => controller.abort();
  process.once('SIGINT', abort);
  process.once('SIGTERM', abort);
  // The session's captures (capture_session, and the hooks' `verity capture`) are observed by the
  // durable observer job while the agent's MCP server runs, as `verity serve` does, not left queued.
  const observers = await engine.observer.work();
  try {
    await serveMcpStdio(engine, { signal: controller.signal, onError: logToStderr });
  } finally {
    process.off('SIGINT', abort);
    process.off('SIGTERM', abort);
    for (const worker of observers) await worker.stop();
  }
}
