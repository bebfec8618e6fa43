import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type Clock,
  compareTasks,
  computeDailyMetrics,
  type DailyMetrics,
  EngineError,
  INCIDENT_TYPES,
  type Incident,
  type IncidentType,
  isTerminal,
  type JsonObject,
  renderTaskEventsJsonl,
  sha256Hex,
  stableJson,
  TASK_EVENT_TYPES,
  type Task,
  type TaskEventLine,
  type TaskFields,
  type TaskState,
  toIso,
  toJsonLines,
} from '../core/index.js';
import { type JobQueue, type JobSchedule, scheduleJobs, withinHours } from '../jobs/index.js';
import { EVENT_TYPES } from '../ledger/index.js';
import { type PipelineDeps, recordTaskEvents } from '../pipeline/index.js';
import type { MessageRecord, Store } from '../stores/index.js';
import {
  type AddTaskInput,
  analyzeWindow,
  type CaptureReport,
  type CaptureSource,
  combineNotifiers,
  deadManTasks,
  draftAcknowledge,
  draftAddTask,
  draftCaptures,
  draftIncident,
  draftMoveOf,
  draftMoveTask,
  draftUpdateTask,
  type ImprovementAnalysis,
  type IncidentInput,
  keepAppended,
  type Notifier,
  noopNotifier,
  type Patch,
  type PatchStatus,
  proposePatches,
  type ReconcileReport,
  readConfig,
  readCounters,
  readIncidents,
  readProposals,
  readTask,
  readTasks,
  renderPatchRecord,
  rollbackDue,
  runReconciler,
  TASK_KEYS,
  type TaskEventDraft,
  type TaskProposal,
  type TaskRecorder,
  toPatches,
  windowBefore,
} from '../tasks/index.js';
import {
  awaitsReview,
  checkReviewAction,
  type PatchReviewItem,
  reviewKindOf,
  type TaskReviewAction,
  type TaskReviewAnswer,
  type TaskReviewItem,
  toPatchReviewItem,
  toTaskReviewItem,
} from './task-reviews.js';

/** Task settings of `createEngine`. */
export interface EngineTaskOptions {
  /** Where reconciler notifications go. Default: nowhere (the CLI passes a stdout notifier). */
  readonly notifier?: Notifier;
}

/** Which tasks `list` returns. */
export interface ListTasksOptions {
  /** `open` (default): not DONE or CANCELLED; `all`; or the given states. */
  readonly state?: 'open' | 'all' | readonly TaskState[];
  readonly entity_id?: string;
  readonly limit?: number;
}

/** Who changes a task and why. */
export interface TaskChangeOptions {
  readonly reason?: string;
  readonly actor?: string;
}

/** Which incidents `incidents` returns. */
export interface ListIncidentsOptions {
  readonly type?: IncidentType;
  /** Only incidents at or after this instant (RFC 3339). */
  readonly since?: string;
}

/** When the task jobs run (UTC hours). */
export interface TaskScheduleOptions {
  readonly reconcile_hours?: readonly [number, number];
  readonly improve_hour?: number;
  readonly onError?: (error: unknown) => void;
}

/** Queue names of the task jobs. */
export const TASK_QUEUES = { reconcile: 'tasks.reconcile', improve: 'tasks.improve' } as const;

/** What one run of the nightly loop found and did. */
export interface ImprovementReport {
  readonly analysis: ImprovementAnalysis;
  readonly proposed: readonly Patch[];
  readonly rolled_back: readonly Patch[];
}

/** One experiment: a patch's change, with its success metric before and after. */
export interface Experiment {
  readonly id: string;
  readonly patch_id: string;
  readonly name: string;
  readonly started: string | null;
  readonly hypothesis: string;
  readonly success_metric: string;
  readonly rollback_if: string;
  readonly status: 'active' | 'rolled_back';
  readonly variants: readonly {
    readonly name: 'baseline' | 'patched';
    readonly days: number;
    readonly value: number | null;
  }[];
}

/** Files written by `writeWorkspace`, relative to the workspace. */
export interface TaskFilesReport {
  readonly written: readonly string[];
  readonly removed: readonly string[];
}

