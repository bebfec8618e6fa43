import { type Command, InvalidArgumentError, Option } from 'commander';
import {
  type DailyMetrics,
  EngineError,
  INCIDENT_TYPES,
  type Incident,
  type IncidentType,
  REQUIRED_FIELDS,
  TASK_PRIORITIES,
  TASK_STATES,
  type Task,
  type TaskFields,
  type TaskState,
  taskSummary,
} from '../../../core/index.js';
import type { Engine, Experiment, Patch, ReconcileReport } from '../../../engine/index.js';
import { collect, oneOf } from '../option-parsers.js';
import { resolveId } from '../resolve-id.js';
import type { CliToolkit } from '../toolkit.js';

interface FieldOptions {
  readonly title?: string;
  readonly description?: string;
  readonly priority?: string;
  readonly due?: string;
  readonly dod?: readonly string[];
  readonly nextAction?: string;
  readonly nextCheck?: string;
  readonly waitingOn?: string;
  readonly cadenceHours?: number;
  readonly lastFollowup?: string;
  readonly blockingQuestion?: string;
  readonly proof?: string;
  readonly owner?: string;
}

interface CommonOptions extends FieldOptions {
  readonly reason?: string;
  readonly entity?: string;
  readonly json?: true;
}

const priority = oneOf(TASK_PRIORITIES);

const state = oneOf(TASK_STATES, (text) => text.toUpperCase());

function hours(text: string): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value <= 0)
    throw new InvalidArgumentError('must be a positive number of hours.');
  return value;
}

function incidentType(text: string): IncidentType {
  if (!(INCIDENT_TYPES as readonly string[]).includes(text)) {
    throw new InvalidArgumentError(`must be one of ${INCIDENT_TYPES.join(', ')}.`);
  }
  return text as IncidentType;
}

function fieldsOf(options: FieldOptions): TaskFields {
  const fields: Record<string, unknown> = {
    title: options.title,
    description: options.description,
    priority: options.priority,
    due: options.due,
    definition_of_done: options.dod,
    next_action: options.nextAction,
    next_check: options.nextCheck,
    who_waiting_on: options.waitingOn,
    followup_cadence_hours: options.cadenceHours,
    last_followup: options.lastFollowup,
    blocking_question: options.blockingQuestion,
    completion_proof: options.proof,
    owner: options.owner,
  };
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  ) as TaskFields;
}

/**
 * Adds the task field options. `tasks add` takes its title as the argument, so it gets no
 * `--title` (a "new title" option on a command that creates the task only confused).
 */
function withFieldOptions(command: Command, { retitle = true } = {}): Command {
  if (retitle) command.option('--title <text>', 'rename the task');
  return command
    .option('--description <text>', 'longer description')
    .option('--priority <P0-P3>', `priority${neededBy('priority')}`, priority)
    .option('--due <rfc3339>', `deadline${neededBy('due')}`)
    .option(
      '--dod <text>',
      `a definition-of-done item, repeatable${neededBy('definition_of_done', 'one')}`,
      collect,
    )
    .option('--next-action <text>', `the next concrete step${neededBy('next_action')}`)
    .option('--next-check <rfc3339>', `when the reconciler looks next${neededBy('next_check')}`)
    .option('--waiting-on <who>', `who we wait on${neededBy('who_waiting_on')}`)
    .option(
      '--cadence-hours <n>',
      `hours between follow-ups${neededBy('followup_cadence_hours')}`,
      hours,
    )
    .option('--last-followup <rfc3339>', `last follow-up sent${neededBy('last_followup')}`)
    .option('--blocking-question <text>', `what blocks it${neededBy('blocking_question')}`)
    .option(
      '--proof <text>',
      `completion proof: a path, link or summary${neededBy('completion_proof')}`,
    )
    .option('--owner <who>', 'who owns the task');
}

/** " (TRIAGED needs it)": the states that require `field` (core's REQUIRED_FIELDS), for help. */
function neededBy(field: keyof TaskFields, what = 'it'): string {
  const states = Object.entries(REQUIRED_FIELDS)
    .filter(([, fields]) => fields.includes(field))
    .map(([state]) => state);
  return states.length === 0 ? '' : ` (${states.join(', ')} needs ${what})`;
}

/** One line per task. */
export function renderTaskLine(task: Task): string {
  return taskSummary(task);
}

