import type { Command } from 'commander';
import type { ForgetTarget } from '../../../engine/index.js';
import { UsageError } from '../exit-codes.js';
import { renderForget } from '../render.js';
import type { CliToolkit } from '../toolkit.js';

interface ForgetOptions {
  readonly json?: true;
  readonly event?: string;
  readonly entity?: string;
  readonly field?: string;
  readonly reason?: string;
  readonly yes?: true;
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

function forgetTarget(options: ForgetOptions): ForgetTarget {
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

/** `verity forget`: erase an event, a field or an entity (destructive; needs `--yes`). */
export function registerForgetCommands(program: Command, toolkit: CliToolkit): void {
  program
    .command('forget')
    .description('erase an event, a field or an entity (destructive; needs --yes)')
    .option('--event <id>', 'the event to erase')
    .option('--entity <id>', 'the entity to erase')
    .option('--field <field>', 'with --entity: only this field')
    .option('--reason <text>', 'why, recorded in the tombstone')
    .option('--yes', 'really erase')
    .option('--json', 'print JSON')
    .action(async (options: ForgetOptions, command: Command) => {
      const target = forgetTarget(options);
      if (options.yes !== true) {
        throw new UsageError(
          `forget would erase ${describeForget(target)}; this cannot be undone. ` +
            'Run again with --yes to proceed.',
        );
      }
      await toolkit.show(
        command,
        options,
        (engine) => engine.forget(target, options.reason),
        renderForget,
      );
    });
}