/** Tasks, the reconciler, incidents and metrics (seed 004), as `engine.tasks`. */
export interface TasksCapability {
  /** Captures a task (CAPTURED). Refuses P2/P3 work while the dead-man switch stands. */
  add(input: AddTaskInput): Promise<Task>;
  /** Tasks by priority, due, then id (open ones by default). */
  list(options?: ListTasksOptions): Promise<readonly Task[]>;
  /** One task with its recent history. Throws NOT_FOUND. */
  show(id: string): Promise<Task>;
  /**
   * Moves a task along the state machine, setting `fields` first. Throws CONFLICT for an illegal
   * move (or P2/P3 work starting under the dead-man switch) and VALIDATION_FAILED for a missing
   * required field or a cancellation without a reason.
   */
  move(id: string, to: TaskState, fields?: TaskFields, options?: TaskChangeOptions): Promise<Task>;
  /** Sets fields without moving; `progress` resets staleness. */
  update(
    id: string,
    fields: TaskFields,
    options?: TaskChangeOptions & { readonly progress?: boolean },
  ): Promise<Task>;
  /**
   * Completes a task with its proof: from VERIFYING directly, from EXECUTING through VERIFYING
   * (two events, one write). Elsewhere CONFLICT.
   */
  done(id: string, proof: string, options?: TaskChangeOptions): Promise<Task>;
  /** Cancels a task; the reason is required (VALIDATION_FAILED without one). */
  cancel(id: string, reason: string, options?: Omit<TaskChangeOptions, 'reason'>): Promise<Task>;
  /** Acknowledges the task's escalation (the dead-man alert stops repeating; it is not cleared). */
  acknowledge(id: string, options?: TaskChangeOptions): Promise<Task>;
  /**
   * One reconciler pass at the engine's clock. `notifier` receives the pass's new notifications
   * besides the configured one (the CLI passes stdout).
   */
  reconcile(options?: {
    readonly now?: number;
    readonly notifier?: Notifier;
  }): Promise<ReconcileReport>;
  /** P0 tasks holding the dead-man switch. */
  deadMan(): Promise<readonly Task[]>;
  /** Logs an incident (deduplicated per day and content). */
  logIncident(input: IncidentInput): Promise<Incident>;
  /** Incidents in ledger order. */
  incidents(options?: ListIncidentsOptions): Promise<readonly Incident[]>;
  /** Seed 004's daily metrics for a UTC day (default: today by the engine's clock). */
  metrics(date?: string): Promise<DailyMetrics>;
  /**
   * Captures commitments as tasks from the messages of `thread_id` (or of every thread with
   * messages recorded after ledger sequence `after_seq`) and from their open action items. Strong
   * ones become CAPTURED tasks with provenance; weak ones are only proposed. Idempotent.
   */
  capture(options?: {
    readonly thread_id?: string;
    readonly after_seq?: number;
  }): Promise<CaptureReport>;
  /** Proposed tasks (commitments below the evidence bar); open ones by default. */
  proposals(options?: { readonly all?: boolean }): Promise<readonly TaskProposal[]>;
  /** Turns a proposal into a CAPTURED task. Throws NOT_FOUND or CONFLICT (already accepted). */
  acceptProposal(proposalId: string): Promise<Task>;
  /**
   * The nightly improvement loop: aggregates the 7 days before today, finds the top failure mode,
   * proposes 1–3 parameter patches for review, then checks applied patches' rollback conditions.
   */
  improve(): Promise<ImprovementReport>;
  /** Patches, in proposal order (optionally only one status). */
  patches(options?: { readonly status?: PatchStatus }): Promise<readonly Patch[]>;
  /**
   * Approves (applies through a `config.changed` event) or rejects a proposed patch. Throws
   * NOT_FOUND, or CONFLICT when it is not waiting for review.
   */
  reviewPatch(id: string, verdict: 'approved' | 'rejected', note?: string): Promise<Patch>;
  /** Rolls back every applied patch whose rollback condition holds; returns those rolled back. */
  checkRollbacks(): Promise<readonly Patch[]>;
  /** The experiments registry: each applied patch with its metric before and after. */
  experiments(): Promise<readonly Experiment[]>;
  /**
   * Starts the durable schedule `verity serve` runs: the reconciler every 30 minutes within
   * `reconcile_hours` (UTC, default 8–22) and the nightly improvement loop at `improve_hour`
   * (default 4), both through the job queue.
   */
  startSchedule(options?: TaskScheduleOptions): Promise<JobSchedule>;
  /**
   * Writes the file projections into `dir`: `tasks/active/<id>.json`, `tasks/done/<id>.json`
   * (DONE and CANCELLED), `tasks/events.jsonl`, `ops/incidents.jsonl`. Byte-deterministic; a file
   * is written only when its bytes change; snapshots of tasks that moved on are removed.
   */
  writeWorkspace(dir: string): Promise<TaskFilesReport>;
  /**
   * The items tasks and patches put in the review queue: tasks escalated to E3 or beyond and not
   * acknowledged, and proposed patches. Derived from the fold, so they rebuild with the ledger.
   */
  reviewItems(): Promise<{
    readonly tasks: readonly TaskReviewItem[];
    readonly patches: readonly PatchReviewItem[];
  }>;
  /**
   * Answers one of those items, recording the answer as task events: `acknowledge`, `cancel`
   * (a reason is required), `unstick` (the reason becomes the task's next action, the task counts
   * as progressed, and the escalation is acknowledged) for a task; `approve` or `reject` for a
   * patch. Throws NOT_FOUND, CONFLICT (not waiting for review) or VALIDATION_FAILED.
   */
  answerReview(id: string, action: TaskReviewAction, note?: string): Promise<TaskReviewAnswer>;
}

