import {
  HOUR_MS,
  isTerminal,
  planReconcile,
  type ReconcileAction,
  type ReconcileSettings,
  TASK_EVENT_TYPES,
  TASK_PRIORITIES,
  TASK_STATES,
  type Task,
  toIso,
} from '../core/index.js';
import type { StoreReader, TaskQuery } from '../stores/index.js';
import type { Notification, NotificationDeliveries, Notifier } from './notifier.js';
import {
  deadManTasks,
  draftAddTask,
  draftIncident,
  type TaskEventDraft,
  type TaskRecorder,
} from './task-commands.js';
import { readConfig, settingsFrom } from './task-views.js';

/** One reconciler action as reported: what, on which task, why, and whether it was new. */
export type ReconcileActionReport = ReconcileAction & {
  /** False when the ledger held it already (a notification sent on an earlier pass). */
  readonly recorded: boolean;
};

/** What one reconciler pass did. */
export interface ReconcileReport {
  readonly at: string;
  /** Open tasks the pass read because one of its rules could act on them (`readActionableTasks`). */
  readonly tasks_checked: number;
  readonly actions: readonly ReconcileActionReport[];
  readonly notifications_sent: number;
  readonly notification_failures: readonly { readonly key: string; readonly error: string }[];
  /** Task ids holding the dead-man switch after the pass. */
  readonly dead_man: readonly string[];
}

/** What `runReconciler` needs. */
interface ReconcilerDeps {
  readonly record: TaskRecorder;
  readonly notifier: Notifier;
  /** The delivery records notifiers claim through (see `NotificationDeliveries`); none: no claims. */
  readonly deliveries?: NotificationDeliveries;
  /** Content hash for incident ids (sha256 hex). */
  readonly hash: (text: string) => string;
  /** Committed state, read after the pass (who holds the dead-man switch). */
  readonly reader: StoreReader;
}

/**
 * One reconciler pass at `now` (seed 004's guarantee): plans every open task's actions, appends
 * each as an event carrying its reason (all in one write), then sends the notifications that were
 * new. Running it twice at the same instant records nothing new the second time.
 */
export async function runReconciler(deps: ReconcilerDeps, now: number): Promise<ReconcileReport> {
  const recorded = await deps.record(async (reader) => {
    const settings = settingsFrom(await readConfig(reader));
    const tasks = await readActionableTasks(reader, now, settings);
    const actions = planReconcile(tasks, now, settings);
    const { drafts, owner } = await draftActions(reader, tasks, actions, now, deps.hash);
    return { drafts, value: { actions, owner, checked: tasks.length } };
  });
  const { actions, owner, checked } = recorded.value;
  const isNew = actions.map(() => false);
  recorded.appended.forEach((appended, i) => {
    const index = owner[i];
    if (appended && index !== undefined) isNew[index] = true;
  });
  const at = toIso(now);
  const { sent, failures } = await sendNewNotifications(deps, actions, isNew, at);
  const deadMan = (await deadManTasks(deps.reader)).map((t) => t.id);
  return {
    at,
    tasks_checked: checked,
    actions: actions.map((action, i) => ({ ...action, recorded: isNew[i] ?? false })),
    notifications_sent: sent,
    notification_failures: failures,
    dead_man: deadMan,
  };
}

/**
 * The open tasks a pass at `now` can act on, ordered by id, read with one query per rule instead
 * of every open task: a next check due (or missing), a passed deadline whose miss is not logged
 * yet, a deadline within `dueSoonHours`, no progress for the priority's stale hours below E3 (untriaged: P2's hours),
 * and a P0 holding the dead-man switch (its alert repeats). `planReconcile` gives a task outside
 * all of these no action, so planning these gives the same actions as planning every open task.
 */
