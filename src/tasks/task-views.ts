import {
  type DayCounters,
  DEFAULT_RECONCILE_SETTINGS,
  EMPTY_DAY_COUNTERS,
  EngineError,
  type Incident,
  type JsonValue,
  type ReconcileSettings,
  TASK_STATES,
  type Task,
  type TaskFields,
  type TaskPriority,
  type TaskProvenance,
  type TaskState,
} from '../core/index.js';
import type { StoreReader, TaskQuery } from '../stores/index.js';

/**
 * Where the fold keeps the derived ops views: the store's meta rows (part of `exportDerived`, so
 * `rebuild --verify` compares them). Task views have a table of their own (`store.tasks`); see
 * docs/decisions/2026-11-26-task-table.md.
 */
export const TASK_KEYS = {
  /** Logged incidents, in ledger order. */
  incidents: 'ops:incidents',
  /** Counters of one UTC day (`YYYY-MM-DD`). */
  counters: (date: string) => `ops:day:${date}`,
  /** Parameters set by config events (patches or by hand). */
  config: 'ops:config',
  /** One patch. */
  patch: (id: string) => `patch:${id}`,
  /** Every patch id, in proposal order. */
  patches: 'patches:index',
  /** Task proposals (commitments below the evidence bar), in ledger order. */
  proposals: 'tasks:proposals',
  /** Recall-pack items an agent's output used (the newest `RECALL_USES_KEPT`), oldest first. */
  recallUses: 'recall:uses',
} as const;

/** How many recall uses the fold keeps for the wrong-recall check. */
export const RECALL_USES_KEPT = 500;

/** One recall-pack item an agent's output referenced, as reported by `context feedback`. */
interface RecallUse {
  readonly pack_id: string;
  /** When the feedback was recorded. */
  readonly at: string;
  readonly uid: string;
  readonly thread_id: string;
}

/** The recall uses the fold kept, oldest first. */
export async function readRecallUses(store: StoreReader): Promise<readonly RecallUse[]> {
  return ((await store.getMeta(TASK_KEYS.recallUses)) as unknown as RecallUse[] | null) ?? [];
}

/** The parameters config events may set, with their hard bounds. */
export const CONFIG_BOUNDS: Readonly<
  Record<string, { readonly min: number; readonly max: number }>
> = {
  'stale_hours.P0': { min: 1, max: 24 },
  'stale_hours.P1': { min: 4, max: 96 },
  'stale_hours.P2': { min: 12, max: 240 },
  'stale_hours.P3': { min: 24, max: 720 },
  due_soon_hours: { min: 4, max: 96 },
  dead_man_repeat_hours: { min: 1, max: 12 },
};

/** Config values as folded: numbers for bounded parameters, string lists for `recall.triggers`. */
export type OpsConfig = Readonly<Record<string, number | readonly string[]>>;

/** Reads the config map (empty before the first config event). */
export async function readConfig(store: StoreReader): Promise<OpsConfig> {
  return ((await store.getMeta(TASK_KEYS.config)) as unknown as OpsConfig | null) ?? {};
}

/** The reconciler settings in force: the seed's defaults overridden by config events. */
export function settingsFrom(config: OpsConfig): ReconcileSettings {
  const number = (key: string, fallback: number) => {
    const value = config[key];
    return typeof value === 'number' ? value : fallback;
  };
  const d = DEFAULT_RECONCILE_SETTINGS;
  const stale = (p: TaskPriority) => number(`stale_hours.${p}`, d.staleHours[p]);
  return {
    ...d,
    staleHours: { P0: stale('P0'), P1: stale('P1'), P2: stale('P2'), P3: stale('P3') },
    dueSoonHours: number('due_soon_hours', d.dueSoonHours),
    deadManRepeatHours: number('dead_man_repeat_hours', d.deadManRepeatHours),
  };
}

/** One task, or null. */
export function readTask(store: StoreReader, id: string): Promise<Task | null> {
  return store.tasks.getTask(id);
}

/** One task by id in any letter case. Throws NOT_FOUND (naming the id as given). */
export async function mustReadTask(store: StoreReader, id: string): Promise<Task> {
  const task = await readTask(store, id.toUpperCase());
  if (task === null) throw new EngineError('NOT_FOUND', `no task ${id}`, { task_id: id });
  return task;
}

/**
 * Tasks whose state passes `keep` (every task by default) and that match `query`, ordered by id:
 * one query on the indexed `tasks` table.
 */
export async function readTasks(
  store: StoreReader,
  keep: (state: TaskState) => boolean = () => true,
  query: Omit<TaskQuery, 'states'> = {},
): Promise<Task[]> {
  const states = TASK_STATES.filter(keep);
  const all = states.length === TASK_STATES.length;
  return [...(await store.tasks.listTasks({ ...query, ...(all ? {} : { states }) }))];
}

/** Every logged incident, in ledger order. */
export async function readIncidents(store: StoreReader): Promise<readonly Incident[]> {
  return ((await store.getMeta(TASK_KEYS.incidents)) as unknown as Incident[] | null) ?? [];
}

/** One day's counters. */
export async function readCounters(store: StoreReader, date: string): Promise<DayCounters> {
  const stored = (await store.getMeta(TASK_KEYS.counters(date))) as unknown as DayCounters | null;
  return { ...EMPTY_DAY_COUNTERS, ...(stored ?? {}) };
}

/** A commitment proposed as a task, waiting for someone to accept it. */
export interface TaskProposal {
  /** `PROP-<12 hex>`: derived from where it was seen and what it says. */
  readonly proposal_id: string;
  readonly entity_id: string;
  readonly title: string;
  readonly fields: TaskFields;
  readonly provenance: TaskProvenance;
  /** Why it was not created (hedged, no deadline, …). */
  readonly doubts: readonly string[];
  readonly status: 'open' | 'accepted';
  readonly task_id: string | null;
  readonly at: string;
}

/** Every proposal, in ledger order. */
export async function readProposals(store: StoreReader): Promise<readonly TaskProposal[]> {
  return ((await store.getMeta(TASK_KEYS.proposals)) as unknown as TaskProposal[] | null) ?? [];
}

/** Casts a view for `putMeta`. */
export function asJson(value: unknown): JsonValue {
  return value as JsonValue;
}
