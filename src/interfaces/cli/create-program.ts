import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { registerContextCommands } from './commands/context.js';
import { registerDlqCommands } from './commands/dlq.js';
import { registerExtractionCommands } from './commands/extraction.js';
import { registerForgetCommands } from './commands/forget.js';
import { registerIngestCommands } from './commands/ingest.js';
import { registerInitCommands } from './commands/init.js';
import { registerItemsCommands } from './commands/items.js';
import { registerMcpCommands } from './commands/mcp.js';
import { registerMigrateCommands } from './commands/migrate.js';
import { registerMigrateStoreCommands } from './commands/migrate-store.js';
import { registerObserverCommands } from './commands/observer.js';
import { registerProjectionCommands } from './commands/projections.js';
import { registerRebuildCommands } from './commands/rebuild.js';
import { registerReviewCommands } from './commands/review.js';
import { registerSearchCommands } from './commands/search.js';
import { registerServeCommands } from './commands/serve.js';
import { registerSignalCommands } from './commands/signals.js';
import { registerStateCommands } from './commands/state.js';
import { registerStatsCommands } from './commands/stats.js';
import { registerTaskCommands } from './commands/tasks.js';
import { registerTokenCommands } from './commands/token.js';
import { registerVaultCommands } from './commands/vault.js';
import { type CliToolkit, type CommandContext, createToolkit } from './toolkit.js';

export type { CommandContext } from './toolkit.js';

/**
 * Every command area, in the order `verity --help` lists them: each registers its commands on
 * the program. A new area is one file in `commands/` and one line here.
 */
const COMMAND_AREAS: readonly ((program: Command, toolkit: CliToolkit) => void)[] = [
  registerInitCommands,
  registerIngestCommands,
  registerStateCommands,
  registerReviewCommands,
  registerDlqCommands,
  registerRebuildCommands,
  registerForgetCommands,
  registerStatsCommands,
  registerServeCommands,
  registerMcpCommands,
  registerSearchCommands,
  registerProjectionCommands,
  registerMigrateCommands,
  registerMigrateStoreCommands,
  registerSignalCommands,
  registerExtractionCommands,
  registerItemsCommands,
  registerContextCommands,
  registerVaultCommands,
  registerObserverCommands,
  registerTaskCommands,
  registerTokenCommands,
];

function packageVersion(): string {
  const text = readFileSync(new URL('../../../package.json', import.meta.url), 'utf8');
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed === 'object' && parsed !== null && 'version' in parsed) {
    return String(parsed.version);
  }
  return '0.0.0';
}

/** Builds a fresh commander program whose actions write to `context.io`. */
export function createProgram(context: CommandContext): Command {
  const { io } = context;
  const program = new Command('verity')
    .description(
      'Local-first memory and state consistency for AI agents: canonical state per entity from an ' +
        'append-only ledger, with a review queue and a dead-letter queue.',
    )
    .version(packageVersion())
    .option('--home <dir>', 'store folder (else VERITY_HOME, default ./.verity)')
    .option('--now <time>', 'pin the clock to an RFC 3339 instant (else VERITY_NOW)')
    .exitOverride()
    .configureOutput({
      writeOut: io.stdout,
      writeErr: io.stderr,
      outputError: (text, write) => write(text.replace(/^error: /, 'verity: ')),
    })
    .configureHelp({ showGlobalOptions: true })
    .showHelpAfterError('(run verity --help for usage)');
  const toolkit = createToolkit(context);
  for (const register of COMMAND_AREAS) register(program, toolkit);
  return program;
}
