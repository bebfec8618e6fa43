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
 * A command area whose module (imported by `load`, on demand) exports its register function as
 * `name`.
 */
function area<K extends string, M extends Record<K, RegisterArea>>(
  commands: readonly string[],
  load: () => Promise<M>,
  name: K,
): CommandArea {
  return { commands, load: async () => (await load())[name] };
}

/**
 * Every command area, in the order `verity --help` lists them, with the top-level commands each
 * registers (a test checks the names against what the module registers). A command line that
 * names one of them loads that area's module only (ADR 2026-11-26-lazy-start-up); help, a bare
 * `verity` or an unknown command loads them all. A new area is one file in `commands/` and one
 * entry here.
 */
export const COMMAND_AREAS: readonly CommandArea[] = [
  area(['init'], () => import('./commands/init.js'), 'registerInitCommands'),
  area(['ingest'], () => import('./commands/ingest.js'), 'registerIngestCommands'),
  area(['state'], () => import('./commands/state.js'), 'registerStateCommands'),
  area(['review'], () => import('./commands/review.js'), 'registerReviewCommands'),
  area(['dlq'], () => import('./commands/dlq.js'), 'registerDlqCommands'),
  area(['rebuild'], () => import('./commands/rebuild.js'), 'registerRebuildCommands'),
  area(['forget'], () => import('./commands/forget.js'), 'registerForgetCommands'),
  area(['stats'], () => import('./commands/stats.js'), 'registerStatsCommands'),
  area(['serve', 'telegram'], () => import('./commands/serve.js'), 'registerServeCommands'),
  area(['mcp'], () => import('./commands/mcp.js'), 'registerMcpCommands'),
  area(
    ['search', 'index', 'reindex'],
    () => import('./commands/search.js'),
    'registerSearchCommands',
  ),
  area(
    ['project', 'watch'],
    () => import('./commands/projections.js'),
    'registerProjectionCommands',
  ),
  area(['migrate'], () => import('./commands/migrate.js'), 'registerMigrateCommands'),
  area(
    ['migrate-store'],
    () => import('./commands/migrate-store.js'),
    'registerMigrateStoreCommands',
  ),
  area(['poll'], () => import('./commands/signals.js'), 'registerSignalCommands'),
  area(['extract'], () => import('./commands/extraction.js'), 'registerExtractionCommands'),
  area(['items'], () => import('./commands/items.js'), 'registerItemsCommands'),
  area(['context'], () => import('./commands/context.js'), 'registerContextCommands'),
  area(
    ['vault', 'memories', 'drift'],
    () => import('./commands/vault.js'),
    'registerVaultCommands',
  ),
  area(
    ['capture', 'observer', 'reflect', 'proposals', 'memory', 'ask', 'retention', 'friction'],
    () => import('./commands/observer.js'),
    'registerObserverCommands',
  ),
  area(
    ['tasks', 'reconcile', 'incidents', 'patches', 'improve', 'metrics'],
    () => import('./commands/tasks.js'),
    'registerTaskCommands',
  ),
  area(['token'], () => import('./commands/token.js'), 'registerTokenCommands'),
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