function renderTask(task: Task): string {
  const lines = [renderTaskLine(task)];
  const show = (label: string, value: unknown) => {
    if (value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0)) {
      lines.push(`  ${label}: ${Array.isArray(value) ? value.join('; ') : String(value)}`);
    }
  };
  show('entity', task.entity_id);
  show('owner', task.owner);
  show('description', task.description === '' ? null : task.description);
  show('definition of done', task.definition_of_done);
  show('next action', task.next_action);
  show('next check', task.next_check);
  show('waiting on', task.who_waiting_on);
  show('blocking question', task.blocking_question);
  show('completion proof', task.completion_proof);
  show('cancel reason', task.cancel_reason);
  show('provenance', `${task.provenance.source} ${task.provenance.ref}`.trim());
  show('said', task.provenance.quote);
  for (const entry of task.history) {
    lines.push(`  ${entry.at} ${entry.event} (${entry.actor}) ${entry.detail}`);
  }
  return lines.join('\n');
}

function renderReconcile(report: ReconcileReport): string {
  const lines = [
    `reconciled at ${report.at}: ${report.tasks_checked} open task(s) due for a look, ${report.actions.length} action(s)`,
  ];
  for (const action of report.actions) {
    const what =
      action.kind === 'escalate'
        ? `escalate to E${action.level}`
        : action.kind === 'notify'
          ? `notify (${action.topic})${action.recorded ? '' : ' [already sent]'}`
          : action.kind === 'log_incident'
            ? `incident ${action.type}`
            : action.kind === 'set_next_check'
              ? `next_check ${action.next_check}`
              : `subtask "${action.title}"`;
    lines.push(`- ${action.task_id}: ${what}: ${action.reason}`);
  }
  for (const failure of report.notification_failures) {
    lines.push(`! notification ${failure.key} failed: ${failure.error}`);
  }
  for (const id of report.dead_man) lines.push(`BLOCKED: P0 task ${id} holds the dead-man switch`);
  return lines.join('\n');
}

function renderIncidents(incidents: readonly Incident[]): string {
  if (incidents.length === 0) return 'no incidents';
  return incidents
    .map(
      (i) =>
        `${i.at} ${i.incident_id} ${i.type} [${i.severity}]${i.task_id === null ? '' : ` ${i.task_id}`}: ${i.detail}`,
    )
    .join('\n');
}

function renderMetrics(metrics: DailyMetrics): string {
  return Object.entries(metrics)
    .map(
      ([key, value]) =>
        `${key}: ${typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`,
    )
    .join('\n');
}

/** `verity tasks add|list`: capture a task, list open ones. */
function registerTaskEntryCommands(tasks: Command, toolkit: CliToolkit): void {
  withFieldOptions(tasks.command('add'), { retitle: false })
    .description(
      'capture a task (CAPTURED); P2/P3 work is refused while a P0 holds the dead-man switch',
    )
    .argument('<title>', 'what to do')
    .option('--entity <id>', 'whose task (default user:primary)')
    .option('--json', 'print the task as JSON')
    .action(
      toolkit.printing(
        (engine, options: CommonOptions, title: string) =>
          engine.tasks.add({
            title,
            fields: fieldsOf(options),
            ...(options.entity === undefined ? {} : { entity_id: options.entity }),
          }),
        renderTaskLine,
      ),
    );

  tasks
    .command('list')
    .description('open tasks by priority and due date')
    .option('--all', 'include DONE and CANCELLED tasks')
    .option('--state <state>', 'only tasks in this state', state)
    .option('--entity <id>', 'only this entity')
    .option('--json', 'print {"tasks":[...]}')
    .action(
      toolkit.printing(
        async (
          engine,
          options: { all?: true; state?: TaskState; entity?: string; json?: true },
        ) => ({
          tasks: await engine.tasks.list({
            state: options.state !== undefined ? [options.state] : options.all ? 'all' : 'open',
            ...(options.entity === undefined ? {} : { entity_id: options.entity }),
          }),
        }),
        (value) =>
          value.tasks.length === 0 ? 'no tasks' : value.tasks.map(renderTaskLine).join('\n'),
      ),
    );
}

