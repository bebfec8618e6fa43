import {
  acknowledgeTask,
  checkTaskFields,
  createTask,
  deadManStanding,
  EngineError,
  formatTaskId,
  holdsDeadMan,
  type IncidentType,
  isTerminal,
  type JsonObject,
  moveTask,
  TASK_EVENT_TYPES,
  type Task,
  type TaskFields,
  type TaskPriority,
  type TaskProvenance,
  type TaskState,
  toIso,
  updateTask,
} from '../core/index.js';
import type { StoreReader } from '../stores/index.js';
import { mustReadTask, readTasks } from './task-views.js';

/** An event the tasks service wants appended (the engine stamps ids and times). */
export interface TaskEventDraft {
  readonly type: string;
  readonly payload: JsonObject;
  readonly entityId: string | null;
  /** A ledger dedupe key: a second draft with the same key is a duplicate, never applied. */
  readonly dedupeKey?: string;
}

/** Who asks for a task change, and why (the instant comes from the caller's clock). */
export interface ChangeRequest {
  readonly actor: string;
  readonly reason: string;
}

/** The events a command would append, with the task (or report) they lead to. */
export interface Drafted<T> {
  drafts: TaskEventDraft[];
  value: T;
}

/** Builds drafts under the write lock (see `recordTaskEvents` in the pipeline). */
export type TaskRecorder = <T>(
  build: (reader: StoreReader) => Promise<{ drafts: readonly TaskEventDraft[]; value: T }>,
) => Promise<{ readonly value: T; readonly appended: readonly boolean[] }>;

/** A new task as callers describe it. */
export interface AddTaskInput {
  readonly title: string;
  readonly entity_id?: string;
  readonly fields?: TaskFields;
  readonly provenance?: TaskProvenance;
  readonly parent_id?: string;
  readonly actor?: string;
  readonly reason?: string;
}

function unwrap<T>(result: { ok: true; value: T } | { ok: false; error: EngineError }): T {
  if (!result.ok) throw result.error;
  return result.value;
}

/** Allocates the next `TASK-YYYYMMDD-NNN` for `now`, given ids already taken in this batch. */
async function nextTaskId(reader: StoreReader, now: number, taken = 0): Promise<string> {
  const day = toIso(now).slice(0, 10).replace(/-/g, '');
  const used = await reader.tasks.lastTaskNumber(day);
  return formatTaskId(day, used + 1 + taken);
}

/** The P0 tasks holding the dead-man switch. */
export async function deadManTasks(reader: StoreReader): Promise<Task[]> {
  const candidates = await readTasks(reader, (s) => !isTerminal(s), {
    priorities: ['P0'],
    escalationAtLeast: 4,
  });
  return candidates.filter(holdsDeadMan);
}

async function refuseUnderDeadMan(
  reader: StoreReader,
  priority: TaskPriority | null,
  what: string,
): Promise<void> {
  if (priority !== 'P2' && priority !== 'P3') return;
  const blocking = await deadManTasks(reader);
  const first = blocking[0];
  if (first === undefined) return;
  throw new EngineError(
    'CONFLICT',
    `dead-man switch: P0 task ${first.id} ${deadManStanding(first)}; ${what} (${priority}) is refused until it is DONE or CANCELLED`,
    { task_id: first.id, operation: 'dead_man' },
  );
}

/** Drafts a new CAPTURED task; refuses P2/P3 work while the dead-man switch stands. */
export async function draftAddTask(
  reader: StoreReader,
  input: AddTaskInput,
  now: number,
  taken = 0,
): Promise<Drafted<Task>> {
  const fields = unwrap(checkTaskFields(input.fields ?? {}));
  await refuseUnderDeadMan(reader, fields.priority ?? null, 'new work');
  const id = await nextTaskId(reader, now, taken);
  const provenance = input.provenance ?? { source: 'manual', ref: '', quote: null };
  const entity = input.entity_id ?? 'user:primary';
  const payload = {
    task_id: id,
    entity_id: entity,
    title: input.title,
    fields: fields as unknown as JsonObject,
    provenance: provenance as unknown as JsonObject,
    parent_id: input.parent_id ?? null,
    actor: input.actor ?? 'user',
    reason: input.reason ?? 'added',
  };
  const task = unwrap(
    createTask(
      {
        id,
        entity_id: entity,
        title: input.title,
        fields,
        provenance,
        parent_id: payload.parent_id,
      },
      { at: toIso(now), actor: payload.actor, reason: payload.reason },
    ),
  );
  return {
    drafts: [{ type: TASK_EVENT_TYPES.created, payload, entityId: entity }],
    value: task,
  };
}

