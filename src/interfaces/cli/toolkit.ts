import type { Command } from 'commander';
import type { Config, ConfigFlags } from '../../config/index.js';
import type { Engine } from '../../engine/index.js';
import type { CliIo } from './cli-io.js';

/**
 * What a command module needs from the program: output helpers, config loading and an engine that
 * is always closed. Each capability registers its commands in `commands/<area>.ts` with
 * `register<Area>Commands(program, toolkit)`.
 */
export interface CliToolkit {
  readonly io: CliIo;
  /** Prints one line (or block) to stdout. */
  print(text: string): void;
  /** Prints `value` as JSON with `--json`, else through `render`. */
  output<T>(options: { readonly json?: true }, value: T, render: (value: T) => string): void;
  /** Configuration from the global flags (`--home`, `--now`) and the environment. */
  loadConfig(command: Command, extra?: Pick<ConfigFlags, 'port' | 'host'>): Config;
  /** Opens the engine, runs `fn`, and closes the engine whatever happens. */
  withEngine(config: Config, fn: (engine: Engine) => Promise<void>): Promise<void>;
  /** Sets the process exit code for this run (e.g. 3 for rejected input). */
  setExitCode(code: number): void;
}
