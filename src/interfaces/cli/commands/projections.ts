import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { Config } from '../../../config/index.js';
import type {
  Engine,
  ProjectedFile,
  ProjectionMode,
  ProjectionReport,
} from '../../../engine/index.js';
import { EXIT_CODES, messageOf } from '../exit-codes.js';
import { collect, oneOf, wholeNumber } from '../option-parsers.js';
import type { CliToolkit } from '../toolkit.js';

interface ProjectCommandOptions {
  readonly target?: readonly string[];
  readonly mode?: ProjectionMode;
  readonly dryRun?: true;
  readonly json?: true;
}

const mode = oneOf(['ast_zones', 'legacy_string'] as const satisfies ProjectionMode[]);

const interval = wholeNumber(100, 3_600_000, 'a number of milliseconds');

/**
 * The files to project: `--target`s (relative to the current directory), else
 * `projections.targets` from config, else HEARTBEAT.md (both relative to the workspace).
 */
export function projectionTargets(
  options: { readonly target?: readonly string[] },
  config: Config,
): string[] {
  if (options.target !== undefined) return options.target.map((t) => resolve(t));
  const chosen = config.file.projections?.targets ?? ['HEARTBEAT.md'];
  return chosen.map((t) => resolve(config.workspace, t));
}

function describeFile(file: ProjectedFile): string {
  if (file.error !== null) return `${file.path}: not projected: ${file.error}`;
  const parts = [
    `${file.written ? (file.created ? 'created' : 'written') : 'unchanged'} (${file.mode})`,
  ];
  const { asserted, retracted, rejected } = file.inputs;
  if (asserted + retracted + rejected > 0) {
    parts.push(
      `inputs: +${asserted} -${retracted}${rejected > 0 ? `, ${rejected} to the DLQ` : ''}`,
    );
  }
  if (file.drifted.length > 0)
    parts.push(`manual edit reverted in ${file.drifted.join(', ')} (drift recorded)`);
  if (file.unknownZones.length > 0)
    parts.push(`unknown zones left as they are: ${file.unknownZones.join(', ')}`);
  if (file.backup !== null) parts.push(`backup ${file.backup}`);
  for (const warning of file.warnings) parts.push(`warning: ${warning}`);
  return `${file.path}: ${parts.join('; ')}`;
}

/** Renders a projection report for people. */
export function renderProjectionReport(report: ProjectionReport): string {
  return report.files.map(describeFile).join('\n');
}

/** Options of `watchProjections`. */
export interface WatchOptions {
  readonly targets: readonly string[];
  readonly mode: ProjectionMode;
  /** How often the ledger is checked for new commits. */
  readonly intervalMs: number;
  /** Stops watching. */
  readonly signal: AbortSignal;
  /** Reports each projection run. */
  readonly onReport: (report: ProjectionReport) => void;
  readonly onError: (error: unknown) => void;
  /** Starts watching files; returns a stop function (injected so tests need no file events). */
  readonly watch: (paths: readonly string[], onChange: (path: string) => void) => () => void;
}

/**
 * `verity watch`: projects once, then re-ingests `STATE-INPUT` edits and re-projects whenever a
 * target file changes, and re-projects whenever the ledger grows (a commit from any process).
 * Runs are serialised; it returns when `signal` aborts.
 */
export async function watchProjections(engine: Engine, options: WatchOptions): Promise<void> {
  let running = Promise.resolve();
  let seen = -1;
  const run = (targets: readonly string[]): Promise<void> => {
    running = running
      .then(async () => {
        const report = await engine.project({ targets, mode: options.mode });
        seen = await engine.lastSequence();
        if (report.files.some((f) => f.written || f.error !== null || f.drifted.length > 0)) {
          options.onReport(report);
        }
      })
      .catch(options.onError);
    return running;
  };
  await run(options.targets);
  const stop = options.watch(options.targets, (path) => {
    void run([path]);
  });
  const timer = setInterval(() => {
    void engine
      .lastSequence()
      .then((last) => (last !== seen ? run(options.targets) : undefined))
      .catch(options.onError);
  }, options.intervalMs);
  try {
    await new Promise<void>((resolveWait) => {
      if (options.signal.aborted) resolveWait();
      options.signal.addEventListener('abort', () => resolveWait(), { once: true });
    });
  } finally {
    clearInterval(timer);
    stop();
    await running;
  }
}

/** `verity project` and `verity watch` (`verity drift` lists zone edits with other prediction errors). */
export function registerProjectionCommands(program: Command, toolkit: CliToolkit): void {
  program
    .command('project')
    .description(
      'write canonical state into STATE zones of markdown files (and state-tracker.json); ' +
        'STATE-INPUT edits are ingested first',
    )
    .option(
      '--target <file>',
      'a file to project (repeatable; else projections.targets, else HEARTBEAT.md)',
      collect,
    )
    .option('--mode <mode>', 'ast_zones (default) or legacy_string', mode)
    .option('--dry-run', 'report what would change; write and record nothing')
    .option('--json', 'print JSON')
    .action(async (options: ProjectCommandOptions, command: Command) => {
      const config = toolkit.loadConfig(command);
      const targets = projectionTargets(options, config);
      await toolkit.withEngine(config, async (engine) => {
        const report = await engine.project({
          targets,
          mode: options.mode ?? config.file.projections?.mode ?? 'ast_zones',
          ...(options.dryRun === true ? { dryRun: true } : {}),
        });
        toolkit.output(options, report, renderProjectionReport);
        if (report.files.some((f) => f.error !== null)) toolkit.setExitCode(EXIT_CODES.failure);
      });
    });

  program
    .command('watch')
    .description(
      're-ingest STATE-INPUT edits as files change and re-project after commits, until SIGINT/SIGTERM',
    )
    .option('--target <file>', 'a file to watch and project (repeatable)', collect)
    .option('--mode <mode>', 'ast_zones (default) or legacy_string', mode)
    .option('--interval <ms>', 'how often to check the ledger for commits (default 2000)', interval)
    .action(
      async (options: ProjectCommandOptions & { readonly interval?: number }, command: Command) => {
        const config = toolkit.loadConfig(command);
        const targets = projectionTargets(options, config);
        await toolkit.withEngine(config, async (engine) => {
          const controller = new AbortController();
          const stop = (): void => controller.abort();
          process.once('SIGINT', stop);
          process.once('SIGTERM', stop);
          toolkit.io.stderr(`verity: watching ${targets.join(', ')}\n`);
          const { watchFiles } = await toolkit.engineModule();
          try {
            await watchProjections(engine, {
              targets,
              mode: options.mode ?? config.file.projections?.mode ?? 'ast_zones',
              intervalMs: options.interval ?? 2000,
              signal: controller.signal,
              onReport: (report) => toolkit.print(renderProjectionReport(report)),
              onError: (error) => toolkit.io.stderr(`verity: ${messageOf(error)}\n`),
              watch: (paths, onChange) => {
                const watching = watchFiles(paths, onChange);
                return () => watching.close();
              },
            });
          } finally {
            process.off('SIGINT', stop);
            process.off('SIGTERM', stop);
          }
        });
      },
    );
}
