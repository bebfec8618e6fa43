import { z } from 'zod';
import type { Decision, DecisionRule, HistoryEntry, PromptStatus } from '../../core/index.js';
import {
  DEFAULT_ENTITY,
  DOMAINS,
  ENTITY_ID_PATTERN,
  INTENTS,
  SOURCE_TYPES,
} from '../../core/index.js';
import type { SlotStatus } from '../../engine/index.js';
import { patchReviewView, taskReviewView } from './task-review-views.js';

/**
 * Lists every member of the string union `T` as a tuple for `z.enum`; fails to compile when a
 * member is missing, so the wire enums cannot drift from the engine's types.
 */
function allOf<T extends string>() {
  return <const A extends readonly [T, ...T[]]>(
    values: A &
      ([Exclude<T, A[number]>] extends [never] ? unknown : { missing: Exclude<T, A[number]> }),
  ): A => values;
}

const SLOT_STATUSES = allOf<SlotStatus>()(['committed', 'pending_review', 'tentative', 'none']);
const DECISIONS = allOf<Decision>()(['auto_commit', 'ask_user', 'tentative_reject']);
const DECISION_RULES = allOf<DecisionRule>()([
  'auto_commit',
  'bootstrap',
  'user_confirmed',
  'user_edited',
  're_resolved',
  'cleared',
]);
const PROMPT_STATUSES = allOf<PromptStatus>()([
  'queued',
  'open',
  'confirmed',
  'rejected',
  'edited',
  'expired',
  'superseded',
]);
const HISTORY_KINDS = allOf<HistoryEntry['kind']>()([
  'observed',
  'committed',
  'asked',
  'tentative',
  'retracted',
  'confirmed',
  'rejected',
  'edited',
  'forgotten',
  'expired',
]);

/** The review actions a person can take on a prompt. */
export const REVIEW_ACTIONS = ['confirm', 'reject', 'edit'] as const;

const entityPattern = new RegExp(ENTITY_ID_PATTERN);

/** An entity id, defaulting to the primary user: every tool call is scoped by one. */
export const entityIdInput = z
  .string()
  .max(128)
  .regex(
    entityPattern,
    'entity_id must be user:<slug>, family:<slug> or team:<slug> (a-z 0-9 . _ -)',
  )
  .default(DEFAULT_ENTITY)
  .describe(
    `Whose state this is: "user:<slug>", "family:<slug>" or "team:<slug>". Defaults to "${DEFAULT_ENTITY}".`,
  );

const fieldInput = z
  .string()
  .min(3)
  .max(200)
  .describe(
    'State field path whose first segment is the domain, e.g. "travel.status", "travel.destination", "project.apollo.status", "family.schedule.pickup", "profile.preference.coffee".',
  );

const sourceInput = z.object({
  type: z.enum(SOURCE_TYPES).describe('Where the evidence came from.'),
  ref: z
    .string()
    .min(1)
    .max(300)
    .describe('A pointer to the evidence, e.g. "thread:646:msg:1842" or "event:abc123".'),
});

const issueShape = z.object({
  path: z.string().describe('JSON pointer of the offending input value.'),
  rule: z.string(),
  message: z.string(),
});

/** Input of `record_observation`: a StateObservation's fields, with conveniences. */
export const recordObservationInput = {
  entity_id: entityIdInput,
  field: fieldInput,
  candidate_value: z
    .string()
    .min(1)
    .max(500)
    .nullable()
    .describe('The value the evidence says the field has; null only with intent "retract".'),
  intent: z
    .enum(INTENTS)
    .describe(
      'What the speaker meant: "assertive" (it is so now), "planning" (it will be), "hypothetical", "historical", "retract" (withdraw earlier evidence) or "question". Only assertive and planning can change state.',
    ),
  source: sourceInput.describe('Where this evidence came from.'),
  domain: z
    .enum(DOMAINS)
    .optional()
    .describe('The state domain; defaults to the first segment of `field`.'),
  event_id: z
    .guid()
    .optional()
    .describe(
      'A UUID for this observation. Pass one to make retries safe: the same event_id is recorded once. Generated when absent.',
    ),
  event_ts: z
    .string()
    .max(40)
    .optional()
    .describe(
      'When the evidence says this became true (RFC 3339, e.g. "2026-02-19T15:00:00Z"). Defaults to now.',
    ),
  corroborators: z
    .array(sourceInput)
    .max(20)
    .optional()
    .describe('Other independent sources that agree, e.g. a calendar event.'),
  retracts: z
    .guid()
    .optional()
    .describe('With intent "retract": the event_id of the observation being withdrawn.'),
  correction: z
    .boolean()
    .optional()
    .describe('True when the user is explicitly correcting what other sources say.'),
};

/** Output of `record_observation`: the engine's `RecordResult`. */
export const recordResultOutput = {
  event_id: z.string(),
  status: z
    .enum(['applied', 'duplicate', 'rejected'])
    .describe('"duplicate" means this event_id was already recorded; nothing changed.'),
  decision: z
    .enum(DECISIONS)
    .nullable()
    .describe(
      '"auto_commit": state changed; "ask_user": a review prompt awaits the user; "tentative_reject": kept as weak evidence only.',
    ),
  confidence: z.number().nullable(),
  reasons: z.array(z.string()),
  prompt_id: z.string().nullable().describe('The review prompt raised, with decision "ask_user".'),
  issues: z.array(issueShape).describe('Validation issues, when status is "rejected".'),
};

