import {
  contentHash,
  DEFAULT_ENTITY,
  deriveUuid,
  type JsonObject,
  parseRfc3339,
  sha256Hex,
  toIso,
  type ValidationIssue,
} from '../core/index.js';
import {
  type ConfirmationAnswer,
  type ConfirmationPrompt,
  isAnswer,
  type MessageInput,
  type NoteInput,
  type SchemaName,
  type SignalEvent,
  type StateObservation,
  type Validation,
  validate,
  validateConfirmation,
  validateMessage,
  validateNote,
  validateObservation,
  validateSignal,
} from '../schemas/index.js';
import { EVENT_TYPES, type NewLedgerEvent, newLedgerEvent } from './events.js';

/** One validated ingest record, discriminated by kind. */
export type IngestRecord =
  | { readonly kind: 'observation'; readonly observation: StateObservation }
  | { readonly kind: 'signal'; readonly signal: SignalEvent }
  | { readonly kind: 'message'; readonly message: MessageInput }
  | { readonly kind: 'note'; readonly note: NoteInput }
  | { readonly kind: 'answer'; readonly answer: ConfirmationAnswer }
  | { readonly kind: 'prompt'; readonly prompt: ConfirmationPrompt };

/** Why an input was rejected: the schema it was checked against and every issue found. */
interface RecordRejection {
  readonly schema: SchemaName | 'json';
  readonly issues: readonly ValidationIssue[];
  /** event_id / prompt_id / answer_id when the input had one. */
  readonly inputId: string | null;
  /** The domain the input was about, when it could be read. */
  readonly domain: string | null;
}

/** Result of parsing one input. */
export type ParseOutcome =
  | { readonly ok: true; readonly record: IngestRecord }
  | { readonly ok: false; readonly rejection: RecordRejection };

function pick(value: unknown, key: string): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const found = (value as Record<string, unknown>)[key];
  return typeof found === 'string' ? found : null;
}

function reject(
  schema: SchemaName | 'json',
  issues: readonly ValidationIssue[],
  input: unknown,
): ParseOutcome {
  const domain = pick(input, 'domain') ?? pick(input, 'field')?.split('.', 1)[0] ?? null;
  return {
    ok: false,
    rejection: {
      schema,
      issues,
      inputId: pick(input, 'event_id') ?? pick(input, 'answer_id') ?? pick(input, 'prompt_id'),
      domain,
    },
  };
}

/** The record a schema check accepted, or the rejection naming that schema and its issues. */
function accept<T>(
  result: Validation<T>,
  schema: SchemaName,
  body: unknown,
  toRecord: (value: T) => IngestRecord,
): ParseOutcome {
  return result.ok
    ? { ok: true, record: toRecord(result.value) }
    : reject(schema, result.issues, body);
}

/**
 * Validates one ingest object (docs/FORMATS.md): `type` selects the canonical schema, which sees the
 * record without its `type`. Semantic rules that JSON Schema cannot state are checked here too.
 */
export function parseRecord(input: unknown): ParseOutcome {
  const envelope = validate<{ type: string }>('ingest_envelope', input);
  if (!envelope.ok) return reject('ingest_envelope', envelope.issues, input);
  const { type, ...body } = input as Record<string, unknown>;
  switch (type) {
    case 'observation':
      return accept(validateObservation(body), 'state_observation', body, (observation) => ({
        kind: 'observation',
        observation,
      }));
    case 'signal': {
      const result = validateSignal(body);
      if (!result.ok) return reject('signal_event', result.issues, body);
      const seen = new Set<string>();
      for (const [index, claim] of (result.value.claims ?? []).entries()) {
        if (seen.has(claim.field)) {
          return reject(
            'signal_event',
            [{ path: `/claims/${index}/field`, rule: 'unique', message: 'names a field twice' }],
            body,
          );
        }
        seen.add(claim.field);
      }
      return { ok: true, record: { kind: 'signal', signal: result.value } };
    }
    case 'message':
      return accept(validateMessage(body), 'message_record', body, (message) => ({
        kind: 'message',
        message,
      }));
    case 'note':
      return accept(validateNote(body), 'note_record', body, (note) => ({ kind: 'note', note }));
    default: {
      const result = validateConfirmation(body);
      if (!result.ok) return reject('user_confirmation', result.issues, body);
      const value = result.value;
      if (isAnswer(value)) return { ok: true, record: { kind: 'answer', answer: value } };
      const issues = checkPrompt(value);
      return issues.length > 0
        ? reject('user_confirmation', issues, body)
        : { ok: true, record: { kind: 'prompt', prompt: value } };
    }
  }
}

/** Parses one JSONL line: JSON syntax first, then the record's schema. */
export function parseLine(line: string): ParseOutcome {
  let input: unknown;
  try {
    input = JSON.parse(line);
  } catch (error: unknown) {
    const message = error instanceof Error ? error.message : String(error);
    return reject(
      'json',
      [{ path: '', rule: 'json', message: `is not valid JSON: ${message}` }],
      null,
    );
  }
  return parseRecord(input);
}

/** The structured form of an external prompt's `proposed_change` (`field: old -> new`). */
interface ProposedChange {
  readonly field: string;
  readonly from: string | null;
  readonly to: string;
}

