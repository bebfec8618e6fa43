import type { Command } from 'commander';
import type { CliToolkit } from '../toolkit.js';

/** `verity init`: the only command that creates a store (besides the servers). */
export function registerInitCommands(program: Command, toolkit: CliToolkit): void {
  program
    .command('init')
    .description('create the store under the home folder')
    .option('--json', 'print JSON')
    .action(async (options: { readonly json?: true }, command: Command) => {
      await toolkit.withEngine(
        toolkit.loadConfig(command),
        async (engine) => {
          toolkit.output(
            options,
            { home: engine.home },
            ({ home }) => `verity home ready at ${home}`,
          );
        },
        { create: true },
      );
    });
}
