import { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { EngineError } from '../../core/index.js';
import type { Engine } from '../../engine/index.js';
import type { TokenGrant } from './auth.js';
import { createHttpApp } from './create-http-app.js';
import { stopHttpApp } from './platform.js';
import type { OperationsOptions } from './route-deps.js';

/** Options of `startHttpServer`. */
export interface StartHttpServerOptions {
  /** TCP port; 0 picks a free one (read it back from `url`). */
  readonly port: number;
  /** Interface to bind; defaults to 127.0.0.1. Anything but loopback requires a token. */
  readonly host?: string;
  /** Bearer token required on every route but `/health`; null is allowed on loopback only. */
  readonly token: string | null;
  /** Scoped tokens (sha256 at rest) from the config file's `tokens`. */
  readonly tokens?: readonly TokenGrant[];
  /** Receives internal failures for logging. Defaults to ignoring them. */
  readonly onError?: (error: unknown) => void;
  /** The configured calendars and projection targets `POST /api/poll` and `/api/project` use. */
  readonly operations?: OperationsOptions;
  /** Largest write body in bytes (`HttpAppOptions.maxBodyBytes`); default 4 MiB. */
  readonly maxBodyBytes?: number;
}

/** A listening HTTP server. */
export interface RunningHttpServer {
  /** Base URL, e.g. `http://127.0.0.1:7077` (MCP lives at `${url}/mcp`). */
  readonly url: string;
  /** Stops accepting connections and resolves once open ones have finished. */
  close(): Promise<void>;
}

/** How long `close()` lets requests in flight finish before it closes their connections. */
const CLOSE_GRACE_MS = 3000;

const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || host.startsWith('127.');
}

function urlHost(address: string): string {
  return address.includes(':') ? `[${address}]` : address;
}

/**
 * Serves `createHttpApp(engine)` on `host:port` with @hono/node-server. A loopback server only
 * answers requests naming a loopback host (DNS-rebinding guard); a non-loopback one refuses to
 * start without a token. Throws CONFIG_INVALID when it cannot listen.
 */
export async function startHttpServer(
  engine: Engine,
  options: StartHttpServerOptions,
): Promise<RunningHttpServer> {
  const host = options.host ?? '127.0.0.1';
  const loopback = isLoopback(host);
  if (!loopback && options.token === null && (options.tokens?.length ?? 0) === 0) {
    throw new EngineError(
      'CONFIG_INVALID',
      `refusing to serve on ${host} without a token: set VERITY_TOKEN (or "token" in config.json), or bind 127.0.0.1 (--host / VERITY_HOST)`,
      { host },
    );
  }
  const app = createHttpApp(engine, {
    token: options.token,
    tokens: options.tokens ?? [],
    allowedHosts: loopback ? LOOPBACK_HOSTS : null,
    ...(options.onError === undefined ? {} : { onError: options.onError }),
    ...(options.operations === undefined ? {} : { operations: options.operations }),
    ...(options.maxBodyBytes === undefined ? {} : { maxBodyBytes: options.maxBodyBytes }),
  });
  return new Promise<RunningHttpServer>((resolve, reject) => {
    const onListenError = (error: Error): void => {
      reject(
        new EngineError(
          'CONFIG_INVALID',
          `cannot listen on ${host}:${options.port} (--port / VERITY_PORT, --host / VERITY_HOST): ${error.message}`,
          { host, port: options.port },
          { cause: error },
        ),
      );
    };
    const server = serve(
      { fetch: app.fetch, port: options.port, hostname: host },
      (info: AddressInfo) => {
        server.off('error', onListenError);
        resolve({
          url: `http://${urlHost(info.address)}:${info.port}`,
          close: () =>
            new Promise<void>((done, fail) => {
              stopHttpApp(app);
              let sweep: NodeJS.Timeout | undefined;
              server.close((error?: Error) => {
                clearInterval(sweep);
                return error === undefined ? done() : fail(error);
              });
              if (server instanceof Server) {
                // Stopping the app ends the event streams, but their sockets (and any a browser
                // keeps alive) only turn idle afterwards: close them as they do, and after a grace
                // period close what is still open, so a dashboard cannot hold a SIGTERM up.
                const started = Date.now();
                server.closeIdleConnections();
                sweep = setInterval(() => {
                  if (Date.now() - started >= CLOSE_GRACE_MS) server.closeAllConnections();
                  else server.closeIdleConnections();
                }, 100);
                sweep.unref();
              }
            }),
        });
      },
    );
    server.once('error', onListenError);
  });
}
