import type { Command } from 'commander';
import type {
  ExpandedStateItem,
  ItemConflictResolutionView,
  ItemExtractionReport,
  StateItemList,
  StateItemView,
} from '../../../engine/index.js';
import { resolveId } from '../resolve-id.js';
import type { CliToolkit } from '../toolkit.js';

interface ListCommandOptions {
  readonly thread?: string;
  readonly entity?: string;
  readonly all?: true;
  readonly json?: true;
}

interface ThreadOptions {
  readonly thread?: string;
  readonly json?: true;
}

/** One item per line, superseded ones with what replaced them (for `--all`). */
function renderItemLines(items: readonly StateItemView[]): string {
  return items
    .map((item) => {
      const replaced = item.replaced_by === null ? '' : ` -> ${item.replaced_by}`;
      const conflict = item.conflict ? ' CONFLICT' : '';
      return `[${item.uid}] ${item.type.toUpperCase()} (${item.status}${replaced}) ${item.thread_id}: ${item.text}${conflict}`;
    })
    .join('\n');
}

function renderList(list: StateItemList, all: boolean): string {
  if (list.items.length === 0) return 'no state items';
  return all ? renderItemLines(list.items) : list.rendered;
}

function renderExpanded(expanded: ExpandedStateItem): string {
  const lines = [renderItemLines([expanded.item])];
  for (const message of expanded.messages) {
    lines.push(
      `  [${message.message_id}] ${message.role} ${message.created_at}: ${message.content}`,
    );
  }
  for (const ref of expanded.missing) lines.push(`  [${ref}] (message no longer stored)`);
  return lines.join('\n');
}

function renderExtraction(report: ItemExtractionReport): string {
  if (report.runs.length === 0) return 'nothing to extract';
  const lines = report.runs.map((run) => {
    const outcome =
      run.skipped_reason === null
        ? `${run.items_inserted} new, ${run.items_merged} merged, ${run.items_superseded} superseded, ${run.items_conflicted} in conflict, ${run.items_dropped} dropped`
        : `skipped (${run.skipped_reason})`;
    const mark = run.watermark === null ? 'watermark kept' : `up to ${run.watermark.message_id}`;
    return `${run.thread_id}: ${outcome}; ${mark}`;
  });
  if (report.stale > 0) lines.push(`${report.stale} run(s) dropped: another writer went first`);
  return lines.join('\n');
}

interface ResolveOptions extends ThreadOptions {
  readonly keep: string;
  readonly note?: string;
}

function renderResolution(view: ItemConflictResolutionView): string {
  const kept = view.keep === 'both' ? 'kept both' : `kept ${view.keep}`;
  return [`${kept} in ${view.thread_id}`, renderItemLines(view.items)].join('\n');
}

/** Registers `verity items list|expand|extract|resolve`. */
export function registerItemsCommands(program: Command, toolkit: CliToolkit): void {
  const items = program
    .command('items')
    .description(
      'structured state items (decisions, constraints, actions, questions, risks) from conversations',
    );

  items
    .command('list')
    .description("a thread's items, or an entity's open items across its threads")
    .option('--thread <id>', 'only this thread')
    .option('--entity <id>', 'only this entity')
    .option('--all', 'include superseded, done and answered items')
    .option('--json', 'print {"items":[...],"rendered":"..."}')
    .action(async (options: ListCommandOptions, command: Command) => {
      await toolkit.run(command, async (engine) => {
        const list = await engine.listStateItems({
          ...(options.thread === undefined ? {} : { threadId: options.thread }),
          ...(options.entity === undefined ? {} : { entityId: options.entity }),
          status: options.all === true ? 'all' : 'open',
        });
        toolkit.output(options, list, (value) => renderList(value, options.all === true));
      });
    });

  items
    .command('expand')
    .description('an item with the messages it rests on')
    .argument('<uid>', 'the item, e.g. d_3f1c0a9b2e7d')
    .option('--thread <id>', 'the thread, when the uid exists in several')
    .option('--json', 'print {"item":{...},"messages":[...],"missing":[...]}')
    .action(
      toolkit.printing(
        async (engine, options: ThreadOptions, uid: string) =>
          engine.expandStateItem(await resolveId(engine, 'item', uid), options.thread),
        renderExpanded,
      ),
    );

  items
    .command('extract')
    .description('extract items from messages not read yet (after ingest --no-wait)')
    .option('--thread <id>', 'only this thread')
    .option('--json', 'print the runs as JSON')
    .action(
      toolkit.printing(
        (engine, options: ThreadOptions) =>
          engine.extractItems(options.thread === undefined ? {} : { threadId: options.thread }),
        renderExtraction,
      ),
    );

  items
    .command('resolve')
    .description('answer a conflict between items: keep one (the other is superseded), or both')
    .argument('<uid>', 'a flagged item')
    .argument('[other-uid]', 'the item it conflicts with')
    .requiredOption('--keep <uid|both>', 'the item to keep, or both (they do not conflict)')
    .option('--note <text>', 'why, for the record')
    .option('--thread <id>', 'the thread, when the uid exists in several')
    .option('--json', 'print the recorded answer and the items as JSON')
    .action(
      toolkit.printing(
        async (engine, options: ResolveOptions, uid: string, other: string | undefined) =>
          engine.resolveItemConflict({
            uids: await Promise.all(
              (other === undefined ? [uid] : [uid, other]).map((id) =>
                resolveId(engine, 'item', id),
              ),
            ),
            keep: options.keep,
            ...(options.thread === undefined ? {} : { threadId: options.thread }),
            ...(options.note === undefined ? {} : { note: options.note }),
          }),
        renderResolution,
      ),
    );
}
