import { z } from 'zod';
import type { Decision, DecisionRule, HistoryEntry, PromptStatus } from '../../../core/index.js';
import {
  PROMPT_STATUSES as CORE_PROMPT_STATUSES,
  DEFAULT_ENTITY,
  ENTITY_ID_PATTERN,
  SOURCE_TYPES,
} from '../../../core/index.js';
import type { FieldView, PromptView, SlotStatus } from '../../../engine/index.js';

/**
 * Lists every member of the string union `T` as a tuple for `z.enum`; fails to compile when a
 * member is missing, so the wire enums cannot drift from the engine's types.
 */
export function allOf<T extends string>() {
  return <const A extends readonly [T, ...T[]]>(
    values: A &
      ([Exclude<T, A[number]>] extends [never] ? unknown : { missing: Exclude<T, A[number]> }),
  ): A => values;
}

export const SLOT_STATUSES = allOf<SlotStatus>()([
  'committed',
  'pending_review',
  'tentative',
  'none',
]);
export const DECISIONS = allOf<Decision>()(['auto_commit', 'ask_user', 'tentative_reject']);
export const DECISION_RULES = allOf<DecisionRule>()([
  'auto_commit',
  'bootstrap',
  'user_confirmed',
  'user_edited',
  're_resolved',
  'cleared',
]);
/** Core's review-prompt statuses (the one list; the type derives from it). */
export const PROMPT_STATUSES = CORE_PROMPT_STATUSES;
export const HISTORY_KINDS = allOf<HistoryEntry['kind']>()([
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
  .default(DEFAULT_ENTITY);

/** A conversation thread id. */
export const threadIdInput = z.string().min(1).max(200);

/** A state field path whose first segment is the domain. */
export const fieldInput = z.string().min(3).max(200).describe('e.g. travel.status');

/** Where a piece of evidence came from. */
export const sourceInput = z.object({
  type: z.enum(SOURCE_TYPES),
  ref: z.string().min(1).max(300),
});

/** A validation issue (`path` is a JSON pointer into the input). */
export const issueShape = z.object({ path: z.string(), rule: z.string(), message: z.string() });

/** One field's value and status. */
export const slotShape = {
  value: z.string().nullable(),
  status: z.enum(SLOT_STATUSES),
  confidence: z.number().nullable(),
  stale: z.boolean(),
  source: z.string().nullable(),
  event_id: z.string().nullable(),
  valid_from: z.string().nullable(),
  low_confidence: z.boolean(),
  rule: z.enum(DECISION_RULES).nullable(),
  pending: z
    .object({ value: z.string().nullable(), confidence: z.number(), prompt_id: z.string() })
    .nullable(),
};

/** One field as read by agents (`FieldView`). */
export const fieldView = z.object({ entity_id: z.string(), field: z.string(), ...slotShape });

/**
 * What a forget erased (`ForgetResult`), as `forget_message` and `POST /api/forget` answer it: the
 * tombstone and its counts, and when a forgotten message asked for a secret, the replies erased
 * with it, what was read from them and the replies kept masked.
 */
export const forgetView = z.object({
  tombstone_id: z.string().describe('Id of the ledger.forgotten event that records this forget'),
  covered_events: z.number().describe('Ledger events the forget covered'),
  redacted: z.number().describe('Events whose payload was redacted (the covered ones)'),
  dead_letters: z
    .number()
    .describe('Dead letters whose kept raw line named what was forgotten, erased with it'),
  messages_erased: z
    .array(z.string())
    .optional()
    .describe('Messages erased besides the one named, as THREAD/MESSAGE, sorted'),
  derived_erased: z
    .number()
    .optional()
    .describe('State observations and item extraction runs read from the erased messages'),
  masks_kept: z
    .array(z.string())
    .optional()
    .describe('Replies kept with the secret a forgotten question made masked in them'),
});

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
  answered_by: z
    .string()
    .nullable()
    .describe('Who answered a closed prompt, e.g. telegram:123456; null when open or unrecorded'),
  channel: z.string().nullable().describe('The surface the answer came through, e.g. telegram'),
});

/** A history entry in the wire form. */
export const historyView = z.object({
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

/** Every prompt status, for lookups that must see closed prompts too. */
export const ALL_PROMPT_STATUSES: readonly PromptStatus[] = PROMPT_STATUSES;

/** A history entry in the snake_case wire form. */
export function toHistoryView(entry: HistoryEntry): HistoryView {
  return {
    event_id: entry.eventId,
    kind: entry.kind,
    recorded_at: entry.recordedAt,
    event_ts: entry.eventTs,
    decision: entry.decision,
    value: entry.value,
    confidence: entry.confidence,
    reasons: [...entry.reasons],
    committed_after: entry.committedAfter,
  };
}

/**
 * One line for people: a field's value, status, confidence, the CLI's stale and low-confidence
 * marks and pending review.
 */
export function describeField(field: string, view: Omit<FieldView, 'entity_id' | 'field'>): string {
  const confidence = view.confidence === null ? '' : `, confidence ${view.confidence.toFixed(2)}`;
  const pending = view.pending === null ? '' : `; pending review ${view.pending.prompt_id}`;
  const marks = `${view.stale ? ', stale' : ''}${view.low_confidence ? ', low confidence' : ''}`;
  return `${field} = ${view.value ?? '(none)'} [${view.status}${confidence}${marks}]${pending}`;
}

/** Lines for people listing review prompts. */
export function describePrompts(prompts: readonly PromptView[]): string {
  const lines = prompts.map(
    (p) => `${p.prompt_id}: ${p.proposed_change} (confidence ${p.confidence.toFixed(2)})`,
  );
  return [`${prompts.length} pending review(s)`, ...lines].join('\n');
}