/** What the tasks capability needs from the engine. */
export interface TasksCapabilityDeps {
  /** The durable job queue (opened on first use). */
  readonly jobs: () => Promise<JobQueue>;
  readonly store: Store;
  readonly deps: PipelineDeps;
  readonly clock: Clock;
  /** Runs after each reconciler pass (the engine checks for wrong recalls there). */
  readonly afterReconcile?: () => Promise<void>;
}

const TASK_LINE_EVENTS: ReadonlySet<string> = new Set(Object.values(TASK_EVENT_TYPES));

function lineOf(type: string, payload: Record<string, unknown>, at: string): TaskEventLine | null {
  const taskId = payload['task_id'];
  if (typeof taskId !== 'string') return null;
  const name = type.split('.')[1]?.toUpperCase() ?? type;
  const to = typeof payload['to'] === 'string' ? ` → ${payload['to']}` : '';
  const level = typeof payload['level'] === 'number' ? ` E${payload['level']}` : '';
  const detail =
    type === TASK_EVENT_TYPES.created
      ? String(payload['title'] ?? '')
      : type === TASK_EVENT_TYPES.notified
        ? String(payload['message'] ?? '')
        : type === TASK_EVENT_TYPES.incident
          ? `${String(payload['type'])}: ${String(payload['detail'] ?? '')}`
          : `${to}${level} ${String(payload['reason'] ?? '')}`.trim();
  return {
    ts: at,
    task_id: taskId,
    event: name,
    actor: String(payload['actor'] ?? 'user'),
    detail,
  };
}

