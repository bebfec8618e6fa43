import type { JsonObject } from '../canonical-json.js';
import { EngineError, err, ok, type Result } from '../errors.js';
import {
  acknowledgeTask,
  createTask,
  escalateTask,
  markDeadlineMissed,
  moveTask,
  noteTask,
  type TaskChangeMeta,
  updateTask,
} from './apply-task-change.js';
import {
  type EscalationLevel,
  isTaskState,
  type Task,
  type TaskFields,
  type TaskProvenance,
} from './task.js';

/** Ledger event types of tasks and incidents (`<noun>.<past-verb>`). */
export const TASK_EVENT_TYPES = {
  created: 'task.created',
  moved: 'task.moved',
  updated: 'task.updated',
  escalated: 'task.escalated',
  acknowledged: 'task.acknowledged',
  notified: 'task.notified',
  incident: 'incident.logged',
} as const;

/** Whether an event type changes a task view. */
export function isTaskEventType(type: string): boolean {
  return (Object.values(TASK_EVENT_TYPES) as string[]).includes(type);
}

function metaOf(payload: JsonObject, at: string): TaskChangeMeta {
  return {
    at,
    actor: typeof payload['actor'] === 'string' ? payload['actor'] : 'user',
    reason: typeof payload['reason'] === 'string' ? payload['reason'] : '',
  };
}

function fieldsOf(payload: JsonObject): TaskFields {
  const fields = payload['fields'];
  return fields !== null && typeof fields === 'object' && !Array.isArray(fields)
    ? (fields as TaskFields)
    : {};
}

/**
 * Folds one task event into the task it names (null before `task.created`). Pure: replaying the
 * same events gives the same view. Events were checked when appended; one that no longer applies
 * (a duplicate creation, a move refused by the state machine) returns the error and the caller
 * keeps the view unchanged.
 */
export function applyTaskEvent(
  current: Task | null,
  type: string,
  payload: JsonObject,
  at: string,
): Result<Task> {
  const meta = metaOf(payload, at);
  const id = String(payload['task_id']);
  if (type === TASK_EVENT_TYPES.created) {
    if (current !== null) {
      return err(new EngineError('CONFLICT', `${id} exists already`, { task_id: id }));
    }
    return createTask(
      {
        id,
        entity_id: String(payload['entity_id'] ?? 'user:primary'),
        title: String(payload['title'] ?? ''),
        fields: fieldsOf(payload),
        provenance: (payload['provenance'] as unknown as TaskProvenance | undefined) ?? {
          source: 'manual',
          ref: '',
          quote: null,
        },
        parent_id: typeof payload['parent_id'] === 'string' ? payload['parent_id'] : null,
      },
      meta,
    );
  }
  if (current === null) {
    return err(new EngineError('NOT_FOUND', `no task ${id}`, { task_id: id }));
  }
  switch (type) {
    case TASK_EVENT_TYPES.moved: {
      const to = String(payload['to']);
      if (!isTaskState(to)) {
        return err(new EngineError('VALIDATION_FAILED', `unknown state ${to}`, { task_id: id }));
      }
      return moveTask(current, to, fieldsOf(payload), meta);
    }
    case TASK_EVENT_TYPES.updated:
      return updateTask(current, fieldsOf(payload), payload['progress'] === true, meta);
    case TASK_EVENT_TYPES.escalated:
      return ok(escalateTask(current, Number(payload['level']) as EscalationLevel, meta));
    case TASK_EVENT_TYPES.acknowledged:
      return acknowledgeTask(current, meta);
    case TASK_EVENT_TYPES.notified:
      return ok(noteTask(current, type, { ...meta, reason: String(payload['message'] ?? '') }));
    case TASK_EVENT_TYPES.incident:
      return ok(
        payload['type'] === 'MISSED_DEADLINE'
          ? markDeadlineMissed(current, meta)
          : noteTask(current, type, {
              ...meta,
              reason: `${String(payload['type'])}: ${meta.reason}`,
            }),
      );
    default:
      return err(new EngineError('VALIDATION_FAILED', `not a task event: ${type}`, { type }));
  }
}
