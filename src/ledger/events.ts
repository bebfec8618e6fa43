import { contentHash, type JsonObject } from '../core/index.js';

/** One ledger event as stored. Events are never updated, except payload redaction by `forget`. */
export interface LedgerEvent {
  /** Store-assigned, strictly increasing, gap-tolerant sequence. */
  readonly seq: number;
  readonly eventId: string;
  /** `'<noun>.<past-verb>'`, one of `EVENT_TYPES`. */
  readonly type: string;
  readonly entityId: string | null;
  /** When it happened (RFC 3339). */
  readonly eventTs: string;
  /** When Verity learned it (RFC 3339); replay folds with `now = recordedAt`. */
  readonly recordedAt: string;
  readonly payload: JsonObject;
  /** SHA-256 of the canonical payload minus its delivery noise, as first appended. */
  readonly payloadHash: string;
  /** Optional content fingerprint; a second event with the same key is a duplicate. */
  readonly dedupeKey: string | null;
  readonly redacted: boolean;
}

/** An event to append. */
export type NewLedgerEvent = Omit<LedgerEvent, 'seq' | 'redacted'>;

/** What `newLedgerEvent` builds an event from. */
interface NewEventFields {
  readonly eventId: string;
  readonly type: string;
  readonly entityId: string | null;
  /** When Verity learned it (RFC 3339). */
  readonly recordedAt: string;
  /** When it happened; absent for an event Verity produces, which happens when it is recorded. */
  readonly eventTs?: string;
  readonly payload: JsonObject;
  /** What the hash covers when not the whole payload (the payload minus its delivery noise). */
  readonly hashed?: unknown;
  /** A hash computed otherwise (the policy events' historical hash); wins over `hashed`. */
  readonly payloadHash?: string;
  readonly dedupeKey?: string | null | undefined;
}

/**
 * An event to append, hashed as `LedgerEvent.payloadHash` says: the canonical hash of `hashed`
 * (by default the whole payload). Pure; the one place an event is assembled from its parts.
 */
export function newLedgerEvent(fields: NewEventFields): NewLedgerEvent {
  return {
    eventId: fields.eventId,
    type: fields.type,
    entityId: fields.entityId,
    eventTs: fields.eventTs ?? fields.recordedAt,
    recordedAt: fields.recordedAt,
    payload: fields.payload,
    payloadHash: fields.payloadHash ?? contentHash(fields.hashed ?? fields.payload),
    dedupeKey: fields.dedupeKey ?? null,
  };
}

/** The event types of the ledger. */
export const EVENT_TYPES = {
  observation: 'observation.recorded',
  signal: 'signal.received',
  message: 'message.received',
  note: 'note.ingested',
  answer: 'review.answered',
  prompt: 'review.requested',
  policy: 'policy.changed',
  forgotten: 'ledger.forgotten',
  /**
   * A thread had more than one speaker or was emptied, recorded by a forget that erases messages of
   * it: the thread's id alone (`thread_id`), never who spoke or what was said, so that erasing one
   * speaker does not make the thread the other's own, nor erasing all of them the default user's
   * (ADR 2026-11-26-context-sources, session 17).
   */
  threadShared: 'thread.shared',
  /** A projection wrote a file's `STATE` zones (or a legacy section, with a warning). */
  projectionWritten: 'projection.written',
  /** A `STATE` zone held a manual edit; it was reverted and raised for review. */
  projectionDrifted: 'projection.drifted',
  /** The user labelled a message's intent (confusion-matrix metrics). */
  intentLabelled: 'intent.labelled',
  /** The user confirmed that a name stands for a slot (alias registry). */
  aliasConfirmed: 'alias.confirmed',
  /**
   * One state-item extraction run over a thread: the extractor's candidates, the items it changed
   * and the watermark it advanced to, so that replay never calls an extractor or an embedder.
   */
  extractionCompleted: 'extraction.completed',
  /** A person resolved a conflict between state items: kept one, the other, or both. */
  itemConflictResolved: 'item_conflict.resolved',
  /** A memory was written (directly, or promoted from a proposal) with its cited passages. */
  memoryRecorded: 'memory.recorded',
  /** A memory's text changed; its cited passages were snapshotted again and its errors resolved. */
  memoryUpdated: 'memory.updated',
  /** A memory was forgotten, with its revisions and prediction errors. */
  memoryForgotten: 'memory.forgotten',
  /**
   * A prediction error was detected (at retrieval, from an external signal): the detector's
   * findings, so that replay never calls a model or reads the clock or the vault files.
   */
  predictionErrorDetected: 'prediction_error.detected',
  /** A session transcript was captured (dedupe key: session + trigger + first entry time). */
  sessionCaptured: 'session.captured',
  /** An observer run over one capture: its segments and prioritised observations. */
  observationsRecorded: 'observations.recorded',
  /** A reflector run: compression attempts, refused candidates, the proposals it staged. */
  reflectionCompleted: 'reflection.completed',
  /** One MEMORY.md proposal (`p-YYYYMMDD-NNN`), its own event so that it can be forgotten alone. */
  proposalStaged: 'proposal.staged',
  /** A proposal was approved, rejected, edited or expired. */
  proposalResolved: 'proposal.resolved',
  /** A promoted MEMORY.md entry was retired. */
  memoryRetired: 'memory.retired',
  /** A hand edit was found inside a MEMORY.md zone: kept, held, and raised as a zone-edit row. */
  memoryZoneEdited: 'memory_zone.edited',
  /** A held MEMORY.md zone edit was resolved: adopted into memory, or overwritten. */
  memoryZoneResolved: 'memory_zone.resolved',
  /** The P0–P3 retention policy pruned or archived observations. */
  retentionApplied: 'retention.applied',
  /** Friction analysis clustered recurring problems into proposed fixes. */
  frictionAnalyzed: 'friction.analyzed',
  /** Tasks (seed 004): created, moved, updated, escalated, acknowledged, notified. */
  taskCreated: 'task.created',
  taskMoved: 'task.moved',
  taskUpdated: 'task.updated',
  taskEscalated: 'task.escalated',
  taskAcknowledged: 'task.acknowledged',
  taskNotified: 'task.notified',
  /** A commitment seen below the evidence bar: proposed as a task, not created. */
  taskProposed: 'task.proposed',
  /** An incident (MISSED_DEADLINE, TASK_STUCK, …) logged by Verity or through the API. */
  incidentLogged: 'incident.logged',
  /** A tasks/recall parameter set by an applied (or rolled back) patch, or by hand. */
  configChanged: 'config.changed',
  /** The self-improvement loop proposed a patch; it waits for review. */
  patchProposed: 'patch.proposed',
  /** A reviewer approved or rejected a patch. */
  patchReviewed: 'patch.reviewed',
  /** A patch's rollback condition held and its change was undone. */
  patchRolledBack: 'patch.rolled_back',
  /** An agent reported which recall-pack items its output used. */
  recallFeedbackRecorded: 'recall.feedback_recorded',
} as const;

/** A ledger event type. */
export type EventType = (typeof EVENT_TYPES)[keyof typeof EVENT_TYPES];
