import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import type {
  CaptureResult,
  FrictionReport,
  MemoryEntryView,
  ObserveReport,
  ProposalView,
  ReflectReport,
} from '../../../engine/index.js';
import { UsageError } from '../exit-codes.js';
import { resolveId } from '../resolve-id.js';
import type { CliToolkit } from '../toolkit.js';

interface JsonOption {
  readonly json?: true;
}

function renderObserve(report: ObserveReport): string {
  const { red, yellow, green } = report.observations;
  const log = report.daily_log === null ? '' : ` -> ${report.daily_log}`;
  return `${report.session_id}: ${report.status} by ${report.observer}: ${report.segments} segment(s), ${red} red, ${yellow} yellow, ${green} green${log}`;
}

function renderCapture(result: CaptureResult): string {
  const head =
    result.status === 'duplicate'
      ? `duplicate capture ${result.capture_key.slice(0, 16)} (already captured; nothing written)`
      : `captured ${result.entries} entries (${result.format}) of session ${result.session_id} on ${result.trigger}: ${result.capture_key.slice(0, 16)}`;
  const lines = [head];
  if (result.skipped_lines > 0) {
    lines.push(`skipped ${result.skipped_lines} line(s) no entry could be read from:`);
    for (const s of result.skipped) lines.push(`  line ${s.line}: ${s.reason}`);
    const more = result.skipped_lines - result.skipped.length;
    if (more > 0) lines.push(`  … and ${more} more`);
  }
  if (result.job_id !== null) lines.push(`observer job queued: ${result.job_id}`);
  if (result.observed !== null) lines.push(renderObserve(result.observed));
  return lines.join('\n');
}

function renderProposals(list: readonly ProposalView[]): string {
  if (list.length === 0) return 'no proposals';
  return list
    .map((p) => {
      const expiry = p.expires_at === null ? '' : ` (expires ${p.expires_at.slice(0, 10)})`;
      return `[${p.proposal_id}] ${p.status} -> ${p.section}: ${p.text}${expiry}`;
    })
    .join('\n');
}

function renderReflect(report: ReflectReport): string {
  const lines = [
    `${report.status}: ${report.proposals.length} proposal(s) from ${report.input_observations} observation(s); ${report.rejected.length} refused by the quality gate`,
  ];
  for (const a of report.attempts) {
    lines.push(
      `  level ${a.level}: ${a.output_tokens}/${a.input_tokens} tokens (${a.ratio}) ${a.passed ? 'ok' : 'too large'}`,
    );
  }
  if (report.notice !== null) lines.push(report.notice);
  if (report.expired.length > 0) lines.push(`expired: ${report.expired.join(', ')}`);
  if (report.proposals.length > 0) lines.push(renderProposals(report.proposals));
  lines.push(`review: ${report.review_file}`);
  return lines.join('\n');
}

function renderMemory(list: readonly MemoryEntryView[]): string {
  if (list.length === 0) return 'no promoted memory';
  return list
    .map((m) => `[${m.memory_id}] ${m.status} ${m.section} (${m.memory_priority}): ${m.text}`)
    .join('\n');
}

function renderFriction(report: FrictionReport): string {
  if (report.status === 'gated') {
    return `gated: ${report.history_days} day(s) of history, ${report.min_history_days} needed`;
  }
  if (report.fixes.length === 0) return 'no recurring friction';
  return report.fixes.map((f) => `[${f.fix_id}] ${f.text} (${f.occurrences}x)`).join('\n');
}

async function readTranscript(file: string, stdin: () => Promise<string>): Promise<string> {
  return file === '-' ? stdin() : readFile(file, 'utf8');
}

