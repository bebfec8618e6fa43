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
import { type PipelineDeps, recordTaskEvents } from '../pipeline/index.js';
import type { Store } from '../stores/index.js';
import {
  type AddTaskInput,
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
  type IncidentInput,
  keepAppended,
  type Notifier,
  noopNotifier,
  type ReconcileReport,
  readCounters,
  readIncidents,
  readProposals,
  readTask,
  readTasks,
  runReconciler,
  type TaskEventDraft,
  type TaskProposal,
  type TaskRecorder,
} from '../tasks/index.js';

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
   * Writes the file projections into `dir`: `tasks/active/<id>.json`, `tasks/done/<id>.json`
   * (DONE and CANCELLED), `tasks/events.jsonl`, `ops/incidents.jsonl`. Byte-deterministic; a file
   * is written only when its bytes change; snapshots of tasks that moved on are removed.
   */
  writeWorkspace(dir: string): Promise<TaskFilesReport>;
}

/** What the tasks capability needs from the engine. */
export interface TasksCapabilityDeps {
  readonly store: Store;
  readonly deps: PipelineDeps;
  readonly clock: Clock;
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
  const change = (options?: TaskChangeOptions) => ({
    actor: options?.actor ?? 'user',
    reason: options?.reason ?? '',
  });

  return {
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

    reconcile: (reconcileOptions) =>
      runReconciler(
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
      ),

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
      if (captureOptions.thread_id !== undefined) threads.add(captureOptions.thread_id);
      if (captureOptions.after_seq !== undefined) {
        const last = await store.lastSeq();
        for (let after = captureOptions.after_seq; after < last; ) {
          const batch = await store.readEvents(after, 1000);
          if (batch.length === 0) break;
          for (const event of batch) {
            after = event.seq;
            if (event.type === 'message.received' && !event.redacted) {
              threads.add(String(event.payload['thread_id']));
            }
          }
        }
      }
      const sources: CaptureSource[] = [];
      for (const threadId of [...threads].sort()) {
        const messages = await store.listMessages({ threadId, limit: Number.POSITIVE_INFINITY });
        for (const m of messages) {
          sources.push({
            kind: 'message',
            thread_id: m.threadId,
            message_id: m.messageId,
            role: m.role,
            content: m.content,
            created_at: m.createdAt,
            entity_id: m.entityId,
          });
        }
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
      for (const [relative, text] of [...wanted.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
        if (await writeIfChanged(join(dir, relative), text)) written.push(relative);
      }
      return { written, removed };
    },
  };
}