async function writeIfChanged(path: string, text: string): Promise<boolean> {
  let current: string | null = null;
  try {
    current = await readFile(path, 'utf8');
  } catch (error: unknown) {
    // A missing file is written below; any other read failure surfaces on the write.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (current === text) return false;
  await writeFile(path, text, 'utf8');
  return true;
}

/** Builds `engine.tasks`. */
export function createTasksCapability(
  context: TasksCapabilityDeps,
  options: EngineTaskOptions = {},
): TasksCapability {
  const { store, deps, clock } = context;
  const record: TaskRecorder = (build) => recordTaskEvents(deps, build);
  const notifier = options.notifier ?? noopNotifier;

  const single = async (
    build: (now: number) => Promise<{ drafts: TaskEventDraft[]; value: Task }>,
  ): Promise<Task> => {
    const now = clock.now();
    const { value } = await record(async () => build(now));
    return (await readTask(store, value.id)) ?? value;
  };
  const readPatches = async (): Promise<Patch[]> => {
    const ids = ((await store.getMeta(TASK_KEYS.patches)) as string[] | null) ?? [];
    const out: Patch[] = [];
    for (const id of ids) {
      const patch = (await store.getMeta(TASK_KEYS.patch(id))) as unknown as Patch | null;
      if (patch !== null) out.push(patch);
    }
    return out;
  };
  const metricsFor = async (dates: readonly string[]): Promise<DailyMetrics[]> => {
    const tasks = await readTasks(store);
    const incidents = await readIncidents(store);
    const out: DailyMetrics[] = [];
    for (const date of dates) {
      out.push(computeDailyMetrics(date, tasks, incidents, await readCounters(store, date)));
    }
    return out;
  };
  const checkRollbacks = async (): Promise<Patch[]> => {
    const now = clock.now();
    const due: { patch: Patch; reason: string }[] = [];
    for (const patch of await readPatches()) {
      if (patch.status !== 'applied' || patch.applied_at === null) continue;
      const days = Math.floor((now - Date.parse(patch.applied_at)) / 86_400_000);
      const reason = rollbackDue(patch, await metricsFor(windowBefore(now, Math.max(0, days))));
      if (reason !== null) due.push({ patch, reason });
    }
    if (due.length === 0) return [];
    await record(async () => ({
      drafts: due.flatMap(({ patch, reason }) => [
        {
          type: EVENT_TYPES.patchRolledBack,
          payload: { patch_id: patch.patch_id, reason },
          entityId: null,
        },
        {
          type: EVENT_TYPES.configChanged,
          payload: {
            key: patch.change.key,
            value: patch.change.from as JsonObject[string],
            patch_id: patch.patch_id,
            reason: `rolled back ${patch.patch_id}: ${reason}`,
          },
          entityId: null,
        },
      ]),
      value: null,
    }));
    const ids = new Set(due.map((d) => d.patch.patch_id));
    return (await readPatches()).filter((p) => ids.has(p.patch_id));
  };
  const change = (options?: TaskChangeOptions) => ({
    actor: options?.actor ?? 'user',
    reason: options?.reason ?? '',
  });

  const capability: TasksCapability = {
    add: (input) => single(async (now) => draftAddTask(store, input, now)),

    async list(listOptions = {}) {
      const state = listOptions.state ?? 'open';
      const keep =
        state === 'open'
          ? (s: TaskState) => !isTerminal(s)
          : state === 'all'
            ? () => true
            : (s: TaskState) => state.includes(s);
      const tasks = (await readTasks(store, keep))
        .filter((t) => listOptions.entity_id === undefined || t.entity_id === listOptions.entity_id)
        .sort(compareTasks);
      return listOptions.limit === undefined ? tasks : tasks.slice(0, listOptions.limit);
    },

    async show(id) {
      const task = await readTask(store, id.toUpperCase());
      if (task === null) throw new EngineError('NOT_FOUND', `no task ${id}`, { task_id: id });
      return task;
    },

    move: (id, to, fields = {}, moveOptions) =>
      single(async (now) => draftMoveTask(store, id, to, fields, change(moveOptions), now)),

    update: (id, fields, updateOptions) =>
      single(async (now) =>
        draftUpdateTask(
          store,
          id,
          fields,
          updateOptions?.progress ?? false,
          change(updateOptions),
          now,
        ),
      ),

    async done(id, proof, doneOptions) {
      const now = clock.now();
      const meta = change({ reason: 'completed', ...doneOptions });
      const { value } = await record(async (reader) => {
        const task = await readTask(reader, id.toUpperCase());
        if (task?.state !== 'EXECUTING') {
          return draftMoveTask(reader, id, 'DONE', { completion_proof: proof }, meta, now);
        }
        const verifying = draftMoveOf(
          task,
          'VERIFYING',
          {},
          { ...meta, reason: 'completion proof given' },
          now,
        );
        const finished = draftMoveOf(
          verifying.value,
          'DONE',
          { completion_proof: proof },
          meta,
          now,
        );
        return { drafts: [...verifying.drafts, ...finished.drafts], value: finished.value };
      });
      return (await readTask(store, value.id)) ?? value;
    },

    cancel: (id, reason, cancelOptions) =>
      single(async (now) =>
        draftMoveTask(store, id, 'CANCELLED', {}, change({ ...cancelOptions, reason }), now),
      ),

    acknowledge: (id, ackOptions) =>
      single(async (now) =>
        draftAcknowledge(store, id, change({ reason: 'acknowledged', ...ackOptions }), now),
      ),

    async reconcile(reconcileOptions) {
      const report = await runReconciler(
        {
          record,
          notifier:
            reconcileOptions?.notifier === undefined
              ? notifier
              : combineNotifiers([notifier, reconcileOptions.notifier]),
          hash: sha256Hex,
          reader: store,
        },
        reconcileOptions?.now ?? clock.now(),
      );
      await context.afterReconcile?.();
      return report;
    },

    deadMan: () => deadManTasks(store),

    async logIncident(input) {
      if (!(INCIDENT_TYPES as readonly string[]).includes(input.type)) {
        throw new EngineError(
          'VALIDATION_FAILED',
          `type must be one of ${INCIDENT_TYPES.join(', ')}`,
          { field: 'type' },
        );
      }
      if (input.detail.trim() === '') {
        throw new EngineError('VALIDATION_FAILED', 'an incident needs a detail', {
          field: 'detail',
        });
      }
      const now = clock.now();
      const draft = draftIncident(input, now, sha256Hex);
      await record(async () => ({ drafts: [draft], value: null }));
      const id = String(draft.payload['incident_id']);
      const incidents = await readIncidents(store);
      const found = incidents.find((i) => i.incident_id === id);
      if (found === undefined) throw new EngineError('STORE_FAILED', `incident ${id} not stored`);
      return found;
    },

    async incidents(listOptions = {}) {
      return (await readIncidents(store)).filter(
        (i) =>
          (listOptions.type === undefined || i.type === listOptions.type) &&
          (listOptions.since === undefined || i.at >= listOptions.since),
      );
    },

    async metrics(date) {
      const day = date ?? toIso(clock.now()).slice(0, 10);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) {
        throw new EngineError('VALIDATION_FAILED', 'date must be YYYY-MM-DD', { field: 'date' });
      }
      return computeDailyMetrics(
        day,
        await readTasks(store),
        await readIncidents(store),
        await readCounters(store, day),
      );
    },

    async capture(captureOptions = {}) {
      const threads = new Set<string>();
      const sources: CaptureSource[] = [];
      const pushMessage = (m: MessageRecord) =>
        sources.push({
          kind: 'message',
          thread_id: m.threadId,
          message_id: m.messageId,
          role: m.role,
          content: m.content,
          created_at: m.createdAt,
          entity_id: m.entityId,
        });
      if (captureOptions.thread_id !== undefined) {
        threads.add(captureOptions.thread_id);
        const messages = await store.listMessages({
          threadId: captureOptions.thread_id,
          limit: Number.POSITIVE_INFINITY,
        });
        for (const m of messages) pushMessage(m);
      }
      if (captureOptions.after_seq !== undefined) {
        // Only the messages recorded since `after_seq`: an ingest never rereads a whole thread.
        const last = await store.lastSeq();
        for (let after = captureOptions.after_seq; after < last; ) {
          const batch = await store.readEvents(after, 1000);
          if (batch.length === 0) break;
          for (const event of batch) {
            after = event.seq;
            if (event.type !== 'message.received' || event.redacted) continue;
            const threadId = String(event.payload['thread_id']);
            if (captureOptions.thread_id === threadId) continue;
            const stored = await store.getMessage(threadId, String(event.payload['message_id']));
            if (stored === null) continue;
            threads.add(threadId);
            pushMessage(stored);
          }
        }
      }
      for (const threadId of [...threads].sort()) {
        const items = await store.listStateItems({
          threadId,
          types: ['action'],
          statuses: ['open', 'active', 'blocked'],
        });
        for (const item of items) {
          sources.push({
            kind: 'action_item',
            thread_id: item.threadId,
            uid: item.uid,
            text: item.text,
            created_at: item.createdAt,
            entity_id: item.entityId,
          });
        }
      }
      if (sources.length === 0) return { created: [], proposed: [], order: [] };
      const now = clock.now();
      const recorded = await record((reader) => draftCaptures(reader, sources, now, sha256Hex));
      return keepAppended(recorded.value, recorded.appended);
    },

    async proposals(proposalOptions = {}) {
      const all = await readProposals(store);
      return proposalOptions.all === true ? all : all.filter((p) => p.status === 'open');
    },

    async acceptProposal(proposalId) {
      const proposal = (await readProposals(store)).find((p) => p.proposal_id === proposalId);
      if (proposal === undefined) {
        throw new EngineError('NOT_FOUND', `no proposal ${proposalId}`, {
          proposal_id: proposalId,
        });
      }
      if (proposal.status !== 'open') {
        throw new EngineError(
          'CONFLICT',
          `${proposalId} was accepted already as ${proposal.task_id ?? '?'}`,
          {
            proposal_id: proposalId,
          },
        );
      }
      return single(async (now) => {
        const made = await draftAddTask(
          store,
          {
            title: proposal.title,
            entity_id: proposal.entity_id,
            fields: proposal.fields,
            provenance: proposal.provenance,
            reason: `accepted proposal ${proposalId}`,
          },
          now,
        );
        return {
          drafts: made.drafts.map((d) => ({
            ...d,
            payload: { ...d.payload, proposal_id: proposalId },
          })),
          value: made.value,
        };
      });
    },

    async improve() {
      const now = clock.now();
      const window = windowBefore(now);
      const metrics = await metricsFor(window);
      const incidents = await readIncidents(store);
      const analysis = analyzeWindow(metrics, incidents);
      const existing = await readPatches();
      const busy = new Set(
        existing
          .filter((p) => p.status === 'proposed' || p.status === 'applied')
          .map((p) => p.change.key),
      );
      const drafts = proposePatches(analysis, incidents, await readConfig(store), busy);
      const day = toIso(now).slice(0, 10).replace(/-/g, '');
      const used = existing.filter((p) => p.patch_id.startsWith(`PATCH-${day}-`)).length;
      const patches = toPatches(drafts, analysis, now, used);
      if (patches.length > 0) {
        await record(async () => ({
          drafts: patches.map((patch) => ({
            type: EVENT_TYPES.patchProposed,
            payload: { patch_id: patch.patch_id, patch: patch as unknown as JsonObject },
            entityId: null,
            dedupeKey: `patch:${patch.change.key}:${patch.proposed_at.slice(0, 10)}`,
          })),
          value: null,
        }));
      }
      const rolledBack = await checkRollbacks();
      const stored = await readPatches();
      return {
        analysis,
        proposed: stored.filter((p) => patches.some((n) => n.patch_id === p.patch_id)),
        rolled_back: rolledBack,
      };
    },

    async patches(patchOptions = {}) {
      const all = await readPatches();
      return patchOptions.status === undefined
        ? all
        : all.filter((p) => p.status === patchOptions.status);
    },

    async reviewPatch(id, verdict, note) {
      await record(async (reader) => {
        const patch = (await reader.getMeta(TASK_KEYS.patch(id))) as unknown as Patch | null;
        if (patch === null) throw new EngineError('NOT_FOUND', `no patch ${id}`, { patch_id: id });
        if (patch.status !== 'proposed') {
          throw new EngineError('CONFLICT', `${id} is ${patch.status}, not waiting for review`, {
            patch_id: id,
          });
        }
        const drafts: TaskEventDraft[] = [
          {
            type: EVENT_TYPES.patchReviewed,
            payload: { patch_id: id, verdict, reviewer: 'user', note: note ?? null },
            entityId: null,
          },
        ];
        if (verdict === 'approved') {
          drafts.push({
            type: EVENT_TYPES.configChanged,
            payload: {
              key: patch.change.key,
              value: patch.change.to as JsonObject[string],
              patch_id: id,
              reason: `applied ${id}: ${patch.title}`,
            },
            entityId: null,
          });
        }
        return { drafts, value: null };
      });
      return (await store.getMeta(TASK_KEYS.patch(id))) as unknown as Patch;
    },

    checkRollbacks: () => checkRollbacks(),

    async experiments() {
      const now = clock.now();
      const out: Experiment[] = [];
      for (const patch of await readPatches()) {
        if (
          (patch.status !== 'applied' && patch.status !== 'rolled_back') ||
          patch.applied_at === null
        )
          continue;
        const metric = patch.rollback_condition.metric;
        const applied = Date.parse(patch.applied_at);
        const before = await metricsFor(windowBefore(applied));
        const end = patch.rolled_back_at === null ? now : Date.parse(patch.rolled_back_at);
        const appliedDay = patch.applied_at.slice(0, 10);
        const afterDays = windowBefore(
          end,
          Math.max(0, Math.floor((end - applied) / 86_400_000)),
        ).filter((d) => d > appliedDay);
        const after = await metricsFor(afterDays);
        const mean = (list: readonly DailyMetrics[]) => {
          const values = list.map((m) => m[metric]).filter((v): v is number => v !== null);
          return values.length === 0
            ? null
            : Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100;
        };
        out.push({
          id: `EXP-${patch.patch_id.slice(6)}`,
          patch_id: patch.patch_id,
          name: patch.title,
          started: patch.applied_at,
          hypothesis: `${patch.change.key} → ${JSON.stringify(patch.change.to)} reduces ${patch.incident_type ?? 'incidents'}`,
          success_metric: metric,
          rollback_if: `${metric} < ${patch.rollback_condition.below} for ${patch.rollback_condition.days} days`,
          status: patch.status === 'applied' ? 'active' : 'rolled_back',
          variants: [
            { name: 'baseline', days: before.length, value: mean(before) },
            { name: 'patched', days: after.length, value: mean(after) },
          ],
        });
      }
      return out;
    },

    async startSchedule(scheduleOptions = {}) {
      const [first, last] = scheduleOptions.reconcile_hours ?? [8, 22];
      const reconcile = async () => {
        await this.reconcile();
      };
      const improve = async () => {
        await this.improve();
      };
      return scheduleJobs({
        queue: await context.jobs(),
        jobs: [
          {
            queue: TASK_QUEUES.reconcile,
            pattern: withinHours(30, first, last),
            handler: reconcile,
          },
          {
            queue: TASK_QUEUES.improve,
            pattern: `0 ${scheduleOptions.improve_hour ?? 4} * * *`,
            handler: improve,
          },
        ],
        ...(scheduleOptions.onError === undefined ? {} : { onError: scheduleOptions.onError }),
      });
    },

    async writeWorkspace(dir) {
      const written: string[] = [];
      const removed: string[] = [];
      const tasks = await readTasks(store);
      const folders = { active: join(dir, 'tasks', 'active'), done: join(dir, 'tasks', 'done') };
      await mkdir(folders.active, { recursive: true });
      await mkdir(folders.done, { recursive: true });
      await mkdir(join(dir, 'ops'), { recursive: true });
      const wanted = new Map<string, string>();
      for (const task of tasks) {
        const folder = isTerminal(task.state) ? 'done' : 'active';
        wanted.set(join('tasks', folder, `${task.id}.json`), stableJson(task));
      }
      for (const folder of ['active', 'done'] as const) {
        for (const name of await readdir(folders[folder])) {
          const relative = join('tasks', folder, name);
          if (/^TASK-\d{8}-\d+\.json$/.test(name) && !wanted.has(relative)) {
            await rm(join(dir, relative));
            removed.push(relative);
          }
        }
      }
      const lines: TaskEventLine[] = [];
      const last = await store.lastSeq();
      for (let after = 0; after < last; ) {
        const batch = await store.readEvents(after, 1000);
        if (batch.length === 0) break;
        for (const event of batch) {
          after = event.seq;
          if (event.redacted || !TASK_LINE_EVENTS.has(event.type)) continue;
          const line = lineOf(event.type, event.payload, event.recordedAt);
          if (line !== null) lines.push(line);
        }
      }
      wanted.set(join('tasks', 'events.jsonl'), renderTaskEventsJsonl(lines));
      const incidents = await readIncidents(store);
      wanted.set(join('ops', 'incidents.jsonl'), toJsonLines(incidents));
      for (const patch of await readPatches()) {
        const folder = patch.status === 'proposed' ? 'proposed' : patch.status;
        wanted.set(
          join('ops', 'patches', folder, `${patch.patch_id}.md`),
          renderPatchRecord(patch),
        );
      }
      const experiments = await this.experiments();
      wanted.set(
        join('ops', 'experiments.json'),
        stableJson({
          active: experiments.filter((e) => e.status === 'active'),
          completed: experiments.filter((e) => e.status !== 'active'),
        }),
      );
      const today = toIso(clock.now()).slice(0, 10);
      for (const metrics of await metricsFor([...windowBefore(clock.now()), today])) {
        wanted.set(join('ops', 'metrics', `${metrics.date}.json`), stableJson(metrics));
      }
      for (const folder of ['proposed', 'applied', 'rejected', 'rolled_back']) {
        const path = join(dir, 'ops', 'patches', folder);
        await mkdir(path, { recursive: true });
        for (const name of await readdir(path)) {
          const relative = join('ops', 'patches', folder, name);
          if (/^PATCH-\d{8}-\d+\.md$/.test(name) && !wanted.has(relative)) {
            await rm(join(dir, relative));
            removed.push(relative);
          }
        }
      }
      await mkdir(join(dir, 'ops', 'metrics'), { recursive: true });
      for (const [relative, text] of [...wanted.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
        if (await writeIfChanged(join(dir, relative), text)) written.push(relative);
      }
      return { written, removed };
    },

    async reviewItems() {
      const open = await readTasks(store, (state) => !isTerminal(state));
      return {
        tasks: open.filter(awaitsReview).sort(compareTasks).map(toTaskReviewItem),
        patches: (await readPatches())
          .filter((p) => p.status === 'proposed')
          .map(toPatchReviewItem),
      };
    },

    async answerReview(rawId, action, note) {
      const id = rawId.trim().toUpperCase();
      const kind = reviewKindOf(id);
      if (kind === null) {
        throw new EngineError('NOT_FOUND', `no task or patch review item ${rawId}`, {
          review_id: rawId,
        });
      }
      checkReviewAction(kind, action, id);
      if (kind === 'patch') {
        const patch = await capability.reviewPatch(
          id,
          action === 'approve' ? 'approved' : 'rejected',
          note,
        );
        return { kind, review_id: id, action, patch };
      }
      const task = await readTask(store, id);
      if (task === null) throw new EngineError('NOT_FOUND', `no task ${id}`, { task_id: id });
      if (!awaitsReview(task)) {
        throw new EngineError('CONFLICT', `${id} is not waiting for review`, { task_id: id });
      }
      const meta = { actor: 'review' };
      if (action === 'cancel') {
        const reason = note?.trim() ?? '';
        if (reason === '') {
          throw new EngineError('VALIDATION_FAILED', `cancelling ${id} needs a reason`, {
            task_id: id,
          });
        }
        return { kind, review_id: id, action, task: await capability.cancel(id, reason, meta) };
      }
      if (action === 'unstick') {
        const step = note?.trim() ?? '';
        if (step === '') {
          throw new EngineError(
            'VALIDATION_FAILED',
            `unsticking ${id} needs the next concrete step`,
            { task_id: id },
          );
        }
        await capability.update(
          id,
          { next_action: step },
          { ...meta, progress: true, reason: `unstuck in review: ${step}` },
        );
      }
      const acknowledged = await capability.acknowledge(id, {
        ...meta,
        reason: action === 'unstick' ? 'unstuck in review' : (note ?? 'acknowledged in review'),
      });
      return { kind, review_id: id, action, task: acknowledged };
    },
  };
  return capability;
}