/** `verity capture`: record a session transcript for the observer. */
function registerCaptureCommand(program: Command, toolkit: CliToolkit): void {
  program
    .command('capture')
    .description('capture a session transcript (Verity JSONL, Claude Code or pi), then observe it')
    .argument('<file>', 'the transcript file, or - for stdin')
    .option('--session <id>', 'the session id (default: the one the transcript names)')
    .requiredOption('--trigger <trigger>', 'compaction, shutdown or manual')
    .option('--entity <id>', 'the entity the session belongs to (default user:primary)')
    .option('--sync', 'observe now instead of queueing a durable observer job')
    .option('--no-observe', 'only capture')
    .option('--json', 'print the capture as JSON')
    .action(
      async (
        file: string,
        options: JsonOption & {
          session?: string;
          trigger: string;
          entity?: string;
          sync?: true;
          observe: boolean;
        },
        command: Command,
      ) => {
        const text = await readTranscript(file, () => toolkit.io.stdin());
        await toolkit.run(command, async (engine) => {
          const result = await engine.observer.capture({
            text,
            sessionId: options.session,
            trigger: options.trigger,
            entityId: options.entity,
            observe: options.observe === false ? 'none' : options.sync ? 'sync' : 'queue',
          });
          toolkit.output(options, result, renderCapture);
          if (result.skipped_lines > 0) {
            const first = result.skipped.map((s) => s.line).join(', ');
            toolkit.io.stderr(
              `verity: warning: ${result.skipped_lines} transcript line(s) skipped (not JSON, or of no known shape), at line(s) ${first}${result.skipped_lines > result.skipped.length ? ', …' : ''}; the other entries were captured\n`,
            );
          }
        });
      },
    );
}

/** `verity observer run|work|daily|schedule|captures`: the session observer. */
function registerObserverRunCommands(program: Command, toolkit: CliToolkit): void {
  const observer = program.command('observer').description('the session observer');
  observer
    .command('run')
    .description('observe captures not observed yet, now')
    .option('--json', 'print the runs as JSON')
    .action(
      toolkit.printing(
        async (engine) => ({ runs: await engine.observer.observePending() }),
        (v) => (v.runs.length === 0 ? 'nothing to observe' : v.runs.map(renderObserve).join('\n')),
      ),
    );
  observer
    .command('work')
    .description('run ready observer and daily jobs until none is ready')
    .option('--json', 'print {"ran":N}')
    .action(
      toolkit.printing(
        async (engine) => ({ ran: await engine.observer.drainQueue() }),
        (v) => `${v.ran} observer job(s) run`,
      ),
    );
  observer
    .command('daily')
    .description('run the daily job now: expiry, retention, reflection, friction; queue the next')
    .option('--json', 'print the daily report as JSON')
    .action(
      toolkit.printing(
        (engine) => engine.observer.runDaily(),
        (v) =>
          [
            `expired ${v.expired.length}; retention pruned ${v.retention.pruned.length}, archived ${v.retention.archived.length}`,
            renderReflect(v.reflect),
            renderFriction(v.friction),
            `next daily job: ${v.next_job_id}`,
          ].join('\n'),
      ),
    );
  observer
    .command('schedule')
    .description('queue the daily job for the next 06:00 UTC (run by verity observer work)')
    .option('--json', 'print {"job_id"}')
    .action(
      toolkit.printing(
        async (engine) => ({ job_id: await engine.observer.scheduleDaily() }),
        (v) => `daily job queued: ${v.job_id}`,
      ),
    );
  observer
    .command('captures')
    .description('list captures')
    .option('--json', 'print the captures as JSON')
    .action(
      toolkit.printing(
        async (engine) => ({ captures: await engine.observer.listCaptures() }),
        (v) =>
          v.captures
            .map(
              (c) =>
                `${c.capture_key.slice(0, 16)} ${c.session_id} ${c.trigger} ${c.entry_count} entries${c.observed ? ' observed' : ''}`,
            )
            .join('\n') || 'no captures',
      ),
    );
}

