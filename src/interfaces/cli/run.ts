import { CommanderError } from 'commander';
import { type CliIo, processIo } from './cli-io.js';
import { type CommandContext, createProgram } from './create-program.js';
import { EXIT_CODES, exitCodeFor, messageOf } from './exit-codes.js';

/** Parameter names shared with MCP and HTTP, accepted wherever the short CLI flag is. */
const FLAG_ALIASES: Readonly<Record<string, string>> = {
  '--entity-id': '--entity',
  '--thread-id': '--thread',
};

/** `--entity-id X` / `--thread-id=X` as the CLI's `--entity` / `--thread` (one vocabulary). */
export function withFlagAliases(argv: readonly string[]): string[] {
  return argv.map((arg) => {
    const [flag = '', ...value] = arg.split('=');
    const alias = FLAG_ALIASES[flag];
    if (alias === undefined) return arg;
    return value.length === 0 ? alias : `${alias}=${value.join('=')}`;
  });
}

/**
 * Runs one `verity` command line (without the node and script arguments) against `io` and
 * returns its exit code. Never throws and never calls `process.exit`.
 */
export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const context: CommandContext = { io, exitCode: EXIT_CODES.ok };
  try {
    const args = withFlagAliases(argv);
    await (await createProgram(context, args)).parseAsync(args, { from: 'user' });
    return context.exitCode;
  } catch (error: unknown) {
    // Commander has already printed its own usage message.
    if (!(error instanceof CommanderError)) io.stderr(`verity: ${messageOf(error)}\n`);
    return exitCodeFor(error);
  }
}

/** The `verity` binary: `run` on the process streams. */
export function main(argv: readonly string[], io: CliIo = processIo): Promise<number> {
  return run(argv, io);
}
