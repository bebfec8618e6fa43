import { rootSchema } from './definitions.js';

/**
 * What a language-model extractor must answer: one object, every property required (so that
 * providers with strict structured outputs accept it), no free text. Field paths and values are
 * checked again as `StateObservation`s before anything is recorded.
 */
export const extractionOutputSchema = rootSchema('extraction_output', 'ExtractionOutput', {
  additionalProperties: false,
  required: ['intent', 'retracts_previous', 'observations'],
  properties: {
    intent: {
      enum: ['assertive', 'planning', 'hypothetical', 'historical', 'retract', 'question', 'none'],
    },
    retracts_previous: { type: 'boolean' },
    observations: {
      type: 'array',
      maxItems: 20,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['subject', 'field', 'value', 'intent', 'confidence', 'correction'],
        properties: {
          subject: { type: 'string', minLength: 1, maxLength: 60 },
          field: { type: 'string', minLength: 3, maxLength: 200 },
          value: { type: 'string', minLength: 1, maxLength: 500 },
          intent: { enum: ['assertive', 'planning', 'hypothetical', 'historical', 'question'] },
          confidence: { type: 'number', minimum: 0, maximum: 1 },
          correction: { type: 'boolean' },
        },
      },
    },
  },
});