/** `verity tasks show|move|update`: one task, its state and fields. */
function registerTaskChangeCommands(tasks: Command, toolkit: CliToolkit): void {
  tasks
    .command('show')
    .description('one task with its fields and history')
    .argument('<id>', 'TASK-YYYYMMDD-NNN')
    .option('--json', 'print the task as JSON')
    .action(
      toolkit.printing(
        async (engine, _options, id: string) =>
          engine.tasks.show(await resolveId(engine, 'task', id)),
        renderTask,
      ),
    );

  withFieldOptions(tasks.command('move'))
    .description('move a task to another state, setting the fields that state requires')
    .argument('<id>', 'TASK-YYYYMMDD-NNN')
    .argument('<state>', 'the target state', state)
    .option('--reason <text>', 'why (required for CANCELLED)')
    .option('--json', 'print the task as JSON')
    .action(
      toolkit.printing(
        async (engine, options: CommonOptions, id: string, to: TaskState) =>
          engine.tasks.move(await resolveId(engine, 'task', id), to, fieldsOf(options), {
            reason: options.reason ?? '',
          }),
        renderTaskLine,
      ),
    );

  withFieldOptions(tasks.command('update'))
    .description('set fields without moving the task')
    .argument('<id>', 'TASK-YYYYMMDD-NNN')
    .option('--progress', 'this is progress (resets staleness)')
    .option('--reason <text>', 'why')
    .option('--json', 'print the task as JSON')
    .action(
      toolkit.printing(
        async (engine, options: CommonOptions & { progress?: true }, id: string) =>
          engine.tasks.update(await resolveId(engine, 'task', id), fieldsOf(options), {
            progress: options.progress === true,
            reason: options.reason ?? '',
          }),
        renderTaskLine,
      ),
    );
}

/** How `done` and `cancel` differ: each ends a task with one required text that says why. */
interface TaskEnding {
  readonly name: 'done' | 'cancel';
  readonly description: string;
  /** The required text option (`--proof <text>`, `--reason <text>`) and its help. */
  readonly option: 'proof' | 'reason';
  readonly help: string;
  readonly end: (engine: Engine, id: string, text: string) => Promise<Task>;
}

const TASK_ENDINGS: readonly TaskEnding[] = [
  {
    name: 'done',
    description: 'complete a task (from EXECUTING or VERIFYING) with its proof',
    option: 'proof',
    help: 'a file path, message link or summary proving it done',
    end: (engine, id, proof) => engine.tasks.done(id, proof),
  },
  {
    name: 'cancel',
    description: 'cancel a task; a reason is required',
    option: 'reason',
    help: 'why it is cancelled',
    end: (engine, id, reason) => engine.tasks.cancel(id, reason),
  },
];

/** `verity tasks done|cancel|ack`: finish, drop or acknowledge a task. */
function registerTaskEndCommands(tasks: Command, toolkit: CliToolkit): void {
  for (const ending of TASK_ENDINGS) {
    tasks
      .command(ending.name)
      .description(ending.description)
      .argument('<id>', 'TASK-YYYYMMDD-NNN')
      .requiredOption(`--${ending.option} <text>`, ending.help)
      .option('--json', 'print the task as JSON')
      .action(
        async (
          id: string,
          options: { proof?: string; reason?: string; json?: true },
          command: Command,
        ) => {
          // commander enforces the required option, so the text is there.
          const text = options[ending.option] ?? '';
          await toolkit.show(
            command,
            options,
            async (engine) => ending.end(engine, await resolveId(engine, 'task', id), text),
            renderTaskLine,
          );
        },
      );
  }

  tasks
    .command('ack')
    .description(
      'acknowledge an escalation (stops the dead-man alert repeating; does not clear it)',
    )
    .argument('<id>', 'TASK-YYYYMMDD-NNN')
    .option('--note <text>', 'what you will do')
    .option('--json', 'print the task as JSON')
    .action(
      toolkit.printing(
        async (engine, options: { note?: string; json?: true }, id: string) =>
          engine.tasks.acknowledge(
            await resolveId(engine, 'task', id),
            options.note === undefined ? {} : { reason: options.note },
          ),
        renderTaskLine,
      ),
    );
}

