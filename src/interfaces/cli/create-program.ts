import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Command, InvalidArgumentError } from 'commander';
import { type Config, type ConfigFlags, loadConfig } from '../../config/index.js';
import {
  canonicalJson,
  ENTITY_ID_PATTERN,
  type PromptStatus,
  parseRfc3339,
  toWireJson,
} from '../../core/index.js';
import {
  backgroundJobOptionsFromConfig,
  createEngine,
  createServerLogger,
  type Engine,
  engineOptionsFromConfig,
  type ForgetTarget,
  reviewKindOf,
  startBackgroundJobs,
} from '../../engine/index.js';
import type { CliIo } from './cli-io.js';
import { registerContextCommands } from './commands/context.js';
import { registerExtractionCommands } from './commands/extraction.js';
import { registerItemsCommands } from './commands/items.js';
import { registerMigrateCommands } from './commands/migrate.js';
import { registerMigrateStoreCommands } from './commands/migrate-store.js';
import { registerObserverCommands } from './commands/observer.js';
import { registerProjectionCommands } from './commands/projections.js';
import { ingestIndexOptions, registerSearchCommands } from './commands/search.js';
import { registerSignalCommands } from './commands/signals.js';
import { registerTaskCommands } from './commands/tasks.js';
import { registerTokenCommands } from './commands/token.js';
import { registerVaultCommands } from './commands/vault.js';
import { EXIT_CODES, UsageError } from './exit-codes.js';
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
  renderTaskReviewAnswer,
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

/**
 * Opens the engine for a command. Only `init` (and the servers, `serve` and `mcp`, so that
 * `npm start` works on a fresh machine) may create a store: any other command pointed at a home
 * with no SQLite store fails with a hint instead of silently creating an empty one.
 */
async function withEngine(
  config: Config,
  fn: (engine: Engine) => Promise<void>,
  options: { readonly create?: boolean } = {},
): Promise<void> {
  if (
    options.create !== true &&
    config.database.kind === 'sqlite' &&
    !existsSync(config.database.path)
  ) {
    throw new UsageError(
      `no Verity store at ${config.home}: run \`verity init\` to create one there, or point --home (VERITY_HOME) at an existing store`,
    );
  }
  const engine = await createEngine(engineOptionsFromConfig(config));
  try {
    await fn(engine);
  } finally {
    await engine.close();
  }
}

/**
 * Decodes input bytes as UTF-8 text, refusing binary or non-UTF-8 content before anything is
 * stored (a NUL byte or an invalid sequence).
 */
