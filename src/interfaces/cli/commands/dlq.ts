import type { Command } from 'commander';
import { parseRfc3339 } from '../../../core/index.js';
import type { Engine } from '../../../engine/index.js';
import { readInput } from '../arguments.js';
import { EXIT_CODES, UsageError } from '../exit-codes.js';
import { renderDlq, renderRetryReport } from '../render.js';
import { resolveId } from '../resolve-id.js';
import type { CliToolkit } from '../toolkit.js';

interface JsonOptions {
  readonly json?: true;
}

interface DiscardOptions extends JsonOptions {
  readonly all?: true;
  readonly olderThan?: string;
  readonly schema?: string;
}

/** `30m`, `12h`, `7d` (or `90s`) in milliseconds; a usage error otherwise. */
function parseDuration(text: string): number {
  const match = /^(\d+)(s|m|h|d)$/.exec(text);
  if (!match) {
    throw new UsageError(`--older-than takes a duration such as 30m, 12h or 7d (got "${text}")`);
  }
  const units = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
  return Number(match[1]) * units[match[2] as keyof typeof units];
}

/** The dead letters `dlq discard --all|--older-than|--schema` chooses, by id. */
async function chooseForDiscard(
  engine: Engine,
  options: DiscardOptions,
  olderThanMs: number | null,
): Promise<string[]> {
  return (await engine.listDlq())
    .filter((item) => item.status !== 'resolved' && item.status !== 'discarded')
    .filter((item) => options.schema === undefined || item.schemaName === options.schema)
    .filter(
      (item) =>
        olderThanMs === null || (parseRfc3339(item.firstSeenAt) ?? 0) < engine.now() - olderThanMs,
    )
    .map((item) => item.dlqId);
}

/** `verity dlq discard`: one dead letter by id, or several chosen by flags. */
function registerDiscardCommand(dlq: Command, toolkit: CliToolkit): void {
  dlq
    .command('discard')
    .description('discard dead letters (they are kept, marked discarded)')
    .argument('[id]', 'dlq id; or choose several with --all, --older-than, --schema')
    .option('--all', 'every dead letter not yet resolved or discarded')
    .option('--older-than <duration>', 'first seen more than this long ago, e.g. 30m, 12h, 7d')
    .option('--schema <name>', 'rejected by this schema, e.g. json, state_observation')
    .option('--json', 'print JSON')
    .action(async (id: string | undefined, options: DiscardOptions, command: Command) => {
      const bulk =
        options.all === true || options.olderThan !== undefined || options.schema !== undefined;
      if ((id === undefined) === !bulk) {
        throw new UsageError(
          'dlq discard takes one ID, or --all / --older-than DURATION / --schema NAME',
        );
      }
      const olderThanMs = options.olderThan === undefined ? null : parseDuration(options.olderThan);
      await toolkit.run(command, async (engine) => {
        const chosen =
          id !== undefined
            ? [await resolveId(engine, 'dead letter', id)]
            : await chooseForDiscard(engine, options, olderThanMs);
        for (const dlqId of chosen) await engine.discardDlq(dlqId);
        toolkit.output(options, { discarded: chosen.length, dlq_ids: chosen }, () =>
          chosen.length === 1 ? `discarded ${chosen[0]}` : `discarded ${chosen.length}`,
        );
      });
    });
}

/** `verity dlq list|retry|edit|discard`: the dead-letter queue of rejected input. */
export function registerDlqCommands(program: Command, toolkit: CliToolkit): void {
  const dlq = program.command('dlq').description('the dead-letter queue of rejected input');

  dlq
    .command('list')
    .description('every dead letter with its errors')
    .option('--json', 'print JSON')
    .action(toolkit.printing((engine) => engine.listDlq(), renderDlq));

  dlq
    .command('retry')
    .description('retry the dead letters that are due')
    .option('--all', 'retry every pending dead letter now')
    .option('--json', 'print JSON')
    .action(
      toolkit.printing(
        (engine, options: JsonOptions & { readonly all?: true }) =>
          engine.retryDlq(options.all === true ? { all: true } : {}),
        renderRetryReport,
      ),
    );

  dlq
    .command('edit')
    .description("replace a dead letter's raw line and retry it at once")
    .argument('<id>', 'dlq id')
    .argument('<file>', 'file holding the corrected line, or - for standard input')
    .option('--json', 'print JSON')
    .action(async (id: string, file: string, options: JsonOptions, command: Command) => {
      const config = toolkit.loadConfig(command);
      const raw = (await readInput(toolkit.io, file)).trim();
      if (raw === '' || raw.includes('\n')) {
        throw new UsageError(`${file} must hold exactly one line (the corrected record)`);
      }
      await toolkit.withEngine(config, async (engine) => {
        const report = await engine.editDlq(await resolveId(engine, 'dead letter', id), raw);
        toolkit.output(options, report, renderRetryReport);
        if (report.resolved === 0 && report.failed + report.permanently_failed > 0) {
          toolkit.setExitCode(EXIT_CODES.rejected);
        }
      });
    });

  registerDiscardCommand(dlq, toolkit);
}