/** `verity tasks capture|proposals|accept`: commitments read from threads. */
function registerCommitmentCommands(tasks: Command, toolkit: CliToolkit): void {
  tasks
    .command('capture')
    .description('capture commitments from a thread as tasks (weak ones are only proposed)')
    .requiredOption('--thread <id>', 'the thread to read')
    .option('--json', 'print {"created":[...],"proposed":[...]}')
    .action(
      toolkit.printing(
        async (engine, options: { thread: string; json?: true }) => {
          const { created, proposed } = await engine.tasks.capture({ thread_id: options.thread });
          return { created, proposed };
        },
        (value) =>
          [
            ...value.created.map((c) => `created ${c.task_id} ${c.title} (${c.ref})`),
            ...value.proposed.map(
              (p) => `proposed ${p.proposal_id} ${p.title} (${p.doubts.join(', ')}; ${p.ref})`,
            ),
          ].join('\n') || 'no new commitments',
      ),
    );

  tasks
    .command('proposals')
    .description('commitments seen below the evidence bar, waiting to be accepted')
    .option('--all', 'include accepted ones')
    .option('--json', 'print {"proposals":[...]}')
    .action(
      toolkit.printing(
        async (engine, options: { all?: true; json?: true }) => ({
          proposals: await engine.tasks.proposals({ all: options.all === true }),
        }),
        (value) =>
          value.proposals.length === 0
            ? 'no proposals'
            : value.proposals
                .map((p) => `${p.proposal_id} [${p.status}] ${p.title} (${p.doubts.join(', ')})`)
                .join('\n'),
      ),
    );

  tasks
    .command('accept')
    .description('turn a proposal into a CAPTURED task')
    .argument('<proposal_id>', 'PROP-…')
    .option('--json', 'print the task as JSON')
    .action(
      toolkit.printing(
        (engine, _options, id: string) => engine.tasks.acceptProposal(id),
        renderTaskLine,
      ),
    );
}

/** `verity reconcile`: run the task reconciler now. */
function registerReconcileCommand(program: Command, toolkit: CliToolkit): void {
  program
    .command('reconcile')
    .description('run the task reconciler now and print every action it took, with its reason')
    .option('--json', 'print the report as JSON (notifications are not printed separately)')
    .action(async (options: { json?: true }, command: Command) => {
      const { createStdoutNotifier } = await toolkit.engineModule();
      await toolkit.run(command, async (engine) => {
        const report = await engine.tasks.reconcile(
          options.json === true
            ? {}
            : { notifier: createStdoutNotifier((line) => toolkit.print(line)) },
        );
        toolkit.output(options, report, renderReconcile);
      });
    });
}

/** `verity incidents list|log`: failures Verity logged. */
function registerIncidentCommands(program: Command, toolkit: CliToolkit): void {
  const incidents = program.command('incidents').description('failures Verity logged (seed 004)');

  incidents
    .command('list')
    .description('incidents in the order they were logged')
    .option('--type <type>', 'only this type', incidentType)
    .option('--since <rfc3339>', 'only incidents at or after this instant')
    .option('--json', 'print {"incidents":[...]}')
    .action(
      toolkit.printing(
        async (engine, options: { type?: IncidentType; since?: string; json?: true }) => ({
          incidents: await engine.tasks.incidents({
            ...(options.type === undefined ? {} : { type: options.type }),
            ...(options.since === undefined ? {} : { since: options.since }),
          }),
        }),
        (value) => renderIncidents(value.incidents),
      ),
    );

  incidents
    .command('log')
    .description('log an incident by hand (a wrong recall, a failed execution, …)')
    // Declared with .choices() so help, shells and the surface-contract walker see the valid values.
    .addOption(
      new Option('--type <type>', 'the incident type')
        .choices(INCIDENT_TYPES)
        .makeOptionMandatory(),
    )
    .requiredOption('--detail <text>', 'what went wrong')
    .option('--task <id>', 'the task it concerns')
    .option('--severity <level>', 'low | medium | high', 'medium')
    .option('--json', 'print the incident as JSON')
    .action(
      async (
        options: {
          type: IncidentType;
          detail: string;
          task?: string;
          severity: string;
          json?: true;
        },
        command: Command,
      ) => {
        if (!['low', 'medium', 'high'].includes(options.severity)) {
          throw new InvalidArgumentError('--severity must be low, medium or high.');
        }
        await toolkit.run(command, async (engine) => {
          const incident = await engine.tasks.logIncident({
            type: options.type,
            detail: options.detail,
            severity: options.severity as 'low' | 'medium' | 'high',
            ...(options.task === undefined ? {} : { task_id: options.task }),
          });
          toolkit.output(options, incident, (value) => renderIncidents([value]));
        });
      },
    );
}

function renderExperiment(e: Experiment): string {
  const variants = e.variants
    .map((v) => `${v.name} ${v.value === null ? 'n/a' : v.value} over ${v.days}d`)
    .join(', ');
  return `${e.id} [${e.status}] ${e.patch_id} ${e.success_metric}: ${variants} (rollback if ${e.rollback_if})`;
}

function renderPatchList(value: {
  readonly patches: readonly Patch[];
  readonly experiments: readonly Experiment[];
}): string {
  const patches =
    value.patches.length === 0
      ? ['no patches']
      : value.patches.map(
          (p) =>
            `${p.patch_id} [${p.status}] ${p.title}: ${p.change.key} → ${JSON.stringify(p.change.to)} (rollback if ${p.rollback_condition.metric} < ${p.rollback_condition.below} for ${p.rollback_condition.days} days)`,
        );
  if (value.experiments.length === 0) return patches.join('\n');
  return [...patches, 'experiments:', ...value.experiments.map(renderExperiment)].join('\n');
}