function decodeText(bytes: Uint8Array, name: string): string {
  const nul = bytes.indexOf(0);
  if (nul >= 0) {
    throw new UsageError(
      `${name} looks binary (a NUL byte at offset ${nul}); ingest reads UTF-8 JSONL text. Nothing was stored.`,
    );
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (error: unknown) {
    throw new UsageError(
      `${name} is not UTF-8 text; ingest reads UTF-8 JSONL. Nothing was stored.`,
      { cause: error },
    );
  }
}

async function readInput(io: CliIo, file: string): Promise<string> {
  if (file === '-') return io.stdin();
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (error: unknown) {
    const code =
      typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
    throw new UsageError(`cannot read ${file}${code === '' ? '' : ` (${code})`}`, {
      cause: error,
    });
  }
  return decodeText(bytes, file);
}

const ENTITY_ID = new RegExp(ENTITY_ID_PATTERN);

/** Refuses an entity argument that is not an entity id (`state get Alex` is a usage error). */
function entityArgument(entity: string): string {
  if (!ENTITY_ID.test(entity)) {
    throw new UsageError(
      `"${entity}" is not an entity id: use user:<slug>, family:<slug> or team:<slug>, e.g. user:${entity.toLowerCase().replace(/[^a-z0-9._-]/g, '') || 'alex'}`,
    );
  }
  return entity;
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
    print(options.json === true ? JSON.stringify(toWireJson(value), null, 2) : render(value));
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
      await withEngine(
        loadCliConfig(command),
        async (engine) => {
          output(options, { home: engine.home }, ({ home }) => `verity home ready at ${home}`);
        },
        { create: true },
      );
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
    .option(
      '--import',
      'history: apply records in event-time order, each resolved at its own event time (as if ingested live then)',
    )
    .action(
      async (
        file: string,
        options: JsonOptions & { wait: boolean; import?: true },
        command: Command,
      ) => {
        const config = loadCliConfig(command);
        const text = await readInput(io, file);
        if (text.replace(/^\uFEFF/, '').trim() === '') {
          io.stderr(`verity: no records in ${file === '-' ? 'standard input' : file}\n`);
        }
        await withEngine(config, async (engine) => {
          const indexing = ingestIndexOptions(io, options.wait);
          const report = await engine.ingest(text, {
            ...indexing,
            import: options.import === true,
          });
          indexing.finish();
          output(options, report, renderIngestReport);
          if (report.rejected > 0) context.exitCode = EXIT_CODES.rejected;
        });
      },
    );

  const state = program.command('state').description('read canonical state and its provenance');

  state
    .command('get')
    .description('one field, or every field of an entity')
    .argument('<entity>', 'entity id, e.g. user:primary')
    .argument('[field]', 'field path, e.g. travel.status')
    .option('--at <time>', 'belief time: what Verity believed at this RFC 3339 instant')
    .option(
      '--as-of <time>',
      'valid time: what was true at this instant, by event time, from everything known now',
    )
    .option('--json', 'print JSON')
    .action(
      async (
        entity: string,
        field: string | undefined,
        options: JsonOptions & { readonly at?: string; readonly asOf?: string },
        command: Command,
      ) => {
        for (const [flag, value] of [
          ['--at', options.at],
          ['--as-of', options.asOf],
        ] as const) {
          if (value !== undefined && parseRfc3339(value) === null) {
            throw new UsageError(
              `${flag} must be an RFC 3339 timestamp such as 2026-02-19T15:00:00Z (got "${value}")`,
            );
          }
        }
        if (options.at !== undefined && options.asOf !== undefined) {
          throw new UsageError(
            'state get takes --at (belief time) or --as-of (valid time), not both',
          );
        }
        entityArgument(entity);
        const readOptions = {
          ...(options.at === undefined ? {} : { at: options.at }),
          ...(options.asOf === undefined ? {} : { asOf: options.asOf }),
        };
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
      entityArgument(entity);
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
        entityArgument(entity);
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
    .description(
      'open review prompts, dead letters, stuck tasks (E3) and proposed patches waiting for a person',
    )
    .option('--entity <id>', 'only prompts about this entity')
    .option('--all', 'prompts in every status, not only open ones')
    .option('--json', 'print {"prompts":[...],"dead_letters":[...],"tasks":[...],"patches":[...]}')
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
          const { tasks, patches } = await engine.tasks.reviewItems();
          output(options, { prompts, dead_letters: deadLetters, tasks, patches }, (list) =>
            renderReviewList(list.prompts, list.dead_letters, list.tasks, list.patches),
          );
        });
      },
    );

  review
    .command('confirm')
    .description("confirm a prompt's proposed change")
    .argument('<id>', 'prompt id')
    .option('--json', 'print JSON')
    .action(async (id: string, options: JsonOptions, command: Command) => {
      await withEngine(loadCliConfig(command), async (engine) => {
        output(options, await engine.answerReview(id, 'confirm'), renderAnswer);
      });
    });

  review
    .command('reject')
    .description("reject a prompt's proposed change, or a proposed patch (PATCH-…)")
    .argument('<id>', 'prompt id or patch id')
    .option('--note <text>', 'why (patches)')
    .option('--json', 'print JSON')
    .action(
      async (id: string, options: JsonOptions & { readonly note?: string }, command: Command) => {
        await withEngine(loadCliConfig(command), async (engine) => {
          if (reviewKindOf(id) === null) {
            output(options, await engine.answerReview(id, 'reject'), renderAnswer);
          } else {
            output(options, await engine.tasks.answerReview(id, 'reject', options.note), (a) =>
              renderTaskReviewAnswer(a),
            );
          }
        });
      },
    );

  review
    .command('approve')
    .description('approve a proposed patch (PATCH-…): it is applied as a config change')
    .argument('<id>', 'patch id')
    .option('--note <text>', 'why')
    .option('--json', 'print JSON')
    .action(
      async (id: string, options: JsonOptions & { readonly note?: string }, command: Command) => {
        await withEngine(loadCliConfig(command), async (engine) => {
          const answer = await engine.tasks.answerReview(id, 'approve', options.note);
          output(options, answer, renderTaskReviewAnswer);
        });
      },
    );

  review
    .command('acknowledge')
    .alias('ack')
    .description('acknowledge a stuck task (TASK-…) in the review queue')
    .argument('<id>', 'task id')
    .option('--note <text>', 'what the acknowledgement says')
    .option('--json', 'print JSON')
    .action(
      async (id: string, options: JsonOptions & { readonly note?: string }, command: Command) => {
        await withEngine(loadCliConfig(command), async (engine) => {
          const answer = await engine.tasks.answerReview(id, 'acknowledge', options.note);
          output(options, answer, renderTaskReviewAnswer);
        });
      },
    );

  review
    .command('cancel')
    .description('cancel a stuck task (TASK-…) from the review queue; the reason is required')
    .argument('<id>', 'task id')
    .requiredOption('--reason <text>', 'why the task is cancelled')
    .option('--json', 'print JSON')
    .action(
      async (id: string, options: JsonOptions & { readonly reason: string }, command: Command) => {
        await withEngine(loadCliConfig(command), async (engine) => {
          const answer = await engine.tasks.answerReview(id, 'cancel', options.reason);
          output(options, answer, renderTaskReviewAnswer);
        });
      },
    );

  review
    .command('unstick')
    .description(
      'unstick a stuck task (TASK-…): set its next concrete step, count it as progress, acknowledge',
    )
    .argument('<id>', 'task id')
    .argument('<next_action>', 'the next concrete step')
    .option('--json', 'print JSON')
    .action(async (id: string, step: string, options: JsonOptions, command: Command) => {
      await withEngine(loadCliConfig(command), async (engine) => {
        const answer = await engine.tasks.answerReview(id, 'unstick', step);
        output(options, answer, renderTaskReviewAnswer);
      });
    });

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
    .description('discard dead letters (they are kept, marked discarded)')
    .argument('[id]', 'dlq id; or choose several with --all, --older-than, --schema')
    .option('--all', 'every dead letter not yet resolved or discarded')
    .option('--older-than <duration>', 'first seen more than this long ago, e.g. 30m, 12h, 7d')
    .option('--schema <name>', 'rejected by this schema, e.g. json, state_observation')
    .option('--json', 'print JSON')
    .action(
      async (
        id: string | undefined,
        options: JsonOptions & {
          readonly all?: true;
          readonly olderThan?: string;
          readonly schema?: string;
        },
        command: Command,
      ) => {
        const bulk =
          options.all === true || options.olderThan !== undefined || options.schema !== undefined;
        if ((id === undefined) === !bulk) {
          throw new UsageError(
            'dlq discard takes one ID, or --all / --older-than DURATION / --schema NAME',
          );
        }
        const olderThanMs =
          options.olderThan === undefined ? null : parseDuration(options.olderThan);
        await withEngine(loadCliConfig(command), async (engine) => {
          const chosen =
            id !== undefined
              ? [id]
              : (await engine.listDlq())
                  .filter((item) => item.status !== 'resolved' && item.status !== 'discarded')
                  .filter(
                    (item) => options.schema === undefined || item.schemaName === options.schema,
                  )
                  .filter(
                    (item) =>
                      olderThanMs === null ||
                      (parseRfc3339(item.firstSeenAt) ?? 0) < engine.now() - olderThanMs,
                  )
                  .map((item) => item.dlqId);
          for (const dlqId of chosen) await engine.discardDlq(dlqId);
          output(options, { discarded: chosen.length, dlq_ids: chosen }, () =>
            chosen.length === 1 ? `discarded ${chosen[0]}` : `discarded ${chosen.length}`,
          );
        });
      },
    );

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
    .description('serve the JSON API and MCP over HTTP (/mcp) until SIGINT/SIGTERM')
    .option('--port <n>', 'port (else VERITY_PORT, config file, default 7077)', parsePort)
    .option('--host <host>', 'interface (else VERITY_HOST, config file, default 127.0.0.1)')
    .action(
      async (options: { readonly port?: number; readonly host?: string }, command: Command) => {
        const config = loadCliConfig(command, { port: options.port, host: options.host });
        const { startHttpServer } = await import('../http/index.js');
        const logger = await createServerLogger(config.logLevel);
        await withEngine(
          config,
          async (engine) => {
            const server = await startHttpServer(engine, {
              port: config.http.port,
              host: config.http.host,
              token: config.token,
              tokens: config.file.tokens ?? [],
              onError: (error: unknown) => logger.error('request failed', { error }),
            });
            logger.info('serving', { url: server.url, home: engine.home });
            const vault = await engine.vault.watch({
              onError: (error: unknown) => logger.error('vault watch failed', { error }),
            });
            const jobs = await startBackgroundJobs(
              engine,
              backgroundJobOptionsFromConfig(config, logger),
            );
            try {
              logger.info('shutting down', { signal: await untilSignal() });
            } finally {
              await vault.stop();
              await jobs.stop();
              await server.close();
            }
          },
          { create: true },
        );
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
      await withEngine(config, runMcpStdio, { create: true });
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
  registerVaultCommands(program, toolkit);
  registerObserverCommands(program, toolkit);
  registerTaskCommands(program, toolkit);
  registerTokenCommands(program, toolkit);

  return program;
}
