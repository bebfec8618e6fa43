import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { toIso } from '../../../core/index.js';
import type { MigrationFile, MigrationReport } from '../../../engine/index.js';
import { UsageError } from '../exit-codes.js';
import type { CliToolkit } from '../toolkit.js';

/** Renders a migration report: each observation and what was (or would be) decided. */
export function renderMigrationReport(report: MigrationReport): string {
  const lines = report.items.map(
    (i) =>
      `${i.outcome.padEnd(9)} ${i.entity_id} ${i.field} = ${i.value ?? '(none)'} (${i.intent}, confidence ${i.confidence.toFixed(2)}) from ${i.file}`,
  );
  for (const n of report.not_read) {
    lines.push(`not read  ${n.file}:${n.line} ${JSON.stringify(n.text)} (${n.reason})`);
  }
  const verb = report.dry_run ? 'would commit' : 'committed';
  lines.push(
    `${report.files} file(s): ${verb} ${report.committed}, ${report.dry_run ? 'would ask' : 'asked'} ${report.asked}, left tentative ${report.tentative}${report.dry_run ? ' (dry run: nothing written)' : ''}`,
  );
  return lines.join('\n');
}

async function readMigrationFile(path: string): Promise<MigrationFile> {
  try {
    const [content, info] = await Promise.all([readFile(path, 'utf8'), stat(path)]);
    return { path, content, updatedAt: toIso(info.mtimeMs) };
  } catch (error: unknown) {
    throw new UsageError(`cannot read ${path}`, { cause: error });
  }
}

/** `verity migrate FILE...`: bootstrap canonical state from existing markdown files. */
export function registerMigrateCommands(program: Command, toolkit: CliToolkit): void {
  program
    .command('migrate')
    .description(
      'bootstrap state from existing files (HEARTBEAT.md, MEMORY.md, ...) as low-reliability ' +
        'static_markdown evidence that later chat messages outrank',
    )
    .argument('<files...>', 'markdown files to read')
    .option('--entity <id>', 'the entity the files describe (default user:primary)')
    .option('--dry-run', 'show what would be committed, asked or left tentative; write nothing')
    .option('--json', 'print JSON')
    .action(
      async (
        files: readonly string[],
        options: { readonly entity?: string; readonly dryRun?: true; readonly json?: true },
        command: Command,
      ) => {
        const config = toolkit.loadConfig(command);
        const inputs = await Promise.all(files.map((f) => readMigrationFile(resolve(f))));
        await toolkit.withEngine(config, async (engine) => {
          const report = await engine.migrate(inputs, {
            ...(options.dryRun === true ? { dryRun: true } : {}),
            ...(options.entity === undefined ? {} : { entityId: options.entity }),
          });
          toolkit.output(options, report, renderMigrationReport);
        });
      },
    );
}