/** `verity patches list|approve|reject`: parameter patches of the improvement loop. */
function registerPatchCommands(program: Command, toolkit: CliToolkit): void {
  const patches = program
    .command('patches')
    .description('parameter patches proposed by the nightly improvement loop');

  patches
    .command('list')
    .description('patches in proposal order')
    .option('--status <status>', 'proposed | applied | rejected | rolled_back')
    .option('--json', 'print {"patches":[...],"experiments":[...]}')
    .action(async (options: { status?: string; json?: true }, command: Command) => {
      const statuses = ['proposed', 'applied', 'rejected', 'rolled_back'];
      if (options.status !== undefined && !statuses.includes(options.status)) {
        throw new InvalidArgumentError(`--status must be one of ${statuses.join(', ')}.`);
      }
      await toolkit.run(command, async (engine) => {
        const list = await engine.tasks.patches(
          options.status === undefined ? {} : { status: options.status as Patch['status'] },
        );
        // The experiments registry rides along, as MCP `list_tasks` view "patches" does: each
        // applied patch's success metric before and after.
        const experiments = await engine.tasks.experiments();
        toolkit.output(options, { patches: list, experiments }, renderPatchList);
      });
    });

  for (const verdict of ['approve', 'reject'] as const) {
    patches
      .command(verdict)
      .description(verdict === 'approve' ? 'apply a proposed patch' : 'reject a proposed patch')
      .argument('<patch_id>', 'PATCH-YYYYMMDD-NNN')
      .option('--note <text>', 'why')
      .option('--json', 'print the patch as JSON')
      .action(
        toolkit.printing(
          async (engine, options: { note?: string; json?: true }, id: string) => {
            // A thin alias of `verity review approve|reject`: the same review-queue answer.
            const answer = await engine.tasks.answerReview(id, verdict, options.note);
            if (answer.kind !== 'patch') {
              throw new EngineError('VALIDATION_FAILED', `${id} is not a patch`, { patch_id: id });
            }
            return answer.patch;
          },
          (p) => `${p.patch_id} ${p.status}`,
        ),
      );
  }
}

/** `verity improve` and `verity metrics`: the nightly loop and its metrics. */
function registerImprovementCommands(program: Command, toolkit: CliToolkit): void {
  program
    .command('improve')
    .description(
      'run the nightly improvement loop now: analyse 7 days, propose patches, check rollbacks',
    )
    .option('--json', 'print the report as JSON')
    .action(
      toolkit.printing(
        (engine) => engine.tasks.improve(),
        (r) =>
          [
            `window ${r.analysis.window[0] ?? ''}..${r.analysis.window[r.analysis.window.length - 1] ?? ''}; top failure: ${r.analysis.top_failure ?? 'none'}`,
            ...r.proposed.map((p) => `proposed ${p.patch_id}: ${p.title}`),
            ...r.rolled_back.map((p) => `rolled back ${p.patch_id}: ${p.rollback_reason ?? ''}`),
          ].join('\n'),
      ),
    );

  program
    .command('metrics')
    .description("a day's task metrics (seed 004's ops/metrics JSON)")
    .option('--date <YYYY-MM-DD>', 'the UTC day (default: today)')
    .option('--json', 'print the metrics as JSON')
    .action(
      toolkit.printing(
        (engine, options: { date?: string; json?: true }) => engine.tasks.metrics(options.date),
        renderMetrics,
      ),
    );
}

/**
 * Registers `verity tasks add|list|show|move|update|done|cancel|ack`, `verity reconcile`,
 * `verity incidents list|log`, `verity patches list|approve|reject`, `verity improve` and
 * `verity metrics`.
 */
export function registerTaskCommands(program: Command, toolkit: CliToolkit): void {
  const tasks = program
    .command('tasks')
    .description('tasks that cannot be dropped: state machine, escalation, dead-man switch');

  registerTaskEntryCommands(tasks, toolkit);
  registerTaskChangeCommands(tasks, toolkit);
  registerTaskEndCommands(tasks, toolkit);
  registerCommitmentCommands(tasks, toolkit);
  registerReconcileCommand(program, toolkit);
  registerIncidentCommands(program, toolkit);
  registerPatchCommands(program, toolkit);
  registerImprovementCommands(program, toolkit);
}
