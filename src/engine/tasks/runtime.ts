// The tasks runtime and the helpers every tasks step shares.

import {
  type Clock,
  computeDailyMetrics,
  type DailyMetrics,
  type Task,
  toIso,
} from '../../core/index.js';
import type { JobQueue } from '../../jobs/index.js';
import { type PipelineDeps, recordTaskEvents } from '../../pipeline/index.js';
import type { LanguageModel } from '../../providers/index.js';
import type { Store } from '../../stores/index.js';
import {
  type Notifier,
  noopNotifier,
  type Patch,
  readCounters,
  readIncidents,
  readTask,
  readTasks,
  TASK_KEYS,
  type TaskEventDraft,
  type TaskRecorder,
} from '../../tasks/index.js';
import type { EngineTaskOptions, TaskChangeOptions, TasksCapabilityDeps } from './types.js';

/**
 * What every tasks step reads: the engine's dependencies, the notifier and the recorder that
 * appends task events in one write.
 */
export interface TasksRuntime {
  readonly store: Store;
  readonly deps: PipelineDeps;
  readonly clock: Clock;
  readonly jobs: () => Promise<JobQueue>;
  readonly afterReconcile: (() => Promise<void>) | undefined;
  /** Where reconciler notifications go (the configured notifier, else none). */
  readonly notifier: Notifier;
  readonly record: TaskRecorder;
  /** The model the nightly loop asks for procedure and prompt patches, or null. */
  readonly languageModel: LanguageModel | null;
}

/** Resolves the tasks settings once. */
export function createTasksRuntime(
  context: TasksCapabilityDeps,
  options: EngineTaskOptions,
): TasksRuntime {
  return {
    store: context.store,
    deps: context.deps,
    clock: context.clock,
    jobs: context.jobs,
    afterReconcile: context.afterReconcile,
    notifier: options.notifier ?? noopNotifier,
    record: (build) => recordTaskEvents(context.deps, build),
    languageModel: options.languageModel ?? null,
  };
}

/** Records the drafts one build returns and reads the task back. */
export async function single(
  rt: TasksRuntime,
  build: (now: number) => Promise<{ drafts: TaskEventDraft[]; value: Task }>,
): Promise<Task> {
  const now = rt.clock.now();
  const { value } = await rt.record(async () => build(now));
  return (await readTask(rt.store, value.id)) ?? value;
}

/** Who made a change and why (default: the user, no reason). */
export function change(options?: TaskChangeOptions): { actor: string; reason: string } {
  return { actor: options?.actor ?? 'user', reason: options?.reason ?? '' };
}

/** Every patch, in proposal order. */
export async function readPatches(rt: TasksRuntime): Promise<Patch[]> {
  const ids = ((await rt.store.getMeta(TASK_KEYS.patches)) as string[] | null) ?? [];
  const out: Patch[] = [];
  for (const id of ids) {
    const patch = (await rt.store.getMeta(TASK_KEYS.patch(id))) as unknown as Patch | null;
    if (patch !== null) out.push(patch);
  }
  return out;
}

/** Seed 004's daily metrics for each of `dates`. */
export async function metricsFor(
  rt: TasksRuntime,
  dates: readonly string[],
): Promise<DailyMetrics[]> {
  const tasks = await readTasks(rt.store);
  const incidents = await readIncidents(rt.store);
  const out: DailyMetrics[] = [];
  const asOf = toIso(rt.clock.now());
  for (const date of dates) {
    const counters = await readCounters(rt.store, date);
    out.push(computeDailyMetrics(date, tasks, incidents, counters, asOf));
  }
  return out;
}
