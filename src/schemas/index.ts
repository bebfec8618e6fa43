/**
 * Verity's canonical JSON Schemas (draft 2020-12), the TypeScript types derived from them, and
 * their Ajv validators, compiled once. May import: core.
 */
import { createRequire } from 'node:module';
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import type addFormatsModule from 'ajv-formats';
import type { FromSchema } from 'json-schema-to-ts';
import type { ValidationIssue } from '../core/index.js';
import { extractionCompletedSchema } from './extraction-completed.js';

export { CANDIDATE_FIELDS } from './extraction-completed.js';

import { extractionOutputSchema } from './extraction-output.js';
import { ingestEnvelopeSchema, messageRecordSchema, noteRecordSchema } from './ingest-records.js';
import { signalEventSchema } from './signal-event.js';
import { stateObservationSchema } from './state-observation.js';
import {
  type confirmationAnswerSchema,
  type confirmationPromptSchema,
  userConfirmationSchema,
} from './user-confirmation.js';

/** A validated `StateObservation`. */
export type StateObservation = FromSchema<typeof stateObservationSchema>;
/** A validated `SignalEvent`. */
export type SignalEvent = FromSchema<typeof signalEventSchema>;
/** A validated `UserConfirmation` prompt. */
export type ConfirmationPrompt = FromSchema<typeof confirmationPromptSchema>;
/** A validated `UserConfirmation` answer. */
export type ConfirmationAnswer = FromSchema<typeof confirmationAnswerSchema>;
/** A validated `UserConfirmation`, either side. */
export type UserConfirmation = ConfirmationPrompt | ConfirmationAnswer;
/** A validated message record. */
export type MessageInput = FromSchema<typeof messageRecordSchema>;
/** A validated note record. */
export type NoteInput = FromSchema<typeof noteRecordSchema>;
/** A validated language-model extractor answer. */
export type ExtractionOutput = FromSchema<typeof extractionOutputSchema>;
/** The payload of an `extraction.completed` event (one state-item extraction run). */
export type ExtractionCompleted = FromSchema<typeof extractionCompletedSchema>;

/** Every canonical schema by its name (the name DLQ items record). */
export const SCHEMAS = {
  state_observation: stateObservationSchema,
  user_confirmation: userConfirmationSchema,
  signal_event: signalEventSchema,
  message_record: messageRecordSchema,
  note_record: noteRecordSchema,
  ingest_envelope: ingestEnvelopeSchema,
  extraction_output: extractionOutputSchema,
  extraction_completed: extractionCompletedSchema,
} as const;

/** The name of a canonical schema. */
export type SchemaName = keyof typeof SCHEMAS;

/** The outcome of validating untrusted input. */
export type Validation<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly issues: readonly ValidationIssue[] };

let ajv: Ajv2020 | null = null;
/**
 * The Ajv instance, made on the first validation rather than at import: a command that validates
 * nothing (a state read) does not load Ajv (ADR 2026-11-26-lazy-start-up).
 */
function compiler(): Ajv2020 {
  if (ajv === null) {
    const load = createRequire(import.meta.url);
    const { Ajv2020: Ajv } = load('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js');
    const addFormats = (load('ajv-formats') as typeof addFormatsModule).default;
    ajv = new Ajv({
      allErrors: true,
      strict: true,
      strictTuples: false,
      strictRequired: false,
      allowUnionTypes: true,
    });
    addFormats(ajv);
  }
  return ajv;
}

const compiled = new Map<SchemaName, ValidateFunction>();
function validatorFor(name: SchemaName): ValidateFunction {
  let fn = compiled.get(name);
  if (!fn) {
    fn = compiler().compile(SCHEMAS[name]);
    compiled.set(name, fn);
  }
  return fn;
}

function describeError(error: ErrorObject): ValidationIssue {
  const params = error.params as Record<string, unknown>;
  let path = error.instancePath;
  let message = error.message ?? 'is invalid';
  if (error.keyword === 'required') {
    path = `${path}/${String(params['missingProperty'])}`;
    message = 'is required';
  } else if (error.keyword === 'additionalProperties') {
    path = `${path}/${String(params['additionalProperty'])}`;
    message = 'is not an allowed property';
  } else if (error.keyword === 'const') {
    message = `must be ${JSON.stringify(params['allowedValue'])}`;
  } else if (error.keyword === 'enum') {
    message = `must be one of ${(params['allowedValues'] as unknown[]).map(String).join(', ')}`;
  }
  return { path, rule: error.keyword, message };
}

/** Keeps the errors that say something: `if`/`then` wrappers repeat their inner errors. */
function toIssues(errors: readonly ErrorObject[] | null | undefined): ValidationIssue[] {
  const seen = new Set<string>();
  const issues: ValidationIssue[] = [];
  for (const error of errors ?? []) {
    if (error.keyword === 'if' || error.keyword === 'allOf') continue;
    const issue = describeError(error);
    const key = `${issue.path}|${issue.rule}|${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  return issues.length > 0 ? issues : [{ path: '', rule: 'schema', message: 'is invalid' }];
}

/** Validates untrusted input against one canonical schema, with every error it breaks. */
export function validate<T>(name: SchemaName, input: unknown): Validation<T> {
  const fn = validatorFor(name);
  if (fn(input)) return { ok: true, value: input as T };
  return { ok: false, issues: toIssues(fn.errors) };
}

/** Validates a `StateObservation`. */
export function validateObservation(input: unknown): Validation<StateObservation> {
  return validate<StateObservation>('state_observation', input);
}

/** Validates a `SignalEvent`. */
export function validateSignal(input: unknown): Validation<SignalEvent> {
  return validate<SignalEvent>('signal_event', input);
}

/** Validates a `UserConfirmation` (prompt or answer). */
export function validateConfirmation(input: unknown): Validation<UserConfirmation> {
  return validate<UserConfirmation>('user_confirmation', input);
}

/** Validates a message record. */
export function validateMessage(input: unknown): Validation<MessageInput> {
  return validate<MessageInput>('message_record', input);
}

/** Validates a note record. */
export function validateNote(input: unknown): Validation<NoteInput> {
  return validate<NoteInput>('note_record', input);
}

/** True when a confirmation is the answer side. */
export function isAnswer(confirmation: UserConfirmation): confirmation is ConfirmationAnswer {
  return 'answer_id' in confirmation;
}

/** Validates a language-model extractor's answer. */
export function validateExtractionOutput(input: unknown): Validation<ExtractionOutput> {
  return validate<ExtractionOutput>('extraction_output', input);
}

/** Validates an `extraction.completed` payload. */
export function validateExtractionCompleted(input: unknown): Validation<ExtractionCompleted> {
  return validate<ExtractionCompleted>('extraction_completed', input);
}

export { extractionOutputSchema };
