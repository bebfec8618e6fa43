import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Command, InvalidArgumentError } from 'commander';
import { type Config, type ConfigFlags, loadConfig } from '../../config/index.js';
import { canonicalJson, type PromptStatus, parseRfc3339 } from '../../core/index.js';
import {
  createEngine,
  type Engine,
  engineOptionsFromConfig,
  type ForgetTarget,
} from '../../engine/index.js';
import type { CliIo } from './cli-io.js';
import { registerContextCommands } from './commands/context.js';
import { registerExtractionCommands } from './commands/extraction.js';
import { registerItemsCommands } from './commands/items.js';
import { registerMigrateCommands } from './commands/migrate.js';
import { registerMigrateStoreCommands } from './commands/migrate-store.js';
import { registerProjectionCommands } from './commands/projections.js';
import { ingestIndexOptions, registerSearchCommands } from './commands/search.js';
import { registerSignalCommands } from './commands/signals.js';
import { registerTokenCommands } from './commands/token.js';
import { EXIT_CODES, messageOf, UsageError } from './exit-codes.js';
import {
  renderAnswer,
  renderDlq,
  renderEntity,
  renderExplanation,
  renderField,
  renderForget,
  renderHistory,
  renderIngestReport,
  renderRebuild,
  renderRetryReport,
  renderReviewList,
  renderStats,
} from './render.js';
import type { CliToolkit } from './toolkit.js';

/** State shared by the commands of one `run`: the streams and the exit code they set. */
export interface CommandContext {
  readonly io: CliIo;
  exitCode: number;
}

interface GlobalOptions {
  readonly home?: string;
  readonly now?: string;
}

interface JsonOptions {
  readonly json?: true;
}

const ALL_PROMPT_STATUSES: readonly PromptStatus[] = [
  'queued',
  'open',
  'confirmed',
  'rejected',
  'edited',
  'expired',
  'superseded',
];

/** How often `verity serve` runs the DLQ retries that are due. */
const DLQ_RETRY_INTERVAL_MS = 30_000;

function packageVersion(): string {
  const text = readFileSync(new URL('../../../package.json', import.meta.url), 'utf8');
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed === 'object' && parsed !== null && 'version' in parsed) {
    return String(parsed.version);
  }
  return '0.0.0';
}

function loadCliConfig(command: Command, extra: Pick<ConfigFlags, 'port' | 'host'> = {}): Config {
  const globals = command.optsWithGlobals<GlobalOptions>();
  return loadConfig({ flags: { home: globals.home, now: globals.now, ...extra } });
}

async function withEngine(config: Config, fn: (engine: Engine) => Promise<void>): Promise<void> {
  const engine = await createEngine(engineOptionsFromConfig(config));
  try {
    await fn(engine);
  } finally {
    await engine.close();
  }
}

async function readInput(io: CliIo, file: string): Promise<string> {
  if (file === '-') return io.stdin();
  try {
    return await readFile(file, 'utf8');
  } catch (error: unknown) {
    const code =
      typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
    throw new UsageError(`cannot read ${file}${code === '' ? '' : ` (${code})`}`, {
      cause: error,
    });
  }
}

function parsePort(text: string): number {
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) {
    throw new InvalidArgumentError('must be a port number (0-65535).');
  }
  return port;
}

function untilSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

function describeForget(target: ForgetTarget): string {
  if (target.kind === 'event') {
    return `event ${target.eventId} (its payload is redacted and the state it supported re-derived)`;
  }
  if (target.kind === 'slot') {
    return `every event about ${target.field} of ${target.entityId}, and that field's state`;
  }
  return `every event about ${target.entityId}, and all of its state`;
}

function forgetTarget(options: {
  readonly event?: string;
  readonly entity?: string;
  readonly field?: string;
}): ForgetTarget {
  if (options.event !== undefined) {
    if (options.entity !== undefined || options.field !== undefined) {
      throw new UsageError('forget takes either --event or --entity [--field], not both');
    }
    return { kind: 'event', eventId: options.event };
  }
  if (options.entity === undefined) {
    throw new UsageError(
      options.field === undefined
        ? 'forget needs --event ID or --entity ENTITY [--field FIELD]'
        : '--field needs --entity',
    );
  }
  return options.field === undefined
    ? { kind: 'entity', entityId: options.entity }
    : { kind: 'slot', entityId: options.entity, field: options.field };
}

