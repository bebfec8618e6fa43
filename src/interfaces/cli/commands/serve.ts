import { type Command, InvalidArgumentError } from 'commander';
import { messageOf } from '../exit-codes.js';
import type { CliToolkit } from '../toolkit.js';

/** How often `verity serve` runs the DLQ retries that are due. */
const DLQ_RETRY_INTERVAL_MS = 30_000;

function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) {
    throw new InvalidArgumentError('must be a port number (0-65535).');
  }
  return port;
}

function untilSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/**
 * `verity serve`: the JSON API and MCP over HTTP, background indexing, the vault watcher, DLQ
 * retries and the task schedule, until SIGINT/SIGTERM. Creates the store when there is none.
 */
export function registerServeCommands(program: Command, toolkit: CliToolkit): void {
  const { io, withEngine, loadConfig: loadCliConfig } = toolkit;
  program
    .command('serve')
    .description('serve the JSON API and MCP over HTTP (/mcp) until SIGINT/SIGTERM')
    .option('--port <n>', 'port (else VERITY_PORT, config file, default 7077)', parsePort)
    .option('--host <host>', 'interface (else VERITY_HOST, config file, default 127.0.0.1)')
    .action(
      async (options: { readonly port?: number; readonly host?: string }, command: Command) => {
        const config = loadCliConfig(command, { port: options.port, host: options.host });
        const { startHttpServer } = await import('../../http/index.js');
        await withEngine(
          config,
          async (engine) => {
            const server = await startHttpServer(engine, {
              port: config.http.port,
              host: config.http.host,
              token: config.token,
              tokens: config.file.tokens ?? [],
              onError: (error: unknown) => io.stderr(`verity: ${messageOf(error)}\n`),
            });
            io.stderr(`verity: serving ${server.url} (home ${engine.home})\n`);
            engine.startBackgroundIndexing({
              onError: (error: unknown) => io.stderr(`verity: indexing: ${messageOf(error)}\n`),
            });
            const vault = await engine.vault.watch({
              onError: (error: unknown) => io.stderr(`verity: vault: ${messageOf(error)}\n`),
            });
            let retrying = false;
            const timer = setInterval(() => {
              if (retrying) return;
              retrying = true;
              engine
                .retryDlq()
                .catch((error: unknown) => {
                  // A failed retry round must not stop the server; the next tick tries again.
                  io.stderr(`verity: dead-letter retry failed: ${messageOf(error)}\n`);
                })
                .finally(() => {
                  retrying = false;
                });
            }, DLQ_RETRY_INTERVAL_MS);
            timer.unref();
            const taskJobs = await engine.tasks.startSchedule({
              ...(config.file.tasks?.reconcile_hours === undefined
                ? {}
                : { reconcile_hours: config.file.tasks.reconcile_hours }),
              ...(config.file.tasks?.improve_hour === undefined
                ? {}
                : { improve_hour: config.file.tasks.improve_hour }),
              onError: (error: unknown) => io.stderr(`verity: task jobs: ${messageOf(error)}\n`),
            });
            try {
              const signal = await untilSignal();
              io.stderr(`verity: ${signal}, shutting down\n`);
            } finally {
              clearInterval(timer);
              await vault.stop();
              await taskJobs.stop();
              await server.close();
            }
          },
          { create: true },
        );
      },
    );
}
