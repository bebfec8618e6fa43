import { existsSync } from 'node:fs';
import type { Command } from 'commander';
import { type Config, type ConfigFlags, loadConfig } from '../../config/index.js';
import { toWireJson } from '../../core/index.js';
import type { Engine, EngineOptions } from '../../engine/index.js';
import type { CliIo } from './cli-io.js';
import { UsageError } from './exit-codes.js';

/** State shared by the commands of one `run`: the streams and the exit code they set. */
export interface CommandContext {
  readonly io: CliIo;
  exitCode: number;
}

/** The engine layer's module, loaded on first use (a command's action, never its registration). */
export type EngineModule = typeof import('../../engine/index.js');

/** Options of `CliToolkit.withEngine`. */
export interface WithEngineOptions {
  /**
   * Create the store when the home has none. Only `init` (and the servers, `serve` and `mcp`, so
   * that `npm start` works on a fresh machine) pass it.
   */
  readonly create?: boolean;
}

/**
 * What a command module needs from the program: output helpers, config loading and an engine that
 * is always closed. Each command area registers its commands in `commands/<area>.ts` with
 * `register<Area>Commands(program, toolkit)`, listed once in `create-program.ts`.
 */
export interface CliToolkit {
  readonly io: CliIo;
  /** Prints one line (or block) to stdout. */
  print(text: string): void;
  /** Prints `value` as JSON with `--json` (snake_case keys), else through `render`. */
  output<T>(options: { readonly json?: true }, value: T, render: (value: T) => string): void;
  /** Configuration from the global flags (`--home`, `--now`) and the environment. */
  loadConfig(
    command: Command,
    extra?: Pick<ConfigFlags, 'port' | 'host' | 'telegramAllowedUsers'>,
  ): Config;
  /**
   * Opens the engine, runs `fn`, and closes the engine whatever happens. Without `create`, a
   * home with no SQLite store is a usage error with a hint to run `verity init`.
   */
  withEngine(
    config: Config,
    fn: (engine: Engine) => Promise<void>,
    options?: WithEngineOptions,
  ): Promise<void>;
  /** `withEngine` on the configuration of `command` (its global `--home` / `--now`). */
  run(command: Command, fn: (engine: Engine) => Promise<void>): Promise<void>;
  /**
   * The common read command: opens the engine for `command`, reads a value with `read`, and
   * prints it with `output` (JSON with `--json`, else `render`).
   */
  show<T>(
    command: Command,
    options: { readonly json?: true },
    read: (engine: Engine) => Promise<T>,
    render: (value: T) => string,
  ): Promise<void>;
  /**
   * The action of a read-and-print leaf command (`.action(toolkit.printing(read, render))`): opens
   * the engine for the command, reads a value with `read(engine, options, ...arguments)` and
   * prints it as `show` does. `args` are the command's processed arguments, in declared order.
   */
  printing<T, O extends { readonly json?: true }, A extends unknown[]>(
    read: (engine: Engine, options: O, ...args: A) => Promise<T>,
    render: (value: T) => string,
  ): (...actionArgs: unknown[]) => Promise<void>;
  /**
   * The engine layer's module, for its functions that need no open engine (`watchFiles`,
   * `reviewKindOf`, ...). Imported on first call so that registering commands stays cheap.
   */
  engineModule(): Promise<EngineModule>;
  /** Sets the process exit code for this run (e.g. 3 for rejected input). */
  setExitCode(code: number): void;
}

interface GlobalOptions {
  readonly home?: string;
  readonly now?: string;
}

/** The toolkit of one `run`, writing to `context.io` and setting `context.exitCode`. */
export function createToolkit(context: CommandContext): CliToolkit {
  const { io } = context;
  const print = (text: string): void => io.stdout(`${text}\n`);
  // The engine (and every service under it) loads when a command runs, not when the program is
  // built: `verity --help` and `--version` never pay for it (ADR 2026-11-26-lazy-start-up).
  const engineModule = (): Promise<EngineModule> => import('../../engine/index.js');
  const output: CliToolkit['output'] = (options, value, render) => {
    print(options.json === true ? JSON.stringify(toWireJson(value), null, 2) : render(value));
  };
  const configOf: CliToolkit['loadConfig'] = (command, extra = {}) => {
    const globals = command.optsWithGlobals<GlobalOptions>();
    return loadConfig({ flags: { home: globals.home, now: globals.now, ...extra } });
  };
  // A config warning is said once per run, however many engines the command opens.
  let warned = false;
  const withEngine: CliToolkit['withEngine'] = async (config, fn, options = {}) => {
    if (
      options.create !== true &&
      config.database.kind === 'sqlite' &&
      !existsSync(config.database.path)
    ) {
      throw new UsageError(
        `no Verity store at ${config.home}: run \`verity init\` to create one there, or point --home (VERITY_HOME) at an existing store`,
      );
    }
    const { configWarnings, createEngine, engineOptionsFromConfig } = await engineModule();
    if (!warned) {
      warned = true;
      for (const warning of configWarnings(config)) io.stderr(`warning: ${warning}\n`);
    }
    const engine = await createEngine({
      ...(await engineOptionsFromConfig(config)),
      storeWait: commandLineWait(io, config.busyWaitSeconds),
    });
    try {
      await fn(engine);
    } finally {
      await engine.close();
    }
  };
  const show: CliToolkit['show'] = (command, options, read, render) =>
    withEngine(configOf(command), async (engine) => output(options, await read(engine), render));
  function printing<T, O extends { readonly json?: true }, A extends unknown[]>(
    read: (engine: Engine, options: O, ...args: A) => Promise<T>,
    render: (value: T) => string,
  ): (...actionArgs: unknown[]) => Promise<void> {
    return async (...actionArgs) => {
      // Commander calls an action with the arguments, the options, then the command itself.
      const command = actionArgs.at(-1) as Command;
      const options = command.opts<O>();
      const args = command.processedArgs as A;
      await show(command, options, (engine) => read(engine, options, ...args), render);
    };
  }
  return {
    io,
    print,
    output,
    loadConfig: configOf,
    withEngine,
    run: (command, fn) => withEngine(configOf(command), fn),
    show,
    printing,
    engineModule,
    setExitCode: (code) => {
      context.exitCode = code;
    },
  };
}

/**
 * How a command waits for another process's write lock on a SQLite store: it says so on stderr after
 * a second, and gives up (exit 4, "the store is busy") after `VERITY_BUSY_WAIT_S` seconds when that is
 * set; otherwise it waits as long as it takes, as it always did.
 */
function commandLineWait(
  io: CliIo,
  seconds: number | null,
): NonNullable<EngineOptions['storeWait']> {
  return {
    noticeAfterMs: 1000,
    ...(seconds === null ? {} : { limitMs: seconds * 1000 }),
    onWaiting: () =>
      io.stderr(
        `verity: the store is busy (another process is writing); waiting${seconds === null ? '' : ` up to ${seconds} s`}\n`,
      ),
  };
}