/** Builds a fresh commander program whose actions write to `context.io`. */
export function createProgram(context: CommandContext): Command {
  const { io } = context;
  const print = (text: string): void => io.stdout(`${text}\n`);
  const output = <T>(options: JsonOptions, value: T, render: (value: T) => string): void => {
    print(options.json === true ? JSON.stringify(value, null, 2) : render(value));
  };

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

  program
    .command('init')
    .description('create the store under the home folder')
    .option('--json', 'print JSON')
    .action(async (options: JsonOptions, command: Command) => {
      await withEngine(loadCliConfig(command), async (engine) => {
        output(options, { home: engine.home }, ({ home }) => `verity home ready at ${home}`);
      });
    });

  program
    .command('ingest')
    .description('apply a JSONL file of records; invalid lines go to the dead-letter queue')
    .argument('<file>', 'JSONL file, or - for standard input')
    .option('--json', 'print the ingest report as JSON')
    .option(
      '--no-wait',
      'return once records are stored; vectors and state items come later (verity index, verity items extract)',
    )
    .action(async (file: string, options: JsonOptions & { wait: boolean }, command: Command) => {
      const config = loadCliConfig(command);
      const text = await readInput(io, file);
      await withEngine(config, async (engine) => {
        const indexing = ingestIndexOptions(io, options.wait);
        const report = await engine.ingest(text, indexing);
        indexing.finish();
        output(options, report, renderIngestReport);
        if (report.rejected > 0) context.exitCode = EXIT_CODES.rejected;
      });
    });

  const state = program.command('state').description('read canonical state and its provenance');

  state
    .command('get')
    .description('one field, or every field of an entity')
    .argument('<entity>', 'entity id, e.g. user:primary')
    .argument('[field]', 'field path, e.g. travel.status')
    .option('--at <time>', 'as believed at this RFC 3339 instant')
    .option('--json', 'print JSON')
    .action(
      async (
        entity: string,
        field: string | undefined,
        options: JsonOptions & { readonly at?: string },
        command: Command,
      ) => {
        if (options.at !== undefined && parseRfc3339(options.at) === null) {
          throw new UsageError(
            `--at must be an RFC 3339 timestamp such as 2026-02-19T15:00:00Z (got "${options.at}")`,
          );
        }
        const readOptions = options.at === undefined ? {} : { at: options.at };
        await withEngine(loadCliConfig(command), async (engine) => {
          if (field === undefined) {
            output(options, await engine.getEntity(entity, readOptions), renderEntity);
          } else {
            output(options, await engine.getField(entity, field, readOptions), renderField);
          }
        });
      },
    );

  state
    .command('explain')
    .description('why a field holds its value: evidence, scores, thresholds')
    .argument('<entity>', 'entity id')
    .argument('<field>', 'field path')
    .option('--json', 'print JSON')
    .action(async (entity: string, field: string, options: JsonOptions, command: Command) => {
      await withEngine(loadCliConfig(command), async (engine) => {
        output(options, await engine.explain(entity, field), renderExplanation);
      });
    });

  state
    .command('history')
    .description("an entity's (or one field's) history, oldest first")
    .argument('<entity>', 'entity id')
    .argument('[field]', 'field path')
    .option('--json', 'print JSON')
    .action(
      async (entity: string, field: string | undefined, options: JsonOptions, command: Command) => {
        await withEngine(loadCliConfig(command), async (engine) => {
          output(options, await engine.history(entity, field), renderHistory);
        });
      },
    );

  state
    .command('snapshot')
    .description(
      "every entity's canonical state in the shape of seed 000's state-tracker.json (keys sorted, " +
        'byte-identical for identical state)',
    )
    .action(async (_options: object, command: Command) => {
      await withEngine(loadCliConfig(command), async (engine) => {
        print(JSON.stringify(JSON.parse(canonicalJson(await engine.stateTracker())), null, 2));
      });
    });

  const review = program.command('review').description('the review queue');

  review
    .command('list')
    .description('open review prompts and dead letters waiting for a person')
    .option('--entity <id>', 'only prompts about this entity')
    .option('--all', 'prompts in every status, not only open ones')
    .option('--json', 'print {"prompts":[...],"dead_letters":[...]}')
    .action(
      async (
        options: JsonOptions & { readonly entity?: string; readonly all?: true },
        command: Command,
      ) => {
        await withEngine(loadCliConfig(command), async (engine) => {
          const prompts = await engine.listReviews({
            ...(options.all === true ? { status: ALL_PROMPT_STATUSES } : {}),
            ...(options.entity !== undefined ? { entityId: options.entity } : {}),
          });
          const deadLetters = await engine.listDeadLetterReviews();
          output(options, { prompts, dead_letters: deadLetters }, (list) =>
            renderReviewList(list.prompts, list.dead_letters),
          );
        });
      },
    );

  for (const action of ['confirm', 'reject'] as const) {
    review
      .command(action)
      .description(`${action} a prompt's proposed change`)
      .argument('<id>', 'prompt id')
      .option('--json', 'print JSON')
      .action(async (id: string, options: JsonOptions, command: Command) => {
        await withEngine(loadCliConfig(command), async (engine) => {
          output(options, await engine.answerReview(id, action), renderAnswer);
        });
      });
  }

  review
    .command('edit')
    .description('answer a prompt with a corrected value')
    .argument('<id>', 'prompt id')
    .argument('<value>', 'the correct value')
    .option('--json', 'print JSON')
    .action(async (id: string, value: string, options: JsonOptions, command: Command) => {
      await withEngine(loadCliConfig(command), async (engine) => {
        output(options, await engine.answerReview(id, 'edit', value), renderAnswer);
      });
    });

  const dlq = program.command('dlq').description('the dead-letter queue of rejected input');

  dlq
    .command('list')
    .description('every dead letter with its errors')
    .option('--json', 'print JSON')
    .action(async (options: JsonOptions, command: Command) => {
      await withEngine(loadCliConfig(command), async (engine) => {
        output(options, await engine.listDlq(), renderDlq);
      });
    });

  dlq
    .command('retry')
    .description('retry the dead letters that are due')
    .option('--all', 'retry every pending dead letter now')
    .option('--json', 'print JSON')
    .action(async (options: JsonOptions & { readonly all?: true }, command: Command) => {
      await withEngine(loadCliConfig(command), async (engine) => {
        const report = await engine.retryDlq(options.all === true ? { all: true } : {});
        output(options, report, renderRetryReport);
      });
    });

  dlq
    .command('edit')
    .description("replace a dead letter's raw line and retry it at once")
    .argument('<id>', 'dlq id')
    .argument('<file>', 'file holding the corrected line, or - for standard input')
    .option('--json', 'print JSON')
    .action(async (id: string, file: string, options: JsonOptions, command: Command) => {
      const config = loadCliConfig(command);
      const raw = (await readInput(io, file)).trim();
      if (raw === '' || raw.includes('\n')) {
        throw new UsageError(`${file} must hold exactly one line (the corrected record)`);
      }
      await withEngine(config, async (engine) => {
        const report = await engine.editDlq(id, raw);
        output(options, report, renderRetryReport);
        if (report.resolved === 0 && report.failed + report.permanently_failed > 0) {
          context.exitCode = EXIT_CODES.rejected;
        }
      });
    });

  dlq
    .command('discard')
    .description('discard a dead letter (it is kept, marked discarded)')
    .argument('<id>', 'dlq id')
    .option('--json', 'print JSON')
    .action(async (id: string, options: JsonOptions, command: Command) => {
      await withEngine(loadCliConfig(command), async (engine) => {
        await engine.discardDlq(id);
        output(options, { dlq_id: id, status: 'discarded' }, () => `discarded ${id}`);
      });
    });

  program
    .command('rebuild')
    .description('re-derive all state from the ledger')
    .option('--verify', 'compare the replay with the live state (exit 1 if they differ)')
    .option('--json', 'print JSON')
    .action(async (options: JsonOptions & { readonly verify?: true }, command: Command) => {
      await withEngine(loadCliConfig(command), async (engine) => {
        const result = await engine.rebuild(options.verify === true ? { verify: true } : {});
        output(options, result, renderRebuild);
        if (result.verified === false) context.exitCode = EXIT_CODES.failure;
      });
    });

  program
    .command('forget')
    .description('erase an event, a field or an entity (destructive; needs --yes)')
    .option('--event <id>', 'the event to erase')
    .option('--entity <id>', 'the entity to erase')
    .option('--field <field>', 'with --entity: only this field')
    .option('--reason <text>', 'why, recorded in the tombstone')
    .option('--yes', 'really erase')
    .option('--json', 'print JSON')
    .action(
      async (
        options: JsonOptions & {
          readonly event?: string;
          readonly entity?: string;
          readonly field?: string;
          readonly reason?: string;
          readonly yes?: true;
        },
        command: Command,
      ) => {
        const target = forgetTarget(options);
        if (options.yes !== true) {
          throw new UsageError(
            `forget would erase ${describeForget(target)}; this cannot be undone. ` +
              'Run again with --yes to proceed.',
          );
        }
        await withEngine(loadCliConfig(command), async (engine) => {
          output(options, await engine.forget(target, options.reason), renderForget);
        });
      },
    );

  program
    .command('stats')
    .description('success metrics computed from the ledger')
    .option('--json', 'print JSON')
    .action(async (options: JsonOptions, command: Command) => {
      await withEngine(loadCliConfig(command), async (engine) => {
        output(options, await engine.stats(), renderStats);
      });
    });

  program
    .command('serve')
    .description('serve the HTTP API, dashboard and MCP over HTTP until SIGINT/SIGTERM')
    .option('--port <n>', 'port (else VERITY_PORT, config file, default 7077)', parsePort)
    .option('--host <host>', 'interface (else VERITY_HOST, config file, default 127.0.0.1)')
    .action(
      async (options: { readonly port?: number; readonly host?: string }, command: Command) => {
        const config = loadCliConfig(command, { port: options.port, host: options.host });
        const { startHttpServer } = await import('../http/index.js');
        await withEngine(config, async (engine) => {
          const server = await startHttpServer(engine, {
            port: config.http.port,
            host: config.http.host,
            token: config.token,
            tokens: config.file.tokens ?? [],
            onError: (error: unknown) => io.stderr(`verity: ${messageOf(error)}\n`),
          });
          io.stderr(`verity: serving ${server.url} (home ${engine.home})\n`);
          engine.startBackgroundIndexing({
            onError: (error: unknown) => io.stderr(`verity: indexing: ${messageOf(error)}\n`),
          });
          let retrying = false;
          const timer = setInterval(() => {
            if (retrying) return;
            retrying = true;
            engine
              .retryDlq()
              .catch((error: unknown) => {
                // A failed retry round must not stop the server; the next tick tries again.
                io.stderr(`verity: dead-letter retry failed: ${messageOf(error)}\n`);
              })
              .finally(() => {
                retrying = false;
              });
          }, DLQ_RETRY_INTERVAL_MS);
          timer.unref();
          try {
            const signal = await untilSignal();
            io.stderr(`verity: ${signal}, shutting down\n`);
          } finally {
            clearInterval(timer);
            await server.close();
          }
        });
      },
    );

  program
    .command('mcp')
    .description('serve MCP over stdio (nothing but protocol on standard output)')
    .action(async (_options: Record<string, never>, command: Command) => {
      const config = loadCliConfig(command);
      const { runMcpStdio } = await import('../mcp/index.js');
      // runMcpStdio serves until the client disconnects or a signal arrives, then closes the
      // engine itself; closing it again in withEngine is a no-op.
      await withEngine(config, runMcpStdio);
    });

  const toolkit: CliToolkit = {
    io,
    print,
    output,
    loadConfig: loadCliConfig,
    withEngine,
    setExitCode: (code) => {
      context.exitCode = code;
    },
  };
  // Capability modules register their commands here, one line each.
  registerSearchCommands(program, toolkit);
  registerProjectionCommands(program, toolkit);
  registerMigrateCommands(program, toolkit);
  registerMigrateStoreCommands(program, toolkit);
  registerSignalCommands(program, toolkit);
  registerExtractionCommands(program, toolkit);
  registerItemsCommands(program, toolkit);
  registerContextCommands(program, toolkit);
  registerTokenCommands(program, toolkit);

  return program;
}
