import type { Command } from 'commander';
import { isTimeZone } from '../../../core/index.js';
import type { CalendarSource, PollReport } from '../../../engine/index.js';
import { EXIT_CODES, UsageError } from '../exit-codes.js';
import type { CliToolkit } from '../toolkit.js';

/** Renders a poll report. */
export function renderPollReport(report: PollReport): string {
  if (report.calendars.length === 0) return 'no calendars configured';
  return report.calendars
    .map((c) =>
      c.error !== null
        ? `${c.name}: failed: ${c.error}`
        : `${c.name}: ${c.events} event(s): applied ${c.applied}, duplicate ${c.duplicate}, rejected ${c.rejected}`,
    )
    .join('\n');
}

function checkTimeZone(zone: string): void {
  if (!isTimeZone(zone)) {
    throw new UsageError(
      `--time-zone must be an IANA time zone such as Europe/Berlin, not "${zone}"`,
    );
  }
}

/** `verity poll`: read configured ICS calendars once. */
export function registerSignalCommands(program: Command, toolkit: CliToolkit): void {
  program
    .command('poll')
    .description('read the configured ICS calendars once and ingest their events (idempotent)')
    .option('--calendar <file-or-url>', 'poll this calendar instead of the configured ones')
    .option('--entity <id>', 'with --calendar: the entity its events belong to', 'user:primary')
    .option(
      '--time-zone <iana>',
      "with --calendar: the zone its times are shown in (else each event's own; none: UTC)",
    )
    .option('--json', 'print JSON')
    .action(
      async (
        options: {
          readonly calendar?: string;
          readonly entity: string;
          readonly timeZone?: string;
          readonly json?: true;
        },
        command: Command,
      ) => {
        if (options.timeZone !== undefined) checkTimeZone(options.timeZone);
        const config = toolkit.loadConfig(command);
        const sources: CalendarSource[] =
          options.calendar !== undefined
            ? [
                {
                  location: options.calendar,
                  entityId: options.entity,
                  ...(options.timeZone === undefined ? {} : { timeZone: options.timeZone }),
                },
              ]
            : (await toolkit.engineModule()).calendarSourcesOf(config);
        if (sources.length === 0) {
          throw new UsageError(
            'no calendars: pass --calendar FILE or set calendars in config.json',
          );
        }
        await toolkit.withEngine(config, async (engine) => {
          const report = await engine.poll(sources);
          toolkit.output(options, report, renderPollReport);
          if (report.calendars.some((c) => c.error !== null))
            toolkit.setExitCode(EXIT_CODES.failure);
          else if (report.calendars.some((c) => c.rejected > 0))
            toolkit.setExitCode(EXIT_CODES.rejected);
        });
      },
    );
}
