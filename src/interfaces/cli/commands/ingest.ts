import type { Command } from 'commander';
import { readInput } from '../arguments.js';
import { EXIT_CODES } from '../exit-codes.js';
import { renderIngestReport } from '../render.js';
import type { CliToolkit } from '../toolkit.js';
import { ingestIndexOptions } from './search.js';

/** `verity ingest`: apply a JSONL file of records; invalid lines go to the dead-letter queue. */
export function registerIngestCommands(program: Command, toolkit: CliToolkit): void {
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
        options: { readonly json?: true; readonly wait: boolean; readonly import?: true },
        command: Command,
      ) => {
        const config = toolkit.loadConfig(command);
        const text = await readInput(toolkit.io, file);
        if (text.replace(/^\uFEFF/, '').trim() === '') {
          toolkit.io.stderr(`verity: no records in ${file === '-' ? 'standard input' : file}\n`);
        }
        await toolkit.withEngine(config, async (engine) => {
          const indexing = ingestIndexOptions(toolkit.io, options.wait);
          const report = await engine.ingest(text, {
            ...indexing,
            import: options.import === true,
          });
          indexing.finish();
          toolkit.output(options, report, renderIngestReport);
          if (report.rejected > 0) toolkit.setExitCode(EXIT_CODES.rejected);
        });
      },
    );
}
