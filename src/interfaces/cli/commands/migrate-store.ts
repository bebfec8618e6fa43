import type { Command } from 'commander';
import type { MigrateStoreReport } from '../../../engine/index.js';
import type { CliToolkit } from '../toolkit.js';

/** Renders what `migrate-store` copied and whether both sides hold the same state. */
export function renderMigrateStoreReport(report: MigrateStoreReport): string {
  return [
    `copied ${report.copied} event(s)${report.skipped > 0 ? ` (${report.skipped} already on the target)` : ''}, ${report.deadLetters} dead letter(s), ${report.deliveries} delivery record(s); the target holds ${report.events} event(s)`,
    `source state ${report.sourceHash}`,
    `target state ${report.targetHash}`,
    report.identical
      ? 'identical: the replayed state on the target equals the source'
      : 'DIFFERENT: the replayed state on the target does not equal the source',
  ].join('\n');
}

/** `verity migrate-store --from sqlite:PATH --to postgres://…`: move a ledger between stores. */
export function registerMigrateStoreCommands(program: Command, toolkit: CliToolkit): void {
  program
    .command('migrate-store')
    .description(
      'copy the ledger (with dead letters and delivery records) into another store, replay it there, and prove the ' +
        'state is identical by content hash; vectors are not copied (run reindex on the target)',
    )
    .requiredOption('--from <location>', 'source: sqlite:PATH or postgres://…')
    .requiredOption('--to <location>', 'target: sqlite:PATH or postgres://… (empty, or a prefix)')
    .option('--from-schema <name>', 'PostgreSQL schema of the source', 'verity')
    .option('--to-schema <name>', 'PostgreSQL schema of the target', 'verity')
    .option('--json', 'print JSON')
    .action(
      async (options: {
        readonly from: string;
        readonly to: string;
        readonly fromSchema: string;
        readonly toSchema: string;
        readonly json?: true;
      }) => {
        const { migrateStoreBetween, parseStoreLocation } = await toolkit.engineModule();
        const from = parseStoreLocation(options.from, options.fromSchema);
        const to = parseStoreLocation(options.to, options.toSchema);
        const report = await migrateStoreBetween(from, to);
        toolkit.output(options, report, renderMigrateStoreReport);
        if (!report.identical) toolkit.setExitCode(1);
      },
    );
}
