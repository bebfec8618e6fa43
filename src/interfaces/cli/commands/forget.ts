import type { Command } from 'commander';
import type { ForgetTarget } from '../../../engine/index.js';
import { UsageError } from '../exit-codes.js';
import { renderForget } from '../render.js';
import type { CliToolkit } from '../toolkit.js';

interface ForgetOptions {
  readonly json?: true;
  readonly event?: string;
  readonly message?: string;
  readonly entity?: string;
  readonly field?: string;
  readonly reason?: string;
  readonly yes?: true;
}

function describeForget(target: ForgetTarget): string {
  if (target.kind === 'event') {
    return `event ${target.eventId} (its payload is redacted and the state it supported re-derived)`;
  }
  if (target.kind === 'message') {
    return (
      `message ${target.threadId}/${target.messageId} (its text is redacted and the state it supported re-derived); ` +
      'a reply, of any speaker, that is nothing but a secret this message asked for ("4471", ' +
      `"it's 4471") goes with it, with the state and items read from it; a reply that says more ` +
      'stays, the secret masked'
    );
  }
  if (target.kind === 'slot') {
    return `every event about ${target.field} of ${target.entityId}, and that field's state`;
  }
  return `every event about ${target.entityId}, and all of its state`;
}

/** A message as `search` and `ask` name it: `THREAD/MESSAGE` (the last slash splits them). */
function messageTarget(text: string): ForgetTarget {
  const at = text.lastIndexOf('/');
  if (at <= 0 || at === text.length - 1) {
    throw new UsageError(`--message takes THREAD/MESSAGE (as search shows them), not "${text}"`);
  }
  return { kind: 'message', threadId: text.slice(0, at), messageId: text.slice(at + 1) };
}

function forgetTarget(options: ForgetOptions): ForgetTarget {
  const byId = [options.event, options.message].filter((v) => v !== undefined).length;
  if (byId > 1 || (byId === 1 && (options.entity ?? options.field) !== undefined)) {
    throw new UsageError('forget takes one of --event, --message or --entity [--field]');
  }
  if (options.event !== undefined) return { kind: 'event', eventId: options.event };
  if (options.message !== undefined) return messageTarget(options.message);
  if (options.entity === undefined) {
    throw new UsageError(
      options.field === undefined
        ? 'forget needs --event ID, --message THREAD/MESSAGE or --entity ENTITY [--field FIELD]'
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
    .description('erase an event, a message, a field or an entity (destructive; needs --yes)')
    .option('--event <id>', 'the event to erase')
    .option('--message <thread/message>', 'the message to erase, by the ids search and ask show')
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
