import type { Command } from 'commander';
import type { ExtractionStalls, Stats } from '../../../engine/index.js';
import { renderStats } from '../render.js';
import type { CliToolkit } from '../toolkit.js';

type StatsWithStalls = Stats & { readonly extraction_stalls: ExtractionStalls };

function renderStalls(stalls: ExtractionStalls): string {
  const waiting =
    stalls.oldest_waiting_minutes === null ? 'none' : `${stalls.oldest_waiting_minutes} min`;
  const { jobs } = stalls;
  return [
    `extraction ${stalls.enabled ? 'on' : 'OFF'}: ${stalls.threads_pending} thread(s), ${stalls.messages_pending} message(s) waiting; longest wait ${waiting}; ${stalls.threads_stalled} stalled (> ${stalls.stall_after_minutes} min)`,
    jobs === null
      ? `extraction jobs: unknown (${stalls.jobs_error})`
      : `extraction jobs: ${jobs.queued} queued, ${jobs.retrying} retrying, ${jobs.failed} failed${jobs.last_error === null ? '' : `; last error: ${jobs.last_error}`}`,
    ...stalls.longest_waiting
      .filter((thread) => (thread.waiting_minutes ?? 0) > stalls.stall_after_minutes)
      .map(
        (thread) =>
          `  stalled ${thread.thread_id} (${thread.entity_id}): ${thread.pending} message(s) since ${thread.waiting_since}`,
      ),
  ].join('\n');
}

/** `verity stats`: success metrics computed from the ledger, and extraction stalls. */
export function registerStatsCommands(program: Command, toolkit: CliToolkit): void {
  program
    .command('stats')
    .description('success metrics computed from the ledger, and extraction stalls')
    .option('--stall-minutes <n>', 'a thread waiting longer for extraction is stalled', '15')
    .option('--json', 'print JSON')
    .action(
      async (
        options: { readonly json?: true; readonly stallMinutes: string },
        command: Command,
      ) => {
        const { extractionStalls } = await import('../../../engine/index.js');
        await toolkit.show(
          command,
          options,
          async (engine): Promise<StatsWithStalls> => ({
            ...(await engine.stats()),
            extraction_stalls: await extractionStalls(engine, {
              stallAfterMinutes: Number(options.stallMinutes),
            }),
          }),
          (value) => `${renderStats(value)}\n${renderStalls(value.extraction_stalls)}`,
        );
      },
    );
}
