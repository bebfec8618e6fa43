import {
  domainSchema,
  entityIdSchema,
  fieldSchema,
  rootSchema,
  timestampSchema,
  uuidSchema,
  valueSchema,
} from './definitions.js';

/** The prompt side of a `UserConfirmation` (seed 000 §6), plus optional structured extensions. */
export const confirmationPromptSchema = {
  type: 'object',
  additionalProperties: false,
  required: [
    'prompt_id',
    'entity_id',
    'domain',
    'proposed_change',
    'confidence',
    'reason_summary',
    'actions',
  ],
  properties: {
    prompt_id: uuidSchema,
    entity_id: entityIdSchema,
    domain: domainSchema,
    proposed_change: {
      type: 'string',
      minLength: 5,
      maxLength: 300,
      pattern: '^[a-z][a-z0-9_.-]*: .* -> .+$',
    },
    confidence: { type: 'number', minimum: 0, maximum: 1 },
    reason_summary: {
      type: 'array',
      maxItems: 5,
      items: { type: 'string', minLength: 1, maxLength: 160 },
    },
    actions: {
      type: 'array',
      minItems: 1,
      maxItems: 3,
      uniqueItems: true,
      items: { enum: ['confirm', 'reject', 'edit'] },
    },
    field: fieldSchema,
    proposed_value: valueSchema,
    created_at: timestampSchema,
    expires_at: timestampSchema,
  },
} as const;

/**
 * The answer side: the user's response to one prompt (ADR 2026-11-25-schema-extensions).
 * `action` is exactly one of confirm | reject | edit; `edited_value` is required for `edit`.
 */
export const confirmationAnswerSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['answer_id', 'prompt_id', 'action', 'answered_at'],
  properties: {
    answer_id: uuidSchema,
    prompt_id: uuidSchema,
    action: { enum: ['confirm', 'reject', 'edit'] },
    edited_value: valueSchema,
    answered_at: timestampSchema,
    entity_id: entityIdSchema,
    answered_by: { type: 'string', minLength: 1, maxLength: 120 },
    channel: { type: 'string', minLength: 1, maxLength: 40 },
  },
  if: { properties: { action: { const: 'edit' } }, required: ['action'] },
  then: { required: ['edited_value'] },
} as const;

/** `UserConfirmation`: a prompt (has `actions`) or an answer (has `answer_id`). */
export const userConfirmationSchema = rootSchema('user_confirmation', 'UserConfirmation', {
  if: { required: ['answer_id'] },
  then: confirmationAnswerSchema,
  else: confirmationPromptSchema,
});