const slotShape = {
  value: z.string().nullable(),
  status: z.enum(SLOT_STATUSES),
  confidence: z.number().nullable(),
  stale: z.boolean().describe('The value has not been refreshed within its domain TTL.'),
  source: z.string().nullable(),
  event_id: z.string().nullable(),
  valid_from: z.string().nullable(),
  low_confidence: z.boolean(),
  rule: z.enum(DECISION_RULES).nullable(),
  pending: z
    .object({ value: z.string().nullable(), confidence: z.number(), prompt_id: z.string() })
    .nullable()
    .describe('A proposed change waiting for the user, if any.'),
};

/** One field as read by agents (`FieldView`). */
export const fieldView = z.object({ entity_id: z.string(), field: z.string(), ...slotShape });

/** A review prompt (`PromptView`). */
export const promptView = z.object({
  prompt_id: z.string(),
  entity_id: z.string(),
  domain: z.string(),
  field: z.string(),
  proposed_change: z.string(),
  proposed_value: z.string().nullable(),
  current_value: z.string().nullable(),
  confidence: z.number(),
  reason_summary: z.array(z.string()),
  actions: z.array(z.enum(REVIEW_ACTIONS)),
  status: z.enum(PROMPT_STATUSES),
  created_at: z.string(),
  expires_at: z.string(),
});

/** Input of `get_state`. */
export const getStateInput = {
  entity_id: entityIdInput,
  field: fieldInput.optional().describe('One field to read; omit it to read the whole entity.'),
  at: z
    .string()
    .max(40)
    .optional()
    .describe('Belief time: what Verity believed at this instant (RFC 3339).'),
  as_of: z
    .string()
    .max(40)
    .optional()
    .describe('Valid time: what was true at this instant, by event time, from all known now.'),
};

/** Output of `get_state`: one shape for a field and for a whole entity. */
export const getStateOutput = {
  entity_id: z.string(),
  at: z.string().nullable().describe('The belief time read, or null for now.'),
  as_of: z.string().nullable().describe('The valid time read, or null for now.'),
  state: z
    .record(z.string(), z.object(slotShape))
    .describe('Field path to its current value and status; only the asked field when one was.'),
  pending: z.array(promptView).describe('Open review prompts for the entity (or the field).'),
};

/** Input of `explain_state`. */
export const explainStateInput = { entity_id: entityIdInput, field: fieldInput };

const historyView = z.object({
  event_id: z.string(),
  kind: z.enum(HISTORY_KINDS),
  recorded_at: z.string(),
  event_ts: z.string(),
  decision: z.enum(DECISIONS).nullable(),
  value: z.string().nullable(),
  confidence: z.number(),
  reasons: z.array(z.string()),
  committed_after: z.string().nullable(),
});

/** A history entry in the snake_case wire form used by every tool. */
export type HistoryView = z.infer<typeof historyView>;

/** Output of `explain_state` (`Explanation`, history in snake_case). */
export const explanationOutput = {
  entity_id: z.string(),
  field: z.string(),
  current: fieldView,
  rule: z.enum(DECISION_RULES).nullable(),
  reasons: z.array(z.string()),
  thresholds: z.object({ ask: z.number(), auto: z.number(), margin: z.number() }).nullable(),
  winning_event: z
    .object({
      event_id: z.string(),
      source_type: z.string(),
      source_ref: z.string(),
      event_ts: z.string(),
    })
    .nullable(),
  evidence: z.array(
    z.object({
      event_id: z.string(),
      value: z.string().nullable(),
      source_type: z.string(),
      source_ref: z.string(),
      intent: z.string(),
      event_ts: z.string(),
      state: z.string(),
      score: z.number(),
      factors: z.object({
        reliability: z.number(),
        recency: z.number(),
        intent: z.number(),
        extraction: z.number(),
      }),
    }),
  ),
  history: z.array(historyView),
  text: z.string().describe('A short paragraph for people.'),
};

/** Input of `list_pending_reviews`. */
export const listPendingReviewsInput = { entity_id: entityIdInput };

/** Output of `list_pending_reviews`. */
export const listPendingReviewsOutput = {
  entity_id: z.string(),
  prompts: z.array(promptView),
  tasks: z
    .array(taskReviewView)
    .describe('Stuck tasks (E3) of this entity; see resolve_task_review.'),
  patches: z.array(patchReviewView).describe('Proposed patches; see resolve_task_review.'),
};

/** Input of `resolve_review`. */
export const resolveReviewInput = {
  entity_id: entityIdInput,
  prompt_id: z.string().min(1).max(100).describe('The prompt_id from list_pending_reviews.'),
  action: z
    .enum(REVIEW_ACTIONS)
    .describe(
      '"confirm" accepts the proposed value, "reject" keeps the current one, "edit" sets edited_value.',
    ),
  edited_value: z
    .string()
    .min(1)
    .max(500)
    .optional()
    .describe('The value the user gave instead; required with action "edit".'),
};

/** Output of `resolve_review` (`AnswerResult`). */
export const resolveReviewOutput = {
  prompt_id: z.string(),
  status: z.enum(PROMPT_STATUSES),
  field: fieldView,
};