/** `verity reflect` and `verity proposals …`: MEMORY.md proposals and their review. */
function registerReflectionCommands(program: Command, toolkit: CliToolkit): void {
  program
    .command('reflect')
    .description('condense recent observations into MEMORY.md proposals (REVIEW.md), now')
    .option('--json', 'print the reflection as JSON')
    .action(toolkit.printing((engine) => engine.observer.reflect(), renderReflect));

  const proposals = program.command('proposals').description('MEMORY.md proposals under review');
  proposals
    .command('list')
    .description('pending proposals (or --status)')
    .option('--status <status>', 'pending, approved, rejected, expired or all', 'pending')
    .option('--json', 'print {"proposals":[...]}')
    .action(async (options: JsonOption & { status: string }, command: Command) => {
      const allowed = ['pending', 'approved', 'rejected', 'expired', 'all'];
      if (!allowed.includes(options.status)) {
        toolkit.io.stderr(`--status must be one of ${allowed.join(', ')}\n`);
        toolkit.setExitCode(2);
        return;
      }
      await toolkit.run(command, async (engine) => {
        const list = await engine.observer.listProposals(options.status as 'all');
        toolkit.output(options, { proposals: list }, (v) => renderProposals(v.proposals));
      });
    });
  for (const action of ['approve', 'reject'] as const) {
    proposals
      .command(action)
      .description(action === 'approve' ? 'promote a proposal into MEMORY.md' : 'reject a proposal')
      .argument('<proposal_id>', 'e.g. p-20260302-001, or a friction fix f-20260302-001')
      .option('--reason <text>', 'why (kept with the decision)')
      .option('--json', 'print the proposal as JSON')
      .action(
        toolkit.printing(
          async (engine, options: JsonOption & { reason?: string }, id: string) =>
            engine.observer.resolveProposal(
              await resolveId(engine, 'proposal', id),
              action,
              options.reason === undefined ? {} : { reason: options.reason },
            ),
          (v) => renderProposals([v]),
        ),
      );
  }
  proposals
    .command('edit')
    .description("change a pending proposal's text or target section")
    .argument('<proposal_id>', 'e.g. p-20260302-001, or a friction fix f-20260302-001')
    .option('--text <text>', 'the new text')
    .option(
      '--section <section>',
      'Preferences, Hard Rules, Decisions, System Architecture or Patterns',
    )
    .option('--json', 'print the proposal as JSON')
    .action(
      toolkit.printing(
        async (engine, options: JsonOption & { text?: string; section?: string }, id: string) =>
          engine.observer.resolveProposal(await resolveId(engine, 'proposal', id), 'edit', {
            ...(options.text === undefined ? {} : { text: options.text }),
            ...(options.section === undefined ? {} : { section: options.section }),
          }),
        (v) => renderProposals([v]),
      ),
    );
  proposals
    .command('sync')
    .description(
      'approve the proposals ticked [x] in REVIEW.md (those unreviewed for 7 days expire first)',
    )
    .option('--json', 'print {"approved":[...],"expired":[...]}')
    .action(
      toolkit.printing(
        async (engine) => {
          // Recorded here, not inside the sync, so the output can say why a tick approved nothing.
          const expired = await engine.observer.expireProposals();
          return { approved: await engine.observer.syncReview(), expired };
        },
        (v) => {
          const lines = [
            v.approved.length > 0
              ? `approved ${v.approved.join(', ')}`
              : v.expired.length > 0
                ? 'nothing approved'
                : 'nothing ticked',
          ];
          if (v.expired.length > 0) {
            lines.push(`expired (unreviewed for 7 days, not approved): ${v.expired.join(', ')}`);
          }
          return lines.join('\n');
        },
      ),
    );
  proposals
    .command('expire')
    .description('expire proposals unreviewed for 7 days')
    .option('--json', 'print {"expired":[...]}')
    .action(
      toolkit.printing(
        async (engine) => ({ expired: await engine.observer.expireProposals() }),
        (v) => (v.expired.length === 0 ? 'nothing expired' : `expired ${v.expired.join(', ')}`),
      ),
    );
}

/** `verity memory resolve-edit`: a hand edit held in a MEMORY.md zone, adopted or overwritten. */
function registerResolveEdit(memory: Command, toolkit: CliToolkit): void {
  memory
    .command('resolve-edit')
    .description(
      'resolve a hand edit kept in a MEMORY.md zone: --adopt makes it memory, --overwrite discards it',
    )
    .argument('<zone>', 'the section (e.g. Decisions) or zone id (e.g. memory-decisions)')
    .option('--adopt', 'turn the zone as edited into memory entries')
    .option('--overwrite', 'discard the edit and write the entries again')
    .option('--json', 'print what was retired and promoted as JSON')
    .action(
      async (
        zone: string,
        options: JsonOption & { adopt?: true; overwrite?: true },
        command: Command,
      ) => {
        if ((options.adopt === true) === (options.overwrite === true)) {
          throw new UsageError('resolve-edit takes exactly one of --adopt or --overwrite');
        }
        await toolkit.run(command, async (engine) => {
          const result = await engine.observer.resolveZoneEdit(
            zone,
            options.adopt === true ? 'adopt' : 'overwrite',
          );
          toolkit.output(
            options,
            result,
            (v) =>
              `${v.zone_id}: edit ${v.action} (retired ${v.retired.length}, promoted ${v.promoted.length})`,
          );
        });
      },
    );
}

