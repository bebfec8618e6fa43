import type { Command } from 'commander';
import { renderStats } from '../render.js';
import type { CliToolkit } from '../toolkit.js';

/** `verity stats`: success metrics computed from the ledger. */
export function registerStatsCommands(program: Command, toolkit: CliToolkit): void {
  program
    .command('stats')
    .description('success metrics computed from the ledger')
    .option('--json', 'print JSON')
    .action(async (options: { readonly json?: true }, command: Command) => {
      await toolkit.show(command, options, (engine) => engine.stats(), renderStats);
    });
}
