import type { Command } from 'commander';
import { canonicalJson, parseRfc3339 } from '../../../core/index.js';
import type { Engine } from '../../../engine/index.js';
import { entityArgument } from '../arguments.js';
import { UsageError } from '../exit-codes.js';
import { renderEntity, renderExplanation, renderField, renderHistory } from '../render.js';
import type { CliToolkit } from '../toolkit.js';

interface JsonOptions {
  readonly json?: true;
}

interface GetOptions extends JsonOptions {
  readonly at?: string;
  readonly asOf?: string;
}

/** `--at` / `--as-of` as read options; a usage error for a bad timestamp or both at once. */
function readOptionsOf(options: GetOptions): { readonly at?: string; readonly asOf?: string } {
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
    throw new UsageError('state get takes --at (belief time) or --as-of (valid time), not both');
  }
  return {
    ...(options.at === undefined ? {} : { at: options.at }),
    ...(options.asOf === undefined ? {} : { asOf: options.asOf }),
  };
}

/**
 * The action of a command that reads about an entity's field (`explain`, `history`): checks the
 * entity id before the engine opens, then reads with `read` and prints as `toolkit.show` does.
 */
function entityFieldAction<F extends string | undefined, T>(
  toolkit: CliToolkit,
  read: (engine: Engine, entity: string, field: F) => Promise<T>,
  render: (value: T) => string,
): (entity: string, field: F, options: JsonOptions, command: Command) => Promise<void> {
  return async (entity, field, options, command) => {
    entityArgument(entity);
    await toolkit.show(command, options, (engine) => read(engine, entity, field), render);
  };
}

/** `verity state get|explain|history|snapshot`: canonical state and its provenance. */
export function registerStateCommands(program: Command, toolkit: CliToolkit): void {
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
      async (entity: string, field: string | undefined, options: GetOptions, command: Command) => {
        const readOptions = readOptionsOf(options);
        entityArgument(entity);
        await toolkit.run(command, async (engine) => {
          if (field === undefined) {
            toolkit.output(options, await engine.getEntity(entity, readOptions), renderEntity);
          } else {
            toolkit.output(options, await engine.getField(entity, field, readOptions), renderField);
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
    .action(
      entityFieldAction(
        toolkit,
        (engine, entity, field: string) => engine.explain(entity, field),
        renderExplanation,
      ),
    );

  state
    .command('history')
    .description("an entity's (or one field's) history, oldest first")
    .argument('<entity>', 'entity id')
    .argument('[field]', 'field path')
    .option('--json', 'print JSON')
    .action(
      entityFieldAction(
        toolkit,
        (engine, entity, field: string | undefined) => engine.history(entity, field),
        renderHistory,
      ),
    );

  state
    .command('snapshot')
    .description(
      "every entity's canonical state in the shape of seed 000's state-tracker.json (keys sorted, " +
        'byte-identical for identical state)',
    )
    // The snapshot is JSON already; `--json` is accepted so that every read takes it.
    .option('--json', 'JSON output (the snapshot always is)')
    .action(async (_options: object, command: Command) => {
      await toolkit.run(command, async (engine) => {
        toolkit.print(
          JSON.stringify(JSON.parse(canonicalJson(await engine.stateTracker())), null, 2),
        );
      });
    });
}
