import type {
  Clock,
  DailyMetrics,
  Incident,
  IncidentType,
  Task,
  TaskFields,
  TaskState,
} from '../../core/index.js';
import type { JobQueue, JobSchedule } from '../../jobs/index.js';
import type { PipelineDeps } from '../../pipeline/index.js';
import type { LanguageModel } from '../../providers/index.js';
import type { Store } from '../../stores/index.js';
import type {
  AddTaskInput,
  CaptureReport,
  ImprovementAnalysis,
  IncidentInput,
  Notifier,
  Patch,
  PatchStatus,
  ReconcileReport,
  TaskProposal,
} from '../../tasks/index.js';
import type {
  PatchReviewItem,
  TaskReviewAction,
  TaskReviewAnswer,
  TaskReviewItem,
} from '../task-reviews.js';

/** Task settings of `createEngine`. */
export interface EngineTaskOptions {
  /** Where reconciler notifications go. Default: nowhere (the CLI passes a stdout notifier). */
  readonly notifier?: Notifier;
  /**
   * A model the nightly loop asks for procedure and prompt patches besides its offline parameter
   * patches (`proposeLlmPatches`). Absent or null: offline patches only.
   */
  readonly languageModel?: LanguageModel | null;
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
  /** What the language model gave, when one is configured and a failure mode was found. */
  readonly llm?: {
    readonly status: 'ok' | 'invalid' | 'failed';
    readonly notes: readonly string[];
  };
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
   * Moves a task along the state machine, setting `fields` first. Throws VALIDATION_FAILED for an
   * illegal move (a closed task included), a missing required field or a cancellation without a
   * reason, and CONFLICT for P2/P3 work starting under the dead-man switch (another task blocks it).
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
   * (two events, one write). From any other state VALIDATION_FAILED: a move the state machine
   * refuses.
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