export async function readActionableTasks(
  reader: StoreReader,
  now: number,
  settings: ReconcileSettings,
): Promise<Task[]> {
  const open = TASK_STATES.filter((state) => !isTerminal(state));
  const before = (hours: number) => toIso(now - hours * HOUR_MS);
  const queries: TaskQuery[] = [
    { checkDueBy: toIso(now) },
    { dueBy: toIso(now), deadlineMissed: false },
    { dueAfter: toIso(now), dueBy: toIso(now + settings.dueSoonHours * HOUR_MS) },
    ...TASK_PRIORITIES.map((p) => ({
      priorities: [p],
      progressBefore: before(settings.staleHours[p]),
      escalationBelow: 3,
    })),
    { untriaged: true, progressBefore: before(settings.staleHours.P2), escalationBelow: 3 },
    { priorities: ['P0'], escalationAtLeast: 4 },
  ];
  const found = new Map<string, Task>();
  for (const query of queries) {
    for (const task of await reader.tasks.listTasks({ ...query, states: open })) {
      found.set(task.id, task);
    }
  }
  return [...found.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** The events for `actions`, in order, with the index of the action each one records. */
async function draftActions(
  reader: StoreReader,
  tasks: readonly Task[],
  actions: readonly ReconcileAction[],
  now: number,
  hash: (text: string) => string,
): Promise<{ drafts: TaskEventDraft[]; owner: number[] }> {
  const byId = new Map(tasks.map((t) => [t.id, t]));
  const drafts: TaskEventDraft[] = [];
  const owner: number[] = [];
  let subtasks = 0;
  for (const [index, action] of actions.entries()) {
    const entityId = byId.get(action.task_id)?.entity_id ?? null;
    let made: readonly TaskEventDraft[];
    if (action.kind === 'create_subtask') {
      made = await draftSubtask(reader, action, entityId, now, subtasks);
      subtasks += 1;
    } else {
      made = [draftAction(action, entityId, now, hash)];
    }
    drafts.push(...made);
    for (const _ of made) owner.push(index);
  }
  return { drafts, owner };
}

/** The one event recording a non-subtask action. */
function draftAction(
  action: Exclude<ReconcileAction, { kind: 'create_subtask' }>,
  entityId: string | null,
  now: number,
  hash: (text: string) => string,
): TaskEventDraft {
  const common = { task_id: action.task_id, actor: 'reconciler', reason: action.reason };
  switch (action.kind) {
    case 'set_next_check':
      return {
        type: TASK_EVENT_TYPES.updated,
        payload: { ...common, fields: { next_check: action.next_check }, progress: false },
        entityId,
      };
    case 'notify':
      return {
        type: TASK_EVENT_TYPES.notified,
        payload: { ...common, topic: action.topic, message: action.message, draft: action.draft },
        entityId,
        dedupeKey: action.dedupe_key,
      };
    case 'escalate':
      return {
        type: TASK_EVENT_TYPES.escalated,
        payload: { ...common, level: action.level },
        entityId,
      };
    case 'log_incident':
      return draftIncident(
        {
          type: action.type,
          task_id: action.task_id,
          detail: action.reason,
          severity: action.severity,
          actor: 'reconciler',
        },
        now,
        hash,
      );
  }
}

/** The events adding an unstick subtask (the `ordinal`-th of this pass) under its parent. */
async function draftSubtask(
  reader: StoreReader,
  action: Extract<ReconcileAction, { kind: 'create_subtask' }>,
  entityId: string | null,
  now: number,
  ordinal: number,
): Promise<readonly TaskEventDraft[]> {
  // Untriaged on purpose: an unstick subtask is never refused by the dead-man switch.
  const made = await draftAddTask(
    reader,
    {
      title: action.title,
      entity_id: entityId ?? 'user:primary',
      parent_id: action.task_id,
      provenance: { source: 'reconciler', ref: action.task_id, quote: null },
      actor: 'reconciler',
      reason: action.reason,
    },
    now,
    ordinal,
  );
  return made.drafts;
}

/** Sends the notify actions the ledger did not hold yet, each at the task's level after the pass. */
async function sendNewNotifications(
  deps: Pick<ReconcilerDeps, 'notifier' | 'deliveries'>,
  actions: readonly ReconcileAction[],
  isNew: readonly boolean[],
  at: string,
): Promise<{ sent: number; failures: { key: string; error: string }[] }> {
  let sent = 0;
  const failures: { key: string; error: string }[] = [];
  const levels = new Map<string, number>();
  for (const action of actions) {
    if (action.kind === 'escalate') levels.set(action.task_id, action.level);
  }
  for (const [index, action] of actions.entries()) {
    if (action.kind !== 'notify' || !isNew[index]) continue;
    const notification: Notification = {
      key: action.dedupe_key,
      task_id: action.task_id,
      topic: action.topic,
      message: action.message,
      draft: action.draft,
      level: levels.get(action.task_id) ?? 0,
      at,
    };
    try {
      await deps.notifier.send(notification, deps.deliveries);
      sent += 1;
    } catch (error: unknown) {
      // Delivery is at most once (see Notifier); the failure is reported to the caller.
      failures.push({
        key: action.dedupe_key,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return { sent, failures };
}
