import { INTENTS } from '../core/index.js';
import {
  domainSchema,
  entityIdSchema,
  extractorSchema,
  fieldMatchesDomain,
  fieldSchema,
  rootSchema,
  sourceSchema,
  timestampSchema,
  uuidSchema,
} from './definitions.js';

/**
 * `StateObservation` (seed 000 §6): one piece of evidence about one slot, append-only.
 * Extensions over the seed (ADR 2026-11-25-schema-extensions): `retracts`, `extractor`,
 * `extraction_confidence`, `correction`; the `question` and `retract` intents; `bundle`, the
 * observations extracted from one message, resolved together (ADR 2026-11-25-extraction-bundles).
 */
export const stateObservationSchema = rootSchema('state_observation', 'StateObservation', {
  additionalProperties: false,
  required: [
    'event_id',
    'event_ts',
    'domain',
    'entity_id',
    'field',
    'candidate_value',
    'intent',
    'source',
  ],
  properties: {
    event_id: uuidSchema,
    event_ts: timestampSchema,
    domain: domainSchema,
    entity_id: entityIdSchema,
    field: fieldSchema,
    candidate_value: { type: ['string', 'null'], minLength: 1, maxLength: 500 },
    intent: { enum: INTENTS },
    source: sourceSchema,
    corroborators: { type: 'array', maxItems: 20, items: sourceSchema },
    retracts: uuidSchema,
    extractor: extractorSchema,
    extraction_confidence: { type: 'number', minimum: 0, maximum: 1 },
    correction: { type: 'boolean' },
    bundle: {
      type: 'object',
      additionalProperties: false,
      required: ['id', 'index', 'size'],
      properties: {
        id: uuidSchema,
        index: { type: 'integer', minimum: 0, maximum: 99 },
        size: { type: 'integer', minimum: 1, maximum: 100 },
      },
    },
  },
  allOf: [
    ...fieldMatchesDomain,
    {
      if: { properties: { candidate_value: { type: 'null' } }, required: ['candidate_value'] },
      then: { properties: { intent: { const: 'retract' } } },
    },
    {
      if: { required: ['retracts'] },
      then: { properties: { intent: { const: 'retract' } } },
    },
  ],
});