/** `verity memory …`, `ask`, `retention` and `friction`: promoted memory and what it says. */
function registerMemoryCommands(program: Command, toolkit: CliToolkit): void {
  const memory = program.command('memory').description('promoted MEMORY.md entries');
  memory
    .command('list')
    .description('active entries (--all: retired too)')
    .option('--all', 'include retired entries')
    .option('--json', 'print {"memory":[...]}')
    .action(
      toolkit.printing(
        async (engine, options: JsonOption & { all?: true }) => ({
          memory: await engine.observer.listMemory(options.all === true),
        }),
        (v) => renderMemory(v.memory),
      ),
    );
  memory
    .command('retire')
    .description('retire one entry: it leaves MEMORY.md, its history stays')
    .argument('<memory_id>', 'e.g. m-20260302-001, or the mem_… id search shows for it')
    .option('--reason <text>', 'why')
    .option('--json', 'print the entry as JSON')
    .action(
      toolkit.printing(
        async (engine, options: JsonOption & { reason?: string }, id: string) =>
          engine.observer.retireMemory(
            await resolveId(engine, 'MEMORY.md entry', id),
            options.reason,
          ),
        (v) => renderMemory([v]),
      ),
    );
  memory
    .command('forget')
    .description(
      'forget one entry and the passages carrying it (redacted, like verity forget); --yes to take other entries drawn from a message that goes whole',
    )
    .argument('<memory_id>', 'e.g. m-20260302-001, or the mem_… id search shows for it')
    .option('--reason <text>', 'why')
    .option('--yes', 'also forget the other entries it names')
    .option('--json', 'print the forget result as JSON')
    .action(
      async (
        id: string,
        options: JsonOption & { reason?: string; yes?: true },
        command: Command,
      ) => {
        await toolkit.run(command, async (engine) => {
          const entry = await resolveId(engine, 'MEMORY.md entry', id);
          const result = await engine.observer.forgetMemory(entry, options.reason, {
            also: options.yes === true,
          });
          toolkit.output(options, result, (v) => {
            const lines = [`forgot ${v.memories_forgotten.join(', ')}`];
            if (v.messages_redacted.length > 0) {
              lines.push(`passages redacted from ${v.messages_redacted.join(', ')}`);
            }
            return lines.join('\n');
          });
        });
      },
    );
  registerResolveEdit(memory, toolkit);

  program
    .command('ask')
    .description('answer from observations, promoted memory, items and messages, with citations')
    .argument('<question>', 'e.g. "what did we decide about Redis TTLs?"')
    .option('--limit <n>', 'passages to cite (default 5)', (v) => Number.parseInt(v, 10))
    .option('--json', 'print {"answer","mode","citations":[...]}')
    .action(
      toolkit.printing(
        (engine, options: JsonOption & { limit?: number }, question: string) =>
          engine.observer.ask(
            question,
            options.limit === undefined || Number.isNaN(options.limit)
              ? {}
              : { limit: options.limit },
          ),
        (v) =>
          [
            v.answer,
            ...v.citations.map(
              (c) =>
                `[${c.ref}] ${c.kind} ${c.id}${c.retired ? ' retired' : ''} (${c.source}${c.at ? `, ${c.at}` : ''})`,
            ),
          ].join('\n'),
      ),
    );

  program
    .command('retention')
    .description('apply the P0–P3 retention policy to observations (recorded in the ledger)')
    .option('--json', 'print what was pruned and archived')
    .action(
      toolkit.printing(
        (engine) => engine.observer.applyRetention(),
        (v) => `pruned ${v.pruned.length}, archived ${v.archived.length}`,
      ),
    );

  program
    .command('friction')
    .description('cluster recurring problems across sessions into REVIEW.md friction fixes')
    .option('--json', 'print the analysis as JSON')
    .action(toolkit.printing((engine) => engine.observer.analyzeFriction(), renderFriction));
}

/**
 * Registers the session-memory commands: `capture`, `observer`, `reflect`, `proposals`, `memory`,
 * `ask`, `retention` and `friction`.
 */
export function registerObserverCommands(program: Command, toolkit: CliToolkit): void {
  registerCaptureCommand(program, toolkit);
  registerObserverRunCommands(program, toolkit);
  registerReflectionCommands(program, toolkit);
  registerMemoryCommands(program, toolkit);
}
