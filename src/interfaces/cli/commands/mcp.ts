import type { Command } from 'commander';
import type { CliToolkit } from '../toolkit.js';

/** `verity mcp`: serve MCP over stdio. */
export function registerMcpCommands(program: Command, toolkit: CliToolkit): void {
  program
    .command('mcp')
    .description('serve MCP over stdio (nothing but protocol on standard output)')
    .action(async (_options: Record<string, never>, command: Command) => {
      const config = toolkit.loadConfig(command);
      const { runMcpStdio } = await import('../../mcp/index.js');
      // runMcpStdio serves until the client disconnects or a signal arrives, then closes the
      // engine itself; closing it again in withEngine is a no-op.
      await toolkit.withEngine(config, runMcpStdio, { create: true });
    });
}