/**
 * Drafts a move; the state machine refuses illegal moves and missing fields with a clear error.
 * While the dead-man switch stands, P2/P3 tasks may not start (READY, EXECUTING).
 */
export async function draftMoveTask(
  reader: StoreReader,
  id: string,
  to: TaskState,
  fields: TaskFields,
  meta: ChangeRequest,
  now: number,
): Promise<Drafted<Task>> {
  const task = await mustReadTask(reader, id);
  const drafted = draftMoveOf(task, to, fields, meta, now);
  if (to === 'READY' || to === 'EXECUTING') {
    await refuseUnderDeadMan(reader, drafted.value.priority, `starting ${task.id}`);
  }
  return drafted;
}

/** One event on `task`: `task_id`, then `fields`, then who and why; `value` is the result. */
function taskEvent(
  type: string,
  task: Task,
  fields: JsonObject,
  meta: ChangeRequest,
  value: Task,
): Drafted<Task> {
  const payload = { task_id: task.id, ...fields, actor: meta.actor, reason: meta.reason };
  return { drafts: [{ type, payload, entityId: task.entity_id }], value };
}

/** Drafts a move of a task already in hand (no dead-man check: for moves toward closing). */
export function draftMoveOf(
  task: Task,
  to: TaskState,
  fields: TaskFields,
  meta: ChangeRequest,
  now: number,
): Drafted<Task> {
  const moved = unwrap(moveTask(task, to, fields, { ...meta, at: toIso(now) }));
  const payload = {
    from: task.state,
    to,
    fields: unwrap(checkTaskFields(fields)) as unknown as JsonObject,
  };
  return taskEvent(TASK_EVENT_TYPES.moved, task, payload, meta, moved);
}

/** Drafts a field update (`progress` resets staleness). */
export async function draftUpdateTask(
  reader: StoreReader,
  id: string,
  fields: TaskFields,
  progress: boolean,
  meta: ChangeRequest,
  now: number,
): Promise<Drafted<Task>> {
  const task = await mustReadTask(reader, id);
  const updated = unwrap(updateTask(task, fields, progress, { ...meta, at: toIso(now) }));
  const payload = { fields: unwrap(checkTaskFields(fields)) as unknown as JsonObject, progress };
  return taskEvent(TASK_EVENT_TYPES.updated, task, payload, meta, updated);
}

/** Drafts an acknowledgement of the task's current escalation (stops the dead-man repeats). */
export async function draftAcknowledge(
  reader: StoreReader,
  id: string,
  meta: ChangeRequest,
  now: number,
): Promise<Drafted<Task>> {
  const task = await mustReadTask(reader, id);
  const acknowledged = unwrap(acknowledgeTask(task, { ...meta, at: toIso(now) }));
  return taskEvent(TASK_EVENT_TYPES.acknowledged, task, {}, meta, acknowledged);
}

/** An incident as callers report it. */
export interface IncidentInput {
  readonly type: IncidentType;
  readonly detail: string;
  readonly task_id?: string | null;
  readonly severity?: 'low' | 'medium' | 'high';
  readonly actor?: string;
}

/**
 * Drafts an incident. Its id derives from the day and a hash of what it says, and the same hash
 * is its dedupe key, so reporting the same incident twice logs it once.
 */
export function draftIncident(
  input: IncidentInput,
  now: number,
  hash: (text: string) => string,
): TaskEventDraft {
  const day = toIso(now).slice(0, 10);
  const key = hash(`${input.type}|${input.task_id ?? ''}|${input.detail}|${day}`);
  return {
    type: TASK_EVENT_TYPES.incident,
    payload: {
      incident_id: `INC-${day.replace(/-/g, '')}-${key.slice(0, 8)}`,
      type: input.type,
      task_id: input.task_id ?? null,
      detail: input.detail,
      severity: input.severity ?? 'medium',
      actor: input.actor ?? 'user',
    },
    entityId: null,
    dedupeKey: `incident:${key}`,
  };
}
