import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { type CliToolkit, type CommandContext, createToolkit } from './toolkit.js';

export type { CommandContext } from './toolkit.js';

/** Registers one command area's commands on the program. */
type RegisterArea = (program: Command, toolkit: CliToolkit) => void;

/** One command area: the top-level commands it registers, and its module, imported on demand. */
interface CommandArea {
  readonly commands: readonly string[];
  readonly load: () => Promise<RegisterArea>;
}

/**
 * Every command area, in the order `verity --help` lists them, with the top-level commands each
 * registers (a test checks the names against what the module registers). A command line that
 * names one of them loads that area's module only (ADR 2026-11-26-lazy-start-up); help, a bare
 * `verity` or an unknown command loads them all. A new area is one file in `commands/` and one
 * entry here.
 */
export const COMMAND_AREAS: readonly CommandArea[] = [
  {
    commands: ['init'],
    load: async () => (await import('./commands/init.js')).registerInitCommands,
  },
  {
    commands: ['ingest'],
    load: async () => (await import('./commands/ingest.js')).registerIngestCommands,
  },
  {
    commands: ['state'],
    load: async () => (await import('./commands/state.js')).registerStateCommands,
  },
  {
    commands: ['review'],
    load: async () => (await import('./commands/review.js')).registerReviewCommands,
  },
  { commands: ['dlq'], load: async () => (await import('./commands/dlq.js')).registerDlqCommands },
  {
    commands: ['rebuild'],
    load: async () => (await import('./commands/rebuild.js')).registerRebuildCommands,
  },
  {
    commands: ['forget'],
    load: async () => (await import('./commands/forget.js')).registerForgetCommands,
  },
  {
    commands: ['stats'],
    load: async () => (await import('./commands/stats.js')).registerStatsCommands,
  },
  {
    commands: ['serve'],
    load: async () => (await import('./commands/serve.js')).registerServeCommands,
  },
  { commands: ['mcp'], load: async () => (await import('./commands/mcp.js')).registerMcpCommands },
  {
    commands: ['search', 'index', 'reindex'],
    load: async () => (await import('./commands/search.js')).registerSearchCommands,
  },
  {
    commands: ['project', 'watch'],
    load: async () => (await import('./commands/projections.js')).registerProjectionCommands,
  },
  {
    commands: ['migrate'],
    load: async () => (await import('./commands/migrate.js')).registerMigrateCommands,
  },
  {
    commands: ['migrate-store'],
    load: async () => (await import('./commands/migrate-store.js')).registerMigrateStoreCommands,
  },
  {
    commands: ['poll'],
    load: async () => (await import('./commands/signals.js')).registerSignalCommands,
  },
  {
    commands: ['extract'],
    load: async () => (await import('./commands/extraction.js')).registerExtractionCommands,
  },
  {
    commands: ['items'],
    load: async () => (await import('./commands/items.js')).registerItemsCommands,
  },
  {
    commands: ['context'],
    load: async () => (await import('./commands/context.js')).registerContextCommands,
  },
  {
    commands: ['vault', 'memories', 'drift'],
    load: async () => (await import('./commands/vault.js')).registerVaultCommands,
  },
  {
    commands: [
      'capture',
      'observer',
      'reflect',
      'proposals',
      'memory',
      'ask',
      'retention',
      'friction',
    ],
    load: async () => (await import('./commands/observer.js')).registerObserverCommands,
  },
  {
    commands: ['tasks', 'reconcile', 'incidents', 'patches', 'improve', 'metrics'],
    load: async () => (await import('./commands/tasks.js')).registerTaskCommands,
  },
  {
    commands: ['token'],
    load: async () => (await import('./commands/token.js')).registerTokenCommands,
  },
];

/** Global options that take a value (`--home <dir>`), skipped when looking for the command. */
const VALUE_OPTIONS = new Set(['--home', '--now']);

/**
 * The areas a command line needs: the one that registers its command, none for a bare
 * `--version`, else all of them (help, no command, or a name to suggest a correction for).
 */
export function areasFor(argv: readonly string[]): readonly CommandArea[] {
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] ?? '';
    if (VALUE_OPTIONS.has(arg)) {
      index += 1;
      continue;
    }
    if (arg.startsWith('-')) continue;
    const area = COMMAND_AREAS.find((a) => a.commands.includes(arg));
    return area === undefined ? COMMAND_AREAS : [area];
  }
  const versionOnly = argv.some((arg) => arg === '--version' || arg === '-V');
  const help = argv.some((arg) => arg === '--help' || arg === '-h');
  return versionOnly && !help ? [] : COMMAND_AREAS;
}

function packageVersion(): string {
  const text = readFileSync(new URL('../../../package.json', import.meta.url), 'utf8');
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed === 'object' && parsed !== null && 'version' in parsed) {
    return String(parsed.version);
  }
  return '0.0.0';
}

/**
 * Builds a fresh commander program whose actions write to `context.io`, with the command areas
 * `argv` needs (`areasFor`); without `argv`, every area (the whole program, as `--help` shows it).
 */
export async function createProgram(
  context: CommandContext,
  argv?: readonly string[],
): Promise<Command> {
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
  const registers = await Promise.all(
    (argv === undefined ? COMMAND_AREAS : areasFor(argv)).map((area) => area.load()),
  );
  for (const register of registers) register(program, toolkit);
  return program;
}
