import pino, { type DestinationStream, type Logger as Pino } from 'pino';
import type { LogFields, Logger, LogLevel } from '../../core/index.js';

/** Options of `createPinoLogger`. */
export interface PinoLoggerOptions {
  /** Lines below this level are dropped (`info`). */
  readonly level?: LogLevel;
  /**
   * Where the JSON lines go: standard error by default, written synchronously so that the last
   * lines before a crash are not lost. Never standard output, which `verity mcp` keeps for the
   * protocol.
   */
  readonly destination?: DestinationStream;
}

/**
 * `Logger` on pino: one JSON object per line with `level` (its name), `time` (RFC 3339), `msg`
 * and the fields; an `Error` under `error` is serialised with its type, message and stack.
 */
export class PinoLogger implements Logger {
  /** The pino instance, for escape hatches. */
  readonly client: Pino;

  /** @internal Use `createPinoLogger`. */
  constructor(client: Pino) {
    this.client = client;
  }

  debug(message: string, fields: LogFields = {}): void {
    this.client.debug(fields, message);
  }

  info(message: string, fields: LogFields = {}): void {
    this.client.info(fields, message);
  }

  warn(message: string, fields: LogFields = {}): void {
    this.client.warn(fields, message);
  }

  error(message: string, fields: LogFields = {}): void {
    this.client.error(fields, message);
  }

  child(bindings: LogFields): Logger {
    return new PinoLogger(this.client.child(bindings));
  }
}

/** A logger writing JSON lines to standard error (or `destination`) from `level` up. */
export function createPinoLogger(options: PinoLoggerOptions = {}): PinoLogger {
  const destination = options.destination ?? pino.destination({ fd: 2, sync: true });
  return new PinoLogger(
    pino(
      {
        level: options.level ?? 'info',
        base: { pid: process.pid },
        timestamp: pino.stdTimeFunctions.isoTime,
        formatters: { level: (label) => ({ level: label }) },
        serializers: { error: pino.stdSerializers.err },
      },
      destination,
    ),
  );
}