/** Reads `travel.status: planning -> in_progress`. */
export function parseProposedChange(text: string): ProposedChange | null {
  const match = /^([a-z][a-z0-9_.-]*): (.*) -> (.+)$/.exec(text);
  if (!match) return null;
  const [, field = '', from = '', to = ''] = match;
  const none = (v: string) => (v === '' || v === '(none)' || v === 'null' ? null : v.trim());
  return { field, from: none(from), to: to.trim() };
}

function checkPrompt(prompt: ConfirmationPrompt): ValidationIssue[] {
  const change = parseProposedChange(prompt.proposed_change);
  if (!change) {
    return [{ path: '/proposed_change', rule: 'format', message: 'must read "field: old -> new"' }];
  }
  const field = prompt.field ?? change.field;
  if (!field.startsWith(`${prompt.domain}.`)) {
    return [
      {
        path: prompt.field ? '/field' : '/proposed_change',
        rule: 'domain',
        message: `names field "${field}", which is not in domain ${prompt.domain}`,
      },
    ];
  }
  return [];
}

function iso(text: string): string {
  const ms = parseRfc3339(text);
  return ms === null ? text : toIso(ms);
}

function omit(record: object, ...keys: string[]): JsonObject {
  const copy: Record<string, unknown> = { ...record };
  for (const key of keys) delete copy[key];
  return copy as JsonObject;
}

/** Extra facts the pipeline supplies when turning a record into an event. */
interface EventContext {
  readonly recordedAt: string;
  /** The entity of the prompt an answer refers to. */
  readonly promptEntity?: string | null;
}

/** An event whose payload is the record as given, hashed whole, under the record's own id. */
function asGiven(
  record: object,
  ownId: string,
  type: NewLedgerEvent['type'],
  entityId: string | null,
  eventTs: string,
  recordedAt: string,
): NewLedgerEvent {
  const payload = record as unknown as JsonObject;
  return newLedgerEvent({
    eventId: ownId.toLowerCase(),
    type,
    entityId,
    eventTs,
    recordedAt,
    payload,
  });
}

/** An event under an id derived from the record's identity, hashed without its `noise` field. */
function withDerivedId(
  eventId: string,
  type: NewLedgerEvent['type'],
  entityId: string,
  eventTs: string,
  recordedAt: string,
  hashed: { readonly payload: JsonObject; readonly noise: string },
): NewLedgerEvent {
  const { payload, noise } = hashed;
  const fields = { eventId, type, entityId, eventTs, recordedAt, payload };
  return newLedgerEvent({ ...fields, hashed: omit(payload, noise) });
}

/**
 * Turns a validated record into the ledger event that records it. Pure and deterministic: ids of
 * records without their own (messages, notes) derive from their identity, and each payload hash
 * ignores delivery noise (a message's `created_at`, a signal's `event_id`, a note's `updated_at`).
 */
export function toLedgerEvent(record: IngestRecord, context: EventContext): NewLedgerEvent {
  const recordedAt = context.recordedAt;
  switch (record.kind) {
    case 'observation': {
      const o = record.observation;
      return asGiven(
        o,
        o.event_id,
        EVENT_TYPES.observation,
        o.entity_id,
        iso(o.event_ts),
        recordedAt,
      );
    }
    case 'signal': {
      const s = record.signal;
      const hash = contentHash(omit(s, 'event_id'));
      return {
        eventId: s.event_id.toLowerCase(),
        type: EVENT_TYPES.signal,
        entityId: s.entity_id,
        eventTs: iso(s.occurred_at),
        recordedAt,
        payload: s as unknown as JsonObject,
        payloadHash: hash,
        dedupeKey: `signal:${s.source.type}:${s.external_id}:${hash}`,
      };
    }
    case 'message': {
      const m = record.message;
      const entityId = m.entity_id ?? DEFAULT_ENTITY;
      const payload = { ...m, entity_id: entityId, source: m.source ?? 'chat' } as JsonObject;
      const eventId = messageEventId(m.thread_id, m.message_id);
      return withDerivedId(eventId, EVENT_TYPES.message, entityId, iso(m.created_at), recordedAt, {
        payload,
        noise: 'created_at',
      });
    }
    case 'note': {
      const n = record.note;
      const entityId = n.entity_id ?? DEFAULT_ENTITY;
      const payload = { ...n, entity_id: entityId } as JsonObject;
      const eventId = deriveUuid('note', n.path, sha256Hex(n.content));
      return withDerivedId(eventId, EVENT_TYPES.note, entityId, iso(n.updated_at), recordedAt, {
        payload,
        noise: 'updated_at',
      });
    }
    case 'answer': {
      const a = record.answer;
      const entityId = context.promptEntity ?? a.entity_id ?? null;
      return asGiven(a, a.answer_id, EVENT_TYPES.answer, entityId, iso(a.answered_at), recordedAt);
    }
    case 'prompt': {
      const p = record.prompt;
      const eventTs = iso(p.created_at ?? recordedAt);
      return asGiven(p, p.prompt_id, EVENT_TYPES.prompt, p.entity_id, eventTs, recordedAt);
    }
  }
}

/**
 * The ledger event id of a message: derived from its thread and message ids, so a redelivery is
 * the same event and `forget --message THREAD/MESSAGE` can name it.
 */
export function messageEventId(threadId: string, messageId: string): string {
  return deriveUuid('message', threadId, messageId);
}
