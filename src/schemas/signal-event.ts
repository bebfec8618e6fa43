import {
  entityIdSchema,
  extractorSchema,
  fieldSchema,
  rootSchema,
  sourceSchema,
  timestampSchema,
  uuidSchema,
  valueSchema,
} from './definitions.js';

/**
 * `SignalEvent`: evidence from a system rather than a person (calendar, email, transaction,
 * location, webhook). Designed here, as seed 000 names it without fields (ADR
 * 2026-11-25-schema-extensions). `claims` are the slot values the signal asserts; each becomes an
 * observation with the signal's source type. `payload` is the source's own structured record.
 */
export const signalEventSchema = rootSchema('signal_event', 'SignalEvent', {
  additionalProperties: false,
  required: ['event_id', 'kind', 'source', 'external_id', 'occurred_at', 'entity_id', 'summary'],
  properties: {
    event_id: uuidSchema,
    kind: { enum: ['calendar', 'email', 'transaction', 'location', 'webhook'] },
    source: sourceSchema,
    external_id: { type: 'string', minLength: 1, maxLength: 300 },
    occurred_at: timestampSchema,
    entity_id: entityIdSchema,
    summary: { type: 'string', minLength: 1, maxLength: 1000 },
    payload: { type: 'object', maxProperties: 200 },
    extractor: extractorSchema,
    claims: {
      type: 'array',
      maxItems: 20,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['field', 'candidate_value'],
        properties: {
          field: fieldSchema,
          candidate_value: valueSchema,
          intent: { enum: ['assertive', 'planning'] },
          correction: { type: 'boolean' },
        },
      },
    },
  },
});
