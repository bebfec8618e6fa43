import type { Command } from 'commander';
import { EXIT_CODES } from '../exit-codes.js';
import { renderRebuild } from '../render.js';
import type { CliToolkit } from '../toolkit.js';

/** `verity rebuild [--verify]`: re-derive all state from the ledger. */
export function registerRebuildCommands(program: Command, toolkit: CliToolkit): void {
  program
    .command('rebuild')
    .description('re-derive all state from the ledger')
    .option('--verify', 'compare the replay with the live state (exit 1 if they differ)')
    .option('--json', 'print JSON')
    .action(async (options: { readonly json?: true; readonly verify?: true }, command: Command) => {
      await toolkit.run(command, async (engine) => {
        const result = await engine.rebuild(options.verify === true ? { verify: true } : {});
        toolkit.output(options, result, renderRebuild);
        if (result.verified === false) toolkit.setExitCode(EXIT_CODES.failure);
      });
    });
}
